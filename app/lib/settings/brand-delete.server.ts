import { i18n } from '../i18n.server';
import { refusalMessage } from '../forms.server';
import { redirectWithToast } from '../toast.server';
import { UpstreamError, type Upstream } from '../upstream.server';
import { BRANDS_KEPT, forgetKeptForUser } from '../upstream/options.server';
import { settingsApi } from '../upstream/settings.server';

/** What may keep a brand (the keys of the upstream's 422), in the order a message names them. */
const HOLDERS = [
  'orders',
  'invoices',
  'users',
  'products',
  'listings',
  'promotions',
  'key_accounts',
] as const;

/**
 * The brand's deletion: gone, back to the settings menu (the brand is no one's current brand any more); kept,
 * back to its page saying, in the user's language, what still holds it.
 */
export async function deleteBrand({
  request,
  api,
  userId,
  brandId,
}: {
  request: Request;
  api: Upstream;
  userId: number;
  brandId: number;
}) {
  const brand = await settingsApi.brand(api, { brandId });
  try {
    await settingsApi.deleteBrand(api, { brandId });
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status >= 500 || error.status === 401) throw error;
    const held = HOLDERS.filter((key) => key in error.fieldErrors);
    if (error.status !== 422 || !held.length) {
      return redirectWithToast('/settings/brand', { type: 'error', message: refusalMessage(error) });
    }
    const t = await i18n.getFixedT(request, 'common');
    const words = held.map((key) => t(`settings.brand.holders.${key}`));
    const holders =
      words.length > 1
        ? `${words.slice(0, -1).join(', ')} ${t('settings.brand.and')} ${words.at(-1)}`
        : words[0];
    return redirectWithToast('/settings/brand', {
      type: 'error',
      message: 'settings.brand.held',
      values: { name: brand.name, holders },
    });
  }
  forgetKeptForUser(userId, BRANDS_KEPT);
  return redirectWithToast('/settings', {
    type: 'success',
    message: 'settings.brand.deleted',
    values: { name: brand.name },
  });
}

import { Form, useLocation, useSubmit } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';

type Brand = { id: number; name: string };

/**
 * A plain form: choosing and pressing Apply works without JavaScript, and when its files fail to load (the button
 * is there from the server, not in a <noscript>); once the page is hydrated, choosing submits at once and the
 * button goes.
 */
export function BrandSelector({
  brands,
  currentBrandId,
  idPrefix,
}: {
  brands: Brand[];
  currentBrandId: number | null;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const selectId = `${idPrefix}-brand`;
  return (
    <Form
      method="post"
      action="/account/brand"
      className="flex items-center gap-2"
      onChange={(event) => submit(event.currentTarget)}
    >
      <AuthenticityTokenInput />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor={selectId} className="text-sm font-medium text-slate-600">
        {t('header.brand')}
      </label>
      <select
        id={selectId}
        name="brand_id"
        defaultValue={currentBrandId ?? ''}
        className="input w-48 py-1.5"
        required
      >
        <option value="" disabled>
          {t('header.chooseBrand')}
        </option>
        {brands.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brand.name}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="btn-secondary py-1.5">
          {t('header.apply')}
        </button>
      )}
    </Form>
  );
}

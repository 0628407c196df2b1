import type { AppLoadContext } from '@remix-run/node';
import { listQuery } from '../list-query.server';
import { PROMOTION_CHANNELS, PROMOTION_TABS, PROMOTION_TYPES } from './options';
import { requireScope } from '../scope.server';
import { promotionApi, type Promotion } from '../upstream/promotions.server';
import { promotionActions } from './access';
import type { ProductRow } from './rows';

type Action = keyof ReturnType<typeof promotionActions>;

/** The brand the user works in (the header's brand selector), and what they may do with its promotions. */
export async function promotionPage(request: Request, context: AppLoadContext, needs: Action) {
  const { user, api, scope } = await requireScope(request, context);
  const actions = promotionActions(user);
  if (!actions[needs] || scope.kind !== 'brand') throw new Response('Forbidden', { status: 403 });
  return { user, api, brandId: scope.id, brandName: user.current_brand_name, actions };
}

/** The product search of the form's address (`q`). */
export function productSearchOf(request: Request) {
  return (new URL(request.url).searchParams.get('q') ?? '').replace(/\0/g, '').trim().slice(0, 200);
}

/** A promotion's own products as the form's ticked rows. */
export function ownRows(promotion: Promotion): ProductRow[] {
  return promotion.products.map((line) => ({
    id: line.product_id,
    name: line.name,
    sku: line.sku,
    price: line.price,
    available_stock: line.available_stock,
    chosen: true,
    promo_stock: String(line.promo_stock),
    purchase_limit: String(line.purchase_limit),
  }));
}

/** The form's rows as the page opens: the promotion's own products first, then the brand's products the search finds. */
export async function productRows(
  api: Awaited<ReturnType<typeof promotionPage>>['api'],
  { brandId, search, promotion }: { brandId: number; search: string; promotion?: Promotion },
): Promise<ProductRow[]> {
  const found = await promotionApi.products(api, { brandId, search: search || undefined });
  const chosen = promotion ? ownRows(promotion) : [];
  const taken = new Set(chosen.map((row) => row.id));
  return [
    ...chosen,
    ...found
      .filter((option) => !taken.has(option.id))
      .map((option) => ({ ...option, chosen: false, promo_stock: '0', purchase_limit: '0' })),
  ];
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((item) => item !== '' && item === value);
}

/** The list's filters of an address, as the list and its export send them. */
export function promotionListQuery(url: URL) {
  return {
    ...listQuery(url),
    status: oneOf(PROMOTION_TABS, url.searchParams.get('status')),
    type: oneOf(PROMOTION_TYPES, url.searchParams.get('type')),
    channel: oneOf(PROMOTION_CHANNELS, url.searchParams.get('channel')),
  };
}

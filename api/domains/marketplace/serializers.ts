import type { marketplaceListings } from '../../db/schema';
import type { ChannelProduct, PushOutcome } from './channel-adapter';
import { rawOf } from './payload';
import type { serializeRequestLog } from './request-log';
import { combinationLabel } from './sku-links';
import type { Taxonomy } from './taxonomy';

type ListingRow = typeof marketplaceListings.$inferSelect;

/** A row of the product list: `is_inactive` is `'0'` active or `'1'` inactive. */
export function serializeListingRow(row: ListingRow) {
  const { product } = rawOf(row);
  return {
    id: row.id,
    name: row.name,
    photo_url: product.pictures[0]?.file_path ?? null,
    sku: row.sku,
    price: row.price,
    stock: row.stock,
    status: row.status,
    is_inactive: row.isInactive ? '1' : '0',
    external_id: row.externalId,
    has_variant: Boolean(product.variant),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The edit load: the row, the product as pushed (`products`, Tokopedia's shape), each variant combination with
 * its marketplace id, the category's path in the taxonomy, the client's own form state (`raw_data`), and, when
 * asked, the last push in the channel request log.
 */
export function serializeListing(
  row: ListingRow,
  input: { taxonomy: Taxonomy; lastPush?: ReturnType<typeof serializeRequestLog> | null },
) {
  const raw = rawOf(row);
  const { product } = raw;
  return {
    ...serializeListingRow(row),
    brand_id: row.brandId,
    channel_id: row.channelId,
    description: row.description,
    parent_external_id: row.parentExternalId,
    category_id: product.category_id,
    category_path: product.category_id === null ? [] : (input.taxonomy.pathOf(product.category_id) ?? []),
    sales_count: row.salesCount,
    products: [{ id: row.externalId, ...product }],
    variants: (product.variant?.products ?? []).map((combination, index) => ({
      product_id: raw.children[index]?.product_id ?? null,
      name: combinationLabel(product, combination.combination),
      ...combination,
    })),
    raw_data: raw.form,
    ...(input.lastPush !== undefined ? { channel_request_log: input.lastPush } : {}),
  };
}

const SUCCESS_MESSAGE = 'Your request has been processed successfully';

export type RowResult =
  | { ok: true; product: ChannelProduct; listing: ListingRow; outcome: PushOutcome }
  | { ok: false; product: ChannelProduct; outcome: PushOutcome };

type Succeeded = Extract<RowResult, { ok: true }>;
type Failed = Extract<RowResult, { ok: false }>;

/** A refused row as Tokopedia reports it (`error`), with the same errors by field for clients that map them. */
export function serializeChannelAnswerRow(result: Failed) {
  const { outcome } = result;
  const messages = Object.values(outcome.errors).flat();
  const reason = (outcome.response as { header?: { reason?: string } } | null)?.header?.reason;
  return {
    product_name: result.product.name,
    sku: result.product.sku,
    status_code: outcome.statusCode,
    error: messages.length ? messages : [reason ?? 'Failed to process product'],
    errors: outcome.errors,
  };
}

/**
 * Tokopedia's answer to a product call of several rows: the rows it took and those it refused,
 * each refused row with its errors, and a header whose reason says why when nothing went through.
 */
export function channelAnswer(results: RowResult[], startedAt: number) {
  const succeeded = results.filter((result): result is Succeeded => result.ok);
  const failed = results.filter((result): result is Failed => !result.ok);
  return {
    header: {
      process_time: (performance.now() - startedAt) / 1000,
      messages: succeeded.length ? SUCCESS_MESSAGE : '',
      reason: succeeded.length ? '' : 'Failed to process product',
    },
    data: {
      total_data: results.length,
      success_data: succeeded.length,
      fail_data: failed.length,
      success_rows_data: succeeded.map((result) => ({
        product_id: Number(result.listing.externalId),
        listing_id: result.listing.id,
        product_name: result.listing.name,
        sku: result.listing.sku,
      })),
      failed_rows_data: failed.map(serializeChannelAnswerRow),
    },
  };
}

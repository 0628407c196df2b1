import type { Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { notFound, validationFailed, type FieldErrors } from '../../api-error';
import { write } from '../../http/write';
import type { Work } from '../../work/unit-of-work';
import { channelFailure, channelOfPath } from './channel';
import {
  createListing,
  deleteListings,
  lockListingsByProductIds,
  setListingsActive,
  updateListingOfProduct,
  type Channel,
} from './listings';
import {
  findListingByProductId,
  pageOfListings,
  serializeChannelProduct,
  serializeChannelRow,
  serializeChannelVariant,
} from './reads';
import {
  channelCreateBodySchema,
  channelDeleteBodySchema,
  channelListQuerySchema,
  channelStatusBodySchema,
  channelUpdateBodySchema,
} from './schema';
import { channelAnswer, type RowResult } from './serializers';
import { lockShop } from './shop';

type ApiContext = Context<ApiEnv>;

/** A marketplace product id of the path: digits, else nothing the shop holds. */
function productIdOf(c: ApiContext) {
  const id = c.req.param('id') ?? '';
  if (!/^\d{1,20}$/.test(id)) throw notFound();
  return id;
}

/** The shop's listings of these product ids, locked; an id the shop does not hold is a 422 naming it. */
async function listingsOf(
  work: Work,
  channel: Channel,
  productIds: string[],
  field: (index: number) => string,
) {
  await lockShop(work.tx, channel.shop);
  const rows = await lockListingsByProductIds(work.tx, channel.shop, productIds);
  const byId = new Map(rows.map((row) => [row.externalId, row]));
  const errors: FieldErrors = Object.create(null);
  productIds.forEach((id, index) => {
    if (!byId.has(id)) errors[field(index)] = [`The selected ${field(index)} is invalid.`];
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  return productIds.map((id) => byId.get(id) as NonNullable<ReturnType<typeof byId.get>>);
}

async function switchProducts(c: ApiContext, body: { product_id: string[] }, active: boolean) {
  const channel = await channelOfPath(c);
  const result = await write(c, async (work) => {
    const rows = await listingsOf(
      work,
      channel,
      [...new Set(body.product_id)],
      (index) => `product_id.${index}`,
    );
    return setListingsActive(work, { ...channel, rows, active });
  });
  if (!result.ok) return channelFailure(c, result.outcome, channel.shop.channelName);
  return c.json({
    header: { messages: 'Your request has been processed successfully' },
    data: { total_data: result.listings.length, succeed_rows: result.listings.length, failed_rows: 0 },
  });
}

/**
 * Tokopedia's own product calls, answered in Tokopedia's shape: products by their marketplace ids,
 * several at once, each refused row with its errors.
 */
export const tokopediaProductEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/tokopedia/product',
    summary: "The shop's products as Tokopedia lists them (product_id, sku, price, stock, status)",
    tag: 'marketplace',
    policy: { operation: 'listing.list', tenancy: 'brand' },
    query: channelListQuerySchema,
    handle: async (c, { query }) => {
      const { shop } = await channelOfPath(c);
      const { rows, meta } = await pageOfListings(c.var.deps.db, shop, query);
      return c.json({ data: rows.map(serializeChannelRow), meta });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/tokopedia/v2/product/{id}',
    summary: "Tokopedia's product info of a product id (or of one variant combination's id)",
    tag: 'marketplace',
    policy: { operation: 'listing.list', tenancy: 'brand' },
    handle: async (c) => {
      const { shop } = await channelOfPath(c);
      const productId = productIdOf(c);
      const row = await findListingByProductId(c.var.deps.db, shop, productId);
      return c.json({ data: serializeChannelProduct(row, productId, shop) });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/tokopedia/v2/product/{id}/variant',
    summary: "Tokopedia's variant info of a product: its variant types and each combination's product",
    tag: 'marketplace',
    policy: { operation: 'listing.list', tenancy: 'brand' },
    handle: async (c) => {
      const { shop, adapter } = await channelOfPath(c);
      const row = await findListingByProductId(c.var.deps.db, shop, productIdOf(c));
      return c.json({ data: serializeChannelVariant(row, adapter.taxonomy) });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/brand/{brand}/tokopedia/product',
    summary:
      'Create products (administrator, key account): body products[] and raw_data[]; each row pushed, the refused ones in failed_rows_data',
    tag: 'marketplace',
    policy: { operation: 'listing.create', tenancy: 'brand' },
    body: channelCreateBodySchema,
    handle: async (c, { body }) => {
      const startedAt = performance.now();
      const channel = await channelOfPath(c);
      const results = await write(c, async (work) => {
        const out: RowResult[] = [];
        for (const [index, product] of body.products.entries()) {
          out.push(await createListing(work, { ...channel, body: product, form: body.raw_data?.[index] }));
        }
        return out;
      });
      return c.json(channelAnswer(results, startedAt));
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/brand/{brand}/tokopedia/product/update',
    summary:
      'Update products by their product ids (administrator, key account): body products[] (with id) and raw_data[]',
    tag: 'marketplace',
    policy: { operation: 'listing.update', tenancy: 'brand' },
    body: channelUpdateBodySchema,
    handle: async (c, { body }) => {
      const startedAt = performance.now();
      const channel = await channelOfPath(c);
      const results = await write(c, async (work) => {
        const rows = await listingsOf(
          work,
          channel,
          body.products.map((product) => product.id),
          (index) => `products.${index}.id`,
        );
        const out: RowResult[] = [];
        for (const [index, { id: _id, ...product }] of body.products.entries()) {
          out.push(
            await updateListingOfProduct(work, {
              ...channel,
              before: rows[index],
              body: product,
              form: body.raw_data?.[index],
            }),
          );
        }
        return out;
      });
      return c.json(channelAnswer(results, startedAt));
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/brand/{brand}/tokopedia/product/delete',
    summary:
      'Delete products by their product ids (administrator, key account), sent as POST with _method=DELETE',
    tag: 'marketplace',
    policy: { operation: 'listing.delete', tenancy: 'brand' },
    body: channelDeleteBodySchema,
    handle: async (c, { body }) => {
      const channel = await channelOfPath(c);
      const result = await write(c, async (work) => {
        const ids = [...new Set(body.product_id)];
        const rows = await listingsOf(work, channel, ids, (index) => `product_id.${index}`);
        return deleteListings(work, { ...channel, rows });
      });
      if (!result.ok) return channelFailure(c, result.outcome, channel.shop.channelName);
      return c.json({
        header: { messages: 'Your request has been processed successfully' },
        data: { total_data: result.listings.length, succeed_rows: result.listings.length, failed_rows: 0 },
      });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/brand/{brand}/tokopedia/product/status/set-inactive',
    summary:
      'Switch products off by their product ids (administrator, key account); those already off are left alone',
    tag: 'marketplace',
    policy: { operation: 'listing.update', tenancy: 'brand' },
    body: channelStatusBodySchema,
    handle: (c, { body }) => switchProducts(c, body, false),
  }),
  endpoint({
    method: 'post',
    path: '/api/brand/{brand}/tokopedia/product/status/set-active',
    summary:
      'Switch products on by their product ids (administrator, key account); those already on are left alone',
    tag: 'marketplace',
    policy: { operation: 'listing.update', tenancy: 'brand' },
    body: channelStatusBodySchema,
    handle: (c, { body }) => switchProducts(c, body, true),
  }),
]);

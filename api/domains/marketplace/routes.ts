import type { Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { parseId } from '../../http/tenancy';
import { readBody } from '../../http/validation';
import { write } from '../../http/write';
import { readImportFile } from '../stock/spreadsheet';
import { channelOfPath, pushFailed } from './channel';
import { createListing, deleteListing, setListingActive, updateListing } from './listings';
import { checkPriceRows, importPrices, PRICE_COLUMNS, priceTemplate } from './price-import';
import { findListing, listListings, showListing } from './reads';
import { LIMITS } from './sandbox-rules';
import { listRequestLog } from './request-log';
import {
  listingCreateSchema,
  listingUpdateSchema,
  listingQuerySchema,
  requestLogQuerySchema,
  showQuerySchema,
  variantQuerySchema,
  type ListingBody,
} from './schema';
import { serializeListingRow } from './serializers';
import { WRITE_MESSAGE } from '../../http/messages';

type ApiContext = Context<ApiEnv>;

function listingId(c: ApiContext) {
  return parseId(c.req.param('id'));
}

function split(body: ListingBody) {
  const { raw_data: form, ...product } = body;
  return { product, form };
}

async function shown(c: ApiContext, channel: Awaited<ReturnType<typeof channelOfPath>>, id: number) {
  return showListing(c.var.deps.db, {
    shop: channel.shop,
    id,
    taxonomy: channel.adapter.taxonomy,
    withLog: true,
  });
}

/** The uploaded `file` of a multipart body; a body that is not a valid form is a 400. */
async function uploadedFile(c: ApiContext) {
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('multipart/form-data')) return undefined;
  return (await readBody(c)).file;
}

async function switchActive(c: ApiContext, active: boolean) {
  const channel = await channelOfPath(c);
  const id = listingId(c);
  const result = await write(c, (work) => setListingActive(work, { ...channel, id, active }));
  if (!result.ok) throw pushFailed(result.outcome, channel.shop.channelName);
  return c.json({
    success: true,
    message: active ? 'Produk berhasil diaktifkan' : 'Produk berhasil dinonaktifkan',
    data: serializeListingRow(result.listings[0]),
  });
}

/** The marketplace product list and form of `/product`. */
export const marketplaceEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/tokopedia/product-commerce',
    summary: "The brand's Tokopedia listings (search by name or SKU; oldest first unless sorted)",
    tag: 'marketplace',
    policy: { operation: 'listing.list', tenancy: 'brand' },
    query: listingQuerySchema,
    handle: async (c, { query }) => {
      const { shop } = await channelOfPath(c);
      return c.json(await listListings(c.var.deps.db, shop, query));
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/brand/{brand}/tokopedia/product-commerce',
    summary:
      'Add a listing (administrator, key account): pushed to the channel, kept EMPTY with stock −1 when it takes it; its refusals are a 422 by field',
    tag: 'marketplace',
    policy: { operation: 'listing.create', tenancy: 'brand' },
    body: listingCreateSchema,
    handle: async (c, { body }) => {
      const channel = await channelOfPath(c);
      const { product, form } = split(body);
      const result = await write(c, (work) => createListing(work, { ...channel, body: product, form }));
      if (!result.ok) throw pushFailed(result.outcome, channel.shop.channelName);
      return c.json({ message: WRITE_MESSAGE.added, data: await shown(c, channel, result.listing.id) }, 201);
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/tokopedia/product-commerce/{id}',
    summary:
      'One listing: the product as pushed, its variants, raw_data, external id; with=channelRequestLog adds the last push',
    tag: 'marketplace',
    policy: { operation: 'listing.list', tenancy: 'brand' },
    query: showQuerySchema,
    handle: async (c, { query }) => {
      const { shop, adapter } = await channelOfPath(c);
      const withLog = (query.with ?? '').split(',').includes('channelRequestLog');
      const data = await showListing(c.var.deps.db, {
        shop,
        id: listingId(c),
        taxonomy: adapter.taxonomy,
        withLog,
      });
      return c.json({ data });
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/brand/{brand}/tokopedia/product-commerce/{id}',
    summary: 'Change a listing (administrator, key account); one that has sold keeps its name',
    tag: 'marketplace',
    policy: { operation: 'listing.update', tenancy: 'brand' },
    body: listingUpdateSchema,
    handle: async (c, { body }) => {
      const channel = await channelOfPath(c);
      const id = listingId(c);
      const { product, form } = split(body);
      const result = await write(c, (work) => updateListing(work, { ...channel, id, body: product, form }));
      if (!result.ok) throw pushFailed(result.outcome, channel.shop.channelName);
      return c.json({ message: WRITE_MESSAGE.updated, data: await shown(c, channel, id) });
    },
  }),
  endpoint({
    method: 'delete',
    path: '/api/brand/{brand}/tokopedia/product-commerce/{id}',
    summary: 'Delete a listing at the channel and here (administrator, key account)',
    tag: 'marketplace',
    policy: { operation: 'listing.delete', tenancy: 'brand' },
    handle: async (c) => {
      const channel = await channelOfPath(c);
      const id = listingId(c);
      const result = await write(c, (work) => deleteListing(work, { ...channel, id }));
      if (!result.ok) throw pushFailed(result.outcome, channel.shop.channelName);
      return c.json({ success: true, message: WRITE_MESSAGE.deleted });
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/brand/{brand}/tokopedia/product-commerce/{id}/set-inactive',
    summary: 'Switch a listing off at the channel (administrator, key account); already off changes nothing',
    tag: 'marketplace',
    policy: { operation: 'listing.update', tenancy: 'brand' },
    handle: (c) => switchActive(c, false),
  }),
  endpoint({
    method: 'put',
    path: '/api/brand/{brand}/tokopedia/product-commerce/{id}/set-active',
    summary: 'Switch a listing on at the channel (administrator, key account); already on changes nothing',
    tag: 'marketplace',
    policy: { operation: 'listing.update', tenancy: 'brand' },
    handle: (c) => switchActive(c, true),
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/channel-request-log/{channel}/{id}',
    summary: 'The pushes of a listing to a channel (request, response, status code, duration), newest first',
    tag: 'marketplace',
    policy: { operation: 'listing.list', tenancy: 'brand' },
    query: requestLogQuerySchema,
    handle: async (c, { query }) => {
      const { shop } = await channelOfPath(c, parseId(c.req.param('channel')));
      const listing = await findListing(c.var.deps.db, shop, listingId(c));
      return c.json(await listRequestLog(c.var.deps.db, { shop, listingId: listing.id, query }));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/tokopedia/import-template/product-price',
    summary: 'The listing price template (.xlsx: listing_id, sku, name, price), one row per SKU',
    tag: 'marketplace',
    policy: { operation: 'listing.update', tenancy: 'brand' },
    handle: async (c) => {
      const { shop } = await channelOfPath(c);
      return priceTemplate(c.var.deps.db, shop, c.var.deps.clock());
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/brand/{brand}/tokopedia/import/product-price',
    summary:
      'Import listing prices (multipart file, csv or xlsx: sku, price): every row checked first (422 per bad row), then each changed listing pushed; refused listings are reported',
    tag: 'marketplace',
    policy: { operation: 'listing.update', tenancy: 'brand' },
    oneAtATime: 'account',
    handle: async (c) => {
      const channel = await channelOfPath(c);
      const rows = await readImportFile(await uploadedFile(c), PRICE_COLUMNS);
      const lines = await checkPriceRows(c.var.deps.db, channel.shop, rows);
      const data = await write(c, (work) => importPrices(work, { ...channel, lines }));
      const message = data.failed_rows_data.length
        ? `${data.changed} produk diperbarui, ${data.failed_rows_data.length} ditolak ${channel.shop.channelName}`
        : WRITE_MESSAGE.updated;
      return c.json({ message, data });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/tokopedia/category',
    summary: "Tokopedia's category tree (data.categories: id, name, child), three levels",
    tag: 'marketplace',
    policy: { operation: 'listing.list', tenancy: 'brand' },
    handle: async (c) => {
      const { adapter } = await channelOfPath(c);
      return c.json({ data: { categories: adapter.taxonomy.categories() } });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/tokopedia/variant',
    summary: 'The variant types of a last-level category, with units and unit_values (data.variant_details)',
    tag: 'marketplace',
    policy: { operation: 'listing.list', tenancy: 'brand' },
    query: variantQuerySchema,
    handle: async (c, { query }) => {
      const { adapter } = await channelOfPath(c);
      return c.json({ data: { variant_details: adapter.taxonomy.variantsOf(query.cat_id) } });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/tokopedia/showcase',
    summary:
      "The shop's showcases (etalase), with the shop: its id, whether it is official, its picture limit",
    tag: 'marketplace',
    policy: { operation: 'listing.list', tenancy: 'brand' },
    handle: async (c) => {
      const { adapter, shop } = await channelOfPath(c);
      return c.json({
        data: {
          etalase: adapter.taxonomy.showcases(),
          shop: {
            shop_id: shop.shopId,
            is_official: shop.isOfficial,
            picture_limit: shop.isOfficial ? LIMITS.officialPictures : LIMITS.pictures,
          },
        },
      });
    },
  }),
]);

import { z } from 'zod';
import type { Scope } from '../scope.server';
import { paged, type Query, type Upstream } from './client.server';

const nullableNumber = z.number().nullable();

/** A stock list row keeps only what the stock screens show. */
export const stockRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  sku: z.string(),
  category_name: z.string().nullable(),
  vendor_price: z.number(),
  quantity: z.number(),
  reserved: z.number(),
  available_stock: z.number(),
  run_rate: z.number(),
  weeks_of_supply: nullableNumber,
  in_stock_rate: nullableNumber,
});
export type StockRow = z.infer<typeof stockRowSchema>;

const mediaSchema = z.object({ id: z.number(), url: z.string(), name: z.string() });

export const skuChannelSchema = z.object({
  id: z.number(),
  name: z.string(),
  sku: z.string().nullable(),
  channel_id: z.number(),
  product_id: z.number().nullable(),
  external: z.object({ id: z.string() }).nullable(),
  parent_external: z.object({ id: z.string() }).nullable(),
});
export type SkuChannel = z.infer<typeof skuChannelSchema>;

export const stockProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  sku: z.string(),
  category_id: z.number().nullable(),
  category_name: z.string().nullable(),
  vendor_price: z.number(),
  photos: z.array(mediaSchema),
  photo_ids: z.array(z.number()),
  sku_channels: z.array(skuChannelSchema),
  sku_channel_ids: z.array(z.number()),
  vendor_stock: z.array(
    z.object({
      vendor_id: z.number(),
      vendor_name: z.string(),
      quantity: z.number(),
      reserved: z.number(),
      available: z.number(),
    }),
  ),
  available_stock: z.number(),
  run_rate: z.number(),
  weeks_of_supply: nullableNumber,
  in_stock_rate: nullableNumber,
});
export type StockProduct = z.infer<typeof stockProductSchema>;

export const movementSchema = z.object({
  id: z.number(),
  vendor_name: z.string(),
  product_name: z.string(),
  sku: z.string(),
  kind: z.string(),
  kind_label: z.string(),
  quantity: z.number(),
  balance_before: z.number(),
  balance_after: z.number(),
  note: z.string().nullable(),
  order_id: z.number().nullable(),
  order_number: z.string().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;

const historySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  vendor: z.object({ id: z.number(), name: z.string() }),
  update_stock_history_items: z.array(
    z.object({
      id: z.number(),
      quantity: z.number(),
      product: z.object({ name: z.string(), sku: z.string() }),
    }),
  ),
});

const message = z.object({ message: z.string() }).passthrough();

type CategoryNode = { id: number; name: string; children?: CategoryNode[] };
const categorySchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({ id: z.number(), name: z.string(), children: z.array(categorySchema).optional() }),
);
const importResult = z.object({
  message: z.string(),
  data: z.object({ rows: z.number(), changed: z.number() }),
});

export type ProductBody = {
  name: string;
  sku: string;
  category_id: number;
  vendor_price?: number;
  photo_ids?: number[];
  sku_channel_ids?: number[];
};

function base(scope: Scope) {
  return scope.kind === 'brand' ? `/api/brand/${scope.id}` : `/api/vendor/${scope.id}`;
}

/** Catalogue, stock, imports and the ledger (docs/decisions/017). */
export const stockApi = {
  list: (api: Upstream, { scope, query }: { scope: Scope; query: Query }) =>
    api.call(`${base(scope)}/product-stock`, paged(stockRowSchema), { query }),
  show: (api: Upstream, { scope, id }: { scope: Scope; id: number }) =>
    api.call(`${base(scope)}/product/${id}`, z.object({ data: stockProductSchema })).then((r) => r.data),
  create: (api: Upstream, input: { brandId: number; body: ProductBody; formKey?: string }) =>
    api.call(`/api/brand/${input.brandId}/product`, message.extend({ data: z.object({ id: z.number() }) }), {
      body: input.body,
      idempotencyKey: input.formKey,
    }),
  update: (api: Upstream, input: { brandId: number; id: number; body: ProductBody }) =>
    api.call(`/api/brand/${input.brandId}/product/${input.id}`, message, { method: 'PUT', body: input.body }),
  remove: (api: Upstream, { brandId, id }: { brandId: number; id: number }) =>
    api.call(`/api/brand/${brandId}/product/${id}`, message, { method: 'DELETE' }),
  setVendorStock: (
    api: Upstream,
    input: { brandId: number; id: number; productStocks: { vendor_id: number; quantity: number }[] },
  ) =>
    api.call(`/api/brand/${input.brandId}/product/${input.id}/update-stock`, message, {
      method: 'PUT',
      body: { product_stocks: input.productStocks },
    }),
  vendorUpdate: (
    api: Upstream,
    input: { vendorId: number; productStocks: { product_id: number; quantity: number }[] },
  ) =>
    api.call(`/api/vendor/${input.vendorId}/product-stock/update`, message, {
      method: 'PUT',
      body: { product_stocks: input.productStocks },
    }),
  importStock: (api: Upstream, input: { vendorId: number; file: File; formKey?: string }) => {
    const form = new FormData();
    form.set('file', input.file);
    return api.call(`/api/vendor/${input.vendorId}/product-stock/import`, importResult, {
      body: form,
      idempotencyKey: input.formKey,
    });
  },
  importPrice: (api: Upstream, input: { brandId: number; file: File; formKey?: string }) => {
    const form = new FormData();
    form.set('file', input.file);
    return api.call(`/api/brand/${input.brandId}/import/product-price`, importResult, {
      body: form,
      idempotencyKey: input.formKey,
    });
  },
  movements: (api: Upstream, { scope, query }: { scope: Scope; query: Query }) =>
    api.call(`${base(scope)}/stock-movement`, paged(movementSchema), { query }),
  adjust: (
    api: Upstream,
    input: {
      vendorId: number;
      note: string;
      items: { product_id: number; adjustment: number }[];
      formKey?: string;
    },
  ) =>
    api.call(`/api/vendor/${input.vendorId}/stock-adjustment`, message, {
      body: { note: input.note, items: input.items },
      idempotencyKey: input.formKey,
    }),
  history: (api: Upstream, input: { brandId: number; id: number; notif?: string }) =>
    api
      .call(
        `/api/brand/${input.brandId}/update-stock-history/${input.id}`,
        z.object({ data: historySchema }),
        {
          query: { notif: input.notif },
        },
      )
      .then((r) => r.data),
  setting: (api: Upstream, { brandId }: { brandId: number }) =>
    api
      .call(
        `/api/brand/${brandId}/stock-setting`,
        z.object({ data: z.object({ low_stock_weeks: z.number() }) }),
      )
      .then((r) => r.data),
  updateSetting: (api: Upstream, { brandId, weeks }: { brandId: number; weeks: number }) =>
    api.call(`/api/brand/${brandId}/stock-setting`, message, {
      method: 'PUT',
      body: { low_stock_weeks: weeks },
    }),
  /** The brand's category tree for the stock form's select (spec: with=children, only=parent, per_page 1000). */
  categories: (api: Upstream, { brandId }: { brandId: number }) =>
    api
      .call(`/api/brand/${brandId}/category`, z.object({ data: z.array(categorySchema) }), {
        query: { with: 'children', only: 'parent', per_page: 1000 },
      })
      .then((r) => r.data),
  skuChannels: (api: Upstream, { brandId, query }: { brandId: number; query: Query }) =>
    api.call(`/api/brand/${brandId}/sku-channel`, paged(skuChannelSchema), { query }),
  exportStock: (api: Upstream, { scope, query }: { scope: Scope; query: Query }) =>
    api.download(`${base(scope)}/export/product-stock`, { query }),
  stockTemplate: (api: Upstream, { vendorId }: { vendorId: number }) =>
    api.download(`/api/vendor/${vendorId}/import-template/current-product-stock`),
  priceTemplate: (api: Upstream, { brandId }: { brandId: number }) =>
    api.download(`/api/brand/${brandId}/import-template/product-price`),
};

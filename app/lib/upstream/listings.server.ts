import { z } from 'zod';
import { paged, type Query, type Upstream } from './client.server';
import { requestLogSchema } from './request-log.server';

/** A row of the product list: `is_inactive` is `'0'` active or `'1'` inactive. */
export const listingRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  photo_url: z.string().nullable(),
  sku: z.string().nullable(),
  price: z.number(),
  stock: z.number(),
  status: z.string().nullable(),
  is_inactive: z.enum(['0', '1']),
  has_variant: z.boolean(),
  updated_at: z.string(),
});
export type ListingRow = z.infer<typeof listingRowSchema>;

const pictureSchema = z.object({ file_path: z.string() });

const productSchema = z.object({
  name: z.string(),
  description: z.string(),
  condition: z.enum(['NEW', 'USED']),
  category_id: z.number().nullable(),
  etalase: z.object({ id: z.number().nullable() }),
  sku: z.string().nullable(),
  price: z.number().nullable(),
  status: z.enum(['LIMITED', 'UNLIMITED', 'EMPTY']),
  stock: z.number(),
  min_order: z.number().nullable(),
  weight: z.number().nullable(),
  weight_unit: z.enum(['GR', 'KG']),
  dimension: z.object({
    length: z.number().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
  }),
  preorder: z.object({
    is_active: z.boolean(),
    duration: z.number().nullable(),
    time_unit: z.enum(['DAY', 'WEEK']),
  }),
  pictures: z.array(pictureSchema),
  videos: z.array(z.object({ source: z.string(), url: z.string() })),
  wholesale: z.array(z.object({ min_qty: z.number(), price: z.number() })),
  variant: z
    .object({
      selection: z.array(
        z.object({
          id: z.number(),
          unit_id: z.number(),
          options: z.array(z.object({ unit_value_id: z.number(), value: z.string() })),
        }),
      ),
      products: z.array(
        z.object({
          combination: z.array(z.number()),
          is_primary: z.boolean(),
          price: z.number().nullable(),
          sku: z.string().nullable(),
          stock: z.number(),
        }),
      ),
    })
    .nullable(),
});
export type ListingProduct = z.infer<typeof productSchema>;

export const listingSchema = listingRowSchema.extend({
  external_id: z.string().nullable(),
  sales_count: z.number(),
  category_path: z.array(z.object({ id: z.number(), name: z.string() })),
  products: z.array(productSchema),
  channel_request_log: requestLogSchema.nullable().optional(),
});
export type Listing = z.infer<typeof listingSchema>;

type Category = { id: number; name: string; child: Category[] };
const categorySchema: z.ZodType<Category> = z.lazy(() =>
  z.object({ id: z.number(), name: z.string(), child: z.array(categorySchema) }),
);
export type CategoryNode = Category;

const variantTypeSchema = z.object({
  variant_id: z.number(),
  name: z.string(),
  units: z.array(
    z.object({
      unit_id: z.number(),
      name: z.string(),
      unit_values: z.array(z.object({ value_id: z.number(), value: z.string(), hex_code: z.string() })),
    }),
  ),
});
export type VariantType = z.infer<typeof variantTypeSchema>;

const showcaseSchema = z.object({
  data: z.object({
    etalase: z.array(z.object({ etalase_id: z.number(), etalase_name: z.string() })),
    shop: z.object({ is_official: z.boolean(), picture_limit: z.number() }),
  }),
});
export type Showcases = z.infer<typeof showcaseSchema>['data'];

/** The listing body the API takes (Tokopedia's product), with the form's own state as raw_data. */
export type ListingBody = Record<string, unknown>;

const saved = z.object({ message: z.string(), data: z.object({ id: z.number() }) });
const message = z.object({ message: z.string() });
const switched = z.object({ message: z.string(), data: listingRowSchema });
const imported = z.object({
  message: z.string(),
  data: z.object({
    rows: z.number(),
    changed: z.number(),
    failed_rows_data: z.array(z.object({ sku: z.string().nullable(), error: z.array(z.string()) })),
  }),
});

/** Marketplace listings of the brand's Tokopedia shop. */
export const listingApi = {
  list: (api: Upstream, { brandId, query }: { brandId: number; query: Query }) =>
    api.call(`/api/brand/${brandId}/tokopedia/product-commerce`, paged(listingRowSchema), { query }),
  show: (api: Upstream, { brandId, id }: { brandId: number; id: number }) =>
    api
      .call(`/api/brand/${brandId}/tokopedia/product-commerce/${id}`, z.object({ data: listingSchema }), {
        query: { with: 'channelRequestLog' },
      })
      .then((r) => r.data),
  create: (
    api: Upstream,
    { brandId, body, formKey }: { brandId: number; body: ListingBody; formKey?: string },
  ) => api.call(`/api/brand/${brandId}/tokopedia/product-commerce`, saved, { body, idempotencyKey: formKey }),
  update: (api: Upstream, { brandId, id, body }: { brandId: number; id: number; body: ListingBody }) =>
    api.call(`/api/brand/${brandId}/tokopedia/product-commerce/${id}`, saved, { method: 'PUT', body }),
  remove: (api: Upstream, { brandId, id }: { brandId: number; id: number }) =>
    api.call(`/api/brand/${brandId}/tokopedia/product-commerce/${id}`, message, { method: 'DELETE' }),
  setActive: (api: Upstream, { brandId, id }: { brandId: number; id: number }) =>
    api.call(`/api/brand/${brandId}/tokopedia/product-commerce/${id}/set-active`, switched, {
      method: 'PUT',
    }),
  setInactive: (api: Upstream, { brandId, id }: { brandId: number; id: number }) =>
    api.call(`/api/brand/${brandId}/tokopedia/product-commerce/${id}/set-inactive`, switched, {
      method: 'PUT',
    }),
  /** A listing of a marketplace product id (the stock area links to /product/{external id}). */
  ofProductId: (api: Upstream, { brandId, productId }: { brandId: number; productId: string }) =>
    api
      .call(
        `/api/brand/${brandId}/tokopedia/v2/product/${productId}`,
        z.object({ data: z.object({ listing_id: z.number() }) }),
      )
      .then((r) => r.data.listing_id),
  priceTemplate: (api: Upstream, { brandId }: { brandId: number }) =>
    api.download(`/api/brand/${brandId}/tokopedia/import-template/product-price`),
  importPrices: (api: Upstream, input: { brandId: number; file: File; formKey?: string }) => {
    const form = new FormData();
    form.set('file', input.file);
    return api.call(`/api/brand/${input.brandId}/tokopedia/import/product-price`, imported, {
      body: form,
      idempotencyKey: input.formKey,
    });
  },
  categories: (api: Upstream, { brandId }: { brandId: number }) =>
    api
      .call(
        `/api/brand/${brandId}/tokopedia/category`,
        z.object({ data: z.object({ categories: z.array(categorySchema) }) }),
      )
      .then((r) => r.data.categories),
  variants: (api: Upstream, { brandId, categoryId }: { brandId: number; categoryId: number }) =>
    api
      .call(
        `/api/brand/${brandId}/tokopedia/variant`,
        z.object({ data: z.object({ variant_details: z.array(variantTypeSchema) }) }),
        { query: { cat_id: categoryId } },
      )
      .then((r) => r.data.variant_details),
  showcases: (api: Upstream, { brandId }: { brandId: number }) =>
    api.call(`/api/brand/${brandId}/tokopedia/showcase`, showcaseSchema).then((r) => r.data),
};

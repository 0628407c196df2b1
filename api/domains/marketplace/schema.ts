import { z } from 'zod';
import { pageQuerySchema } from '../../http/pagination';
import { idParam, intField } from '../../http/params';

/** The largest price a listing takes (rupiah); far above any product, small enough to stay exact. */
export const MAX_PRICE = 1_000_000_000_000;
export const MAX_STOCK = 10_000_000;
/** The client's form state kept beside a listing: generous, but bounded. */
const RAW_DATA_MAX_CHARS = 100_000;

/** `true`/`false`, or the `1`/`0`/`"true"` a form posts. */
const flag = z.preprocess((value) => {
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  return value;
}, z.boolean());

function optionalInt(min: number, max: number) {
  return z.preprocess((value) => (value === '' ? null : value), intField(min, max).nullish());
}

const statusSchema = z.enum(['LIMITED', 'UNLIMITED', 'EMPTY']);

/** A picture's address: an upload of ours (`/storage/…`) or a web address, nothing a browser would run. */
const pictureSchema = z
  .object({
    file_path: z
      .string()
      .trim()
      .min(1)
      .max(2048)
      .regex(/^(\/(?!\/)|https?:\/\/)/, 'The file path must be an uploaded picture or a web address.'),
  })
  .strict();

const rawDataSchema = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= RAW_DATA_MAX_CHARS, {
    message: `The raw data field must not be greater than ${RAW_DATA_MAX_CHARS} characters.`,
  });

const selectionSchema = z
  .object({
    id: intField(1),
    unit_id: intField(0),
    options: z
      .array(
        z
          .object({
            unit_value_id: intField(1),
            value: z.string().trim().max(100),
            hex_code: z.string().trim().max(20).optional(),
          })
          .strict(),
      )
      .max(100),
  })
  .strict();

const combinationSchema = z
  .object({
    combination: z.array(intField(0, 1000)).max(5),
    is_primary: flag,
    price: optionalInt(0, MAX_PRICE),
    sku: z.string().trim().max(50).nullish(),
    stock: intField(-1, MAX_STOCK).optional(),
    status: statusSchema.optional(),
    pictures: z.array(pictureSchema).max(1).default([]),
  })
  .strict();

/**
 * A listing as a client sends it: the fields of Tokopedia's product API, their shapes and bounds. What must be
 * there is checked next (requireForPush); the marketplace's own rules (limits, SKU unique in the shop, wholesale
 * tiers, variants) are the channel's, and a push it refuses answers its messages by field.
 */
export const productFields = {
  name: z.string().trim().max(255).optional(),
  description: z.string().max(20_000).default(''),
  condition: z.enum(['NEW', 'USED']).default('NEW'),
  category_id: optionalInt(1, 2_147_483_647),
  etalase: z
    .object({ id: optionalInt(1, 2_147_483_647) })
    .strict()
    .default({}),
  sku: z.string().trim().max(50).nullish(),
  price: optionalInt(0, MAX_PRICE),
  /** Read on edit only: a new listing starts EMPTY with stock −1 (docs/decisions/016). */
  status: statusSchema.optional(),
  stock: intField(-1, MAX_STOCK).optional(),
  min_order: optionalInt(0, 1_000_000),
  weight: optionalInt(0, 1_000_000),
  weight_unit: z.enum(['GR', 'KG']).default('GR'),
  dimension: z
    .object({ length: optionalInt(0, 10_000), width: optionalInt(0, 10_000), height: optionalInt(0, 10_000) })
    .strict()
    .default({}),
  preorder: z
    .object({
      is_active: flag.default(false),
      duration: optionalInt(0, 10_000),
      time_unit: z.enum(['DAY', 'WEEK']).default('DAY'),
    })
    .strict()
    .default({}),
  pictures: z.array(pictureSchema).max(20).default([]),
  videos: z
    .array(
      z.object({ source: z.literal('youtube').default('youtube'), url: z.string().trim().max(200) }).strict(),
    )
    .max(5)
    .default([]),
  wholesale: z
    .array(z.object({ min_qty: intField(1, 1_000_000), price: intField(0, MAX_PRICE) }).strict())
    .max(20)
    .default([]),
  variant: z
    .object({ selection: z.array(selectionSchema).max(5), products: z.array(combinationSchema).max(500) })
    .strict()
    .nullish(),
};

type ProductFields = z.infer<z.ZodObject<typeof productFields>>;

/**
 * What a listing must have before it goes to the channel at all (docs/decisions/016; the product's messages word
 * for word); a new listing needs a name, an edit may leave it out. The channel checks them again with its own
 * rules.
 */
function requireForPush(creating: boolean) {
  return (value: ProductFields, context: z.RefinementCtx) => {
    const missing = (path: (string | number)[], message: string) =>
      context.addIssue({ code: z.ZodIssueCode.custom, path, message });
    const hasVariant = Boolean(value.variant?.selection.length);
    if (creating && !value.name) missing(['name'], 'Kolom nama tidak boleh kosong');
    if (!value.pictures.length) missing(['pictures'], 'Gambar tidak boleh kosong');
    if (value.category_id == null) missing(['category_id'], 'Kolom kategori tidak boleh kosong');
    if (value.etalase.id == null) missing(['etalase', 'id'], 'Etalase tidak boleh kosong');
    if (!hasVariant && !value.sku) missing(['sku'], 'Kolom sku tidak boleh kosong');
    if (!hasVariant && value.price == null) missing(['price'], 'Kolom harga utama tidak boleh kosong');
    if (!value.min_order) missing(['min_order'], 'Kolom minimum pembelian tidak boleh kosong');
    if (!value.weight) missing(['weight'], 'Kolom berat produk tidak boleh kosong');
    if (!value.dimension.length) missing(['dimension', 'length'], 'Kolom panjang produk tidak boleh kosong');
    if (!value.dimension.width) missing(['dimension', 'width'], 'Kolom lebar produk tidak boleh kosong');
    if (!value.dimension.height) missing(['dimension', 'height'], 'Kolom tinggi produk tidak boleh kosong');
    if (value.preorder.is_active && !value.preorder.duration)
      missing(['preorder', 'duration'], 'Waktu proses tidak boleh kosong');
  };
}

const rawDataField = { raw_data: rawDataSchema.optional() };

export const listingCreateSchema = z
  .object({ ...productFields, ...rawDataField })
  .strict()
  .superRefine(requireForPush(true));
export const listingUpdateSchema = z
  .object({ ...productFields, ...rawDataField })
  .strict()
  .superRefine(requireForPush(false));
export type ListingBody = z.infer<typeof listingCreateSchema>;

/** Listings open newest first, as the other lists of things that happen do (docs/decisions/018, 051). */
export const listingQuerySchema = pageQuerySchema.extend({
  sorted_by: z.string().max(50).optional(),
  order_by: z.enum(['asc', 'desc']).default('desc'),
  with: z.string().max(100).optional(),
});
export type ListingQuery = z.infer<typeof listingQuerySchema>;

export const showQuerySchema = z.object({ with: z.string().max(100).optional() });

export const requestLogQuerySchema = pageQuerySchema.extend({
  order_by: z.enum(['asc', 'desc']).default('desc'),
});

export const variantQuerySchema = z.object({ cat_id: idParam });

/** A marketplace product id as the marketplace writes it: digits. */
const productIdSchema = z.union([z.string().regex(/^\d{1,20}$/), z.number().int().min(1)]).transform(String);

/** Tokopedia's product calls: several products at once, each with the client's form state beside it. */
export const channelCreateBodySchema = z
  .object({
    products: z
      .array(z.object(productFields).strict().superRefine(requireForPush(true)))
      .min(1)
      .max(20),
    raw_data: z.array(rawDataSchema).max(20).optional(),
  })
  .strict();

export const channelUpdateBodySchema = z
  .object({
    products: z
      .array(
        z
          .object({ id: productIdSchema, ...productFields })
          .strict()
          .superRefine(requireForPush(false)),
      )
      .min(1)
      .max(20),
    raw_data: z.array(rawDataSchema).max(20).optional(),
  })
  .strict();

export type ChannelProductBody = z.infer<typeof channelCreateBodySchema>['products'][number];

const productIdsSchema = z.array(productIdSchema).min(1).max(100);

/** `POST …/product/delete` with `_method=DELETE`, as a client that cannot send a DELETE with a body does. */
export const channelDeleteBodySchema = z
  .object({ _method: z.literal('DELETE').optional(), product_id: productIdsSchema })
  .strict();

export const channelStatusBodySchema = z.object({ product_id: productIdsSchema }).strict();

export const channelListQuerySchema = pageQuerySchema.extend({ sorted_by: z.string().max(50).optional() });

import { z } from 'zod';
import { MAX_VARIANT_TYPES, MAX_WHOLESALE_TIERS, youtubeWatchId } from '../listing-draft';
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES } from './image';

/**
 * The marketplace product form's messages: those of spec 001 §5 word for word, the rest in the same words the
 * channel answers with. They are shown through t(), so English has each as a key of its own.
 */
export const LISTING_MESSAGES = {
  name: 'Kolom nama tidak boleh kosong',
  picture: 'Gambar tidak boleh kosong',
  category: 'Kolom kategori tidak boleh kosong',
  etalase: 'Etalase tidak boleh kosong',
  sku: 'Kolom sku tidak boleh kosong',
  price: 'Kolom harga utama tidak boleh kosong',
  minOrder: 'Kolom minimum pembelian tidak boleh kosong',
  weight: 'Kolom berat produk tidak boleh kosong',
  length: 'Kolom panjang produk tidak boleh kosong',
  width: 'Kolom lebar produk tidak boleh kosong',
  height: 'Kolom tinggi produk tidak boleh kosong',
  preorder: 'Waktu proses tidak boleh kosong',
  preorderDays: 'Waktu proses maksimal 90 hari',
  preorderWeeks: 'Waktu proses maksimal 13 minggu',
  wholeNumber: 'Harus bilangan bulat 0 atau lebih',
  nameLength: 'Nama produk maksimal 70 karakter',
  descriptionLength: 'Deskripsi maksimal 2000 karakter',
  video: 'Tautan video harus video YouTube',
  variantTypes: 'Maksimal 2 tipe varian',
  variantType: 'Pilih tipe varian',
  variantTwice: 'Tipe varian tidak boleh dipilih dua kali',
  variantValues: 'Pilih minimal satu nilai varian',
  primary: 'Harus ada tepat satu kombinasi utama',
  wholesaleTiers: 'Maksimal 5 harga grosir',
  wholesaleQuantity: 'Jumlah grosir tidak boleh kosong',
  wholesalePrice: 'Harga grosir tidak boleh kosong',
  pictures: (limit: number) => `Maksimal ${limit} gambar untuk toko ini`,
} as const;

const M = LISTING_MESSAGES;
const IMAGE_TYPES = IMAGE_ACCEPT.split(',');
const MAX_AMOUNT = 1_000_000_000_000;

/** A non-negative whole number typed in a field; `required` is the message when it is left empty. */
function whole(required: string, max = MAX_AMOUNT) {
  return z
    .number({ required_error: required, invalid_type_error: M.wholeNumber })
    .int(M.wholeNumber)
    .min(0, M.wholeNumber)
    .max(max, M.wholeNumber);
}

const stockField = z
  .number({ invalid_type_error: M.wholeNumber })
  .int(M.wholeNumber)
  .min(-1, M.wholeNumber)
  .max(10_000_000, M.wholeNumber)
  .optional();

const newPicture = z
  .instanceof(File)
  .refine((file) => file.size === 0 || IMAGE_TYPES.includes(file.type), 'validation.imageOnly')
  .refine((file) => file.size <= MAX_IMAGE_BYTES, 'validation.fileTooLarge');

function filled(value: unknown) {
  return (
    value !== undefined && value !== null && value !== '' && !(typeof value === 'string' && !value.trim())
  );
}

function filesOf(value: unknown) {
  const files = Array.isArray(value) ? value : [value];
  return files.filter((file) => file instanceof File && file.size > 0);
}

/**
 * The rules between fields, checked on the form as posted so they are told together with the fields' own
 * (an object's refinement would wait until every field parses): a picture at least and at most the shop's
 * limit, SKU and price when there are no variants, the preorder's time, a variant type once, one primary.
 */
function betweenFields(pictureLimit: number) {
  const row = z.object({}).passthrough();
  return z
    .object({
      pictures: z.array(z.unknown()).optional(),
      new_pictures: z.unknown(),
      sku: z.unknown(),
      price: z.unknown(),
      preorder: z.unknown(),
      preorder_duration: z.unknown(),
      preorder_unit: z.unknown(),
      variants: z.array(row).optional(),
      combinations: z.array(row).optional(),
      primary: z.unknown(),
    })
    .passthrough()
    .superRefine((value, context) => {
      const issue = (path: (string | number)[], message: string) =>
        context.addIssue({ code: z.ZodIssueCode.custom, path, message });
      const variants = value.variants ?? [];
      const hasVariants = variants.length > 0;
      const pictures = (value.pictures ?? []).filter(filled).length + filesOf(value.new_pictures).length;
      if (pictures === 0) issue(['pictures'], M.picture);
      else if (pictures > pictureLimit) issue(['pictures'], M.pictures(pictureLimit));
      if (!hasVariants && !filled(value.sku)) issue(['sku'], M.sku);
      if (!hasVariants && !filled(value.price)) issue(['price'], M.price);
      if (value.preorder === true || value.preorder === 'on') {
        const duration = Number(value.preorder_duration);
        if (!filled(value.preorder_duration) || duration === 0) issue(['preorder_duration'], M.preorder);
        else if (value.preorder_unit === 'WEEK' && duration > 13)
          issue(['preorder_duration'], M.preorderWeeks);
        else if (value.preorder_unit !== 'WEEK' && duration > 90)
          issue(['preorder_duration'], M.preorderDays);
      }
      variants.forEach((variant, index) => {
        const first = variants.findIndex(
          (other) => filled(other.id) && String(other.id) === String(variant.id),
        );
        if (first >= 0 && first < index) issue(['variants', index, 'id'], M.variantTwice);
      });
      const primaries = (value.combinations ?? []).filter(
        (combination) => filled(combination.key) && String(combination.key) === String(value.primary),
      );
      if (hasVariants && primaries.length !== 1) issue(['primary'], M.primary);
    })
    .transform(() => ({}));
}

/**
 * The listing form (spec 001 §2, §5), the same on both sides. A new listing needs a name; an edit may leave it
 * (a listing that has sold keeps its own). `pictureLimit` is the shop's: 5, or 7 for an official store.
 */
export function listingFormSchema({ creating, pictureLimit }: { creating: boolean; pictureLimit: number }) {
  return fieldsSchema(creating).and(betweenFields(pictureLimit));
}

function fieldsSchema(creating: boolean) {
  return z.object({
    intent: z.string().max(40).default('save'),
    name: creating
      ? z.string({ required_error: M.name }).trim().min(1, M.name).max(70, M.nameLength)
      : z.string().trim().max(70, M.nameLength).optional(),
    description: z.string().max(2000, M.descriptionLength).optional(),
    pictures: z.array(z.string().max(2048)).max(20).default([]),
    new_pictures: z.array(newPicture).max(20).optional(),
    category_1: z.number().int().optional(),
    category_2: z.number().int().optional(),
    category_3: z.number({ required_error: M.category, invalid_type_error: M.category }).int(),
    condition: z.enum(['NEW', 'USED']).default('NEW'),
    etalase_id: z.number({ required_error: M.etalase, invalid_type_error: M.etalase }).int(),
    sku: z.string().trim().max(50).optional(),
    video: z
      .string()
      .trim()
      .max(300, M.video)
      .refine((link) => youtubeWatchId(link) !== null, M.video)
      .optional(),
    min_order: whole(M.minOrder, 1_000_000).min(1, M.minOrder),
    price: whole(M.price).optional(),
    weight: whole(M.weight, 1_000_000).min(1, M.weight),
    weight_unit: z.enum(['GR', 'KG']).default('GR'),
    dimension_length: whole(M.length, 10_000).min(1, M.length),
    dimension_width: whole(M.width, 10_000).min(1, M.width),
    dimension_height: whole(M.height, 10_000).min(1, M.height),
    preorder: z.boolean().default(false),
    preorder_duration: whole(M.preorder, 10_000).optional(),
    preorder_unit: z.enum(['DAY', 'WEEK']).default('DAY'),
    status: z.enum(['LIMITED', 'UNLIMITED', 'EMPTY']).optional(),
    stock: stockField,
    wholesale: z
      .array(z.object({ min_qty: whole(M.wholesaleQuantity, 1_000_000), price: whole(M.wholesalePrice) }))
      .max(MAX_WHOLESALE_TIERS, M.wholesaleTiers)
      .default([]),
    variants: z
      .array(
        z.object({
          id: z.number({ required_error: M.variantType, invalid_type_error: M.variantType }).int(),
          unit_id: z.number().int().optional(),
          values: z.array(z.number().int(), { required_error: M.variantValues }).min(1, M.variantValues),
        }),
      )
      .max(MAX_VARIANT_TYPES, M.variantTypes)
      .default([]),
    combinations: z
      .array(
        z.object({
          key: z.string().max(40),
          price: whole(M.price),
          sku: z.string().trim().max(50).optional(),
          stock: stockField,
        }),
      )
      .max(500)
      .default([]),
    primary: z.string().max(40).optional(),
  });
}

export type ListingForm = z.infer<ReturnType<typeof listingFormSchema>>;

/** The list's delete and switch forms. */
export const listingRowActionSchema = z.object({
  intent: z.enum(['delete', 'set-active', 'set-inactive']),
  id: z.number().int().min(1).max(2_147_483_647),
});

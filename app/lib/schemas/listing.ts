import { z } from 'zod';
import { MAX_VARIANT_TYPES, MAX_WHOLESALE_TIERS, youtubeWatchId } from '../listing/draft';
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES } from './image';
import { INVALID, says, TOO_LONG } from './messages';

/**
 * The marketplace product form's messages: the product's own word for word, the rest in the same words the
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
  return z.number(says(M.wholeNumber, required)).int().min(0).max(max);
}

const stockField = z.number(says(M.wholeNumber)).int().min(-1).max(10_000_000).optional();

const newPicture = z
  .instanceof(File, { message: 'validation.imageOnly' })
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
  const row = z.object({}, says(INVALID)).passthrough();
  return z
    .object({
      pictures: z.array(z.unknown(), says(M.picture)).optional(),
      new_pictures: z.unknown(),
      sku: z.unknown(),
      price: z.unknown(),
      preorder: z.unknown(),
      preorder_duration: z.unknown(),
      preorder_unit: z.unknown(),
      variants: z.array(row, says(INVALID)).optional(),
      combinations: z.array(row, says(INVALID)).optional(),
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
 * The listing form, the same on both sides. A new listing needs a name; an edit may leave it
 * (a listing that has sold keeps its own). `pictureLimit` is the shop's: 5, or 7 for an official store.
 */
export function listingFormSchema({ creating, pictureLimit }: { creating: boolean; pictureLimit: number }) {
  return fieldsSchema(creating).and(betweenFields(pictureLimit));
}

function fieldsSchema(creating: boolean) {
  return z.object({
    intent: z.string(says(INVALID)).max(40).default('save'),
    name: creating
      ? z.string(says(M.name)).trim().min(1).max(70, M.nameLength)
      : z.string(says(M.nameLength)).trim().max(70).optional(),
    description: z.string(says(M.descriptionLength)).max(2000).optional(),
    pictures: z
      .array(z.string(says(M.picture)).max(2048), says(M.picture))
      .max(20, INVALID)
      .default([]),
    new_pictures: z.array(newPicture, says('validation.imageOnly')).max(20, INVALID).optional(),
    category_1: z.number(says(M.category)).int().optional(),
    category_2: z.number(says(M.category)).int().optional(),
    category_3: z.number(says(M.category)).int(),
    condition: z.enum(['NEW', 'USED'], says(INVALID)).default('NEW'),
    etalase_id: z.number(says(M.etalase)).int(),
    sku: z.string(says(TOO_LONG)).trim().max(50).optional(),
    video: z
      .string(says(M.video))
      .trim()
      .max(300, M.video)
      .refine((link) => youtubeWatchId(link) !== null, M.video)
      .optional(),
    min_order: whole(M.minOrder, 1_000_000).min(1, M.minOrder),
    price: whole(M.price).optional(),
    weight: whole(M.weight, 1_000_000).min(1, M.weight),
    weight_unit: z.enum(['GR', 'KG'], says(INVALID)).default('GR'),
    dimension_length: whole(M.length, 10_000).min(1, M.length),
    dimension_width: whole(M.width, 10_000).min(1, M.width),
    dimension_height: whole(M.height, 10_000).min(1, M.height),
    preorder: z.boolean(says(INVALID)).default(false),
    preorder_duration: whole(M.preorder, 10_000).optional(),
    preorder_unit: z.enum(['DAY', 'WEEK'], says(INVALID)).default('DAY'),
    status: z.enum(['LIMITED', 'UNLIMITED', 'EMPTY'], says(INVALID)).optional(),
    stock: stockField,
    wholesale: z
      .array(
        z.object(
          { min_qty: whole(M.wholesaleQuantity, 1_000_000), price: whole(M.wholesalePrice) },
          says(INVALID),
        ),
        says(INVALID),
      )
      .max(MAX_WHOLESALE_TIERS, M.wholesaleTiers)
      .default([]),
    variants: z
      .array(
        z.object(
          {
            id: z.number(says(M.variantType)).int(),
            unit_id: z.number(says(INVALID)).int().optional(),
            values: z.array(z.number(says(M.variantValues)).int(), says(M.variantValues)).min(1),
          },
          says(INVALID),
        ),
        says(INVALID),
      )
      .max(MAX_VARIANT_TYPES, M.variantTypes)
      .default([]),
    combinations: z
      .array(
        z.object(
          {
            key: z.string(says(INVALID)).max(40),
            price: whole(M.price),
            sku: z.string(says(TOO_LONG)).trim().max(50).optional(),
            stock: stockField,
          },
          says(INVALID),
        ),
        says(INVALID),
      )
      .max(500, INVALID)
      .default([]),
    primary: z.string(says(M.primary)).max(40).optional(),
  });
}

export type ListingForm = z.infer<ReturnType<typeof listingFormSchema>>;

/** The list's delete and switch forms. */
export const listingRowActionSchema = z.object({
  intent: z.enum(['delete', 'set-active', 'set-inactive'], says(INVALID)),
  id: z.number(says(INVALID)).int().min(1).max(2_147_483_647),
});

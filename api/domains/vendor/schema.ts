import { z } from 'zod';
import { booleanField, coordinate, indonesianTelephone, postalCodeField } from '../../http/contact-fields';
import { idParam } from '../../http/params';
import { pageQuerySchema } from '../../http/pagination';

export const vendorListQuerySchema = pageQuerySchema.extend({
  sorted_by: z.string().max(50).optional(),
  brand: idParam.optional(),
});

export type VendorListQuery = z.infer<typeof vendorListQuerySchema>;

/**
 * The brand's vendors; `for=order-change-vendor` with `order={id}` narrows them to those the order may move to
 * (serving the order's brand, not its vendor), as the Change Vendor select asks.
 */
export const brandVendorListQuerySchema = vendorListQuerySchema
  .extend({ for: z.enum(['order-change-vendor']).optional(), order: idParam.optional() })
  .refine((query) => query.for === undefined || query.order !== undefined, {
    message: 'The order field is required when for is order-change-vendor.',
    path: ['order'],
  });

export const vendorSelectQuerySchema = pageQuerySchema.extend({ brand: idParam.optional() });

export const areaTemplateQuerySchema = z.object({ vendor: idParam.optional() });

/** Form data names arrays `brand_ids[]`; one value alone arrives as text. */
function formArrays(value: unknown) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, item] of Object.entries(value)) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    out[name] = name === 'brand_ids' && !Array.isArray(item) ? [item].filter((id) => id !== '') : item;
  }
  return out;
}

/** An upload field left empty by a form (no file chosen) reads as no file. */
const uploadField = z.preprocess(
  (value) => (value instanceof File && value.size === 0 && !value.name ? undefined : value),
  z.instanceof(File, { message: 'The vendor area file field must be a file.' }).optional(),
);

/** Optional text where an empty value clears it (null) and a missing one leaves it as it is (undefined). */
function clearableText(max: number) {
  return z.preprocess(
    (value) => (value === '' ? null : value),
    z.string().trim().max(max).nullable().optional(),
  );
}

const vendorFields = z
  .object({
    name: z.string().trim().min(1).max(255),
    address: clearableText(1000),
    city: z.string().trim().min(1).max(100),
    postal_code: postalCodeField,
    telephone: indonesianTelephone('telephone'),
    fax: z.preprocess(
      (value) => (value === '' ? null : value),
      indonesianTelephone('fax').nullable().optional(),
    ),
    lat: coordinate(90),
    lng: coordinate(180),
    is_priority: booleanField,
    brand_ids: z.array(idParam).max(100).optional(),
    vendor_area_file: uploadField,
    _method: z.enum(['PUT', 'put']).optional(),
  })
  .strict();

/** The vendor form (as the brand's, fax optional, is_priority), as JSON or form data. */
export const vendorBodySchema = z.preprocess(formArrays, vendorFields);

export type VendorBody = z.infer<typeof vendorFields>;

import { z } from 'zod';
import { INDONESIAN_PHONE } from './account';

/** Messages are i18n keys under `settings.validation` (the spec's own where it gives them). */
const required = (message: string) => z.string({ required_error: message }).trim().min(1, message);

export const deleteSchema = z.object({ intent: z.literal('delete'), id: z.coerce.number().int().positive() });

export const roleFormSchema = z.object({
  name: required('settings.validation.nameRequired').pipe(z.string().max(100)),
});

export const categoryFormSchema = z.object({
  name: required('settings.validation.nameRequired').pipe(z.string().max(100)),
  parent_id: z.coerce.number().int().positive().optional(),
});

export const gateSettingFormSchema = z.object({
  role_id: z.coerce.number({ required_error: 'settings.validation.roleRequired' }).int().positive(),
  permission_ids: z.array(z.coerce.number().int().positive()).default([]),
});

const phone = z
  .string({ required_error: 'settings.validation.phoneRequired' })
  .trim()
  .regex(INDONESIAN_PHONE, 'settings.validation.phoneInvalid');

const password = z
  .string({ required_error: 'settings.validation.passwordRequired' })
  .min(8, 'settings.validation.passwordMin')
  .max(255);

/**
 * The user form of spec 001 §5: `staff` is the administrator's form (no phone; role from the global roles, a
 * key account's brands), `member` a brand's or vendor's (phone required). The password is required on create
 * and optional (empty keeps it) on edit.
 */
export function userFormSchema({ mode, editing }: { mode: 'staff' | 'member'; editing: boolean }) {
  return z.object({
    name: required('settings.validation.nameRequired').pipe(z.string().max(255)),
    email: z
      .string({ required_error: 'settings.validation.emailRequired' })
      .trim()
      .email('settings.validation.emailInvalid'),
    mobile_phone: mode === 'member' ? phone : z.string().optional(),
    password: editing ? password.optional() : password,
    role_id: editing
      ? z.coerce.number().int().positive().optional()
      : z.coerce.number({ required_error: 'settings.validation.roleRequired' }).int().positive(),
    brand_ids: z.array(z.coerce.number().int().positive()).default([]),
  });
}

/** A landline or a mobile number, with or without separators. */
const TELEPHONE = /^(?:\+62|62|0)[1-9]\d{6,11}$/;
const telephone = (requiredMessage: string) =>
  z
    .string({ required_error: requiredMessage })
    .trim()
    .transform((value) => value.replace(/[\s().-]/g, ''))
    .pipe(z.string().regex(TELEPHONE, 'settings.validation.telephoneInvalid'));

const coordinate = (bound: number) =>
  z.coerce
    .number({ required_error: 'errors.pinAddress', invalid_type_error: 'errors.pinAddress' })
    .min(-bound, 'errors.pinAddress')
    .max(bound, 'errors.pinAddress');

/** The General tab of the brand and of a vendor (spec 001 §5): the vendor's fax is optional, its priority a flag. */
export function tenantFormSchema({ kind }: { kind: 'brand' | 'vendor' }) {
  return z.object({
    name: required('settings.validation.nameRequired').pipe(z.string().max(255)),
    address: z.string().trim().max(1000).optional(),
    city: required('settings.validation.cityRequired').pipe(z.string().max(100)),
    postal_code: z
      .string({ required_error: 'settings.validation.postalCodeRequired' })
      .trim()
      .regex(/^\d+$/, 'Postal Code must match number only')
      .length(5, 'settings.validation.postalCodeLength'),
    telephone: telephone('settings.validation.telephoneRequired'),
    fax: kind === 'brand' ? telephone('settings.validation.faxRequired') : telephone('').optional(),
    lat: coordinate(90),
    lng: coordinate(180),
    is_priority: z.boolean().default(false),
    brand_ids: z.array(z.coerce.number().int().positive()).default([]),
  });
}

export const integrationFormSchema = z.object({
  channels: z
    .array(
      z.object({
        channel_id: z.coerce.number().int().positive(),
        tokopedia_shop_id: z.string().trim().max(100).optional(),
        is_tkpd_official: z.boolean().default(false),
      }),
    )
    .default([]),
});

export const shippingSwitchSchema = z.object({
  id: z.coerce.number().int().positive(),
  is_active: z.enum(['0', '1']),
});

/** The access-rights grid: one checkbox per permission of the grid, for the chosen role. */
export const accessGridSchema = z.object({
  role_id: z.coerce.number({ required_error: 'settings.validation.roleRequired' }).int().positive(),
  permission_ids: z.array(z.coerce.number().int().positive()).default([]),
});

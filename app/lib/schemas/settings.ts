import { z } from 'zod';
import type { Side } from '../../../contract/access';
import { INDONESIAN_TELEPHONE, phoneWithoutSeparators } from '../../../contract/phone';
import { indonesianMobile } from './account';
import { INVALID, says, TOO_LONG } from './messages';

/** Messages are i18n keys under `settings.validation` (the spec's own where it gives them). */
const required = (message: string, max: number) => z.string(says(message)).trim().min(1).max(max, TOO_LONG);

/** A record chosen in a select or ticked in a list; `message` says what to choose. */
const chosen = (message: string) => z.coerce.number(says(message)).int().positive();
const chosenList = (message: string) => z.array(chosen(message), says(message)).default([]);

export const deleteSchema = z.object({ intent: z.literal('delete', says(INVALID)), id: chosen(INVALID) });

export const roleFormSchema = z.object({
  name: required('settings.validation.nameRequired', 100),
});

export const categoryFormSchema = z.object({
  name: required('settings.validation.nameRequired', 100),
  parent_id: chosen(INVALID).optional(),
});

export const gateSettingFormSchema = z.object({
  role_id: chosen('settings.validation.roleRequired'),
  permission_ids: chosenList(INVALID),
});

const phone = indonesianMobile('settings.validation.phoneRequired', 'settings.validation.phoneInvalid');

const password = z
  .string(says('settings.validation.passwordRequired'))
  .min(8, 'settings.validation.passwordMin')
  .max(255, TOO_LONG);

/**
 * The user form: `staff` is the administrator's form (no phone; role from the global roles, a
 * key account's brands), `member` a brand's or vendor's (phone required). The password is required on create
 * and optional (empty keeps it) on edit.
 */
export function userFormSchema({ mode, editing }: { mode: 'staff' | 'member'; editing: boolean }) {
  const role = chosen('settings.validation.roleRequired');
  return z.object({
    name: required('settings.validation.nameRequired', 255),
    email: z
      .string(says('settings.validation.emailRequired'))
      .trim()
      .min(1)
      .email('settings.validation.emailInvalid')
      .max(255, TOO_LONG),
    mobile_phone: mode === 'member' ? phone : z.string(says(INVALID)).optional(),
    password: editing ? password.optional() : password,
    role_id: editing ? role.optional() : role,
    brand_ids: chosenList(INVALID),
  });
}

/** A landline or a mobile number, with or without separators (contract/phone.ts). */
const telephone = (requiredMessage: string) =>
  z
    .string(says(requiredMessage))
    .trim()
    .transform(phoneWithoutSeparators)
    .pipe(z.string(says('settings.validation.telephoneInvalid')).regex(INDONESIAN_TELEPHONE));

const coordinate = (bound: number) => z.coerce.number(says('errors.pinAddress')).min(-bound).max(bound);

/** The General tab of the brand and of a vendor: the vendor's fax is optional, its priority a flag. */
export function tenantFormSchema({ kind }: { kind: Side }) {
  return z.object({
    name: required('settings.validation.nameRequired', 255),
    address: z.string(says(TOO_LONG)).trim().max(1000).optional(),
    city: required('settings.validation.cityRequired', 100),
    postal_code: z
      .string(says('settings.validation.postalCodeRequired'))
      .trim()
      .regex(/^\d+$/, 'Postal Code must match number only')
      .length(5, 'settings.validation.postalCodeLength'),
    telephone: telephone('settings.validation.telephoneRequired'),
    fax:
      kind === 'brand'
        ? telephone('settings.validation.faxRequired')
        : telephone('settings.validation.telephoneInvalid').optional(),
    lat: coordinate(90),
    lng: coordinate(180),
    is_priority: z.boolean(says(INVALID)).default(false),
    brand_ids: chosenList(INVALID),
  });
}

export const integrationFormSchema = z.object({
  channels: z
    .array(
      z.object(
        {
          channel_id: chosen(INVALID),
          tokopedia_shop_id: z.string(says(TOO_LONG)).trim().max(100).optional(),
          is_tkpd_official: z.boolean(says(INVALID)).default(false),
        },
        says(INVALID),
      ),
      says(INVALID),
    )
    .default([]),
});

export const shippingSwitchSchema = z.object({
  id: chosen(INVALID),
  is_active: z.enum(['0', '1'], says(INVALID)),
});

/** The access-rights grid: one checkbox per permission of the grid, for the chosen role. */
export const accessGridSchema = z.object({
  role_id: chosen('settings.validation.roleRequired'),
  permission_ids: chosenList(INVALID),
});

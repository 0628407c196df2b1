import { z } from 'zod';
import { idParam } from '../../http/params';
import { pageQuerySchema } from '../../http/pagination';
import { indonesianPhone } from '../account/schema';

export const KIND_NAMES = ['Administrator', 'Vendor', 'Brand', 'Key Account'] as const;

export const userListQuerySchema = pageQuerySchema.extend({
  sorted_by: z.string().max(50).optional(),
  /** `admin`: platform staff only (administrators and key accounts), the administrator's user list. */
  only: z.enum(['admin']).optional(),
  brand: idParam.optional(),
  vendor: idParam.optional(),
  with: z.string().max(100).optional(),
});

export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userSelectQuerySchema = pageQuerySchema;

/** A form leaves an unused field empty: empty text reads as not given. */
function blankAsMissing<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
}

const userFields = {
  name: z.string().trim().min(1).max(255),
  email: z.string().trim().toLowerCase().email().max(255),
  mobile_phone: blankAsMissing(indonesianPhone),
  role_name: blankAsMissing(z.enum(KIND_NAMES)),
  brand_id: blankAsMissing(idParam),
  vendor_id: blankAsMissing(idParam),
  /** The brands a key account manages. */
  brand_ids: z.array(idParam).max(100).optional(),
};

export const userCreateSchema = z
  .object({
    ...userFields,
    password: z.string().min(8).max(255),
    role_id: idParam,
  })
  .strict();

/** On edit the password is optional (left empty, it stays) and the role may stay as it is. */
export const userUpdateSchema = z
  .object({
    ...userFields,
    password: blankAsMissing(z.string().min(8).max(255)),
    role_id: blankAsMissing(idParam),
  })
  .strict();

export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserUpdate = z.infer<typeof userUpdateSchema>;

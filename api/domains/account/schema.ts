import { z } from 'zod';
import { indonesianMobile } from '../../http/contact-fields';
import { idParam } from '../../http/params';

/** Indonesian mobile numbers, separators allowed and dropped (contract/phone.ts). */
export const indonesianPhone = indonesianMobile;

export const updateProfileSchema = z
  .object({
    name: z.string().trim().min(1).max(255),
    /** Left out, the number stays as it is: a new picture alone needs no phone (administrators may have none). */
    mobile_phone: indonesianPhone.optional(),
    photo_id: idParam.nullish(),
    email: z.string().optional(),
  })
  .strict();

export const changePasswordSchema = z
  .object({
    old_password: z.string().min(8).max(255),
    password: z.string().min(8).max(255),
    password_confirmation: z.string().min(8).max(255),
  })
  .strict()
  .refine((input) => input.password === input.password_confirmation, {
    message: 'The password field confirmation does not match.',
    path: ['password'],
  });

export const changeBrandSchema = z.object({ brand_id: idParam }).strict();

export const forgotPasswordSchema = z
  .object({
    email: z.string().trim().toLowerCase().email().max(255),
    url: z.string().url().max(2000).optional(),
  })
  .strict();

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1).max(512),
    email: z.string().trim().toLowerCase().email().max(255),
    password: z.string().min(8).max(255),
    password_confirmation: z.string().min(8).max(255),
  })
  .strict()
  .refine((input) => input.password === input.password_confirmation, {
    message: 'The password field confirmation does not match.',
    path: ['password'],
  });

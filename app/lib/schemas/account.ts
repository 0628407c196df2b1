import { z } from 'zod';
import { imageField } from './image';

/** The same rule as the upstream: 08…, 628… or +628…, 10–15 digits in all. */
export const INDONESIAN_PHONE = /^(?:\+62|62|0)8[1-9]\d{6,11}$/;

export const profileSchema = z.object({
  intent: z.literal('profile'),
  name: z
    .string({ required_error: 'validation.nameRequired' })
    .trim()
    .min(1, 'validation.nameRequired')
    .max(255),
  mobile_phone: z
    .string({ required_error: 'validation.phoneRequired' })
    .trim()
    .regex(INDONESIAN_PHONE, 'validation.phoneInvalid'),
});

export const changePasswordSchema = z
  .object({
    intent: z.literal('password'),
    old_password: z
      .string({ required_error: 'validation.oldPasswordRequired' })
      .min(8, 'validation.oldPasswordMin')
      .max(255),
    password: z
      .string({ required_error: 'validation.passwordRequired' })
      .min(8, 'validation.passwordMin')
      .max(255),
    password_confirmation: z.string({ required_error: 'validation.passwordConfirmRequired' }).max(255),
  })
  .refine((input) => input.password === input.password_confirmation, {
    message: 'validation.passwordConfirmMismatch',
    path: ['password_confirmation'],
  });

export const pictureSchema = z.object({
  intent: z.literal('picture'),
  picture: imageField(),
});

import { z } from 'zod';
import { INVALID, says } from './messages';

const email = z
  .string(says('validation.emailRequired'))
  .trim()
  .min(1)
  .email('validation.emailInvalid')
  .max(255, 'validation.emailInvalid');

const password = z
  .string(says('validation.passwordRequired'))
  .min(8, 'validation.passwordMin')
  .max(255, 'validation.passwordMin');

export const loginSchema = z.object({ email, password, redirectTo: z.string(says(INVALID)).optional() });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string(says('auth.resetMissingToken')),
    email,
    password,
    password_confirmation: z.string(says('validation.passwordConfirmRequired')),
  })
  .refine((input) => input.password === input.password_confirmation, {
    message: 'validation.passwordConfirmMismatch',
    path: ['password_confirmation'],
  });

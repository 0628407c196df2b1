import { z } from 'zod';

const email = z
  .string({ required_error: 'validation.emailRequired' })
  .trim()
  .email('validation.emailInvalid')
  .max(255, 'validation.emailInvalid');

const password = z
  .string({ required_error: 'validation.passwordRequired' })
  .min(8, 'validation.passwordMin')
  .max(255, 'validation.passwordMin');

export const loginSchema = z.object({ email, password, redirectTo: z.string().optional() });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string({ required_error: 'auth.resetMissingToken' }),
    email,
    password,
    password_confirmation: z.string({ required_error: 'validation.passwordConfirmRequired' }),
  })
  .refine((input) => input.password === input.password_confirmation, {
    message: 'validation.passwordConfirmMismatch',
    path: ['password_confirmation'],
  });

import { z } from 'zod';
import { INDONESIAN_MOBILE, phoneWithoutSeparators } from '../../../contract/phone';
import { imageField } from './image';
import { INVALID, says, TOO_LONG } from './messages';

/**
 * A mobile number by the API's own rule (contract/phone.ts): spaces, dashes, dots and brackets are allowed and
 * dropped. `requiredMessage` and `invalidMessage` are i18n keys.
 */
export function indonesianMobile(requiredMessage: string, invalidMessage: string) {
  return z
    .string(says(requiredMessage))
    .trim()
    .transform(phoneWithoutSeparators)
    .pipe(z.string(says(invalidMessage)).regex(INDONESIAN_MOBILE, invalidMessage));
}

export const profileSchema = z.object({
  intent: z.literal('profile', says(INVALID)),
  name: z.string(says('validation.nameRequired')).trim().min(1).max(255),
  mobile_phone: indonesianMobile('validation.phoneRequired', 'validation.phoneInvalid'),
});

export const changePasswordSchema = z
  .object({
    intent: z.literal('password', says(INVALID)),
    old_password: z
      .string(says('validation.oldPasswordRequired'))
      .min(8, 'validation.oldPasswordMin')
      .max(255, TOO_LONG),
    password: z
      .string(says('validation.passwordRequired'))
      .min(8, 'validation.passwordMin')
      .max(255, TOO_LONG),
    password_confirmation: z.string(says('validation.passwordConfirmRequired')).max(255),
  })
  .refine((input) => input.password === input.password_confirmation, {
    message: 'validation.passwordConfirmMismatch',
    path: ['password_confirmation'],
  });

export const pictureSchema = z.object({
  intent: z.literal('picture', says(INVALID)),
  picture: imageField(),
});

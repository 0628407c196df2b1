import { z } from 'zod';

/** Separators people type in a number: spaces, dashes, dots and brackets. */
function digitsOf(value: unknown) {
  return typeof value === 'string' ? value.replace(/[\s().-]/g, '') : value;
}

/**
 * An Indonesian telephone or fax number, landline or mobile: 0…, 62… or +62… then 7 to 12 digits
 * (`021-5550123`, `0812 3456 7890`); stored without separators.
 */
export function indonesianTelephone(attribute: string) {
  return z.preprocess(
    digitsOf,
    z
      .string()
      .regex(
        /^(?:\+62|62|0)[1-9]\d{6,11}$/,
        `The ${attribute} field must be a valid Indonesian phone number.`,
      ),
  );
}

/** Five digits (spec 001 §5: "Postal Code must match number only"). */
export const postalCodeField = z
  .string()
  .trim()
  .regex(/^\d*$/, 'Postal Code must match number only')
  .length(5, 'The postal code field must be 5 digits.');

/** A coordinate of the pin address. */
export function coordinate(bound: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number().min(-bound).max(bound),
  );
}

/** A form's checkbox or a JSON boolean: `1`, `true` and `on` are true; `0`, `false`, empty or missing false. */
export const booleanField = z.preprocess(
  (value) =>
    typeof value === 'string' ? ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase()) : value,
  z.boolean().default(false),
);

/** Empty text of a form reads as not given. */
export function optionalText(max: number) {
  return z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.string().trim().max(max).optional(),
  );
}

import { z } from 'zod';
import { INDONESIAN_MOBILE, INDONESIAN_TELEPHONE, phoneWithoutSeparators } from '../../contract/phone';

/** Separators people type in a number: spaces, dashes, dots and brackets. */
function digitsOf(value: unknown) {
  return typeof value === 'string' ? phoneWithoutSeparators(value) : value;
}

/**
 * An Indonesian telephone or fax number, landline or mobile: 0…, 62… or +62… then 7 to 12 digits
 * (`021-5550123`, `0812 3456 7890`); stored without separators.
 */
export function indonesianTelephone(attribute: string) {
  return z.preprocess(
    digitsOf,
    z.string().regex(INDONESIAN_TELEPHONE, `The ${attribute} field must be a valid Indonesian phone number.`),
  );
}

/** An Indonesian mobile number (`0812-3456-7890`, `+62 812 3456 7890`); stored without separators. */
export const indonesianMobile = z.preprocess(
  digitsOf,
  z.string().regex(INDONESIAN_MOBILE, 'The mobile phone field must be a valid Indonesian phone number.'),
);

/** Five digits (the product's message: "Postal Code must match number only"). */
export const postalCodeField = z
  .string()
  .trim()
  .regex(/^\d*$/, 'Postal Code must match number only')
  .length(5, 'The postal code field must be 5 digits.');

function numberOf(value: unknown) {
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
}

/** A coordinate of the pin address. */
export function coordinate(bound: number) {
  return z.preprocess(numberOf, z.number().min(-bound).max(bound));
}

/**
 * The pin address's own message, the product's wording (docs/decisions/050), for a coordinate missing, not a
 * number, or off the globe.
 */
export const PIN_ADDRESS_MESSAGE = 'Pin Alamat salah, silahkan coba kembali';

/** A coordinate of the pin address that answers every fault with the spec's pin-address message. */
export function pinCoordinate(bound: number) {
  return z.preprocess(
    numberOf,
    z.custom<number>(
      (value) => typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= bound,
      PIN_ADDRESS_MESSAGE,
    ),
  );
}

/** A form's checkbox or a JSON boolean: `1`, `true` and `on` are true; `0`, `false`, empty or missing false. */
export const booleanField = z.preprocess(
  (value) =>
    typeof value === 'string' ? ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase()) : value,
  z.boolean().default(false),
);

/** A yes or no that must be given: an update without it changes nothing rather than switching it off. */
export const requiredBooleanField = z.preprocess(
  (value) =>
    typeof value === 'string' ? ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase()) : value,
  z.boolean(),
);

/** Empty text of a form reads as not given. */
export function optionalText(max: number) {
  return z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.string().trim().max(max).optional(),
  );
}

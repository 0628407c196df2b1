/**
 * Indonesian phone numbers, one rule for the web forms and the API. People type them with spaces, dashes, dots
 * or brackets (`0812-3456-7890`, `+62 812 3456 7890`); both sides take the number without those separators, and
 * that is what is kept.
 */

/** A mobile number: 08…, 628… or +628…, 10–15 digits in all. */
export const INDONESIAN_MOBILE = /^(?:\+62|62|0)8[1-9]\d{6,11}$/;

/** A landline or a mobile number: 0…, 62… or +62… then 7 to 12 digits. */
export const INDONESIAN_TELEPHONE = /^(?:\+62|62|0)[1-9]\d{6,11}$/;

/** The number as it is kept: without the separators people type in it. */
export function phoneWithoutSeparators(value: string) {
  return value.replace(/[\s().-]/g, '');
}

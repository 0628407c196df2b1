import { randomUUID } from 'node:crypto';
import { FORM_KEY_FIELD } from './form-key';

/**
 * A key for the creating forms of one rendered page. A form posted twice (a double click, or the browser sending
 * it again after a dropped connection) carries the same key, and the upstream creates one record; the page
 * rendered after a submission has a new one.
 */
export function newFormKey() {
  return randomUUID();
}

/** The key a posted form carries, to hand to the upstream as its Idempotency-Key. */
export function formKeyOf(formData: FormData) {
  const key = formData.get(FORM_KEY_FIELD);
  return typeof key === 'string' && /^[\x21-\x7e]{1,255}$/.test(key) ? key : undefined;
}

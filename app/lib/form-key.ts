/** The hidden field of a creating form that carries its idempotency key. */
export const FORM_KEY_FIELD = 'idempotency_key';

/**
 * When the settings forms of roles, categories and users check their fields in the browser: first on submit,
 * then, once the errors are shown, as each field is typed in. Never on blur: a message that appears or
 * disappears as the pointer presses Simpan moves the button out from under the pointer, and that click is lost.
 * The other forms check on blur and then as they are typed in (`shouldRevalidate: 'onInput'`), so an error shown
 * goes away while typing, before the pointer reaches Simpan.
 */
export const validateAfterSubmit = {
  shouldValidate: 'onSubmit',
  shouldRevalidate: 'onInput',
} as const;

/**
 * The option a select shows again after a refused post: the value sent, when one was. A field posted twice comes
 * back as a list, which a single select cannot take (React warns, and the prompt would not show).
 */
export function chosenOption(initialValue: unknown) {
  return typeof initialValue === 'string' ? initialValue : '';
}

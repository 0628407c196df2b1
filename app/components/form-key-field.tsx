import { FORM_KEY_FIELD } from '~/lib/form-key';

/** The page's form key (from its loader) as a hidden field, so it works without JavaScript too. */
export function FormKeyField({ value }: { value: string }) {
  return <input type="hidden" name={FORM_KEY_FIELD} value={value} />;
}

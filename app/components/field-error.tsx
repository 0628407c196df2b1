import { useTranslation } from 'react-i18next';

// Apart from field.tsx, which brings Conform: the header's search box shows its error on every page with no form
// library (docs/decisions/060).

/** Messages are i18n keys from the shared schemas, or the upstream's own text (returned as is). */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm text-red-600">
      {t(errors[0], { defaultValue: errors[0] })}
    </p>
  );
}

export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
    >
      {t(errors[0])}
    </div>
  );
}

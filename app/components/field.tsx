import { getInputProps, type FieldMetadata } from '@conform-to/react';
import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

type FieldProps = {
  label: string;
  meta: FieldMetadata<string | number | null | undefined>;
  type: 'text' | 'email' | 'password' | 'tel' | 'hidden';
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'id'>;

/** A labelled input whose errors are announced and tied to it with aria-describedby. */
export function Field({ label, meta, type, hint, ...rest }: FieldProps) {
  const errorId = meta.errorId;
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const describedBy =
    [meta.errors?.length ? errorId : undefined, hintId].filter(Boolean).join(' ') || undefined;
  const { key, ...inputProps } = getInputProps(meta, { type, ariaAttributes: true });
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input key={key} {...inputProps} {...rest} className="input" aria-describedby={describedBy} />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} errors={meta.errors} />
    </div>
  );
}

/** Messages are i18n keys from the shared schemas, or the upstream's own text (returned as is). */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm text-red-600">
      {t(errors[0])}
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

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A field's id and its error's, from its form name (`wholesale[0].price` → `listing-wholesale-0-price`). */
export function idsOf(name: string) {
  const id = `listing-${name.replace(/[[\].]+/g, '-').replace(/-$/, '')}`;
  return { id, errorId: `${id}-error` };
}

/** The first error of a field, translated (the schema's messages and the channel's are keys of their own). */
export function ErrorText({ name, errors }: { name: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p id={idsOf(name).errorId} className="text-sm text-red-600">
      {t(errors[0], { defaultValue: errors[0] })}
    </p>
  );
}

/** The aria attributes tying an input to its error. */
export function ariaOf(name: string, errors?: string[]) {
  const invalid = Boolean(errors?.length);
  return {
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? idsOf(name).errorId : undefined,
  };
}

/** A labelled control with its error underneath. */
export function Labelled({
  name,
  label,
  errors,
  hint,
  children,
}: {
  name: string;
  label: string;
  errors?: string[];
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={idsOf(name).id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <ErrorText name={name} errors={errors} />
    </div>
  );
}

/** A section of the form: a fieldset with its legend. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold text-slate-800">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * A button that is a form step without JavaScript (a submit with its `intent`) and a plain button with it,
 * doing `onClick` in place.
 */
export function StepButton({
  intent,
  hydrated,
  onClick,
  children,
  className = 'btn-secondary',
  disabled,
  label,
}: {
  intent: string;
  hydrated: boolean;
  onClick?: () => void;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  label?: string;
}) {
  const inPlace = hydrated && onClick;
  return (
    <button
      type={inPlace ? 'button' : 'submit'}
      name={inPlace ? undefined : 'intent'}
      value={inPlace ? undefined : intent}
      formNoValidate
      onClick={inPlace ? onClick : undefined}
      className={className}
      disabled={disabled}
      aria-label={label}
    >
      {children}
    </button>
  );
}

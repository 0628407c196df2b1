import type { ReactNode } from 'react';
import { FieldError, type LabelledField } from '~/components/field';

/** A field's id and its error's, from its form name (`wholesale[0].price` → `listing-wholesale-0-price`). */
export function idsOf(name: string) {
  const id = `listing-${name.replace(/[[\].]+/g, '-').replace(/-$/, '')}`;
  return { id, errorId: `${id}-error` };
}

/** The first error of a field, under it (the schema's messages and the channel's are keys of their own). */
export function ErrorText({ name, errors }: { name: string; errors?: string[] }) {
  return <FieldError id={idsOf(name).errorId} errors={errors} />;
}

/** The aria attributes tying an input to its error. */
export function ariaOf(name: string, errors?: string[]) {
  const invalid = Boolean(errors?.length);
  return {
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? idsOf(name).errorId : undefined,
  };
}

/** A field of the listing form as the shared Labelled reads it, from its form name and its errors. */
export function fieldOf(name: string, errors?: string[]): LabelledField {
  return { ...idsOf(name), errors };
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

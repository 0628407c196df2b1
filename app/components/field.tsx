import { getInputProps, getSelectProps, type FieldMetadata } from '@conform-to/react';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { chosenOption } from '~/lib/form-validation';
import { FieldError } from './field-error';

export { FieldError, FormError } from './field-error';

type Meta = FieldMetadata<unknown>;

type FieldProps = {
  label: string;
  meta: Meta;
  type: 'text' | 'email' | 'password' | 'tel' | 'number' | 'hidden';
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'id'>;

/** A labelled input whose errors are announced and tied to it with aria-describedby. */
export function Field({ label, meta, type, hint, ...rest }: FieldProps) {
  const { key, ...inputProps } = getInputProps(meta, { type, ariaAttributes: true });
  return (
    <Labelled label={label} meta={meta} hint={hint}>
      {(describedBy) => (
        <input key={key} {...inputProps} {...rest} className="input" aria-describedby={describedBy} />
      )}
    </Labelled>
  );
}

type SelectFieldProps = {
  label: string;
  meta: Meta;
  hint?: string;
  /** The options, a prompt (`value=""`) first where the field starts empty. */
  children: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'multiple' | 'children'>;

/** A labelled select, tied to its errors and hint as Field ties an input. */
export function SelectField({ label, meta, hint, children, ...rest }: SelectFieldProps) {
  const { key, ...selectProps } = getSelectProps(meta, { ariaAttributes: true });
  return (
    <Labelled label={label} meta={meta} hint={hint}>
      {(describedBy) => (
        // Without a value of its own, a select shows its first enabled option instead of a disabled prompt.
        <select
          key={key}
          {...selectProps}
          defaultValue={chosenOption(meta.initialValue)}
          {...rest}
          className="input"
          aria-describedby={describedBy}
        >
          {children}
        </select>
      )}
    </Labelled>
  );
}

/** What Labelled needs of a field: its control's id, its error's id and its errors (Conform's field metadata has them). */
export type LabelledField = { id: string; errorId: string; errors?: string[] };

/**
 * Label, control, hint and error of one field. A control given as a function gets the ids that describe it (its
 * errors and hint); one given as is carries its own aria attributes.
 */
export function Labelled({
  label,
  meta,
  hint,
  children,
}: {
  label: string;
  meta: LabelledField;
  hint?: string;
  children: ReactNode | ((describedBy: string | undefined) => ReactNode);
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const describedBy =
    [meta.errors?.length ? meta.errorId : undefined, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {typeof children === 'function' ? children(describedBy) : children}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

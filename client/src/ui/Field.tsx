import type { ReactNode } from 'react';
import './ui.css';

/** What the control inside a Field receives: its id and the attributes that tie it to the hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldProps {
  /** The control's id (the label points at it); the hint and error ids derive from it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the control and announced. */
  error?: string;
  /** Extra classes of the field's wrapper (layout of a particular form). */
  className?: string;
  children: (props: FieldControlProps) => ReactNode;
}

/** One labelled control with its hint and its error, tied to it with aria-describedby; the error is announced. */
export function Field({ id, label, hint, error, className, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <small id={hintId} className="field__hint">
          {hint}
        </small>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export interface CheckboxProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  disabled?: boolean;
  hint?: ReactNode;
  error?: string;
  name?: string;
}

/** A checkbox with its label beside it (not above), its hint and error under both. */
export function Checkbox({ id, label, checked, onChange, onBlur, disabled, hint, error, name }: CheckboxProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <small id={`${id}-hint`} className="field__hint">
          {hint}
        </small>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

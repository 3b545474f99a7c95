import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useField } from 'react-final-form';
import { Spinner } from './Spinner';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'onFocus'> {
  name: string;
  label: string;
  hint?: ReactNode;
  validate?: (value: unknown, allValues: object) => string | undefined;
  /** Called after the field loses focus (the forms that save on blur hook in here). */
  onAfterBlur?: () => void;
  /** Shows a spinner next to the field while its value is being saved. */
  saving?: boolean;
  /**
   * Holds the error until a submit was tried (short forms like sign-in, where an error appearing on
   * blur would move the links under the pointer); otherwise it shows once the field was touched.
   */
  errorsAfterSubmit?: boolean;
}

/**
 * A labelled text input bound to react-final-form. Its hint and error are tied to it with
 * aria-describedby; the error appears once the field was touched and is announced (role="alert").
 */
export function TextField({ name, label, hint, validate, onAfterBlur, saving = false, errorsAfterSubmit = false, type = 'text', ...rest }: TextFieldProps) {
  const id = useId();
  const { input, meta } = useField<string>(name, { validate, type: type === 'checkbox' ? 'checkbox' : undefined });
  const error = (errorsAfterSubmit ? meta.submitFailed || meta.submitSucceeded : meta.touched) ? ((meta.error as string | undefined) ?? (meta.dirtySinceLastSubmit ? undefined : (meta.submitError as string | undefined))) : undefined;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...rest}
        {...input}
        value={input.value ?? ''}
        id={id}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onBlur={(event) => {
          input.onBlur(event);
          onAfterBlur?.();
        }}
      />
      {saving && <Spinner label={`Saving ${label}`} />}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export interface CheckboxFieldProps {
  name: string;
  label: ReactNode;
  validate?: (value: unknown, allValues: object) => string | undefined;
  disabled?: boolean;
  hint?: ReactNode;
}

/** A labelled checkbox bound to react-final-form (label beside it), with its hint, and its error announced once touched. */
export function CheckboxField({ name, label, validate, disabled, hint }: CheckboxFieldProps) {
  const id = useId();
  const { input, meta } = useField<boolean>(name, { type: 'checkbox', validate });
  const error = meta.touched ? ((meta.error as string | undefined) ?? (meta.submitError as string | undefined)) : undefined;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field field--checkbox">
      <input
        name={input.name}
        checked={input.checked === true}
        onChange={input.onChange}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        id={id}
        type="checkbox"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox that must be ticked. */
export const mustAccept =
  (message: string) =>
  (value: unknown): string | undefined =>
    value === true ? undefined : message;

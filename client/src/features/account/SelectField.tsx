import { useId } from 'react';
import { useField } from 'react-final-form';
import { Spinner } from '../../ui/Spinner';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  name: string;
  label: string;
  options: readonly SelectOption[];
  placeholder: string;
  validate?: (value: unknown, allValues: object) => string | undefined;
  /** Called after a choice (the value is already in the form). */
  onAfterChange?: (value: string) => void;
  onAfterBlur?: () => void;
  saving?: boolean;
  disabled?: boolean;
}

/** A labelled select bound to react-final-form, with its error announced once touched. */
export function SelectField({ name, label, options, placeholder, validate, onAfterChange, onAfterBlur, saving = false, disabled }: SelectFieldProps) {
  const id = useId();
  const { input, meta } = useField<string>(name, { validate });
  const error = meta.touched ? (meta.error as string | undefined) : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={input.name}
        value={input.value ?? ''}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onFocus={input.onFocus}
        onChange={(event) => {
          input.onChange(event.target.value);
          onAfterChange?.(event.target.value);
        }}
        onBlur={() => {
          input.onBlur();
          onAfterBlur?.();
        }}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {saving && <Spinner label={`Saving ${label}`} />}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

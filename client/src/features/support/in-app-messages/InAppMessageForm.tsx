import { pageLabel } from '@cadence/domain/in-app-messages';
import { IN_APP_MESSAGE_LIMITS } from '@cadence/domain/in-app-message-input';
import type { SubmissionErrors } from 'final-form';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Form, useField } from 'react-final-form';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { TextField } from '../../../ui/TextField';
import {
  AUDIENCE_OPTIONS,
  DEVICE_OPTIONS,
  PAGE_OPTIONS,
  TYPE_OPTIONS,
  validateInAppMessage,
  type InAppMessageFormValues,
} from './in-app-message-form';

export interface InAppMessageFormProps {
  initialValues: InAppMessageFormValues;
  /** Resolves to nothing on success, or to final-form submission errors (the API's field errors). */
  onSubmit: (values: InAppMessageFormValues) => Promise<SubmissionErrors | undefined>;
  onCancel: () => void;
  submitLabel: string;
  /** The form's accessible name ("New in-app message", "Edit in-app message"). */
  title: string;
}

/** The error a field shows: its own check once touched, else the server's until it is edited again. */
function useFieldError(name: string): string | undefined {
  const { meta } = useField(name, { subscription: { touched: true, error: true, submitError: true, dirtySinceLastSubmit: true, submitFailed: true } });
  if (!meta.touched && !meta.submitFailed) return undefined;
  return (meta.error as string | undefined) ?? (meta.dirtySinceLastSubmit ? undefined : (meta.submitError as string | undefined));
}

function FieldErrorText({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {error}
    </p>
  );
}

function SelectField({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  const id = useId();
  const { input } = useField<string>(name);
  const error = useFieldError(name);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select {...input} id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {children}
      </select>
      <FieldErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

function HeadlineField() {
  const { input } = useField<string>('type', { subscription: { value: true } });
  return <TextField name="headline" label={input.value === 'POPUP_MODAL' ? 'Headline' : 'Headline (popups only)'} maxLength={IN_APP_MESSAGE_LIMITS.headline} />;
}

function BodyField() {
  const id = useId();
  const { input } = useField<string>('bodyText');
  const error = useFieldError('bodyText');
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>Body text</label>
      <textarea {...input} id={id} rows={5} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      <p id={`${id}-hint`} className="field__hint">
        HTML is allowed. It is sanitised when saved: scripts, styles, event handlers and unsafe links are removed.
      </p>
      <FieldErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

function CheckboxField({ name, label }: { name: string; label: string }) {
  const id = useId();
  const { input } = useField<boolean>(name, { type: 'checkbox' });
  return (
    <div className="field field--checkbox">
      <input name={input.name} checked={input.checked ?? false} onChange={input.onChange} onBlur={input.onBlur} onFocus={input.onFocus} id={id} type="checkbox" />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function CheckboxGroup({ name, legend, options, hint, labelOf = (o) => o }: { name: string; legend: string; options: readonly string[]; hint?: string; labelOf?: (option: string) => string }) {
  const id = useId();
  const error = useFieldError(name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="field" aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {options.map((option) => (
        <GroupOption key={option} name={name} value={option} label={labelOf(option)} />
      ))}
      <FieldErrorText id={`${id}-error`} error={error} />
    </fieldset>
  );
}

function GroupOption({ name, value, label }: { name: string; value: string; label: string }) {
  const id = useId();
  const { input } = useField<string>(name, { type: 'checkbox', value });
  return (
    <span className="field--checkbox">
      <input {...input} id={id} type="checkbox" />
      <label htmlFor={id}>{label}</label>
    </span>
  );
}

/**
 * Supporting §3 in-app message editor for support staff. Checks what each type needs before it is
 * sent; the API checks again and its field errors show next to the fields.
 */
export function InAppMessageForm({ initialValues, onSubmit, onCancel, submitLabel, title }: InAppMessageFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  // The button that opened the form is gone; keyboard users continue at the form's first control.
  useEffect(() => formRef.current?.querySelector('select')?.focus(), []);
  return (
    <Form<InAppMessageFormValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      validate={validateInAppMessage}
      // Only what the frame shows: each field subscribes to its own state, so typing re-renders one field.
      subscription={{ submitting: true, submitError: true }}
      render={({ handleSubmit, submitting, submitError }) => (
        <form ref={formRef} className="in-app-message-form" aria-label={title} noValidate onSubmit={(e) => void handleSubmit(e)}>
          <SelectField name="type" label="Type">
            <option value="">Choose a type</option>
            {TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
          <HeadlineField />
          <BodyField />
          <fieldset className="field">
            <legend>Call to action</legend>
            <TextField name="ctaText" label="Button text" maxLength={IN_APP_MESSAGE_LIMITS.ctaText} />
            <TextField name="ctaUrl" label="Button address" hint="https://…, mailto:… or a path on this site such as /releases" inputMode="url" />
            <CheckboxField name="ctaNewTab" label="Open in a new tab" />
          </fieldset>
          <CheckboxField name="disableCloseBtn" label="Disable the close button" />
          <TextField name="delay" label="Delay (seconds)" inputMode="numeric" hint={`Whole seconds from 0 to ${IN_APP_MESSAGE_LIMITS.delaySeconds}`} />
          <CheckboxGroup name="pages" legend="Pages" options={PAGE_OPTIONS} labelOf={pageLabel} hint="'Every page' shows the message everywhere; 'Start page and other pages' covers pages without their own entry." />
          <CheckboxGroup name="devices" legend="Devices" options={DEVICE_OPTIONS} />
          <TextField name="startDate" label="Start date" type="datetime-local" hint="Empty: starts now" />
          <TextField name="endDate" label="End date" type="datetime-local" hint="Empty: never ends" />
          <SelectField name="audience" label="Audience">
            {AUDIENCE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
          <CheckboxField name="force" label="Force (shown alone, on every page, even when dismissed)" />
          <CheckboxField name="isStandAlone" label="Stand-alone (shown without other messages)" />
          <CheckboxField name="isDisplayAlways" label="Display always (a dismissal lasts only for the session)" />
          {submitError ? <ErrorMessage>{submitError as string}</ErrorMessage> : null}
          <div className="form-actions">
            <button className="button" type="submit" disabled={submitting}>
              {submitLabel}
            </button>
            <button className="button button--secondary" type="button" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
    />
  );
}

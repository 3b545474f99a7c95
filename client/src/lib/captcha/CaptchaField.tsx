import type {} from 'altcha/types/react';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { useField } from 'react-final-form';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { loadAltchaWidget } from './altcha-widget';

/** The message when the check was not done (the server's 'captcha-required' wording). */
export const CAPTCHA_REQUIRED_MESSAGE = "Please confirm you're not a robot.";
export const CAPTCHA_LOAD_FAILED_MESSAGE = 'We could not load the security check. Please reload the page.';

/** The field holds a solved challenge. */
export const isAnswered = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The widget's `statechange` event: its state and, once verified, the payload to send. */
type StateChange = CustomEvent<{ state: string; payload?: string }>;

export interface CaptchaFieldProps {
  /** The react-final-form field that receives the solved challenge (the widget's payload). */
  name: string;
  /** What the challenge is for, as the server issues it. */
  type: 'signup' | 'unlock';
  /**
   * Bump it for a fresh challenge: a solution is taken once, so after the server used or refused
   * one, the widget starts over and the field empties.
   */
  generation?: number;
  /** Holds a missing check's error until a submit was tried; otherwise it shows once the field was touched. */
  errorsAfterSubmit?: boolean;
  /** Called with each change of the field by the widget (solved, or emptied on expiry). */
  onChange?: (payload: string | undefined) => void;
}

/**
 * The self-hosted proof-of-work check (ALTCHA): a labelled checkbox, "I'm not a robot"; ticking it
 * (click, or Space from the keyboard) lets the browser work for about a second, with nothing to
 * read, hear or type. The solved challenge goes into the form field `name`; a missing one is an
 * announced error tied to the group.
 */
export function CaptchaField({ name, type, generation = 0, errorsAfterSubmit = false, onChange }: CaptchaFieldProps) {
  const id = useId();
  const widget = useRef<HTMLElement>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const { input, meta } = useField<string>(name, {
    validate: (value: unknown) => (isAnswered(value) ? undefined : CAPTCHA_REQUIRED_MESSAGE),
    subscription: { value: true, error: true, touched: true, submitFailed: true, submitSucceeded: true },
  });
  // Handlers read the latest callbacks without re-subscribing the widget on each render.
  const latest = useRef({ input, onChange });
  latest.current = { input, onChange };

  useEffect(() => {
    loadAltchaWidget().catch(() => setLoadFailed(true));
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!element) return undefined;
    // A new challenge: what was solved before no longer counts.
    latest.current.input.onChange(undefined);
    const onState = (event: Event) => {
      const { state, payload } = (event as StateChange).detail ?? {};
      const { input: field, onChange: notify } = latest.current;
      if (state === 'verified' && payload) {
        field.onChange(payload);
        field.onBlur();
        notify?.(payload);
      } else if (state === 'expired' || state === 'error' || state === 'unverified') {
        if (isAnswered(field.value)) notify?.(undefined);
        field.onChange(undefined);
      }
    };
    element.addEventListener('statechange', onState);
    return () => element.removeEventListener('statechange', onState);
  }, [generation]);

  const showError = errorsAfterSubmit ? meta.submitFailed || meta.submitSucceeded : meta.touched || meta.submitFailed;
  const error = showError ? (meta.error as string | undefined) : undefined;
  return (
    <div className="field captcha-field" role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <p id={`${id}-label`} className="field__label">
        Security check
      </p>
      <p id={`${id}-hint`} className="field__hint">
        Tick the box: your browser then does a short calculation to show you are a person. There is nothing to read or type.
      </p>
      {/* A new key per generation: a fresh widget with a fresh challenge. */}
      <Fragment key={generation}>
        <altcha-widget ref={widget} challenge={`/api/captcha/challenge?type=${type}`} name={`${name}-altcha`} auto="off" />
      </Fragment>
      {loadFailed && <ErrorMessage>{CAPTCHA_LOAD_FAILED_MESSAGE}</ErrorMessage>}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

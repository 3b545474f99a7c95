import { useForm } from 'react-final-form';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import type { CaptchaChallengeState, CaptchaFormat } from './useCaptchaChallenge';

/** The message when the characters are missing (the server's 'captcha-required' wording). */
export const CAPTCHA_REQUIRED_MESSAGE = 'Please type the characters you see in the picture.';

/** Something was typed, ignoring surrounding spaces. */
export const isAnswered = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

const WORDING: Record<CaptchaFormat, { loading: string; loadFailed: string; another: string; required: string; switchTo: string }> = {
  image: {
    loading: 'Loading the picture',
    loadFailed: 'We could not load the picture. Please ask for another.',
    another: 'Show another picture',
    required: CAPTCHA_REQUIRED_MESSAGE,
    switchTo: 'Answer a text question instead',
  },
  text: {
    loading: 'Loading the question',
    loadFailed: 'We could not load the question. Please ask for another.',
    another: 'Ask another question',
    required: 'Please type your answer to the question.',
    switchTo: 'Type the characters in a picture instead',
  },
};

export interface CaptchaFieldProps {
  /** The react-final-form field holding the typed answer. */
  name: string;
  challenge: CaptchaChallengeState;
  /** Holds a missing answer's error until a submit was tried (see TextField). */
  errorsAfterSubmit?: boolean;
  onAfterBlur?: () => void;
  /** Called on a switch of format (a form clears its message about the previous challenge). */
  onSwitch?: () => void;
}

/**
 * The self-hosted captcha in a form: a way to switch between the picture and a text question
 * (first, so a person who cannot see the picture meets it before the answer field), the picture or
 * the question, a button for another one, and a labelled, required answer. The question is the
 * answer field's label, so a screen reader reads it on arriving in the field.
 */
export function CaptchaField({ name, challenge, errorsAfterSubmit = false, onAfterBlur, onSwitch }: CaptchaFieldProps) {
  const form = useForm();
  const words = WORDING[challenge.format];
  const answer = {
    name,
    autoComplete: 'off',
    spellCheck: false,
    autoFocus: challenge.switched,
    errorsAfterSubmit,
    validate: (value: unknown) => (isAnswered(value) ? undefined : words.required),
    onAfterBlur,
  };
  const status = challenge.loadFailed ? <ErrorMessage>{words.loadFailed}</ErrorMessage> : <Spinner label={words.loading} />;
  return (
    <div className="captcha-field">
      <button
        type="button"
        className="link-button"
        onClick={() => {
          // An answer belongs to the challenge it was typed for: the new one starts empty and untouched.
          form.change(name, undefined);
          form.resetFieldState(name);
          challenge.switchFormat();
          onSwitch?.();
        }}
      >
        {words.switchTo}
      </button>
      {challenge.format === 'image' && (challenge.imageSrc ? <img className="captcha__image" src={challenge.imageSrc} alt="Characters to type, distorted so that programs cannot read them" width={240} height={80} /> : status)}
      {challenge.format === 'text' && challenge.question === null && status}
      <button type="button" className="link-button" onClick={() => void challenge.refresh()}>
        {words.another}
      </button>
      {/* A new key per format: the other format's field starts afresh and, after a switch, takes the focus. */}
      {challenge.format === 'image' ? (
        <TextField key="image" {...answer} label="Characters in the picture" autoCapitalize="characters" />
      ) : (
        challenge.question !== null && <TextField key="text" {...answer} label={challenge.question} hint="Type the answer as a number, in digits or in words." />
      )}
    </div>
  );
}

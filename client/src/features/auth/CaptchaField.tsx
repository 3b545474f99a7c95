import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../account/TextField';

/** The message when the characters are missing (the server's 'captcha-required' wording). */
export const CAPTCHA_REQUIRED_MESSAGE = 'Please type the characters you see in the picture.';

/** Required: the typed characters, ignoring surrounding spaces. */
export const captchaRequired = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? undefined : CAPTCHA_REQUIRED_MESSAGE);

export interface CaptchaFieldProps {
  /** The react-final-form field holding the typed characters. */
  name: string;
  imageSrc: string | null;
  loadFailed: boolean;
  onNewPicture: () => void;
  onAfterBlur?: () => void;
}

/** The self-hosted captcha in a form: the picture, a "New picture" button and a labelled, required input. */
export function CaptchaField({ name, imageSrc, loadFailed, onNewPicture, onAfterBlur }: CaptchaFieldProps) {
  return (
    <div className="captcha-field">
      {imageSrc ? (
        <img className="captcha__image" src={imageSrc} alt="Characters to type, distorted so that programs cannot read them" width={240} height={80} />
      ) : loadFailed ? (
        <ErrorMessage>We could not load the picture. Please ask for a new one.</ErrorMessage>
      ) : (
        <Spinner label="Loading the picture" />
      )}
      <button type="button" className="link-button" onClick={onNewPicture}>
        New picture
      </button>
      <TextField name={name} label="Characters in the picture" autoComplete="off" autoCapitalize="characters" spellCheck={false} validate={captchaRequired} onAfterBlur={onAfterBlur} />
    </div>
  );
}

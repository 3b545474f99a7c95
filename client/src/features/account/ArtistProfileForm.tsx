import { DEBOUNCE_PROFILE_FORM_MS, STORAGE_KEYS } from '@cadence/domain/constants';
import { formatUsDate } from '@cadence/domain/date-string';
import {
  artistProfilePatch,
  birthdayPlaceholder,
  validateArtistProfile,
  LOCKED_BIRTHDAY_TEXT,
  validateBirthday,
  validateFirstName,
  validateLastName,
  validateProfileArtistName,
  type ArtistProfileValues,
  type ProfilePatch,
  type SavedProfile,
} from '@cadence/domain/profile';
import { toFieldValidator } from '@cadence/domain/validators';
import { useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { useNavigate } from 'react-router-dom';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { CaptchaField, isAnswered } from '../../lib/captcha/CaptchaField';
import { TextField } from '../../ui/TextField';
import { useDebouncedTask } from './useDebouncedTask';

export interface ProfileFormProfile extends SavedProfile {
  birthdayDisabled?: boolean;
}

export interface ArtistProfileFormProps {
  profile: ProfileFormProfile;
  /** Saves the changed fields; with the captcha on, also the solved check (then the patch may be empty). */
  onSave: (patch: ProfilePatch, captchaCode?: string) => Promise<unknown>;
  hideExplanations?: boolean;
  oneColumn?: boolean;
  /** Turns the optional captcha on (supporting §2, §4): a 'signup' proof-of-work check. */
  captcha?: ArtistProfileCaptcha;
}

export interface ArtistProfileCaptcha {
  /** Bumped after the server used or refused a solution: the check starts over. */
  generation: number;
  /** Why the server refused the last solution. */
  error?: string | null;
}

/** Where clearing the captcha sends the user (supporting §2): the on-boarding Name step, afresh. */
export const CAPTCHA_CLEARED_URL = '/on-boarding?step=1';

type ArtistProfileFormValues = ArtistProfileValues & { captcha?: string };

/**
 * Supporting §4: a solved check is kept in local storage and saved with the profile; when it is
 * cleared (it expired unused), it is forgotten and the user goes to CAPTCHA_CLEARED_URL. A new
 * check after the server's answer empties the field too, but that is not clearing: it stays.
 */
function ProfileCaptcha({ captcha, onSolved }: { captcha: ArtistProfileCaptcha; onSolved: () => void }) {
  const navigate = useNavigate();
  return (
    <>
      <CaptchaField
        name="captcha"
        type="signup"
        generation={captcha.generation}
        onChange={(payload) => {
          if (payload) {
            window.localStorage.setItem(STORAGE_KEYS.captchaCode, payload);
            onSolved();
          } else {
            window.localStorage.removeItem(STORAGE_KEYS.captchaCode);
            void navigate(CAPTCHA_CLEARED_URL);
          }
        }}
      />
      {captcha.error && <ErrorMessage>{captcha.error}</ErrorMessage>}
    </>
  );
}

/** The birthday as the form shows it (MM/DD/YYYY), from the saved yyyy-MM-dd. */
export function shownBirthday(birthday: string | null | undefined): string {
  return birthday ? (formatUsDate(birthday) ?? birthday) : '';
}

const toValues = (profile: ProfileFormProfile): Required<{ [K in keyof ArtistProfileValues]: string }> => ({
  artistName: profile.primaryArtists[0] ?? '',
  firstName: profile.firstName ?? '',
  lastName: profile.lastName ?? '',
  birthday: shownBirthday(profile.birthday),
});

/**
 * Supporting §2, §4, §5 artist profile form: Artist Name, First and Last Name, Birth Date with
 * their hints; after a field is left, a 100 ms debounce saves the changed fields when the whole
 * form is valid. An artist name already among the primary artists is not sent again. With `captcha`
 * given, the captcha is part of the form: required (nothing is saved without it), see ProfileCaptcha;
 * a newly solved check is sent even when no other field changed.
 */
export function ArtistProfileForm({ profile, onSave, hideExplanations = false, oneColumn = false, captcha }: ArtistProfileFormProps) {
  const [initialValues] = useState(() => toValues(profile));
  const saved = useRef<SavedProfile>(profile);
  saved.current = profile;
  const [busy, setBusy] = useState(false);
  const debounce = useDebouncedTask(DEBOUNCE_PROFILE_FORM_MS);
  const lastCodeSent = useRef<string | null>(null);
  const locked = profile.birthdayDisabled === true;
  const hint = (text: string) => (hideExplanations ? undefined : text);

  return (
    <Form<ArtistProfileFormValues>
      onSubmit={() => undefined}
      initialValues={initialValues}
      initialValuesEqual={() => true}
      render={({ form }) => {
        const scheduleSave = () =>
          debounce(() => {
            const values = form.getState().values;
            const code = captcha ? (values.captcha ?? '').trim() : undefined;
            if (captcha && !isAnswered(code)) return;
            if (Object.keys(validateArtistProfile(values)).length > 0) return;
            const patch = artistProfilePatch(saved.current, values);
            const newCode = code !== undefined && code !== lastCodeSent.current;
            if (!patch && !newCode) return;
            if (code !== undefined) lastCodeSent.current = code;
            setBusy(true);
            void (code === undefined ? onSave(patch!) : onSave(patch ?? {}, code))
              .catch(() => undefined)
              .finally(() => setBusy(false));
          });
        return (
          <form className={oneColumn ? 'profile-form profile-form--one-column' : 'profile-form'} aria-label="Artist profile" noValidate onSubmit={(e) => e.preventDefault()}>
            <TextField name="artistName" label="Artist Name" hint={hint('The name you perform under, shown on your releases.')} validate={toFieldValidator(validateProfileArtistName)} onAfterBlur={scheduleSave} />
            <TextField name="firstName" label="First Name" autoComplete="given-name" hint={hint('Your real name: we need it for legal purposes.')} validate={toFieldValidator(validateFirstName)} onAfterBlur={scheduleSave} />
            <TextField name="lastName" label="Last Name" autoComplete="family-name" hint={hint('Your real name: we need it for legal purposes.')} validate={toFieldValidator(validateLastName)} onAfterBlur={scheduleSave} />
            <TextField
              name="birthday"
              label="Birth Date"
              inputMode="numeric"
              autoComplete="bday"
              placeholder={birthdayPlaceholder(locked)}
              readOnly={locked}
              hint={locked ? LOCKED_BIRTHDAY_TEXT : hint('Please enter it correctly: it decides which agreements apply to you.')}
              validate={toFieldValidator(validateBirthday)}
              onAfterBlur={scheduleSave}
            />
            {captcha && <ProfileCaptcha captcha={captcha} onSolved={scheduleSave} />}
            {busy && <Spinner label="Saving your profile" />}
          </form>
        );
      }}
    />
  );
}

import { DEBOUNCE_PROFILE_FORM_MS } from '@cadence/domain/constants';
import { formatUsDate } from '@cadence/domain/date-string';
import {
  artistProfilePatch,
  birthdayPlaceholder,
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
import { Spinner } from '../../ui/Spinner';
import { TextField } from './TextField';
import { useDebouncedTask } from './useDebouncedTask';

export interface ProfileFormProfile extends SavedProfile {
  birthdayDisabled?: boolean;
}

export interface ArtistProfileFormProps {
  profile: ProfileFormProfile;
  onSave: (patch: ProfilePatch) => Promise<unknown>;
  hideExplanations?: boolean;
  oneColumn?: boolean;
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
 * form is valid. An artist name already among the primary artists is not sent again.
 */
export function ArtistProfileForm({ profile, onSave, hideExplanations = false, oneColumn = false }: ArtistProfileFormProps) {
  const [initialValues] = useState(() => toValues(profile));
  const saved = useRef<SavedProfile>(profile);
  saved.current = profile;
  const [busy, setBusy] = useState(false);
  const debounce = useDebouncedTask(DEBOUNCE_PROFILE_FORM_MS);
  const locked = profile.birthdayDisabled === true;
  const hint = (text: string) => (hideExplanations ? undefined : text);

  return (
    <Form<ArtistProfileValues>
      onSubmit={() => undefined}
      initialValues={initialValues}
      initialValuesEqual={() => true}
      render={({ form }) => {
        const scheduleSave = () =>
          debounce(() => {
            const patch = artistProfilePatch(saved.current, form.getState().values);
            if (!patch) return;
            setBusy(true);
            void onSave(patch)
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
            {busy && <Spinner label="Saving your profile" />}
          </form>
        );
      }}
    />
  );
}

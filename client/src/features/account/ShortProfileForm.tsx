import { DEBOUNCE_SHORT_FORM_MS, STORAGE_KEYS } from '@cadence/domain/constants';
import {
  birthdayPlaceholder,
  LOCKED_BIRTHDAY_TEXT,
  shortProfileOutcome,
  validateBirthday,
  validateFirstName,
  validateLastName,
  type ProfilePatch,
  type ShortProfileValues,
} from '@cadence/domain/profile';
import { toFieldValidator } from '@cadence/domain/validators';
import { useEffect, useRef, useState } from 'react';
import { Form, FormSpy } from 'react-final-form';
import { Spinner } from '../../ui/Spinner';
import { shownBirthday, type ProfileFormProfile } from './ArtistProfileForm';
import { useDebouncedTask } from './useDebouncedTask';
import { TextField } from '../../ui/TextField';

export interface ShortProfileFormProps {
  profile: ProfileFormProfile;
  onSave: (patch: ProfilePatch) => Promise<unknown>;
}

type Values = Required<{ [K in keyof ShortProfileValues]: string }>;

function readDraft(): Values | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.shortProfileDraft);
    const parsed = raw ? (JSON.parse(raw) as Partial<Values>) : null;
    if (!parsed || typeof parsed !== 'object') return null;
    return { firstName: String(parsed.firstName ?? ''), lastName: String(parsed.lastName ?? ''), birthday: String(parsed.birthday ?? '') };
  } catch {
    return null;
  }
}

const writeDraft = (values: Values) => window.localStorage.setItem(STORAGE_KEYS.shortProfileDraft, JSON.stringify(values));
const deleteDraft = () => window.localStorage.removeItem(STORAGE_KEYS.shortProfileDraft);

/**
 * Supporting §4 short profile form (first name, last name, birth date): 500 ms after the last edit
 * a valid change is saved (the form goes busy until the profile comes back, which also drops the
 * draft); an invalid change is kept as a local draft that fills the form next time.
 */
export function ShortProfileForm({ profile, onSave }: ShortProfileFormProps) {
  const locked = profile.birthdayDisabled === true;
  const [initialValues] = useState<Values>(() => {
    const draft = readDraft();
    const fromProfile = { firstName: profile.firstName ?? '', lastName: profile.lastName ?? '', birthday: shownBirthday(profile.birthday) };
    return draft ? { ...draft, birthday: locked ? fromProfile.birthday : draft.birthday } : fromProfile;
  });
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const saved = useRef(profile);
  saved.current = profile;
  const debounce = useDebouncedTask(DEBOUNCE_SHORT_FORM_MS);

  useEffect(() => {
    if (!busyRef.current) return;
    busyRef.current = false;
    setBusy(false);
    deleteDraft();
  }, [profile]);

  const onValues = (edited: Partial<Values>) =>
    debounce(() => {
      // react-final-form drops emptied fields from `values`; the rules and the draft want them as ''.
      const values: Values = { firstName: edited.firstName ?? '', lastName: edited.lastName ?? '', birthday: edited.birthday ?? '' };
      const outcome = shortProfileOutcome({ ...saved.current, birthday: shownBirthday(saved.current.birthday) }, values);
      if (outcome.action === 'draft') writeDraft(values);
      if (outcome.action !== 'save') return;
      // The saved birthday is compared in the shown format above; send only real changes.
      const patch = { ...outcome.patch };
      if (patch.birthday !== undefined && patch.birthday === saved.current.birthday) delete patch.birthday;
      if (Object.keys(patch).length === 0) return;
      busyRef.current = true;
      setBusy(true);
      void onSave(patch).catch(() => {
        busyRef.current = false;
        setBusy(false);
      });
    });

  return (
    <Form<Values>
      onSubmit={() => undefined}
      initialValues={initialValues}
      initialValuesEqual={() => true}
      render={() => (
        <form className="short-profile-form" aria-label="Name and birth date" noValidate onSubmit={(e) => e.preventDefault()}>
          <FormSpy<Values> subscription={{ values: true, dirty: true }} onChange={({ values, dirty }) => dirty && onValues(values)} />
          <TextField name="firstName" label="First Name" autoComplete="given-name" validate={toFieldValidator(validateFirstName)} />
          <TextField name="lastName" label="Last Name" autoComplete="family-name" validate={toFieldValidator(validateLastName)} />
          <TextField
            name="birthday"
            label="Birth Date"
            inputMode="numeric"
            placeholder={birthdayPlaceholder(locked)}
            readOnly={locked}
            hint={locked ? LOCKED_BIRTHDAY_TEXT : undefined}
            validate={toFieldValidator(validateBirthday)}
          />
          {busy && <Spinner label="Saving your name and birth date" />}
        </form>
      )}
    />
  );
}

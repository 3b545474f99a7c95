/**
 * The reusable forms wired to the signed-in profile: the on-boarding steps and settings use these,
 * while the forms themselves stay free of data fetching (and are tested on their own).
 */
import { useMutation } from '@apollo/client/react';
import type { AddressInput } from '@cadence/domain/address';
import { isMinor } from '@cadence/domain/age';
import { utcDate } from '@cadence/domain/date-string';
import { useBrand } from '../../lib/brand';
import { USER_EXISTS_BODY, USER_EXISTS_KEY } from '@cadence/domain/email';
import type { UpdateProfileInput } from '../../gql/graphql';
import { RequestEmailChangeMutation, ResendVerificationEmailMutation } from '../../lib/account/account.graphql';
import { AddressForm } from './AddressForm';
import { ArtistProfileForm } from './ArtistProfileForm';
import { ContactsForm, type EmailChangeFailure } from './ContactsForm';
import { graphqlErrorInfo } from '../../lib/graphql-errors';
import { ShortProfileForm } from './ShortProfileForm';
import { useSaveProfile, type AccountProfile } from '../../lib/account/useAccount';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useCallback, useRef, useState } from 'react';
import { SaveStatus, type SaveState } from '../../ui/SaveStatus';

/** Saves and throws when the server refused a field, so the form keeps its spinner logic simple. */
function useStrictSave() {
  const save = useSaveProfile();
  return async (patch: UpdateProfileInput) => {
    const refused = await save(patch);
    if (refused.length > 0) throw new Error(refused.map((e) => e.message).join(' '));
  };
}

const toInput = (patch: AddressInput): UpdateProfileInput => {
  const input: UpdateProfileInput = {};
  for (const [field, value] of Object.entries(patch)) (input as Record<string, string | null>)[field] = value ?? null;
  return input;
};

/**
 * Follows an autosaving form's saves for the inline status beside it: "Saving…", then "Saved" (or
 * why not). Only the latest save speaks, so an older answer arriving late does not overwrite it.
 */
function useSaveState() {
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | undefined>();
  const latest = useRef(0);
  const track = useCallback(<T,>(run: () => Promise<T>): Promise<T> => {
    latest.current += 1;
    const mine = latest.current;
    setState('saving');
    return run().then(
      (value) => {
        if (mine === latest.current) setState('saved');
        return value;
      },
      (e: unknown) => {
        if (mine === latest.current) {
          setState('error');
          setError(e instanceof Error ? `Not saved: ${e.message}` : 'Not saved');
        }
        throw e;
      },
    );
  }, []);
  return { status: <SaveStatus state={state} error={error} />, track };
}

export function ProfileAddressForm({ profile, oneColumn }: { profile: AccountProfile; oneColumn?: boolean }) {
  const save = useStrictSave();
  const { status, track } = useSaveState();
  return (
    <>
      <AddressForm profile={profile} oneColumn={oneColumn} onSave={(patch) => track(() => save(toInput(patch)))} />
      {status}
    </>
  );
}

/**
 * The artist profile form on the signed-in profile. `captcha` (on-boarding step 1 turns it on while
 * profile.needsCaptcha) adds the form's 'signup' proof-of-work check, sent with the save; a refused
 * solution shows its message and the check starts over (a solution is taken once).
 */
export function ProfileArtistForm({ profile, hideExplanations, captcha = false }: { profile: AccountProfile; hideExplanations?: boolean; captcha?: boolean }) {
  const save = useSaveProfile();
  const [generation, setGeneration] = useState(0);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const { status, track } = useSaveState();
  const onSave = (patch: UpdateProfileInput, captchaCode?: string) => track(() => saveArtist(patch, captchaCode));
  const saveArtist = async (patch: UpdateProfileInput, captchaCode?: string) => {
    const refused = await save(captchaCode === undefined ? patch : { ...patch, captchaCode });
    const captchaRefusal = refused.find((e) => e.field === 'captchaCode');
    setCaptchaError(captchaRefusal?.message ?? null);
    if (captchaRefusal) setGeneration((g) => g + 1);
    const others = refused.filter((e) => e !== captchaRefusal);
    if (others.length > 0) throw new Error(others.map((e) => e.message).join(' '));
  };
  return (
    <>
      <ArtistProfileForm profile={profile} hideExplanations={hideExplanations} onSave={onSave} captcha={captcha ? { generation, error: captchaError } : undefined} />
      {status}
    </>
  );
}

export function ProfileShortForm({ profile }: { profile: AccountProfile }) {
  const save = useStrictSave();
  return <ShortProfileForm profile={profile} onSave={(patch) => save(patch)} />;
}

/**
 * Turns a failed GraphQL email change into the status/body pair the spec's messages are keyed on.
 * The refusal is recognised by its `extensions.key`, never by its message (which is the sentence
 * people read, not 'User exists').
 */
export function toEmailChangeFailure(error: unknown): EmailChangeFailure {
  if (!CombinedGraphQLErrors.is(error)) return { status: 0, body: undefined };
  const info = graphqlErrorInfo(error);
  return { status: info.code === 'CONFLICT' ? 409 : 400, body: info.key === USER_EXISTS_KEY ? USER_EXISTS_BODY : info.message };
}

export function ProfileContactsForm({ profile, askParentEmail }: { profile: AccountProfile; askParentEmail?: boolean }) {
  const [requestChange] = useMutation(RequestEmailChangeMutation);
  const [resend] = useMutation(ResendVerificationEmailMutation);
  const save = useStrictSave();
  const minor = isMinor(profile.birthday, utcDate(new Date()));
  const { brandName } = useBrand();
  return (
    <ContactsForm
      brandName={brandName}
      profile={profile}
      askParentEmail={askParentEmail ?? minor}
      isMinor={minor}
      disabled={!profile.viewerCan.changeEmail}
      onChangeEmail={async (newEmail) => {
        try {
          await requestChange({ variables: { input: { newEmail } } });
        } catch (error) {
          throw toEmailChangeFailure(error);
        }
      }}
      onResendVerification={() => resend()}
      onSaveParentEmail={(parentEmail) => save({ parentEmail })}
    />
  );
}

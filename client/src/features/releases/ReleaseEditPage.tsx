import { useMutation } from '@apollo/client/react';
import { TEXT_LIMITS } from '@cadence/domain/text-limits';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { PageHandle } from '../../lib/page-meta';
import { appPreloader } from '../../lib/preload';
import { Button, ButtonRow, buttonClass } from '../../ui/Button';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Field } from '../../ui/Field';
import { ReleaseEditor } from './ReleaseEditor';
import { ReleaseEditorQuery } from './release-editor.graphql';
import { CreateReleaseMutation } from './ReleasesPage';

export const handle: PageHandle = {
  pageTitle: 'New release | {appName}',
  pageDescription: 'Start a single or an album on {appName}, then add tracks, cover art and credits.',
};

type Kind = 'single' | 'album';
const KINDS: readonly { kind: Kind; label: string; hint: string }[] = [
  { kind: 'single', label: 'Single', hint: 'One song, perhaps with its versions (up to three tracks).' },
  { kind: 'album', label: 'Album', hint: 'Several songs: an EP or a full album.' },
];

/**
 * With ?id=, preloads the release with the navigation, as /releases/{id} does (ReleasePage.tsx): the
 * route's skeleton stays until the editor can show it (issue 22). The new-release step loads nothing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const id = new URL(request.url).searchParams.get('id');
  if (!id) return null;
  const preloadQuery = appPreloader();
  await preloadQuery.toPromise(preloadQuery(ReleaseEditorQuery, { variables: { id }, errorPolicy: 'all' }));
  return null;
}

/**
 * /releases/edit: with ?id= it edits that release. Without, nothing is saved yet: it asks whether
 * this is a single or an album and for its title, and the draft is created with that first real
 * edit, then opens at its own address (/releases/{id}).
 */
export default function ReleaseEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (id) return <ReleaseEditor key={id} releaseId={id} />;
  return <NewRelease />;
}

function NewRelease() {
  const navigate = useNavigate();
  const [kind, setKind] = useState<Kind | null>(null);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | undefined>();
  const [createRelease, { error, loading }] = useMutation(CreateReleaseMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') {
      setTitleError(`Give your ${kind ?? 'release'} a title.`);
      return;
    }
    const result = await createRelease({ variables: { input: { title: title.trim() } } }).catch(() => null);
    const newId = result?.data?.createRelease.release.id;
    if (newId) await navigate(`/releases/${newId}`, { replace: true });
  };

  return (
    <section className="page page--narrow" aria-labelledby="release-new-title">
      <p>
        <Link to="/releases">← Your releases</Link>
      </p>
      <h1 id="release-new-title">New release</h1>
      {!kind ? (
        <fieldset className="release-kind">
          <legend>Is this a single or an album?</legend>
          <p className="field__hint">Nothing is saved until you name it.</p>
          <ButtonRow>
            {KINDS.map((k) => (
              <Button key={k.kind} variant="secondary" onClick={() => setKind(k.kind)} aria-describedby={`release-kind-${k.kind}`}>
                {k.label}
              </Button>
            ))}
          </ButtonRow>
          <ul className="release-kind__hints">
            {KINDS.map((k) => (
              <li key={k.kind} id={`release-kind-${k.kind}`}>
                <strong>{k.label}:</strong> {k.hint}
              </li>
            ))}
          </ul>
        </fieldset>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={`Name your ${kind}`}>
          <Field id="release-new-name" label={kind === 'single' ? 'Title of the single' : 'Title of the album'} hint="Your draft is saved when you create it; you can change the title later." error={titleError}>
            {(a) => (
              <input
                {...a}
                type="text"
                // Focus goes to the one field of this step, right after the choice.
                autoFocus
                maxLength={TEXT_LIMITS.releaseTitle}
                value={title}
                onChange={(e) => {
                  setTitle(e.target.value);
                  setTitleError(undefined);
                }}
              />
            )}
          </Field>
          {error && (
            <ErrorMessage>
              <p>We could not create your {kind}: {error.message}</p>
            </ErrorMessage>
          )}
          <ButtonRow>
            <Button type="submit" disabled={loading}>
              Create {kind}
            </Button>
            <Button variant="secondary" onClick={() => setKind(null)}>
              Back
            </Button>
            <Link className={buttonClass('link')} to="/releases">
              Cancel
            </Link>
          </ButtonRow>
        </form>
      )}
    </section>
  );
}

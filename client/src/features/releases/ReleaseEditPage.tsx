import { useMutation } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PageHandle } from '../../lib/page-meta';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { ReleaseEditor } from './ReleaseEditor';
import { CreateReleaseMutation } from './ReleasesPage';

export const handle: PageHandle = {
  pageTitle: 'Edit release | {appName}',
  pageDescription: 'Add tracks, cover art and credits to your release on {appName}.',
};

/**
 * /releases/edit: with ?id= it edits that release; without, it starts a new release and moves to
 * its own address (/releases/{id}) so a reload or a shared link opens the same draft.
 */
export default function ReleaseEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const [createRelease, { error }] = useMutation(CreateReleaseMutation);
  const started = useRef(false);

  useEffect(() => {
    if (id || started.current) return;
    started.current = true;
    void createRelease()
      .then((r) => {
        const newId = r.data?.createRelease.release.id;
        if (newId) void navigate(`/releases/${newId}`, { replace: true });
      })
      .catch(() => undefined);
  }, [id, createRelease, navigate]);

  if (id) return <ReleaseEditor key={id} releaseId={id} />;
  return (
    <section className="page" aria-labelledby="release-edit-title">
      <h1 id="release-edit-title">Edit release</h1>
      {error ? (
        <ErrorMessage>
          <p>We could not start a new release: {error.message}</p>
        </ErrorMessage>
      ) : (
        <Spinner label="Starting a new release" />
      )}
    </section>
  );
}

import type { FragmentType } from '@apollo/client';
import { useFragment, useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { graphql } from '../../gql';
import type { ReleaseStatusActions_ReleaseFragment } from '../../gql/graphql';
import { ConfirmDialog } from './ConfirmDialog';
import { ReopenReleaseMutation } from './release-editor.graphql';
import { DeleteReleaseMutation, TakedownReleaseMutation } from './ReleasesPage';

/** What the status actions need: the release and what the server lets the viewer do with it. */
export const ReleaseStatusActionsReleaseFragment = graphql(`
  fragment ReleaseStatusActions_release on Release {
    id
    viewerCan {
      reopen
      takedown
      delete
    }
  }
`);

type Action = 'takedown' | 'delete' | null;

/** The editor's status actions, offered as the server's viewerCan allows: back to draft, take down, delete. */
export function ReleaseStatusActions({ release: from, onError }: { release: FragmentType<ReleaseStatusActions_ReleaseFragment>; onError: (message: string) => void }) {
  const { data: release, complete } = useFragment({ fragment: ReleaseStatusActionsReleaseFragment, from });
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Action>(null);
  const [reopen, reopening] = useMutation(ReopenReleaseMutation);
  const [takedown, takingDown] = useMutation(TakedownReleaseMutation, { refetchQueries: ['ReleaseCounts'] });
  const [remove, removing] = useMutation(DeleteReleaseMutation, { refetchQueries: ['ReleaseCounts', 'ReleasesPage'] });
  const fail = (e: unknown) => onError(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
  if (!complete) return null;
  const canReopen = release.viewerCan.reopen;

  if (!canReopen && !release.viewerCan.takedown && !release.viewerCan.delete) return null;
  return (
    <div className="actions">
      {canReopen && (
        <button type="button" className="button button--secondary" disabled={reopening.loading} onClick={() => void reopen({ variables: { id: release.id } }).catch(fail)}>
          Move back to draft
        </button>
      )}
      {release.viewerCan.takedown && (
        <button type="button" className="button button--secondary" onClick={() => setAsking('takedown')}>
          Take down
        </button>
      )}
      {release.viewerCan.delete && (
        <button type="button" className="button button--secondary" onClick={() => setAsking('delete')}>
          Delete release
        </button>
      )}
      {asking === 'takedown' && (
        <ConfirmDialog
          title="Take down this release?"
          confirmLabel="Take down"
          busy={takingDown.loading}
          onCancel={() => setAsking(null)}
          onConfirm={() =>
            void takedown({ variables: { id: release.id } })
              .catch(fail)
              .finally(() => setAsking(null))
          }
        >
          <p>It will be removed from every store.</p>
        </ConfirmDialog>
      )}
      {asking === 'delete' && (
        <ConfirmDialog
          title="Delete this release?"
          confirmLabel="Delete"
          busy={removing.loading}
          onCancel={() => setAsking(null)}
          onConfirm={() =>
            void remove({ variables: { id: release.id } })
              .then(() => navigate('/releases', { replace: true }))
              .catch((e: unknown) => {
                setAsking(null);
                fail(e);
              })
          }
        >
          <p>The release and its tracks will be deleted.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

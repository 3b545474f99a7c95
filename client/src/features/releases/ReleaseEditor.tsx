import { useApolloClient, useFragment, useMutation, useQuery } from '@apollo/client/react';
import { ARTIST_ROLE } from '@cadence/domain/constants';
import { formatUsDate, utcDate } from '@cadence/domain/date-string';
import { releaseTitleOrDefault } from '@cadence/domain/release-rules';
import type { FormApi } from 'final-form';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CheckReleaseQuery as CheckResult, ReleaseEditor_ReleaseFragment } from '../../gql/graphql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { useAlerts } from '../../ui/alerts/AlertsProvider';
import { ArtistInput } from './ArtistInput';
import { CoverArtDrop } from './CoverArtDrop';
import { AcquireReleaseLockMutation, CheckReleaseQuery, ReleaseEditorQuery, ReleaseEditorReleaseFragment } from './release-editor.graphql';
import { releaseFormValues, type ReleaseFormValues } from './release-form';
import { ReleaseMetadataForm } from './ReleaseMetadataForm';
import { ReleaseStatusActions } from './ReleaseStatusActions';
import { ReleaseStatusBadge } from './ReleaseStatusBadge';
import { TrackEditor } from './TrackEditor';
import { TracksSection } from './TracksSection';
import { useReleaseEditorActions } from './useReleaseEditorActions';
import { useUnsavedChanges } from './useUnsavedChanges';
import { TransferPanel } from './TransferPanel';
import { ReleaseEditorSkeleton } from './ReleaseSkeletons';
import './releases.css';
import { Button, ButtonRow } from '../../ui/Button';

type Issue = CheckResult['checkRelease']['issues'][number];

/** The server check's issues arranged for the views: release fields, and per track by field and as lines. */
export function arrangeIssues(issues: readonly Issue[]) {
  const release: Record<string, string> = {};
  const byTrack: Record<string, Record<string, string>> = {};
  const lines: Record<string, string[]> = {};
  for (const issue of issues) {
    if (issue.trackId) {
      (byTrack[issue.trackId] ??= {})[issue.field] ??= issue.message;
      (lines[issue.trackId] ??= []).push(issue.message);
    } else {
      release[issue.field] ??= issue.message;
    }
  }
  return { release, byTrack, lines };
}

const LOCK_TYPES = ['release'];
const LOCK_RENEW_MS = 60_000;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

/** Holds the release's edit lock while the editor is open and says when another tab or person holds it. */
function useReleaseLock(releaseId: string, enabled: boolean) {
  const [acquire] = useMutation(AcquireReleaseLockMutation);
  const [heldElsewhere, setHeldElsewhere] = useState(false);
  useEffect(() => {
    if (!enabled) return undefined;
    const take = () =>
      acquire({ variables: { input: { releaseId, lockTypes: LOCK_TYPES } } })
        .then((r) => setHeldElsewhere((r.data?.acquireReleaseLock.locks ?? []).some((l) => l.heldBy === 'OTHER_SESSION')))
        .catch(() => undefined);
    void take();
    const timer = window.setInterval(() => void take(), LOCK_RENEW_MS);
    return () => window.clearInterval(timer);
  }, [acquire, releaseId, enabled]);
  return heldElsewhere;
}

/**
 * The release editor (/releases/{id}): details, cover, tracks and credits, the check and Submit; read-only when the server says it cannot be edited.
 * `below` (the page's other panels) shows once the release has loaded, so the editor does not push it down as it arrives (issue 22).
 */
export function ReleaseEditor({ releaseId, below }: { releaseId: string; below?: ReactNode }) {
  const navigate = useNavigate();
  const client = useApolloClient();
  const { showAlert } = useAlerts();
  const today = utcDate(new Date());
  const { data, loading, error, refetch } = useQuery(ReleaseEditorQuery, { variables: { id: releaseId } });
  // The query's release is masked: the editor reads its own fragment, its parts theirs, from the cache.
  const fragment = useFragment({ fragment: ReleaseEditorReleaseFragment, fragmentName: 'ReleaseEditor_release', from: data?.release ?? null });
  const release = fragment.complete ? fragment.data : undefined;
  const actions = useReleaseEditorActions(releaseId, release?.version);
  const [issues, setIssues] = useState<Issue[] | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<FormApi<ReleaseFormValues> | null>(null);
  const editable = release?.viewerCan.edit ?? false;
  const heldElsewhere = useReleaseLock(releaseId, editable);
  const unsaved = useUnsavedChanges();
  const arranged = useMemo(() => arrangeIssues(issues ?? []), [issues]);
  // Reinitialise the form only when a new version of the release arrives (a save, or another tab's save).
  const versionKey = release ? `${release.id}@${release.version}` : null;
  const releaseRef = useRef(release);
  releaseRef.current = release;
  const initialValues = useMemo(() => (versionKey && releaseRef.current ? releaseFormValues(releaseRef.current) : null), [versionKey]);

  // Once the check has run, run it again after every saved change so its messages stay current.
  const checked = issues !== null;
  useEffect(() => {
    if (!checked || !versionKey) return;
    client
      .query({ query: CheckReleaseQuery, variables: { id: releaseId }, fetchPolicy: 'network-only' })
      .then((r) => setIssues(r.data ? [...r.data.checkRelease.issues] : null))
      .catch(() => undefined);
    // Only a new version of the release asks again; the first check is the user's.
  }, [versionKey]);

  // Issue 22: while it loads, the same skeleton as the route's first load, so the editor takes its place without a shift.
  if ((!release || !data) && loading) return <ReleaseEditorSkeleton />;
  if (!release || !data) {
    return (
      <section className="page" aria-labelledby="release-editor-title">
        <h1 id="release-editor-title">Release</h1>
        <ErrorMessage>
          <p>We could not load this release{error ? `: ${error.message}` : ''}.</p>
          <Button size="small" onClick={() => void refetch().catch(() => undefined)}>
            Try again
          </Button>
        </ErrorMessage>
      </section>
    );
  }

  const onError = (message: string) => showAlert({ type: 'error', message });
  const hideDsp = data.clientConfig.hideDSPSelection;
  const primaryArtists = release.credits.filter((c) => c.artistRelationTypeId === ARTIST_ROLE.PRIMARY);

  const runCheck = async () => {
    const result = await client.query({ query: CheckReleaseQuery, variables: { id: releaseId }, fetchPolicy: 'network-only' });
    const check = result.data?.checkRelease;
    setIssues(check ? [...check.issues] : []);
    return check?.ok ?? false;
  };

  const onSubmitRelease = async () => {
    setSubmitting(true);
    try {
      const form = formRef.current;
      if (form?.getState().dirty) {
        await form.submit();
        if (form.getState().hasValidationErrors || form.getState().hasSubmitErrors) return;
      }
      if (!(await runCheck())) {
        showAlert({ type: 'warning', message: 'Your release is not complete yet: fix the problems marked on the page.' });
        return;
      }
      await actions.submit();
      await navigate('/releases/submitted', { state: { title: releaseTitleOrDefault(release.title) } });
    } catch (e) {
      onError(messageOf(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <section className="page" aria-labelledby="release-editor-title">
        {unsaved.prompt}
        <p>
          <Link to="/releases">← Your releases</Link>
        </p>
        <header className="releases__header">
          <h1 id="release-editor-title">{releaseTitleOrDefault(release.title)}</h1>
          <ReleaseStatusBadge status={release.displayStatus} />
        </header>
        <p className="release-row__artist">
          {release.artistName} · Release date: {release.releaseDateText} · {release.territory.text}
        </p>

        {release.status === 'VALIDATED' && (
          <section className="queue-notice" aria-labelledby="queue-notice-title">
            <h2 id="queue-notice-title">Waiting for review</h2>
            <p>
              This release is in the review queue. You can still change it, but saving any change takes it out of the queue: it becomes a draft again, and when you submit it again it
              joins the end of the queue.
            </p>
          </section>
        )}
        {heldElsewhere && (
          <p className="field__error" role="alert">
            This release is open in another tab or session. Changes saved there can make yours fail; reload before editing.
          </p>
        )}
        {release.isDenied && release.rejectionReasons.length > 0 && (
          <section className="check-issues" aria-labelledby="denied-title">
            <h2 id="denied-title">Why this release was denied</h2>
            <ul>
              {release.rejectionReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </section>
        )}
        <div className="release-editor">
          <div>
            {editable && initialValues ? (
              <>
                <ReleaseMetadataForm
                  id="release-details-form"
                  formRef={formRef}
                  initialValues={initialValues}
                  dictionaries={data}
                  hideDspSelection={hideDsp}
                  today={today}
                  issues={arranged.release}
                  onDirtyChange={(dirty) => unsaved.report('release', dirty)}
                  onSave={async (input) => {
                    try {
                      await actions.saveRelease(input);
                      showAlert({ type: 'success', message: 'Release details saved.', duration: 3000 });
                    } catch (e) {
                      onError(messageOf(e));
                      throw e;
                    }
                  }}
                />
                <ArtistInput
                  label="Primary artists of the release"
                  artists={primaryArtists.map((c) => ({ id: c.id, name: c.artistName }))}
                  context={{ role: ARTIST_ROLE.PRIMARY }}
                  onAdd={async (names) => {
                    try {
                      await actions.addCredit('PRIMARY', names.join(', '));
                    } catch (e) {
                      onError(messageOf(e));
                    }
                  }}
                  onRemove={(a) => void actions.removeCredit(a.id).catch((e: unknown) => onError(messageOf(e)))}
                />
              </>
            ) : (
              <ReleaseSummary release={release} />
            )}

            {(editable || release.viewerCan.viewTracks) && (
              <TracksSection
                release={release}
                editable={editable}
                trackIssues={arranged.lines}
                issue={arranged.release.tracks}
                upload={actions.uploadTrack}
                reorder={actions.reorder}
                remove={actions.deleteTrack}
                onError={onError}
                renderEditor={(open) => {
                  // The editor's own track (its TrackEditor_track spread) for the one the list opened.
                  const track = release.tracks.find((t) => t.id === open.id);
                  return (
                    track && (
                      <TrackEditor
                        key={track.id}
                        track={track}
                        tracks={release.tracks}
                        languages={data.languages}
                        primaryArtists={primaryArtists.map((c) => c.artistName)}
                        issues={arranged.byTrack[track.id] ?? {}}
                        editable={editable}
                        actions={actions}
                        onError={onError}
                        onDirtyChange={(dirty) => unsaved.report(`track-${track.id}`, dirty)}
                      />
                    )
                  );
                }}
              />
            )}
          </div>
          <aside>
            <CoverArtDrop coverArtUrl={release.coverArtUrl} editable={editable} issue={arranged.release.coverArt} upload={actions.uploadCover} />
            {editable && (
              <ButtonRow>
                <Button type="submit" form="release-details-form" variant="secondary">
                  Save details
                </Button>
                <Button variant="secondary" onClick={() => void runCheck().catch((e: unknown) => onError(messageOf(e)))}>
                  Check release
                </Button>
                {release.status !== 'VALIDATED' && (
                  <Button disabled={submitting} onClick={() => void onSubmitRelease()}>
                    Submit release
                  </Button>
                )}
              </ButtonRow>
            )}
            <TransferPanel
              releaseId={release.id}
              version={release.version}
              editable={editable}
              tracks={release.tracks}
              onDone={() => {
                showAlert({ type: 'success', message: 'Submitted as a transfer: the release is importing.', duration: 4000 });
                void refetch().catch(() => undefined);
              }}
            />
            <ReleaseStatusActions release={release} onError={onError} />
            {/* Issue 22: the check's answer arrives a moment after the click; it comes last in the side column,
                so it moves nothing the person is looking at (above it, the form, buttons and panels stay put). */}
            <div className="release-check">
              {issues && issues.length > 0 && (
                <section className="check-issues" aria-labelledby="issues-title">
                  <h2 id="issues-title">Fix these before you submit</h2>
                  <ul role="alert">
                    {issues.map((issue) => (
                      <li key={`${issue.trackId ?? ''}-${issue.field}-${issue.key}`}>
                        {issue.trackNumber ? `Track ${issue.trackNumber}: ` : ''}
                        {issue.message}
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              {issues && issues.length === 0 && (
                <p role="status" className="field__hint">
                  Everything is ready to submit.
                </p>
              )}
            </div>
          </aside>
        </div>
      </section>
      {below}
    </>
  );
}

/** The release's details as text, for a release that can no longer be edited. */
function ReleaseSummary({ release }: { release: ReleaseEditor_ReleaseFragment }) {
  const rows: [string, string][] = [
    ['Title', releaseTitleOrDefault(release.title)],
    ['Artist', release.artistName],
    ['Release date', release.releaseDateText],
    ['Original release date', (release.originalReleaseDate && formatUsDate(release.originalReleaseDate)) || '—'],
    ['Territory', release.territory.text],
    ['UPC', release.upc ?? '—'],
    ['Catalog number', release.catalogNumber ?? '—'],
    ['Stores', release.outlets.map((o) => o.name).join(', ') || '—'],
  ];
  return (
    <section aria-labelledby="release-summary-title">
      <h2 id="release-summary-title">Release details</h2>
      <p>This release can no longer be edited.</p>
      <dl className="release-summary">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

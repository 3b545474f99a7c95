import type { FragmentType } from '@apollo/client';
import { useApolloClient, useFragment, useMutation, useQueryRefHandlers, useReadQuery } from '@apollo/client/react';
import { Table } from '../../../ui/Table';
import { useId, useState, useTransition, type FormEvent } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { PageHandle } from '../../../lib/page-meta';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { appPreloader, usePreloaded } from '../../../lib/preload';
import { graphql } from '../../../gql';
import type { ReviewDecision_ReleaseFragment, ReviewFacts_ReleaseFragment } from '../../../gql/graphql';
import { ApproveReleaseMutation, RejectReleaseMutation, ReleaseAuditLogQuery, ReviewReleaseQuery } from '../console.graphql';
import { formatDuration, formatInstant, statusLabel } from '../console-format';
import { AuditLogTable } from '../AuditLogTable';
import { CorrectMetadataForm } from './CorrectMetadataForm';
import { ReviewDeliveries } from './ReviewDeliveries';
import { StaffNav } from '../StaffNav';
import '../support.css';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';

export const handle: PageHandle = {
  pageTitle: 'Review release | {appName}',
  pageDescription: 'Listen, check and approve or reject a release.',
};

/** The release's metadata as the reviewer reads it. */
const ReviewFactsReleaseFragment = graphql(`
  fragment ReviewFacts_release on ReviewRelease {
    id
    genre
    language
    upc
    catalogNumber
    labelName
    pLine
    cLine
    releaseDate
    originalReleaseDate
    territoryAllowed
    territoryCountryCodes
    submittedAt
    outlets
    owner {
      id
      email
      name
      artistName
    }
    credits {
      artistName
      role
    }
  }
`);

/** What approving and rejecting need: the version reviewed and the tracks a reason can name. */
const ReviewDecisionReleaseFragment = graphql(`
  fragment ReviewDecision_release on ReviewRelease {
    id
    version
    tracks {
      id
      number
      title
    }
  }
`);

function territoryText(r: ReviewFacts_ReleaseFragment): string {
  if (r.territoryAllowed === null || r.territoryAllowed === undefined) return 'Worldwide';
  return `${r.territoryAllowed ? 'Only in' : 'Everywhere except'} ${r.territoryCountryCodes.join(', ')}`;
}

/** The facts list; the page's release is masked, so it reads its own fragment from the cache. */
function ReviewFacts({ release: from }: { release: FragmentType<ReviewFacts_ReleaseFragment> }) {
  const { data: release, complete } = useFragment({ fragment: ReviewFactsReleaseFragment, from });
  if (!complete) return null;
  const rows: [string, string][] = [
    ['Artist', release.owner.artistName ?? '–'],
    ['Account', `${release.owner.name || release.owner.email} (${release.owner.email})`],
    ['Genre', release.genre ?? '–'],
    ['Language', release.language],
    ['Release date', release.releaseDate ?? 'ASAP'],
    ['Original release date', release.originalReleaseDate ?? '–'],
    ['UPC', release.upc ?? '–'],
    ['Catalog number', release.catalogNumber ?? '–'],
    ['Label', release.labelName ?? '–'],
    ['℗ line', release.pLine ?? '–'],
    ['© line', release.cLine ?? '–'],
    ['Territory', territoryText(release)],
    ['Stores', release.outlets.join(', ') || '–'],
    ['Submitted', formatInstant(release.submittedAt as string | null)],
    ['Credits', release.credits.map((c) => `${c.artistName} (${statusLabel(c.role)})`).join(', ') || '–'],
  ];
  return (
    <dl className="review__facts">
      {rows.map(([term, value]) => (
        <div key={term} className="review__fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Approve, or reject with reasons for the release and its tracks. */
function ReviewDecision({ release: from, onDone }: { release: FragmentType<ReviewDecision_ReleaseFragment>; onDone: (message: string) => void }) {
  const { data: release, complete } = useFragment({ fragment: ReviewDecisionReleaseFragment, from });
  const formId = useId();
  const [releaseReason, setReleaseReason] = useState('');
  const [trackReasons, setTrackReasons] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [approve, approving] = useMutation(ApproveReleaseMutation);
  const [reject, rejecting] = useMutation(RejectReleaseMutation);
  if (!complete) return null;
  const busy = approving.loading || rejecting.loading;

  const onApprove = async () => {
    setProblem(null);
    try {
      await approve({ variables: { input: { releaseId: release.id, version: release.version } } });
      onDone('Approved: the release is queued for delivery.');
    } catch (failure) {
      setProblem(graphqlErrorInfo(failure).message);
    }
  };

  const onReject = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const reasons = [
      ...(releaseReason.trim() ? [{ reason: releaseReason.trim() }] : []),
      ...release.tracks.flatMap((t) => (trackReasons[t.id]?.trim() ? [{ trackId: t.id, reason: trackReasons[t.id]!.trim() }] : [])),
    ];
    if (reasons.length === 0) {
      setProblem('Give at least one reason: for the whole release or for a track.');
      return;
    }
    try {
      await reject({ variables: { input: { releaseId: release.id, version: release.version, reasons } } });
      onDone('Rejected: the artist sees the reasons on their release.');
    } catch (failure) {
      setProblem(graphqlErrorInfo(failure).message);
    }
  };

  return (
    <section aria-labelledby={`${formId}-title`} className="review__decision">
      <h2 id={`${formId}-title`}>Decision</h2>
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
      <div>
        <Button onClick={() => void onApprove()} disabled={busy}>
          Approve release
        </Button>
      </div>
      <form onSubmit={(e) => void onReject(e)} aria-labelledby={`${formId}-reject`} noValidate>
        <h3 id={`${formId}-reject`}>Reject with reasons</h3>
        <p id={`${formId}-hint`}>The artist reads each track reason as “Track N: reason”. Give at least one reason.</p>
        <Field id={`${formId}-release`} label="Reason for the whole release">
          {(control) => <textarea {...control} aria-describedby={`${formId}-hint`} rows={2} value={releaseReason} onChange={(e) => setReleaseReason(e.target.value)} />}
        </Field>
        {release.tracks.map((t) => (
          <Field key={t.id} id={`${formId}-${t.id}`} label={`Reason for track ${t.number}: ${t.title}`}>
            {(control) => <textarea {...control} rows={2} value={trackReasons[t.id] ?? ''} onChange={(e) => setTrackReasons((all) => ({ ...all, [t.id]: e.target.value }))} />}
          </Field>
        ))}
        <Button type="submit" variant="danger" disabled={busy}>
          Reject release
        </Button>
      </form>
    </section>
  );
}

const AUDIT_PAGE = 20;

/** Preloads the release under review and the first page of its audit log with the navigation. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const preloadQuery = appPreloader();
  const release = preloadQuery(ReviewReleaseQuery, { variables: { id }, fetchPolicy: 'cache-and-network', errorPolicy: 'all' });
  const audit = preloadQuery(ReleaseAuditLogQuery, { variables: { input: { releaseId: id, first: AUDIT_PAGE } }, fetchPolicy: 'cache-and-network', errorPolicy: 'all' });
  await Promise.all([preloadQuery.toPromise(release), preloadQuery.toPromise(audit)]);
  return { release, audit };
}

/** Issue 14: one release under review: cover, metadata, credits, the check, a player per track, and the decision. */
export default function ReviewPage() {
  const { id = '' } = useParams();
  const titleId = useId();
  const [done, setDone] = useState<string | null>(null);
  const refs = usePreloaded<typeof loader>();
  const { data, error } = useReadQuery(refs.release);
  const audit = useReadQuery(refs.audit);
  const { fetchMore } = useQueryRefHandlers(refs.audit);
  const [loadingMore, startTransition] = useTransition();
  const client = useApolloClient();
  const release = data?.reviewRelease;

  // After a decision, ask the server again; the preloaded queries follow the cache without suspending the page.
  const onDone = (message: string) => {
    setDone(message);
    void client.query({ query: ReviewReleaseQuery, variables: { id }, fetchPolicy: 'network-only' }).catch(() => undefined);
    void client.query({ query: ReleaseAuditLogQuery, variables: { input: { releaseId: id, first: AUDIT_PAGE } }, fetchPolicy: 'network-only' }).catch(() => undefined);
  };

  return (
    <section className="page review" aria-labelledby={titleId}>
      <StaffNav />
      <p>
        <Link to="/support/review">Back to the review queue</Link>
      </p>
      <h1 id={titleId}>{release ? `Review: ${release.title || 'Untitled'}` : 'Review'}</h1>
      {error && <ErrorMessage>{graphqlErrorInfo(error).message}</ErrorMessage>}
      <div role="status">{done}</div>
      {release && (
        <>
          <p>
            Status: <strong>{statusLabel(release.status)}</strong>
          </p>
          {release.rejectionReasons.length > 0 && (
            <section aria-label="Rejection reasons">
              <h2>Rejection reasons</h2>
              <ul>
                {release.rejectionReasons.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
          )}
          {release.coverUrl ? (
            <img className="review__cover" src={release.coverUrl} alt={`Cover art of ${release.title}${release.coverWidth ? ` (${release.coverWidth}×${release.coverHeight} px)` : ''}`} />
          ) : (
            <p>No cover art.</p>
          )}
          <ReviewFacts release={release} />
          {release.transfer && (
            <section aria-labelledby={`${titleId}-transfer`}>
              <h2 id={`${titleId}-transfer`}>Transfer</h2>
              <p>
                From <strong>{release.transfer.previousDistributor}</strong>
                {release.transfer.liveStores.length > 0 ? `, live at ${release.transfer.liveStores.join(', ')}` : ''}. Approving sends it to the stores with its original codes.
              </p>
              {release.transfer.conflicts.length === 0 ? (
                <p>No code conflict.</p>
              ) : (
                <ul aria-label="Code conflicts">
                  {release.transfer.conflicts.map((c) => (
                    <li key={`${c.kind}-${c.code}`}>
                      {c.kind} {c.code}:{' '}
                      {c.reason === 'OWN_PREFIX' ? 'issued by us' : c.reason === 'CLAIMED' ? 'held by another transfer' : 'used by another account'}
                      {c.otherUserId && (
                        <>
                          {' '}
                          (<Link to={`/support/users/${c.otherUserId}`}>that account</Link>)
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          <section aria-labelledby={`${titleId}-check`}>
            <h2 id={`${titleId}-check`}>Check</h2>
            {release.checkIssues.length === 0 ? (
              <p>The release passes the check.</p>
            ) : (
              <ul>
                {release.checkIssues.map((i) => (
                  <li key={`${i.field}-${i.key}-${i.trackNumber ?? ''}`}>{i.trackNumber ? `Track ${i.trackNumber}: ${i.message}` : i.message}</li>
                ))}
              </ul>
            )}
          </section>
          <section>
            <h2 id={`${titleId}-tracks`}>Tracks</h2>
            <Table regionLabelledBy={`${titleId}-tracks`} columns={['#', 'Title', 'Listen', 'Length', 'ISRC', 'Audio', 'Credits']}>
              {release.tracks.map((t) => (
                <tr key={t.id}>
                  <td>{t.number}</td>
                  <td>
                    {t.title}
                    {t.explicitLyrics ? ' (explicit)' : ''}
                  </td>
                  <td>{t.audioUrl ? <audio controls preload="none" src={t.audioUrl} aria-label={`Play track ${t.number}: ${t.title}`} /> : 'No audio'}</td>
                  <td>{formatDuration(t.durationMs)}</td>
                  <td>{t.isrc ?? 'assigned on submission'}</td>
                  <td>{[t.fileName, t.sampleRate ? `${t.sampleRate / 1000} kHz` : null, t.bitDepth ? `${t.bitDepth}-bit` : null, t.channels === 2 ? 'stereo' : t.channels === 1 ? 'mono' : null].filter(Boolean).join(', ')}</td>
                  <td>{t.credits.map((c) => `${c.artistName} (${statusLabel(c.role)})`).join(', ')}</td>
                </tr>
              ))}
            </Table>
          </section>
          {(release.status === 'VALIDATED' || (release.status === 'IMPORTING' && release.transfer)) && <ReviewDecision release={release} onDone={onDone} />}
          <ReviewDeliveries release={release} onDone={onDone} />
          {(release.status === 'VALIDATED' || release.status === 'REJECTED') && <CorrectMetadataForm key={release.version} release={release} onDone={onDone} />}
          <AuditLogTable
            title="Audit log of this release"
            events={audit.data?.releaseAuditLog.events ?? []}
            hasMore={audit.data?.releaseAuditLog.hasMore ?? false}
            loadingMore={loadingMore}
            onLoadMore={() =>
              startTransition(() =>
                fetchMore({
                  variables: { input: { releaseId: id, first: AUDIT_PAGE, after: audit.data?.releaseAuditLog.endCursor } },
                  updateQuery: (prev, { fetchMoreResult }) => ({ releaseAuditLog: { ...fetchMoreResult.releaseAuditLog, events: [...prev.releaseAuditLog.events, ...fetchMoreResult.releaseAuditLog.events] } }),
                }).then(() => undefined, () => undefined),
              )
            }
          />
        </>
      )}
    </section>
  );
}

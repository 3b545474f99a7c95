import { useQuery } from '@apollo/client/react';
import { Table } from '../../../ui/Table';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PageHandle } from '../../../lib/page-meta';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Spinner } from '../../../ui/Spinner';
import { ReviewQueueQuery } from '../console.graphql';
import { formatInstant } from '../console-format';
import { StaffNav } from '../StaffNav';
import '../support.css';
import { Button } from '../../../ui/Button';

export const handle: PageHandle = {
  pageTitle: 'Review queue | {appName}',
  pageDescription: 'Releases waiting for review, oldest first.',
};

const PAGE = 25;

/** Issue 14: releases waiting for review (VALIDATED), oldest submission first. */
export default function ReviewQueuePage() {
  const titleId = useId();
  const [transfers, setTransfers] = useState(false);
  const status = transfers ? 'IMPORTING' : 'VALIDATED';
  const { data, loading, error, fetchMore } = useQuery(ReviewQueueQuery, { variables: { input: { first: PAGE, status } }, fetchPolicy: 'cache-and-network' });
  const queue = data?.reviewQueue;
  return (
    <section className="page" aria-labelledby={titleId}>
      <StaffNav />
      <h1 id={titleId}>Review queue</h1>
      <div role="group" aria-label="Which releases">
        <button type="button" className="filter-chip" aria-pressed={!transfers} onClick={() => setTransfers(false)}>
          New releases
        </button>
        <button type="button" className="filter-chip" aria-pressed={transfers} onClick={() => setTransfers(true)}>
          Transfers
        </button>
      </div>
      {loading && !queue && <Spinner label="Loading the queue" />}
      {error && <ErrorMessage>{graphqlErrorInfo(error).message}</ErrorMessage>}
      {queue && (
        <>
          <p role="status">{queue.totalCount === 1 ? '1 release waits for review.' : `${queue.totalCount} releases wait for review.`}</p>
          {queue.releases.length > 0 && (
            <Table caption="Waiting for review, oldest first" captionId={`${titleId}-caption`} regionLabelledBy={`${titleId}-caption`} columns={['Cover', 'Release', 'Artist', 'Tracks', 'Submitted', 'Check', transfers && 'Transfer']}>
              {queue.releases.map((r) => (
                <tr key={r.id}>
                  {/* Decorative: the title beside it names the release. */}
                  <td>{r.coverUrl ? <img src={r.coverUrl} alt="" width={48} height={48} loading="lazy" /> : 'None'}</td>
                  <td>
                    <Link to={`/support/review/${r.id}`}>{r.title || 'Untitled'}</Link>
                  </td>
                  <td>{r.owner.artistName ?? r.owner.email}</td>
                  <td>{r.tracks.length}</td>
                  <td>{formatInstant(r.submittedAt as string | null)}</td>
                  <td>{r.checkIssues.length === 0 ? 'Passes' : `${r.checkIssues.length} issue${r.checkIssues.length === 1 ? '' : 's'}`}</td>
                  {transfers && <td>{r.transfer ? `From ${r.transfer.previousDistributor}${r.transfer.review === 'CODE_CONFLICT' ? ' · code conflict' : ''}` : '–'}</td>}
                </tr>
              ))}
            </Table>
          )}
          {queue.hasMore && (
            <Button
              variant="secondary"
              onClick={() =>
                void fetchMore({
                  variables: { input: { first: PAGE, after: queue.endCursor, status } },
                  updateQuery: (prev, { fetchMoreResult }) => ({
                    reviewQueue: { ...fetchMoreResult.reviewQueue, releases: [...prev.reviewQueue.releases, ...fetchMoreResult.reviewQueue.releases] },
                  }),
                })
              }
            >
              Show more
            </Button>
          )}
        </>
      )}
    </section>
  );
}

import { useQueryRefHandlers, useReadQuery } from '@apollo/client/react';
import { Table } from '../../../ui/Table';
import { useId, useTransition } from 'react';
import { Link, useLocation, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { PageHandle } from '../../../lib/page-meta';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { appPreloader, usePreloaded } from '../../../lib/preload';
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

/** The view in the address (`?view=transfers`), so the loader can preload it. */
const isTransfers = (params: URLSearchParams) => params.get('view') === 'transfers';

/** Preloads the queue (new releases, or transfers) with the navigation; the cached one shows at once, then the server's. */
export async function loader({ request }: LoaderFunctionArgs) {
  const status = isTransfers(new URL(request.url).searchParams) ? 'IMPORTING' : 'VALIDATED';
  const preloadQuery = appPreloader();
  const queueRef = preloadQuery(ReviewQueueQuery, { variables: { input: { first: PAGE, status } }, fetchPolicy: 'cache-and-network', errorPolicy: 'all' });
  return { queue: await preloadQuery.toPromise(queueRef) };
}

/** Issue 14: releases waiting for review (VALIDATED), oldest submission first. */
export default function ReviewQueuePage() {
  const titleId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // The chip shows the choice at once, while the navigation to it loads.
  const transfers = navigation.location?.pathname === pathname ? isTransfers(new URLSearchParams(navigation.location.search)) : isTransfers(searchParams);
  const setTransfers = (on: boolean) => setSearchParams(on ? { view: 'transfers' } : {});
  const showing = isTransfers(searchParams);
  const status = showing ? 'IMPORTING' : 'VALIDATED';
  const ref = usePreloaded<typeof loader>().queue;
  const { data, error } = useReadQuery(ref);
  const { fetchMore } = useQueryRefHandlers(ref);
  const [, startTransition] = useTransition();
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
      {error && <ErrorMessage>{graphqlErrorInfo(error).message}</ErrorMessage>}
      {queue && (
        <>
          <p role="status">{queue.totalCount === 1 ? '1 release waits for review.' : `${queue.totalCount} releases wait for review.`}</p>
          {queue.releases.length > 0 && (
            <Table caption="Waiting for review, oldest first" captionId={`${titleId}-caption`} regionLabelledBy={`${titleId}-caption`} columns={['Cover', 'Release', 'Artist', 'Tracks', 'Submitted', 'Check', showing && 'Transfer']}>
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
                  {showing && <td>{r.transfer ? `From ${r.transfer.previousDistributor}${r.transfer.review === 'CODE_CONFLICT' ? ' · code conflict' : ''}` : '–'}</td>}
                </tr>
              ))}
            </Table>
          )}
          {queue.hasMore && (
            <Button
              variant="secondary"
              onClick={() =>
                startTransition(() =>
                  fetchMore({
                    variables: { input: { first: PAGE, after: queue.endCursor, status } },
                    updateQuery: (prev, { fetchMoreResult }) => ({
                      reviewQueue: { ...fetchMoreResult.reviewQueue, releases: [...prev.reviewQueue.releases, ...fetchMoreResult.reviewQueue.releases] },
                    }),
                  }).then(() => undefined, () => undefined),
                )
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

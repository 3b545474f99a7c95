import type { Reference } from '@apollo/client';
import { useMutation, useQueryRefHandlers, useReadQuery } from '@apollo/client/react';
import { PAGE_SIZE } from '@cadence/domain/constants';
import { utcDate } from '@cadence/domain/date-string';
import type { DisplayStatus } from '@cadence/domain/release-rules';
import { useState, useTransition } from 'react';
import { Link, useLocation, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { buttonClass, Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { countOf } from '../../ui/plural';
import type { PageHandle } from '../../lib/page-meta';
import { useAlerts } from '../../ui/alerts/AlertsProvider';
import { graphql } from '../../gql';
import { appPreloader, usePreloaded } from '../../lib/preload';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { ConfirmDialog } from './ConfirmDialog';
import { RELEASE_FILTERS, statusesShowing } from './display-status-filter';
import { ReleaseRow } from './ReleaseRow';
import './releases.css';

export const handle: PageHandle = {
  pageTitle: 'Releases | {appName}',
  pageDescription: 'Your releases on {appName}: drafts, submissions and what is live.',
};

export const ReleasesPageQuery = graphql(`
  query ReleasesPage($first: Int!, $after: String, $statuses: [ReleaseStatus!]) {
    releases(first: $first, after: $after, statuses: $statuses) {
      totalCount
      edges {
        cursor
        node {
          id
          title
          displayStatus
          ...ReleaseRow_release
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const ReleaseCountsQuery = graphql(`
  query ReleaseCounts {
    releaseCounts {
      releases
      tracks
      byDisplayStatus {
        displayStatus
        count
      }
    }
  }
`);

export const CreateReleaseMutation = graphql(`
  mutation CreateRelease($input: CreateReleaseInput!) {
    createRelease(input: $input) {
      release {
        id
        ...ReleaseRow_release
      }
    }
  }
`);

export const TakedownReleaseMutation = graphql(`
  mutation TakedownRelease($id: ID!) {
    takedownRelease(input: { id: $id }) {
      release {
        id
        ...ReleaseRow_release
      }
    }
  }
`);

export const DeleteReleaseMutation = graphql(`
  mutation DeleteRelease($id: ID!) {
    deleteRelease(input: { id: $id }) {
      deletedReleaseId
    }
  }
`);

type Pending = { kind: 'takedown' | 'delete'; release: { id: string; title: string } } | null;

/** The display status filter, from the address (`?status=Published`), so a filtered list can be linked and reloaded. */
function filterFrom(params: URLSearchParams): DisplayStatus | null {
  const wanted = params.get('status');
  return RELEASE_FILTERS.find((status) => status === wanted) ?? null;
}

/** Preloads the list (for the filter in the address) and the counts with the navigation. */
export async function loader({ request }: LoaderFunctionArgs) {
  const filter = filterFrom(new URL(request.url).searchParams);
  const preloadQuery = appPreloader();
  const list = preloadQuery(ReleasesPageQuery, {
    variables: { first: PAGE_SIZE, statuses: filter ? statusesShowing(filter, utcDate(new Date())) : null },
    // Releases change elsewhere (the editor, the validation job): show the cached list at once, then the server's.
    fetchPolicy: 'cache-and-network',
    errorPolicy: 'all',
  });
  const counts = preloadQuery(ReleaseCountsQuery, { fetchPolicy: 'cache-and-network', errorPolicy: 'all' });
  await Promise.all([preloadQuery.toPromise(list), preloadQuery.toPromise(counts)]);
  return { list, counts };
}

/** The signed-in user's releases: filters by display status with counts, pages, takedown and delete. */
export default function ReleasesPage() {
  const { showAlert } = useAlerts();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = filterFrom(searchParams);
  // The chip shows the choice at once, while the navigation to it loads.
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const chosen = navigation.location?.pathname === pathname ? filterFrom(new URLSearchParams(navigation.location.search)) : filter;
  const setFilter = (status: DisplayStatus | null) => setSearchParams(status ? { status } : {});
  const [pending, setPending] = useState<Pending>(null);
  const [loadingMore, startTransition] = useTransition();

  const refs = usePreloaded<typeof loader>();
  const { data, error } = useReadQuery(refs.list);
  const { fetchMore, refetch } = useQueryRefHandlers(refs.list);
  const counts = useReadQuery(refs.counts);
  const [takedownRelease, takingDown] = useMutation(TakedownReleaseMutation, { refetchQueries: [ReleaseCountsQuery] });
  const [deleteRelease, deleting] = useMutation(DeleteReleaseMutation, {
    refetchQueries: [ReleaseCountsQuery],
    update(cache, { data: result }) {
      const id = result?.deleteRelease.deletedReleaseId;
      if (!id) return;
      const ref = cache.identify({ __typename: 'Release', id });
      // Drop the edge from every cached list (each filter), then the release itself.
      cache.modify<{ releases: { edges: readonly { node: Reference }[]; totalCount: number } }>({
        fields: {
          releases: (existing, { readField }) => {
            const list = existing as unknown as { edges?: readonly { node: Reference }[]; totalCount?: number } | undefined;
            if (!list?.edges) return existing;
            const edges = list.edges.filter((edge) => readField('id', edge.node) !== id);
            return { ...list, edges, totalCount: (list.totalCount ?? edges.length) - (list.edges.length - edges.length) } as typeof existing;
          },
        },
      });
      if (ref) cache.evict({ id: ref });
      cache.gc();
    },
  });

  const countOfStatus = (status: DisplayStatus) => counts.data?.releaseCounts.byDisplayStatus.find((c) => c.displayStatus === status)?.count ?? 0;
  const total = counts.data?.releaseCounts.byDisplayStatus.reduce((sum, c) => sum + c.count, 0);
  // Rows follow the chosen chip at once too: the ones already here that it keeps stay while the rest load.
  const rows = (data?.releases.edges ?? []).map((e) => e.node).filter((r) => !chosen || r.displayStatus === chosen);


  const onConfirm = async () => {
    if (!pending) return;
    const { kind, release } = pending;
    try {
      if (kind === 'takedown') {
        await takedownRelease({ variables: { id: release.id } });
        showAlert({ type: 'success', message: 'Your takedown request was submitted.', duration: 5000 });
      } else {
        await deleteRelease({ variables: { id: release.id } });
        showAlert({ type: 'success', message: 'The release was deleted.', duration: 5000 });
      }
    } catch (e) {
      showAlert({ type: 'error', message: e instanceof Error ? e.message : 'Something went wrong. Please try again.' });
    } finally {
      setPending(null);
    }
  };

  // Nothing is saved yet: the next page asks single or album and saves on the first real edit.
  const newReleaseButton = (label: string) => (
    <Link className={buttonClass('primary')} to="/releases/edit">
      {label}
    </Link>
  );

  return (
    <section className="page releases" aria-labelledby="releases-title">
      <header className="releases__header">
        <h1 id="releases-title">Releases</h1>
        {newReleaseButton('New release')}
        <Link className={buttonClass('secondary')} to="/releases/import">
          Import a catalogue
        </Link>
      </header>
      {/* The line keeps its place while the counts load, so the list below does not move (issue 22). */}
      <p className="releases__totals">
        {counts.data ? `${countOf(counts.data.releaseCounts.releases, 'release')} and ${countOf(counts.data.releaseCounts.tracks, 'track')} delivered or on their way.` : '\u00a0'}
      </p>
      <div className="releases__filters" role="group" aria-label="Filter by status">
        <button type="button" className="filter-chip" aria-pressed={chosen === null} onClick={() => setFilter(null)}>
          All{total !== undefined ? ` (${total})` : ''}
        </button>
        {/* A status with no releases is no filter worth offering (the chosen one stays, to be unchosen). */}
        {RELEASE_FILTERS.filter((status) => chosen === status || filter === status || countOfStatus(status) > 0).map((status) => (
          <button key={status} type="button" className="filter-chip" aria-pressed={chosen === status} onClick={() => setFilter(status)}>
            {status} ({countOfStatus(status)})
          </button>
        ))}
      </div>

      {error && !data && (
        <ErrorMessage>
          <p>We could not load your releases.</p>
          <Button size="small" onClick={() => startTransition(() => refetch().then(() => undefined, () => undefined))}>
            Try again
          </Button>
        </ErrorMessage>
      )}
      {data && rows.length === 0 && !filter && (
        <EmptyState title="You have no releases yet" action={newReleaseButton('Create your first release')}>
          <p>Create your first release: add your tracks and cover art, and we deliver it to the stores.</p>
        </EmptyState>
      )}
      {data && rows.length === 0 && filter && <p className="releases__empty">No releases are {filter.toLowerCase()}.</p>}
      {rows.length > 0 && (
        <ul className="release-list" aria-label="Your releases">
          {rows.map((release) => (
            <ReleaseRow
              key={release.id}
              release={release}
              onTakedown={() => setPending({ kind: 'takedown', release })}
              onDelete={() => setPending({ kind: 'delete', release })}
            />
          ))}
        </ul>
      )}
      {data?.releases.pageInfo.hasNextPage && (
        <Button
          variant="secondary"
          disabled={loadingMore}
          onClick={() => startTransition(() => fetchMore({ variables: { after: data.releases.pageInfo.endCursor } }).then(() => undefined, () => undefined))}
        >
          Show more releases
        </Button>
      )}

      {pending?.kind === 'takedown' && (
        <ConfirmDialog title="Take down this release?" confirmLabel="Take down" danger busy={takingDown.loading} onConfirm={() => void onConfirm()} onCancel={() => setPending(null)}>
          <p>
            “{pending.release.title}” will be removed from every store. The takedown request cannot be cancelled here.
          </p>
        </ConfirmDialog>
      )}
      {pending?.kind === 'delete' && (
        <ConfirmDialog title="Delete this release?" confirmLabel="Delete" danger busy={deleting.loading} onConfirm={() => void onConfirm()} onCancel={() => setPending(null)}>
          <p>“{pending.release.title}” and its tracks will be deleted.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

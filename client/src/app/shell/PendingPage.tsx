import { lazy, Suspense } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import type { ReleaseSkeletonKind } from '../../features/releases/ReleaseSkeletons';

// A chunk of its own with releases.css (about 1.5 KB compressed): the public pages never load it.
const ReleaseSkeleton = lazy(() => import('../../features/releases/ReleaseSkeletons'));

/** The skeleton a first load of a route shows, by the route's id (router.tsx); none for the others. */
export function pendingSkeleton(routeId: string | undefined, search: string): ReleaseSkeletonKind | null {
  if (routeId === 'releases') return 'releases';
  if (routeId === 'release') return 'release';
  // /releases/edit edits the release named by ?id=; without it, it is the short "New release" step.
  if (routeId === 'release-edit' && new URLSearchParams(search).get('id')) return 'release';
  return null;
}

/**
 * Issue 22: what the frame's main area shows while a first load waits for the guards, the page's
 * chunk and its data: the page's skeleton where it has one, otherwise nothing.
 */
export function PendingPage() {
  const matches = useMatches();
  const { search } = useLocation();
  const kind = pendingSkeleton(matches.at(-1)?.id, search);
  if (!kind) return null;
  return (
    <Suspense fallback={null}>
      <ReleaseSkeleton kind={kind} />
    </Suspense>
  );
}

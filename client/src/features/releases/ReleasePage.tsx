import { useParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { PageHandle } from '../../lib/page-meta';
import { appPreloader } from '../../lib/preload';
import { ReleaseEditorQuery } from './release-editor.graphql';
import { ReleaseEditor } from './ReleaseEditor';
import { DeliveriesPanel, DeliveriesPanelQuery } from './DeliveriesPanel';
import { SplitsPanel, SplitsPanelQuery } from './SplitsPanel';

export const handle: PageHandle = {
  pageTitle: 'Release | {appName}',
  pageDescription: 'Status, tracks and stores of one of your releases on {appName}.',
};

/**
 * Preloads the release with the navigation, and the panels below the editor (splits, deliveries)
 * beside it, so they render with the editor instead of appearing after it and moving what is below
 * (e2e layout-shift). The editor and the panels read them from the cache with their own `useQuery`
 * (cache-first: no second request), since they also run without this route (tests, and the first
 * save of a new draft re-renders the editor under a new id). A panel's failed preload only means it
 * asks again itself.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const preloadQuery = appPreloader();
  const variables = { id: params.id ?? '' };
  await Promise.all([
    preloadQuery.toPromise(preloadQuery(ReleaseEditorQuery, { variables, errorPolicy: 'all' })),
    preloadQuery.toPromise(preloadQuery(SplitsPanelQuery, { variables, errorPolicy: 'all' })).catch(() => undefined),
    preloadQuery.toPromise(preloadQuery(DeliveriesPanelQuery, { variables })).catch(() => undefined),
  ]);
  return null;
}

/** /releases/{id}: the release editor, read-only when the release can no longer be edited. */
export default function ReleasePage() {
  const { id } = useParams();
  return (
    <ReleaseEditor
      key={id}
      releaseId={id ?? ''}
      below={
        <>
          <SplitsPanel releaseId={id ?? ''} />
          <DeliveriesPanel releaseId={id ?? ''} />
        </>
      }
    />
  );
}

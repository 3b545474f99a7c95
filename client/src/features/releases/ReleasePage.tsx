import { useParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { PageHandle } from '../../lib/page-meta';
import { appPreloader } from '../../lib/preload';
import { ReleaseEditorQuery } from './release-editor.graphql';
import { ReleaseEditor } from './ReleaseEditor';
import { DeliveriesPanel } from './DeliveriesPanel';
import { SplitsPanel } from './SplitsPanel';

export const handle: PageHandle = {
  pageTitle: 'Release | {appName}',
  pageDescription: 'Status, tracks and stores of one of your releases on {appName}.',
};

/**
 * Preloads the release with the navigation. The editor reads it from the cache with its own
 * `useQuery` (cache-first: no second request), since it also runs without this route (tests, and
 * the first save of a new draft re-renders it under a new id).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const preloadQuery = appPreloader();
  await preloadQuery.toPromise(preloadQuery(ReleaseEditorQuery, { variables: { id: params.id ?? '' }, errorPolicy: 'all' }));
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

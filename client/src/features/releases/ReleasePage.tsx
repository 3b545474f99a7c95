import { useParams } from 'react-router-dom';
import type { PageHandle } from '../../lib/page-meta';
import { ReleaseEditor } from './ReleaseEditor';
import { DeliveriesPanel } from './DeliveriesPanel';
import { SplitsPanel } from './SplitsPanel';

export const handle: PageHandle = {
  pageTitle: 'Release | {appName}',
  pageDescription: 'Status, tracks and stores of one of your releases on {appName}.',
};

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

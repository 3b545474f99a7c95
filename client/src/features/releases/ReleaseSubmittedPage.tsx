import { Link, useLocation } from 'react-router-dom';
import type { PageHandle } from '../../lib/page-meta';
import { buttonClass } from '../../ui/Button';

export const handle: PageHandle = {
  pageTitle: 'Release submitted | {appName}',
  pageDescription: 'Your release was submitted for delivery by {appName}.',
};

/** The confirmation after submitting a release: what happens next, and the way back to the list. */
export default function ReleaseSubmittedPage() {
  const state = useLocation().state as { title?: unknown } | null;
  const title = typeof state?.title === 'string' ? state.title : null;
  return (
    <section className="page page--narrow" aria-labelledby="release-submitted-title">
      <h1 id="release-submitted-title">Release submitted</h1>
      <p>
        {title ? `“${title}” is` : 'Your release is'} on its way. We check the audio, the artwork and the details first; the
        release shows as Pending until it is delivered to the stores.
      </p>
      <p>
        <Link className={buttonClass()} to="/releases">
          Back to your releases
        </Link>
      </p>
    </section>
  );
}

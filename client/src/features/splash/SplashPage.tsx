import type { PageHandle } from '../../lib/page-meta';
import { Spinner } from '../../ui/Spinner';

export const handle: PageHandle = {
  pageTitle: 'Just a sec... | {appName}',
  pageDescription: '{appName} is getting things ready.',
};

/** Core §2: the loading page. */
export default function SplashPage() {
  return (
    <section className="splash" aria-labelledby="splash-title">
      <h1 id="splash-title" className="splash__title">
        Just a sec...
      </h1>
      <Spinner label="Loading" />
    </section>
  );
}

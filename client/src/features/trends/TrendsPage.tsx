import type { PageHandle } from '../../lib/page-meta';

export const handle: PageHandle = {
  pageTitle: 'Analytics | {appName}',
  pageDescription: 'Streams and downloads of your music by store and day on {appName}.',
};

/** Placeholder: the analytics team replaces it with the trends charts. */
export default function TrendsPage() {
  return (
    <section className="page" aria-labelledby="trends-title">
      <h1 id="trends-title">Analytics</h1>
      <p>Streams and downloads of your music by store and day will be shown here.</p>
    </section>
  );
}

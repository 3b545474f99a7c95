import { useReadQuery } from '@apollo/client/react';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import type { PageHandle } from '../../lib/page-meta';
import { appPreloader, usePreloaded } from '../../lib/preload';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { CatalogImportQuery } from './catalog-import.graphql';
import { ImportJobView } from './ImportJobView';

export const handle: PageHandle = {
  pageTitle: 'Catalogue import | {appName}',
  pageDescription: 'The progress of a catalogue import, its errors and the audio still to come.',
};

/** Preloads the import with the navigation (from the server: the job moves on its own). */
export async function loader({ params }: LoaderFunctionArgs) {
  const preloadQuery = appPreloader();
  const ref = preloadQuery(CatalogImportQuery, { variables: { id: params.jobId ?? '' }, fetchPolicy: 'network-only', errorPolicy: 'all' });
  return { catalogImport: await preloadQuery.toPromise(ref) };
}

/** /releases/import/:jobId: one import found again later, to follow it or send the audio its tracks wait for. */
export default function CatalogImportPage() {
  const { data, error } = useReadQuery(usePreloaded<typeof loader>().catalogImport);
  const job = data?.catalogImport;
  return (
    <section className="page" aria-labelledby="catalog-import-title">
      <p>
        <Link to="/releases/import">← Import a catalogue</Link>
      </p>
      <h1 id="catalog-import-title">Catalogue import</h1>
      {!job && <ErrorMessage>{error?.message ?? 'Could not read the import'}</ErrorMessage>}
      {job && <ImportJobView key={job.id} initial={job} />}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { PageHandle } from '../../lib/page-meta';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { readImport, type ImportJob } from './catalog-import-api';
import { ImportJobView } from './ImportJobView';

export const handle: PageHandle = {
  pageTitle: 'Catalogue import | {appName}',
  pageDescription: 'The progress of a catalogue import, its errors and the audio still to come.',
};

/** /releases/import/:jobId: one import found again later, to follow it or send the audio its tracks wait for. */
export default function CatalogImportPage() {
  const { jobId = '' } = useParams();
  const [job, setJob] = useState<ImportJob | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    readImport(jobId)
      .then((j) => live && setJob(j))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [jobId]);

  return (
    <section className="page" aria-labelledby="catalog-import-title">
      <p>
        <Link to="/releases/import">← Import a catalogue</Link>
      </p>
      <h1 id="catalog-import-title">Catalogue import</h1>
      {!job && !error && <Spinner label="Loading the import" />}
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {job && <ImportJobView key={job.id} initial={job} />}
    </section>
  );
}

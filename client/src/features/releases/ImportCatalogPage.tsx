import { useMutation, useQueryRefHandlers, useReadQuery } from '@apollo/client/react';
import { Suspense, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { graphql } from '../../gql';
import type { PageHandle } from '../../lib/page-meta';
import { appPreloader, usePreloaded } from '../../lib/preload';
import { Field } from '../../ui/Field';
import { Table } from '../../ui/Table';
import { isImportRunning, type ImportJob } from './catalog-import-api';
import { ImportCatalogMutation } from './catalog-import.graphql';
import { graphqlErrorInfo } from '../../lib/graphql-errors';
import { IMPORT_STATUS_TEXT, ImportJobView } from './ImportJobView';
import { Button } from '../../ui/Button';

export const handle: PageHandle = {
  pageTitle: 'Import a catalogue | {appName}',
  pageDescription: 'Bring releases already in stores to {appName} with their codes.',
};

/** Preloads the account's recent imports with the navigation (the cached list at once, then the server's). */
export function loader() {
  const preloadQuery = appPreloader();
  return { recent: preloadQuery(CatalogImportsQuery, { fetchPolicy: 'cache-and-network', errorPolicy: 'all' }) };
}

/** /releases/import: a label uploads a DDEX ERN or CSV catalogue with its media and follows the import job. */
export default function ImportCatalogPage() {
  const catalogRef = useRef<HTMLInputElement>(null);
  const mediaRef = useRef<HTMLInputElement>(null);
  const [distributor, setDistributor] = useState('');
  const [job, setJob] = useState<ImportJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const recentRef = usePreloaded<typeof loader>().recent;
  const { refetch: refetchRecent } = useQueryRefHandlers(recentRef);
  const [importCatalog] = useMutation(ImportCatalogMutation);

  const onUpload = async () => {
    const file = catalogRef.current?.files?.[0];
    if (!file) {
      setFileError('Choose a DDEX ERN (.xml) or CSV file');
      catalogRef.current?.focus();
      return;
    }
    setFileError(undefined);
    setError(null);
    setSending(true);
    try {
      const media = Array.from(mediaRef.current?.files ?? []);
      const { data } = await importCatalog({ variables: { input: { file, media, previousDistributor: distributor } } });
      if (data) setJob({ ...data.importCatalog.catalogImport, created: data.importCatalog.created });
      void refetchRecent().catch(() => undefined);
    } catch (e) {
      setError(graphqlErrorInfo(e).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="page" aria-labelledby="import-title">
      <p>
        <Link to="/releases">← Your releases</Link>
      </p>
      <h1 id="import-title">Import a catalogue</h1>
      <p>
        Bring releases that are already in stores with their UPCs and ISRCs: a DDEX ERN 4.3 or 3.8.2 NewReleaseMessage, or a CSV sheet with one row per track (upc, release_title,
        release_date, original_release_date, isrc, track_title, artists, genre, explicit, audio_file). Add the audio and cover files as a zip or as files.
      </p>
      <Field id="import-file" label="Catalogue file (XML or CSV)" error={fileError}>
        {(p) => <input {...p} ref={catalogRef} type="file" accept=".xml,.csv,text/xml,text/csv" />}
      </Field>
      <Field id="import-media" label="Audio and cover files (a zip, or the files)">
        {(p) => <input {...p} ref={mediaRef} type="file" multiple accept=".zip,.wav,.flac,.jpg,.jpeg,.png" />}
      </Field>
      <Field id="import-distributor" label="Previous distributor">
        {(p) => <input {...p} value={distributor} onChange={(e) => setDistributor(e.target.value)} />}
      </Field>
      <Button disabled={sending || isImportRunning(job)} onClick={() => void onUpload()}>
        Upload and import
      </Button>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {job && <ImportJobView key={job.id} initial={job} onChange={setJob} />}
      <Suspense fallback={null}>
        <RecentImports queryRef={recentRef} />
      </Suspense>
    </section>
  );
}

export const CatalogImportsQuery = graphql(`
  query CatalogImports {
    catalogImports {
      id
      fileName
      status
      totalReleases
      doneReleases
      createdAt
    }
  }
`);

type RecentImport = { id: string; fileName: string; status: ImportJob['status']; totalReleases: number; doneReleases: number; createdAt: unknown };

/** The account's latest imports, each linking to its page (progress, errors, audio still to come). */
function RecentImports({ queryRef }: { queryRef: ReturnType<typeof loader>['recent'] }) {
  const titleId = useId();
  const imports: readonly RecentImport[] = useReadQuery(queryRef).data?.catalogImports ?? [];
  if (imports.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Your imports</h2>
      <Table region="Your imports" columns={['File', 'Uploaded', 'Status']}>
        {imports.map((i) => (
          <tr key={i.id}>
            <td>
              <Link to={`/releases/import/${i.id}`}>{i.fileName}</Link>
            </td>
            <td>{new Date(String(i.createdAt)).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</td>
            <td>
              {IMPORT_STATUS_TEXT[i.status]} ({i.doneReleases} of {i.totalReleases})
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PageHandle } from '../../lib/page-meta';
import { Field } from '../../ui/Field';

export const handle: PageHandle = {
  pageTitle: 'Import a catalogue | {appName}',
  pageDescription: 'Bring releases already in stores to {appName} with their codes.',
};

interface ImportProblem {
  line: number | null;
  release: string | null;
  message: string;
}

interface ImportJob {
  id: string;
  created?: boolean;
  fileName: string;
  format: string;
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'PARTIAL' | 'FAILED';
  totalReleases: number;
  doneReleases: number;
  errors: ImportProblem[];
  releaseIds: string[];
  awaitingAudio: string[];
}

const STATUS_TEXT: Record<ImportJob['status'], string> = {
  QUEUED: 'Waiting to start',
  RUNNING: 'Importing',
  SUCCEEDED: 'Import finished',
  PARTIAL: 'Import finished with errors',
  FAILED: 'Import failed: nothing was imported',
};

const running = (job: ImportJob | null) => job !== null && (job.status === 'QUEUED' || job.status === 'RUNNING');

/** /releases/import: a label uploads a DDEX ERN or CSV catalogue with its media and follows the import job. */
export default function ImportCatalogPage() {
  const catalogRef = useRef<HTMLInputElement>(null);
  const mediaRef = useRef<HTMLInputElement>(null);
  const [distributor, setDistributor] = useState('');
  const [job, setJob] = useState<ImportJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!job || !running(job)) return;
    const timer = setTimeout(() => {
      fetch(`/api/releases/import/${job.id}`, { credentials: 'same-origin', headers: { accept: 'application/json' } })
        .then(async (r) => (r.ok ? setJob((await r.json()) as ImportJob) : setError(`Could not read the import (${r.status})`)))
        .catch((e: unknown) => setError(String(e)));
    }, 1000);
    return () => clearTimeout(timer);
  }, [job]);

  const onUpload = async () => {
    const file = catalogRef.current?.files?.[0];
    if (!file) {
      setError('Choose a DDEX ERN (.xml) or CSV file');
      return;
    }
    setError(null);
    setSending(true);
    const form = new FormData();
    form.append('previousDistributor', distributor);
    form.append('file', file, file.name);
    for (const m of Array.from(mediaRef.current?.files ?? [])) form.append('media', m, m.name);
    try {
      const res = await fetch('/api/releases/import', { method: 'POST', body: form, credentials: 'same-origin', headers: { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' } });
      const body = (await res.json().catch(() => null)) as (ImportJob & { message?: string }) | null;
      if (!res.ok || !body) setError(body?.message ?? `The upload failed (${res.status})`);
      else setJob(body);
    } catch (e) {
      setError(String(e));
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
      <Field id="import-file" label="Catalogue file (XML or CSV)">
        {(p) => <input {...p} ref={catalogRef} type="file" accept=".xml,.csv,text/xml,text/csv" />}
      </Field>
      <Field id="import-media" label="Audio and cover files (a zip, or the files)">
        {(p) => <input {...p} ref={mediaRef} type="file" multiple accept=".zip,.wav,.flac,.jpg,.jpeg,.png" />}
      </Field>
      <Field id="import-distributor" label="Previous distributor">
        {(p) => <input {...p} value={distributor} onChange={(e) => setDistributor(e.target.value)} />}
      </Field>
      <button type="button" className="button" disabled={sending || running(job)} onClick={() => void onUpload()}>
        Upload and import
      </button>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {job && (
        <section aria-labelledby="import-progress-title">
          <h2 id="import-progress-title">{job.fileName}</h2>
          {job.created === false && <p>This file was uploaded before: nothing changed.</p>}
          <p role="status" aria-live="polite">
            {STATUS_TEXT[job.status]}: {job.doneReleases} of {job.totalReleases} releases
          </p>
          <progress max={Math.max(1, job.totalReleases)} value={job.doneReleases} aria-label="Import progress" />
          {job.awaitingAudio.length > 0 && <p>{job.awaitingAudio.length} tracks wait for their audio file; upload them with the same import.</p>}
          {job.errors.length > 0 && (
            <ul aria-label="Import errors">
              {job.errors.map((e, i) => (
                <li key={i}>
                  {e.line !== null ? `Line ${e.line}: ` : ''}
                  {e.message}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </section>
  );
}

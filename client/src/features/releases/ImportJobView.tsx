import { useApolloClient } from '@apollo/client/react';
import { useEffect, useId, useRef, useState } from 'react';
import { Field } from '../../ui/Field';
import './releases.css';
import { isImportRunning, sendLateAudio, type ImportJob } from './catalog-import-api';
import { readImport } from './catalog-import.graphql';
import { Button } from '../../ui/Button';

export const IMPORT_STATUS_TEXT: Record<ImportJob['status'], string> = {
  QUEUED: 'Waiting to start',
  RUNNING: 'Importing',
  SUCCEEDED: 'Import finished',
  PARTIAL: 'Import finished with errors',
  FAILED: 'Import failed: nothing was imported',
};

/** How often a running job is read again. */
const POLL_MS = 1000;

interface Props {
  initial: ImportJob;
  /** Told of every new state of the job (the upload page keeps its button off while it runs). */
  onChange?: (job: ImportJob) => void;
}

/**
 * One catalogue import: its progress (read again while it runs), its errors with their lines, and the
 * tracks still waiting for audio with a form to send those files later (issue 23).
 */
export function ImportJobView({ initial, onChange }: Props) {
  const titleId = useId();
  const [job, setJob] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  // Once audio was sent, the section stays to say what happened, even when no track waits any more.
  const [audioSent, setAudioSent] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const client = useApolloClient();

  useEffect(() => {
    onChangeRef.current?.(job);
    if (!isImportRunning(job)) return;
    const timer = setTimeout(() => {
      readImport(client, job.id)
        .then(setJob)
        .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job, client]);

  return (
    <section className="import-job" aria-labelledby={titleId}>
      <h2 id={titleId}>{job.fileName}</h2>
      {job.created === false && <p>This file was uploaded before: nothing changed.</p>}
      <p role="status" aria-live="polite">
        {IMPORT_STATUS_TEXT[job.status]}: {job.doneReleases} of {job.totalReleases} releases
      </p>
      <progress max={Math.max(1, job.totalReleases)} value={job.doneReleases} aria-label="Import progress" />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {!isImportRunning(job) && (job.awaitingAudio.length > 0 || audioSent) && (
        <LateAudio
          job={job}
          onJob={(next) => {
            setAudioSent(true);
            setJob(next);
          }}
        />
      )}
      {job.errors.length > 0 && (
        <ul aria-label="Import errors" className="import-job__errors">
          {job.errors.map((e, i) => (
            <li key={i}>
              {e.line !== null ? `Line ${e.line}: ` : ''}
              {e.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Audio for tracks imported without it: the files are matched to the waiting tracks by name. */
function LateAudio({ job, onJob }: { job: ImportJob; onJob: (job: ImportJob) => void }) {
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ attached: string[]; unexpected: string[] } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const count = job.awaitingAudio.length;

  const onSend = async () => {
    const files = Array.from(inputRef.current?.files ?? []);
    if (files.length === 0) {
      setError('Choose the audio files the tracks wait for');
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const out = await sendLateAudio(job.id, files);
      setResult({ attached: out.attached, unexpected: out.unexpected });
      onJob(out.import);
      if (inputRef.current) inputRef.current.value = '';
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby={titleId} className="import-job__late-audio">
      <h3 id={titleId}>Audio still to come</h3>
      {count === 0 ? (
        <p>Every track of this import has its audio.</p>
      ) : (
        <>
          <p>
            {count === 1 ? '1 track waits' : `${count} tracks wait`} for its audio file. Send the files named below when you have them; each is matched to its track by name.
          </p>
          <ul aria-label="Audio files waited for" className="import-job__names">
            {job.awaitingAudio.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
          <Field id={`${titleId}-files`} label="Audio files (WAV or FLAC)" error={error}>
            {(p) => <input {...p} ref={inputRef} type="file" multiple accept=".wav,.flac,audio/wav,audio/flac" />}
          </Field>
          <Button disabled={sending} onClick={() => void onSend()}>
            Send the audio
          </Button>
        </>
      )}
      <div role="status" aria-live="polite">
        {result && (
          <>
            {result.attached.length > 0 && <p>Attached: {result.attached.join(', ')}.</p>}
            {result.unexpected.length > 0 && <p>No track waits for: {result.unexpected.join(', ')}.</p>}
          </>
        )}
      </div>
    </section>
  );
}

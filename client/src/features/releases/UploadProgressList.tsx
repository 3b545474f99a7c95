import type { UploadEntry } from './useUpload';
import { Button } from '../../ui/Button';

/** A progress bar per file being uploaded, and the reason when one failed. */
export function UploadProgressList({ entries, onDismiss }: { entries: readonly UploadEntry[]; onDismiss: (key: string) => void }) {
  if (entries.length === 0) return null;
  return (
    <ul className="track-list" aria-label="Uploads">
      {entries.map((entry) => (
        <li key={entry.key} className="upload-progress">
          <span>{entry.name}</span>
          {entry.error ? (
            <>
              <span className="field__error" role="alert">
                {entry.name}: {entry.error}
              </span>
              <Button variant="link" onClick={() => onDismiss(entry.key)} aria-label={`Dismiss ${entry.name}`}>
                Dismiss
              </Button>
            </>
          ) : entry.done ? (
            <span className="upload-progress__done" role="status">
              <span aria-hidden="true">✓ </span>Uploaded
            </span>
          ) : (
            <progress max={entry.total || 1} value={entry.loaded} aria-label={`Uploading ${entry.name}`} />
          )}
        </li>
      ))}
    </ul>
  );
}

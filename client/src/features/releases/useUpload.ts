import { useCallback, useState } from 'react';

/** One file on its way up: its name, how much has gone, and its error when it failed. */
export interface UploadEntry {
  key: string;
  name: string;
  loaded: number;
  total: number;
  error?: string;
  /** Arrived: shown as "Uploaded" for a few seconds, so every file of a drop says how it went. */
  done?: boolean;
}

const DONE_SHOWN_MS = 4000;

let nextKey = 0;

/** Tracks progress per file for uploads that report it through the upload link's onUploadProgress context. */
export function useUploads() {
  const [entries, setEntries] = useState<UploadEntry[]>([]);

  const run = useCallback(async (file: File, send: (onUploadProgress: (p: { loaded: number; total: number }) => void) => Promise<unknown>) => {
    nextKey += 1;
    const key = `upload-${nextKey}`;
    setEntries((list) => [...list, { key, name: file.name, loaded: 0, total: file.size }]);
    const patch = (change: Partial<UploadEntry>) => setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));
    try {
      await send(({ loaded, total }) => patch({ loaded, total: total || file.size }));
      patch({ done: true, loaded: file.size, total: file.size });
      setTimeout(() => setEntries((list) => list.filter((e) => e.key !== key)), DONE_SHOWN_MS);
      return true;
    } catch (error) {
      patch({ error: error instanceof Error ? error.message : 'The upload failed' });
      return false;
    }
  }, []);

  const dismiss = useCallback((key: string) => setEntries((list) => list.filter((e) => e.key !== key)), []);
  return { entries, run, dismiss };
}

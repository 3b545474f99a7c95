/**
 * The catalogue import's REST calls (issue 23) that stay REST: sending audio after the import has
 * no GraphQL counterpart (POST /api/releases/import/{id}/files). Reading an import is the
 * `catalogImport` query (catalog-import.graphql.ts).
 */

export interface ImportProblem {
  line: number | null;
  release: string | null;
  message: string;
}

export interface ImportJob {
  id: string;
  /** False when the same file was uploaded before (nothing changed); absent on reads. */
  created?: boolean;
  fileName: string;
  format: string;
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'PARTIAL' | 'FAILED';
  totalReleases: number;
  doneReleases: number;
  errors: ImportProblem[];
  releaseIds: string[];
  /** Audio file names tracks of this import still wait for. */
  awaitingAudio: string[];
}

export interface LateAudioResult {
  attached: string[];
  unexpected: string[];
  import: ImportJob;
}

/** True while the job has work left (the page keeps reading it). */
export const isImportRunning = (job: ImportJob | null) => job !== null && (job.status === 'QUEUED' || job.status === 'RUNNING');

async function call<T>(path: string, init: RequestInit, failure: string): Promise<T> {
  // An absolute URL: the same in the browser, and what Node's fetch needs in component tests.
  const res = await fetch(new URL(path, window.location.href), {
    credentials: 'same-origin',
    ...init,
    headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(init.headers as Record<string, string> | undefined) },
  });
  const body = (await res.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!res.ok || !body) throw new Error(body?.message ?? `${failure} (${res.status})`);
  return body;
}

/** POST /api/releases/import/{id}/files: audio that arrives after the import, matched by file name. */
export function sendLateAudio(id: string, files: readonly File[]): Promise<LateAudioResult> {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  return call<LateAudioResult>(`/api/releases/import/${encodeURIComponent(id)}/files`, { method: 'POST', body: form }, 'The audio upload failed');
}

/**
 * The catalogue import's job as the page holds it (issue 23). Uploading is the `importCatalog`
 * mutation and reading the `catalogImport` query (catalog-import.graphql.ts); only late audio
 * stays REST (lib/rest.ts, no GraphQL counterpart).
 */
import type { CatalogImportFormat } from '../../gql/graphql';
import { postLateAudio } from '../../lib/rest';

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
  /** The GraphQL enum; REST's late-audio answer uses the same words. */
  format: CatalogImportFormat;
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

/** POST /api/releases/import/{id}/files: audio that arrives after the import, matched by file name. */
export const sendLateAudio = (id: string, files: readonly File[]) => postLateAudio<LateAudioResult>(id, files);

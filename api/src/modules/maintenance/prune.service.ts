/**
 * What the maintenance module itself prunes: durable jobs finished long enough ago (the jobs table
 * belongs to the jobs kit, which keeps no policy). Other modules name their own tables.
 */
import type { PruneTask } from '../../jobs/prune.ts';

const DAY_MS = 24 * 60 * 60_000;
/** How long finished jobs are kept for looking into what ran; failed ones longer, to find out why. */
export const SUCCEEDED_JOB_RETENTION_MS = 30 * DAY_MS;
export const DEAD_JOB_RETENTION_MS = 90 * DAY_MS;

export const FINISHED_JOBS: readonly PruneTask[] = [
  // Deleting a finished job also frees its unique key: the key deduplicates live work, not history.
  { name: 'succeededJobs', table: 'jobs', dead: "status = 'SUCCEEDED' AND finished_at < $1", keepMs: SUCCEEDED_JOB_RETENTION_MS },
  // DEAD gave up after maxAttempts; FAILED is final too (the worker retries as QUEUED, never FAILED).
  { name: 'deadJobs', table: 'jobs', dead: "status IN ('DEAD', 'FAILED') AND finished_at < $1", keepMs: DEAD_JOB_RETENTION_MS },
];

/**
 * Deletes rows that can no longer be used: used captcha challenges past expiry, expired or used mail-link
 * tokens, sessions past their idle or absolute expiry, rate-limit windows that have ended, and
 * durable jobs finished long enough ago. Each table is emptied in small batches, so no statement
 * holds many locks or runs long.
 */
import type { PrismaClient } from '../../generated/prisma/client.ts';

const DAY_MS = 24 * 60 * 60_000;
/** How long finished jobs are kept for looking into what ran; failed ones longer, to find out why. */
export const SUCCEEDED_JOB_RETENTION_MS = 30 * DAY_MS;
export const DEAD_JOB_RETENTION_MS = 90 * DAY_MS;

interface Prunable {
  table: string;
  /** When a row is of no further use; $1 is the cutoff: now, less `keepMs`. */
  dead: string;
  keepMs?: number;
}

/** The tables and the condition under which a row is of no further use. */
const PRUNABLE = {
  // Used challenges past their expiry: an expired challenge is refused anyway, so no replay guard is needed.
  captchaChallenges: { table: 'used_captcha_challenges', dead: 'expires_at < $1' },
  // A used link token answers exactly like an unknown one ('expired or was already used').
  emailTokens: { table: 'email_tokens', dead: 'expires_at < $1 OR used_at IS NOT NULL' },
  // idle_expires_at never passes expires_at, so it covers both expiries; a revoked session goes with it.
  sessions: { table: 'sessions', dead: 'idle_expires_at < $1' },
  // A window that has ended no longer counts (rate-limit.service reads only the current one).
  rateLimitBuckets: { table: 'rate_limit_buckets', dead: 'expires_at < $1' },
  // Deleting a finished job also frees its unique key: the key deduplicates live work, not history.
  succeededJobs: { table: 'jobs', dead: "status = 'SUCCEEDED' AND finished_at < $1", keepMs: SUCCEEDED_JOB_RETENTION_MS },
  // DEAD gave up after maxAttempts; FAILED is final too (the worker retries as QUEUED, never FAILED).
  deadJobs: { table: 'jobs', dead: "status IN ('DEAD', 'FAILED') AND finished_at < $1", keepMs: DEAD_JOB_RETENTION_MS },
} as const satisfies Record<string, Prunable>;

export type PruneCounts = Record<keyof typeof PRUNABLE, number>;

export interface PruneOptions {
  batchSize?: number;
  /** Stops a table after this many batches; the next run goes on (bounds one run's time). */
  maxBatches?: number;
}

/** Deletes the dead rows of each prunable table in batches; returns how many went per table. */
export async function pruneExpiredRows(prisma: Pick<PrismaClient, '$executeRawUnsafe'>, now = new Date(), options: PruneOptions = {}): Promise<PruneCounts> {
  const batchSize = options.batchSize ?? 1_000;
  const maxBatches = options.maxBatches ?? 100;
  const counts = {} as PruneCounts;
  for (const [name, { table, dead, keepMs = 0 }] of Object.entries(PRUNABLE) as [keyof typeof PRUNABLE, Prunable][]) {
    counts[name] = 0;
    const cutoff = new Date(now.getTime() - keepMs);
    for (let batch = 0; batch < maxBatches; batch += 1) {
      // ctid picks the physical rows, so one statement works for every table's key (buckets have a composite one).
      const deleted = await prisma.$executeRawUnsafe(`DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE ${dead} LIMIT $2)`, cutoff, batchSize);
      counts[name] += deleted;
      if (deleted < batchSize) break;
    }
  }
  return counts;
}

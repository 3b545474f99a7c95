/**
 * Pruning rows that can no longer be used. Each module names its own prunable tables in its
 * descriptor (`prune`); the maintenance module's hourly job runs them all. Each table is emptied in
 * small batches, so no statement holds many locks or runs long.
 */
import type { PrismaClient } from '../generated/prisma/client.ts';

export interface PruneTask {
  /** Its key in the counts a run reports. */
  name: string;
  table: string;
  /** When a row is of no further use; $1 is the cutoff: now, less `keepMs`. */
  dead: string;
  keepMs?: number;
}

export interface PruneOptions {
  batchSize?: number;
  /** Stops a table after this many batches; the next run goes on (bounds one run's time). */
  maxBatches?: number;
}

/** Deletes the dead rows of each task's table in batches; returns how many went per task. */
export async function pruneRows(prisma: Pick<PrismaClient, '$executeRawUnsafe'>, tasks: readonly PruneTask[], now = new Date(), options: PruneOptions = {}): Promise<Record<string, number>> {
  const batchSize = options.batchSize ?? 1_000;
  const maxBatches = options.maxBatches ?? 100;
  const counts: Record<string, number> = {};
  for (const { name, table, dead, keepMs = 0 } of tasks) {
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

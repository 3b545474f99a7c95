/**
 * The recurring pruning job: every hour, exactly one run pending however many API processes run
 * (each schedules it at boot; a run schedules its successor before it starts deleting).
 */
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import { scheduleNextRun } from '../../jobs/job-queue.ts';
import type { Logger } from '../../logger.ts';
import type { Config } from '../../config.ts';
import { pruneRows, type PruneOptions, type PruneTask } from '../../jobs/prune.ts';
import { removeStaleTempFiles } from './temp-files.service.ts';

export const PRUNE_EXPIRED_JOB = 'maintenance.prune-expired';
export const PRUNE_EVERY_MS = 60 * 60_000;
const PRUNE_KEY = `${PRUNE_EXPIRED_JOB}:next`;

type Db = Pick<PrismaClient, 'job' | '$executeRawUnsafe'>;

/** Makes sure a pruning run is pending (at boot): due now when there was none, else unchanged. */
export function schedulePruning(db: Pick<PrismaClient, 'job'>, now = new Date()) {
  return scheduleNextRun(db, PRUNE_EXPIRED_JOB, { uniqueKey: PRUNE_KEY, runAt: now, maxAttempts: 3 });
}

/** The maintenance job handlers, by job name, for a JobWorker. */
export function maintenanceJobHandlers(deps: {
  prisma: Db;
  logger: Logger;
  tasks: readonly PruneTask[];
  prune?: PruneOptions;
  /** With a configuration, each run also removes temp upload files a crash left behind. */
  config?: Config;
  uploadBufferDir?: string;
}): Record<string, JobHandler> {
  return {
    [PRUNE_EXPIRED_JOB]: async (_payload, job) => {
      // The successor first: a failing prune retries on its own and the schedule goes on.
      await scheduleNextRun(deps.prisma, PRUNE_EXPIRED_JOB, { uniqueKey: PRUNE_KEY, runAt: new Date(Date.now() + PRUNE_EVERY_MS), releasing: job.id, maxAttempts: 3 });
      const counts = await pruneRows(deps.prisma, deps.tasks, new Date(), deps.prune);
      deps.logger.info('expired rows pruned', counts);
      if (!deps.config) return counts;
      const tempFiles = await removeStaleTempFiles(deps.config, new Date(), { uploadBufferDir: deps.uploadBufferDir });
      deps.logger.info('stale temp files removed', { ...tempFiles });
      return { ...counts, tempFiles };
    },
  };
}

/** The durable renewal sweep: one pending run at a time, hourly, in any number of processes. */
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { scheduleNextRun, type JobHandler } from '../../jobs/job-queue.ts';
import { runRenewals, type RenewalDeps } from './plans.service.ts';

export const RENEWALS_JOB = 'plans.renewals';
const RENEWALS_KEY = 'plans-renewals';
export const RENEWALS_EVERY_MS = 3_600_000;

/** Schedules the first sweep at start-up (idempotent: a pending run keeps the key). */
export async function scheduleRenewals(db: Pick<PrismaClient, 'job'>, now = new Date()): Promise<void> {
  await scheduleNextRun(db, RENEWALS_JOB, { uniqueKey: RENEWALS_KEY, runAt: now, maxAttempts: 3 });
}

export function plansJobHandlers(deps: RenewalDeps): Record<string, JobHandler> {
  return {
    [RENEWALS_JOB]: async (_payload, job) => {
      const report = await runRenewals(deps, new Date());
      await scheduleNextRun(deps.prisma, RENEWALS_JOB, { uniqueKey: RENEWALS_KEY, runAt: new Date(Date.now() + RENEWALS_EVERY_MS), releasing: job.id, maxAttempts: 3 });
      return report;
    },
  };
}

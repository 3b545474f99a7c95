/** The durable plan sweeps: one pending run of each at a time, in any number of processes. */
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { scheduleNextRun, type JobHandler } from '../../jobs/job-queue.ts';
import { expireStalePayments, runRenewals, type RenewalDeps } from './plans.service.ts';

export const RENEWALS_JOB = 'plans.renewals';
export const RENEWALS_EVERY_MS = 3_600_000;
/** Expires payments stuck in PENDING (PAYMENT_PENDING_EXPIRY_MINUTES). */
export const EXPIRE_PENDING_JOB = 'plans.expire-pending';
export const EXPIRE_PENDING_EVERY_MS = 300_000;

const SWEEPS = [
  { name: RENEWALS_JOB, key: 'plans-renewals', every: RENEWALS_EVERY_MS, run: runRenewals },
  { name: EXPIRE_PENDING_JOB, key: 'plans-expire-pending', every: EXPIRE_PENDING_EVERY_MS, run: expireStalePayments },
] as const;

/** Schedules the first run of each sweep at start-up (idempotent: a pending run keeps its key). */
export async function schedulePlanSweeps(db: Pick<PrismaClient, 'job'>, now = new Date()): Promise<void> {
  for (const sweep of SWEEPS) await scheduleNextRun(db, sweep.name, { uniqueKey: sweep.key, runAt: now, maxAttempts: 3 });
}

export function plansJobHandlers(deps: RenewalDeps): Record<string, JobHandler> {
  return Object.fromEntries(
    SWEEPS.map((sweep): [string, JobHandler] => [
      sweep.name,
      async (_payload, job) => {
        const report = await sweep.run(deps, new Date());
        await scheduleNextRun(deps.prisma, sweep.name, { uniqueKey: sweep.key, runAt: new Date(Date.now() + sweep.every), releasing: job.id, maxAttempts: 3 });
        return report;
      },
    ]),
  );
}

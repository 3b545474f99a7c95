/** The delivery module's durable jobs, and the recurring ones it schedules at boot. */
import { scheduleNextRun, type JobHandler } from '../../jobs/job-queue.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import {
  DELIVER_RELEASE_JOB,
  GO_LIVE_JOB,
  POLL_ACKNOWLEDGEMENTS_JOB,
  SEND_DELIVERY_JOB,
  TAKEDOWN_RELEASE_JOB,
  goLiveDue,
  planReleaseDelivery,
  planTakedown,
  pollAcknowledgements,
  sendDelivery,
  type DeliveryDeps,
} from './delivery.service.ts';
import { createDemoDelivery, DEMO_DELIVERY_JOB } from './demo-delivery.ts';

/** Stores answer within minutes; the local simulator at once. */
export const POLL_EVERY_MS = 60_000;
const POLL_KEY = `${POLL_ACKNOWLEDGEMENTS_JOB}:next`;
const GO_LIVE_KEY = `${GO_LIVE_JOB}:next`;

/** The next daily run: 00:05 UTC after `now`. */
export function nextDailyRun(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 0, 5));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** Makes sure one acknowledgement poll and one daily go-live run are pending (idempotent; every process calls it). */
export async function scheduleDeliveryJobs(db: Pick<PrismaClient, 'job'>, now = new Date()): Promise<void> {
  await scheduleNextRun(db, POLL_ACKNOWLEDGEMENTS_JOB, { uniqueKey: POLL_KEY, runAt: now, maxAttempts: 3 });
  // The first go-live run is due now, so a restart after midnight does not wait a day.
  await scheduleNextRun(db, GO_LIVE_JOB, { uniqueKey: GO_LIVE_KEY, runAt: now, maxAttempts: 3 });
}

/** The handlers, by job name. */
export function deliveryJobHandlers(deps: DeliveryDeps): Record<string, JobHandler> {
  return {
    [DELIVER_RELEASE_JOB]: (payload) => planReleaseDelivery(deps, payload),
    [SEND_DELIVERY_JOB]: (payload, job) => sendDelivery(deps, payload, job),
    [TAKEDOWN_RELEASE_JOB]: (payload) => planTakedown(deps, payload),
    [POLL_ACKNOWLEDGEMENTS_JOB]: async (_payload, job) => {
      await scheduleNextRun(deps.prisma, POLL_ACKNOWLEDGEMENTS_JOB, { uniqueKey: POLL_KEY, runAt: new Date(Date.now() + POLL_EVERY_MS), releasing: job.id, maxAttempts: 3 });
      return pollAcknowledgements(deps);
    },
    [DEMO_DELIVERY_JOB]: () => createDemoDelivery(deps),
    [GO_LIVE_JOB]: async (_payload, job) => {
      await scheduleNextRun(deps.prisma, GO_LIVE_JOB, { uniqueKey: GO_LIVE_KEY, runAt: nextDailyRun(new Date()), releasing: job.id, maxAttempts: 3 });
      return goLiveDue(deps);
    },
  };
}

import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '../../test/test-database.ts';
import { JobWorker } from '../../jobs/job-queue.ts';
import { createLogger } from '../../logger.ts';
import { buildUser } from '../../test/factories.ts';
import { PRUNE_EVERY_MS, PRUNE_EXPIRED_JOB, maintenanceJobHandlers, schedulePruning } from './prune.job.ts';
import { DEAD_JOB_RETENTION_MS, SUCCEEDED_JOB_RETENTION_MS } from './prune.service.ts';
import { pruneRows, type PruneOptions } from '../../jobs/prune.ts';
import { pruneTasksOf } from '../../module.ts';
import { modules } from '../../server/modules.ts';

// What the server runs: every module's prune tasks, from the one module list.
const TASKS = pruneTasksOf(modules);
const pruneExpiredRows = (prisma: typeof db.prisma, now: Date, options: PruneOptions) => pruneRows(prisma, TASKS, now, options);

let db: Awaited<ReturnType<typeof createTestDatabase>>;
const logger = createLogger('error');
const NOW = new Date('2030-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const later = (ms: number) => new Date(NOW.getTime() + ms);
const HOUR = 3600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.prisma.job.deleteMany();
  await db.prisma.usedCaptchaChallenge.deleteMany();
  await db.prisma.emailToken.deleteMany();
  await db.prisma.session.deleteMany();
  await db.prisma.rateLimitBucket.deleteMany();
});

/** Rows on both sides of each table's expiry; returns the labels of the rows that must stay. */
async function seed() {
  const { id: userId } = await buildUser(db.prisma, { country: null, state: null });
  const challenge = (label: string, expiresAt: Date, usedAt: Date = ago(1)) =>
    db.prisma.usedCaptchaChallenge.create({ data: { nonce: `${label}-${randomUUID()}`, purpose: label, expiresAt, usedAt } });
  await challenge('expired', ago(1));
  await challenge('expired-used-long-ago', ago(HOUR), ago(2 * HOUR));
  await challenge('expired-long-ago', ago(100 * HOUR));
  await challenge('live', later(HOUR));
  await challenge('live-used-just-now', later(HOUR), ago(1));

  const token = (label: string, expiresAt: Date, usedAt: Date | null = null) =>
    db.prisma.emailToken.create({ data: { userId, kind: 'VERIFY_EMAIL', tokenHash: `${label}-${randomUUID()}`, newEmail: label, expiresAt, usedAt } });
  await token('expired', ago(1));
  await token('used', later(HOUR), ago(HOUR));
  await token('used-and-expired', ago(HOUR), ago(2 * HOUR));
  await token('live', later(1));

  const session = (label: string, idleExpiresAt: Date, expiresAt: Date, revokedAt: Date | null = null) =>
    db.prisma.session.create({ data: { id: `${label}-${randomUUID()}`, userId, idleExpiresAt, expiresAt, revokedAt } });
  await session('absolute-expired', ago(HOUR), ago(HOUR));
  await session('idle-expired', ago(1), later(24 * HOUR));
  await session('live', later(HOUR), later(24 * HOUR));
  await session('revoked-within-idle', later(HOUR), later(24 * HOUR), ago(1));

  const bucket = (key: string, windowStart: Date, expiresAt: Date) => db.prisma.rateLimitBucket.create({ data: { key, windowStart, expiresAt, count: 3 } });
  await bucket('ended', ago(2 * HOUR), ago(HOUR));
  await bucket('ended', ago(HOUR), ago(1));
  await bucket('current', ago(1), later(HOUR));
}

async function remaining() {
  return {
    challenges: (await db.prisma.usedCaptchaChallenge.findMany({ select: { purpose: true } })).map((r) => r.purpose).sort(),
    tokens: (await db.prisma.emailToken.findMany({ select: { newEmail: true } })).map((r) => r.newEmail).sort(),
    sessions: (await db.prisma.session.findMany({ select: { id: true } })).map((r) => r.id.replace(/-[0-9a-f-]{36}$/, '')).sort(),
    buckets: (await db.prisma.rateLimitBucket.findMany({ select: { key: true } })).map((r) => r.key).sort(),
  };
}

const KEPT = {
  challenges: ['live', 'live-used-just-now'],
  tokens: ['live'],
  sessions: ['live', 'revoked-within-idle'],
  buckets: ['current'],
};

describe('pruning expired rows', () => {
  it('deletes only the rows past their expiry (and used link tokens), in batches', async () => {
    await seed();
    const counts = await pruneExpiredRows(db.prisma, NOW, { batchSize: 2 });
    expect(counts).toEqual({ captchaChallenges: 3, emailTokens: 3, sessions: 2, rateLimitBuckets: 2, succeededJobs: 0, deadJobs: 0, webhookDeliveries: 0 });
    expect(await remaining()).toEqual(KEPT);
    // nothing more to do: a second run deletes nothing
    expect(await pruneExpiredRows(db.prisma, NOW, { batchSize: 2 })).toEqual({ captchaChallenges: 0, emailTokens: 0, sessions: 0, rateLimitBuckets: 0, succeededJobs: 0, deadJobs: 0, webhookDeliveries: 0 });
  });

  it('deletes succeeded jobs finished over 30 days ago and dead ones over 90 days ago, in batches; pending, running and recent ones stay', async () => {
    expect(SUCCEEDED_JOB_RETENTION_MS).toBe(30 * DAY);
    expect(DEAD_JOB_RETENTION_MS).toBe(90 * DAY);
    const job = (name: string, status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'DEAD', finishedAt: Date | null, createdAt = ago(200 * DAY)) =>
      db.prisma.job.create({ data: { name, status, finishedAt, createdAt, runAt: createdAt, startedAt: finishedAt ? createdAt : null } });
    await job('succeeded-31-days-ago', 'SUCCEEDED', ago(31 * DAY));
    await job('succeeded-a-year-ago', 'SUCCEEDED', ago(365 * DAY), ago(366 * DAY));
    await job('succeeded-just-past-30-days', 'SUCCEEDED', ago(30 * DAY + 1000));
    await job('succeeded-29-days-ago', 'SUCCEEDED', ago(29 * DAY));
    await job('succeeded-just-now', 'SUCCEEDED', ago(1000), ago(HOUR));
    await job('dead-91-days-ago', 'DEAD', ago(91 * DAY));
    await job('failed-91-days-ago', 'FAILED', ago(91 * DAY));
    await job('dead-89-days-ago', 'DEAD', ago(89 * DAY));
    await job('failed-31-days-ago', 'FAILED', ago(31 * DAY));
    await job('queued-since-200-days', 'QUEUED', null);
    await job('running-since-200-days', 'RUNNING', null);
    // a retried job keeps whatever finishedAt it has; only its status says whether it is over
    await job('queued-with-old-finished-at', 'QUEUED', ago(120 * DAY));

    const counts = await pruneExpiredRows(db.prisma, NOW, { batchSize: 1 });
    expect(counts).toMatchObject({ succeededJobs: 3, deadJobs: 2 });
    const left = (await db.prisma.job.findMany({ select: { name: true } })).map((j) => j.name).sort();
    expect(left).toEqual([
      'dead-89-days-ago',
      'failed-31-days-ago',
      'queued-since-200-days',
      'queued-with-old-finished-at',
      'running-since-200-days',
      'succeeded-29-days-ago',
      'succeeded-just-now',
    ]);
    expect(await pruneExpiredRows(db.prisma, NOW, { batchSize: 1 })).toMatchObject({ succeededJobs: 0, deadJobs: 0 });
  });

  it('stops a table after maxBatches, leaving the rest for the next run', async () => {
    await seed();
    expect((await pruneExpiredRows(db.prisma, NOW, { batchSize: 1, maxBatches: 2 })).captchaChallenges).toBe(2);
    expect((await db.prisma.usedCaptchaChallenge.count())).toBe(3);
    expect((await pruneExpiredRows(db.prisma, NOW, { batchSize: 1, maxBatches: 2 })).captchaChallenges).toBe(1);
    expect(await remaining()).toEqual(KEPT);
  });
});

describe('the recurring pruning job', () => {
  const pendingRuns = () => db.prisma.job.findMany({ where: { name: PRUNE_EXPIRED_JOB, status: { in: ['QUEUED', 'RUNNING'] } } });

  it('is scheduled once however many API processes start, runs, and schedules its next run an hour later', async () => {
    await Promise.all([schedulePruning(db.prisma), schedulePruning(db.prisma), schedulePruning(db.prisma)]);
    const [first, ...others] = await pendingRuns();
    expect(others).toHaveLength(0);
    expect(first!.runAt.getTime()).toBeLessThanOrEqual(Date.now());

    // rows that expired a moment ago (the job prunes against the clock)
    const { id: userId } = await buildUser(db.prisma, { country: null, state: null });
    await db.prisma.usedCaptchaChallenge.create({ data: { nonce: randomUUID(), purpose: 'unlock', expiresAt: new Date(Date.now() - 1000) } });
    await db.prisma.usedCaptchaChallenge.create({ data: { nonce: randomUUID(), purpose: 'unlock', expiresAt: new Date(Date.now() + HOUR) } });
    await db.prisma.session.create({ data: { id: randomUUID(), userId, idleExpiresAt: new Date(Date.now() - 1000), expiresAt: new Date(Date.now() + HOUR) } });

    const workers = [1, 2].map(() => new JobWorker(db.prisma, maintenanceJobHandlers({ prisma: db.prisma, logger, tasks: TASKS }), logger));
    const ran = await Promise.all(workers.map((w) => w.runUntilIdle()));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(1);

    const done = await db.prisma.job.findUniqueOrThrow({ where: { id: first!.id } });
    expect(done).toMatchObject({ status: 'SUCCEEDED', uniqueKey: null, result: { captchaChallenges: 1, emailTokens: 0, sessions: 1, rateLimitBuckets: 0, succeededJobs: 0, deadJobs: 0 } });
    expect(await db.prisma.usedCaptchaChallenge.count()).toBe(1);

    const [next, ...more] = await pendingRuns();
    expect(more).toHaveLength(0);
    expect(next!.id).not.toBe(first!.id);
    expect(next!.runAt.getTime() - done.finishedAt!.getTime()).toBeGreaterThan(PRUNE_EVERY_MS - 60_000);
    expect(next!.runAt.getTime() - done.startedAt!.getTime()).toBeLessThanOrEqual(PRUNE_EVERY_MS + 60_000);

    // a restart while the next run waits adds none, and nothing is due before its hour
    await schedulePruning(db.prisma);
    expect((await pendingRuns()).map((j) => j.id)).toEqual([next!.id]);
    expect(await workers[0]!.runUntilIdle()).toBe(0);
  });

  it('keeps its schedule when a run fails: the retry has no key, the next hourly run is pending', async () => {
    await schedulePruning(db.prisma);
    const failing = maintenanceJobHandlers({
      prisma: {
        job: db.prisma.job,
        $executeRawUnsafe: async () => {
          throw new Error('database busy');
        },
      } as never,
      logger,
      tasks: TASKS,
    });
    const worker = new JobWorker(db.prisma, failing, logger);
    expect(await worker.runUntilIdle()).toBe(1);
    const runs = await pendingRuns();
    expect(runs.map((j) => ({ key: j.uniqueKey, error: j.lastError })).sort((a, b) => String(a.key).localeCompare(String(b.key)))).toEqual([
      { key: `${PRUNE_EXPIRED_JOB}:next`, error: null },
      { key: null, error: 'database busy' },
    ]);
  });
});

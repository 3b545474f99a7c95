import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createTestDatabase } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { JobWorker, backoffMs, enqueueJob, scheduleNextRun } from './job-queue.ts';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
const logger = createLogger('error');

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.prisma.job.deleteMany();
});

describe('durable jobs', () => {
  it('runs a queued job once and records its result', async () => {
    const seen: unknown[] = [];
    await enqueueJob(db.prisma, 'echo', { n: 1 });
    const worker = new JobWorker(db.prisma, { echo: async (p) => (seen.push(p), { ok: true }) }, logger);
    expect(await worker.runUntilIdle()).toBe(1);
    expect(await worker.runUntilIdle()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    const job = await db.prisma.job.findFirstOrThrow();
    expect(job.status).toBe('SUCCEEDED');
    expect(job.result).toEqual({ ok: true });
  });

  it('enqueues idempotently by unique key', async () => {
    const a = await enqueueJob(db.prisma, 'echo', {}, { uniqueKey: 'release:1:validate' });
    const b = await enqueueJob(db.prisma, 'echo', {}, { uniqueKey: 'release:1:validate' });
    expect(b).toEqual({ id: a.id, created: false });
    expect(await db.prisma.job.count()).toBe(1);
  });

  it('retries a failing job later with backoff, then gives up as DEAD', async () => {
    await enqueueJob(db.prisma, 'flaky', {}, { maxAttempts: 2 });
    const worker = new JobWorker(db.prisma, { flaky: async () => { throw new Error('store timed out'); } }, logger);
    expect(await worker.runUntilIdle()).toBe(1);
    let job = await db.prisma.job.findFirstOrThrow();
    expect(job.status).toBe('QUEUED');
    expect(job.lastError).toBe('store timed out');
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 3_000);
    expect(await worker.runUntilIdle()).toBe(0); // not due yet
    await db.prisma.job.update({ where: { id: job.id }, data: { runAt: new Date(Date.now() - 1) } });
    expect(await worker.runUntilIdle()).toBe(1);
    job = await db.prisma.job.findFirstOrThrow();
    expect(job.status).toBe('DEAD');
    expect(job.attempts).toBe(2);
  });

  it('reclaims a job whose worker died (expired lease) so a restart loses nothing', async () => {
    await enqueueJob(db.prisma, 'echo', {});
    const dead = new JobWorker(db.prisma, {}, logger, { leaseMs: 1 });
    expect(await dead.claim()).not.toBeNull(); // claimed, then the process "dies"
    await new Promise((r) => setTimeout(r, 20));
    const worker = new JobWorker(db.prisma, { echo: async () => 'done' }, logger);
    expect(await worker.runUntilIdle()).toBe(1);
    expect((await db.prisma.job.findFirstOrThrow()).status).toBe('SUCCEEDED');
  });

  it('marks a job without a handler as failed rather than losing it', async () => {
    await enqueueJob(db.prisma, 'unknown', {}, { maxAttempts: 1 });
    const worker = new JobWorker(db.prisma, {}, logger);
    await worker.runUntilIdle();
    const job = await db.prisma.job.findFirstOrThrow();
    expect(job.status).toBe('DEAD');
    expect(job.lastError).toBe("no handler for job 'unknown'");
  });

  it('processes jobs in the background once started, and stops cleanly', async () => {
    let resolve!: () => void;
    const done = new Promise<void>((r) => (resolve = r));
    const worker = new JobWorker(db.prisma, { echo: async () => resolve() }, logger, { pollMs: 20 });
    worker.start();
    await enqueueJob(db.prisma, 'echo', {});
    worker.nudge();
    await done;
    await worker.stop();
    expect(await db.prisma.job.count({ where: { status: 'SUCCEEDED' } })).toBe(1);
  });

  describe('recurring jobs (scheduleNextRun)', () => {
    const KEY = 'tick:next';
    const pending = () => db.prisma.job.findMany({ where: { name: 'tick', status: { in: ['QUEUED', 'RUNNING'] } } });

    it('keeps one pending run however many processes ask at once', async () => {
      const asks = await Promise.all(Array.from({ length: 6 }, () => scheduleNextRun(db.prisma, 'tick', { uniqueKey: KEY, runAt: new Date() })));
      expect(asks.filter((a) => a.created)).toHaveLength(1);
      expect(new Set(asks.map((a) => a.id)).size).toBe(1);
      expect(await pending()).toHaveLength(1);
    });

    it('a run schedules its successor: the finished run gives up the key, one run stays pending', async () => {
      const runs: string[] = [];
      const worker = new JobWorker(db.prisma, {
        tick: async (_p, job) => {
          runs.push(job.id);
          await scheduleNextRun(db.prisma, 'tick', { uniqueKey: KEY, runAt: new Date(Date.now() + 60_000), releasing: job.id });
        },
      }, logger);
      const first = await scheduleNextRun(db.prisma, 'tick', { uniqueKey: KEY, runAt: new Date() });
      expect(await worker.runUntilIdle()).toBe(1);
      expect(runs).toEqual([first.id]);
      const done = await db.prisma.job.findUniqueOrThrow({ where: { id: first.id } });
      expect(done).toMatchObject({ status: 'SUCCEEDED', uniqueKey: null });
      const [next] = await pending();
      expect(next).toMatchObject({ status: 'QUEUED', uniqueKey: KEY });
      expect(next!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
      // a process starting now finds the pending run and adds none
      expect(await scheduleNextRun(db.prisma, 'tick', { uniqueKey: KEY, runAt: new Date() })).toEqual({ id: next!.id, created: false });
      expect(await pending()).toHaveLength(1);
    });

    it('a run that died (DEAD) gives up its key to the next schedule, so the job starts again', async () => {
      const dead = await scheduleNextRun(db.prisma, 'tick', { uniqueKey: KEY, runAt: new Date() });
      await db.prisma.job.update({ where: { id: dead.id }, data: { status: 'DEAD' } });
      const again = await scheduleNextRun(db.prisma, 'tick', { uniqueKey: KEY, runAt: new Date() });
      expect(again.created).toBe(true);
      expect(again.id).not.toBe(dead.id);
      expect(await db.prisma.job.findUniqueOrThrow({ where: { id: dead.id } })).toMatchObject({ status: 'DEAD', uniqueKey: null });
      expect(await pending()).toHaveLength(1);
    });
  });

  it.each([[1, 5_000], [2, 25_000], [3, 125_000], [10, 3_600_000]])('backs off %i attempt(s) by %i ms', (n, ms) => {
    expect(backoffMs(n)).toBe(ms);
  });
});

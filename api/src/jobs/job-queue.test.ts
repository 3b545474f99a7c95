import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createTestDatabase } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { JobWorker, backoffMs, enqueueJob } from './job-queue.ts';

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

  it.each([[1, 5_000], [2, 25_000], [3, 125_000], [10, 3_600_000]])('backs off %i attempt(s) by %i ms', (n, ms) => {
    expect(backoffMs(n)).toBe(ms);
  });
});

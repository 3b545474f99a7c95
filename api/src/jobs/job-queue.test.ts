import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { hostname } from 'node:os';
import { createTestDatabase } from '../test/test-database.ts';
import { createLogger } from '../logger.ts';
import { JobWorker, backoffMs, enqueueJob, isDeadWorker, scheduleNextRun } from './job-queue.ts';

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
  await db.prisma.jobWorker.deleteMany();
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
    await worker.start();
    await enqueueJob(db.prisma, 'echo', {});
    worker.nudge();
    await done;
    await worker.stop();
    expect(await db.prisma.job.count({ where: { status: 'SUCCEEDED' } })).toBe(1);
  });

  describe('jobs held by a worker that died are released at start-up, not after the lease', () => {
    /** The pid of a process that has just exited (so no process has it now). */
    async function deadPid(): Promise<number> {
      const child = spawn(process.execPath, ['-e', '']);
      await once(child, 'exit');
      return child.pid!;
    }

    /** A job RUNNING under a 5-minute lease held by a registered worker row, as after kill -9. */
    async function heldJob(worker: { id: string; host: string; pid: number; bootId: string; heartbeatAgoMs?: number }) {
      await db.prisma.jobWorker.create({
        data: { id: worker.id, host: worker.host, pid: worker.pid, bootId: worker.bootId, heartbeatAt: new Date(Date.now() - (worker.heartbeatAgoMs ?? 1_000)) },
      });
      const { id } = await enqueueJob(db.prisma, 'echo', { held: worker.id });
      await db.prisma.job.update({ where: { id }, data: { status: 'RUNNING', lockedBy: worker.id, lockedUntil: new Date(Date.now() + 5 * 60_000), attempts: 1 } });
      return id;
    }

    async function startAndWait(worker: JobWorker, jobId: string, ms = 3_000) {
      await worker.start();
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        if ((await db.prisma.job.findUniqueOrThrow({ where: { id: jobId } })).status === 'SUCCEEDED') return;
        await new Promise((r) => setTimeout(r, 25));
      }
    }

    it('releases and runs at once the job of a worker whose process is gone from this host, though its heartbeat is fresh', async () => {
      const jobId = await heldJob({ id: 'worker-crashed', host: hostname(), pid: await deadPid(), bootId: 'an-earlier-start' });
      const worker = new JobWorker(db.prisma, { echo: async () => 'rerun' }, logger, { pollMs: 20 });
      const started = Date.now();
      await startAndWait(worker, jobId);
      await worker.stop();
      const job = await db.prisma.job.findUniqueOrThrow({ where: { id: jobId } });
      expect(job).toMatchObject({ status: 'SUCCEEDED', result: 'rerun', attempts: 2 });
      expect(Date.now() - started).toBeLessThan(3_000);
      // the dead worker is forgotten; the stopped one unregistered itself
      expect(await db.prisma.jobWorker.count()).toBe(0);
    });

    it('releases the job of the previous start of this very pid (a restarted container reuses its pid)', async () => {
      const jobId = await heldJob({ id: 'worker-before-restart', host: hostname(), pid: process.pid, bootId: 'the-start-before' });
      const worker = new JobWorker(db.prisma, { echo: async () => 'rerun' }, logger, { pollMs: 20 });
      await startAndWait(worker, jobId);
      await worker.stop();
      expect((await db.prisma.job.findUniqueOrThrow({ where: { id: jobId } })).status).toBe('SUCCEEDED');
    });

    it('releases the job of a worker on another host once its heartbeat is stale', async () => {
      const jobId = await heldJob({ id: 'worker-elsewhere', host: 'another-host', pid: 1, bootId: 'x', heartbeatAgoMs: 60_000 });
      const worker = new JobWorker(db.prisma, { echo: async () => 'rerun' }, logger, { pollMs: 20, staleMs: 30_000 });
      await startAndWait(worker, jobId);
      await worker.stop();
      expect((await db.prisma.job.findUniqueOrThrow({ where: { id: jobId } })).status).toBe('SUCCEEDED');
    });

    it("never takes a live worker's jobs: another process's (fresh heartbeat) nor another worker's in this process", async () => {
      const elsewhere = await heldJob({ id: 'worker-alive-elsewhere', host: 'another-host', pid: process.pid, bootId: 'x', heartbeatAgoMs: 1_000 });
      const alivePid = await heldJob({ id: 'worker-alive-here', host: hostname(), pid: process.ppid, bootId: 'other-process' });

      // a live worker of this process holding a job in its handler
      let release!: () => void;
      const blocked = new Promise<void>((r) => (release = r));
      let startedHandler!: () => void;
      const inHandler = new Promise<void>((r) => (startedHandler = r));
      const busy = new JobWorker(db.prisma, { slow: async () => (startedHandler(), await blocked, 'slow done') }, logger, { pollMs: 20 });
      await busy.start();
      const { id: slowId } = await enqueueJob(db.prisma, 'slow', {});
      busy.nudge();
      await inHandler;

      const calls: unknown[] = [];
      const newcomer = new JobWorker(db.prisma, { echo: async (p) => (calls.push(p), 'stolen'), slow: async () => 'stolen' }, logger, { pollMs: 20, heartbeatMs: 50, staleMs: 30_000 });
      await newcomer.start();
      expect(await newcomer.releaseOrphanedJobs()).toBe(0);
      await new Promise((r) => setTimeout(r, 300)); // several heartbeats and polls
      expect(calls).toEqual([]);
      const jobs = await db.prisma.job.findMany({ where: { id: { in: [elsewhere, alivePid, slowId] } }, select: { id: true, status: true, lockedBy: true } });
      expect(jobs.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
        [
          { id: elsewhere, status: 'RUNNING', lockedBy: 'worker-alive-elsewhere' },
          { id: alivePid, status: 'RUNNING', lockedBy: 'worker-alive-here' },
          { id: slowId, status: 'RUNNING', lockedBy: busy.id },
        ].sort((a, b) => a.id.localeCompare(b.id)),
      );
      release();
      await newcomer.stop();
      await busy.stop();
      expect(await db.prisma.job.findUniqueOrThrow({ where: { id: slowId } })).toMatchObject({ status: 'SUCCEEDED', result: 'slow done' });
    });

    it('tells dead workers from live ones', () => {
      const self = { host: 'h', pid: 10, bootId: 'now' };
      const alive = (pid: number) => pid === 11;
      const row = (r: Partial<{ host: string; pid: number; boot_id: string; stale: boolean }>) => ({ host: 'h', pid: 11, boot_id: 'before', stale: false, ...r });
      expect(isDeadWorker(row({}), self, alive)).toBe(false); // another live process here
      expect(isDeadWorker(row({ pid: 12 }), self, alive)).toBe(true); // its process is gone
      expect(isDeadWorker(row({ pid: 10 }), self, alive)).toBe(true); // our pid, an earlier start
      expect(isDeadWorker(row({ pid: 10, boot_id: 'now' }), self, alive)).toBe(false); // another worker of this process
      expect(isDeadWorker(row({ host: 'elsewhere', pid: 12 }), self, alive)).toBe(false); // no pid check on other hosts
      expect(isDeadWorker(row({ host: 'elsewhere', stale: true }), self, alive)).toBe(true);
    });
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

/**
 * Durable jobs kept in the database (table `jobs`), so a restart loses none. Any number of API
 * processes may run workers: a job is claimed with FOR UPDATE SKIP LOCKED under a lease, and a
 * RUNNING job whose lease expired (its worker died) is claimed again. A started worker also
 * registers in `job_workers` with a heartbeat, so the jobs of a worker known to be dead (its
 * process is gone from this host, or its heartbeat went stale) are released at once rather than
 * when their lease runs out.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Logger } from '../logger.ts';
import { runWithLogContext } from '../log-context.ts';

export interface EnqueueOptions {
  queue?: string;
  runAt?: Date;
  /** Enqueueing twice with the same key creates one job (idempotent enqueue). */
  uniqueKey?: string;
  maxAttempts?: number;
  priority?: number;
}

export interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

export type JobHandler = (payload: unknown, job: ClaimedJob) => Promise<unknown>;

type Db = Pick<PrismaClient, 'job' | '$queryRawUnsafe' | '$executeRawUnsafe'>;

/** Adds a job; with a uniqueKey an existing job with that key is returned instead. */
export async function enqueueJob(db: Pick<PrismaClient, 'job'>, name: string, payload: unknown, opts: EnqueueOptions = {}): Promise<{ id: string; created: boolean }> {
  const data = {
    name,
    queue: opts.queue ?? 'default',
    payload: (payload ?? {}) as object,
    runAt: opts.runAt ?? new Date(),
    maxAttempts: opts.maxAttempts ?? 5,
    priority: opts.priority ?? 0,
    uniqueKey: opts.uniqueKey ?? null,
  };
  if (!opts.uniqueKey) {
    const job = await db.job.create({ data, select: { id: true } });
    return { id: job.id, created: true };
  }
  const existing = await db.job.findUnique({ where: { uniqueKey: opts.uniqueKey }, select: { id: true } });
  if (existing) return { id: existing.id, created: false };
  try {
    const job = await db.job.create({ data, select: { id: true } });
    return { id: job.id, created: true };
  } catch (err) {
    // Lost a race with another process enqueueing the same key.
    const again = await db.job.findUnique({ where: { uniqueKey: opts.uniqueKey }, select: { id: true } });
    if (again) return { id: again.id, created: false };
    throw err;
  }
}

export interface NextRunOptions {
  /** The one key the pending run holds; a run that is over gives it up for the next. */
  uniqueKey: string;
  runAt: Date;
  payload?: unknown;
  /** The id of the run that is scheduling its successor (it still holds the key while it runs). */
  releasing?: string;
  maxAttempts?: number;
}

/**
 * Recurring jobs: keeps exactly one pending run under `uniqueKey`, however many processes call
 * this at once. The key held by a finished run (or by `releasing`) is freed, then the next run is
 * enqueued under it; the unique index lets one enqueue win and the others find it. A run still
 * queued or running keeps the key, so calling this again changes nothing.
 */
export async function scheduleNextRun(db: Pick<PrismaClient, 'job'>, name: string, opts: NextRunOptions): Promise<{ id: string; created: boolean }> {
  await db.job.updateMany({
    where: { uniqueKey: opts.uniqueKey, OR: [{ status: { in: ['SUCCEEDED', 'FAILED', 'DEAD'] } }, ...(opts.releasing ? [{ id: opts.releasing }] : [])] },
    data: { uniqueKey: null },
  });
  return enqueueJob(db, name, opts.payload ?? {}, { uniqueKey: opts.uniqueKey, runAt: opts.runAt, maxAttempts: opts.maxAttempts });
}

/** Exponential backoff after a failed attempt: 5 s, 25 s, 2 min, 10 min..., capped at 1 hour. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 5 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface WorkerOptions {
  queue?: string;
  pollMs?: number;
  leaseMs?: number;
  concurrency?: number;
  /** How often a started worker says it is alive (and looks for dead workers' jobs). */
  heartbeatMs?: number;
  /** A worker whose heartbeat is older than this is dead; default three heartbeats. */
  staleMs?: number;
}

/** This process: its host, its pid, and a random id for this start (pids are reused after a restart). */
const PROCESS: { host: string; pid: number; bootId: string } = { host: hostname(), pid: process.pid, bootId: randomUUID() };

interface WorkerRow {
  id: string;
  host: string;
  pid: number;
  boot_id: string;
  stale: boolean;
}

/** Whether a process with this pid exists on this host (EPERM: it exists, owned by someone else). */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a registered worker is certainly dead: its heartbeat is stale, or it ran on this host in
 * an earlier start of a process whose pid is now ours or gone. Workers of other live processes
 * (here or on other hosts, heartbeat fresh) are alive, so their jobs are never taken.
 */
export function isDeadWorker(row: Omit<WorkerRow, 'id'>, self = PROCESS, alive: (pid: number) => boolean = pidAlive): boolean {
  if (row.stale) return true;
  if (row.host !== self.host || row.boot_id === self.bootId) return false;
  return row.pid === self.pid || !alive(row.pid);
}

/** Polls the jobs table and runs handlers by job name. */
export class JobWorker {
  readonly id = `worker-${randomUUID()}`;
  private timer: NodeJS.Timeout | undefined;
  private running = new Set<Promise<void>>();
  private stopped = true;
  private readonly queue: string;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly heartbeatMs: number;
  private readonly staleMs: number;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
    private readonly logger: Logger,
    opts: WorkerOptions = {},
  ) {
    this.queue = opts.queue ?? 'default';
    this.pollMs = opts.pollMs ?? 1_000;
    this.leaseMs = opts.leaseMs ?? 5 * 60_000;
    this.concurrency = opts.concurrency ?? 2;
    this.heartbeatMs = opts.heartbeatMs ?? 10_000;
    this.staleMs = opts.staleMs ?? 3 * this.heartbeatMs;
  }

  /** Registers this worker, releases the jobs of dead workers, then starts polling and beating. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.beat();
    const released = await this.releaseOrphanedJobs();
    if (released) this.logger.info('jobs of dead workers released', { released });
    this.schedule(0);
    this.heartbeat = setInterval(() => void this.beatAndRecover(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * Puts the RUNNING jobs of dead workers (see isDeadWorker) back in the queue, due now, and
   * forgets those workers. Returns how many jobs went back.
   */
  async releaseOrphanedJobs(): Promise<number> {
    const workers = await this.db.$queryRawUnsafe<WorkerRow[]>(
      `SELECT id, host, pid, boot_id, heartbeat_at < now() - ($2 || ' milliseconds')::interval AS stale FROM job_workers WHERE id <> $1`,
      this.id,
      String(this.staleMs),
    );
    const dead = workers.filter((w) => isDeadWorker(w)).map((w) => w.id);
    if (dead.length === 0) return 0;
    const released = await this.db.$executeRawUnsafe(
      `UPDATE jobs SET status = 'QUEUED', locked_by = NULL, locked_until = NULL, run_at = now(), updated_at = now()
        WHERE status = 'RUNNING' AND locked_by = ANY($1::text[])`,
      dead,
    );
    await this.db.$executeRawUnsafe(`DELETE FROM job_workers WHERE id = ANY($1::text[])`, dead);
    return released;
  }

  /** Says this worker is alive (registering it again if another worker took it for dead). */
  private async beat(): Promise<void> {
    await this.db.$executeRawUnsafe(
      `INSERT INTO job_workers (id, host, pid, boot_id, started_at, heartbeat_at) VALUES ($1, $2, $3, $4, now(), now())
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`,
      this.id,
      PROCESS.host,
      PROCESS.pid,
      PROCESS.bootId,
    );
  }

  private async beatAndRecover(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.beat();
      const released = await this.releaseOrphanedJobs();
      if (released) {
        this.logger.info('jobs of dead workers released', { released });
        this.nudge();
      }
    } catch (err) {
      this.logger.error('job worker heartbeat failed', { err: err as Error });
    }
  }

  /** Asks the worker to look for work now (after an enqueue in this process). */
  nudge(): void {
    if (!this.stopped) this.schedule(0);
  }

  /** Stops polling and waits for the jobs in flight to finish. */
  async stop(): Promise<void> {
    const wasStarted = !this.stopped;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    await Promise.allSettled([...this.running]);
    if (wasStarted) {
      await this.db.$executeRawUnsafe(`DELETE FROM job_workers WHERE id = $1`, this.id).catch((err: unknown) => {
        this.logger.warn('job worker could not unregister', { err: err as Error });
      });
    }
  }

  /** Runs due jobs until none are left (for tests and scripts). Returns how many ran. */
  async runUntilIdle(maxJobs = 1_000): Promise<number> {
    let ran = 0;
    while (ran < maxJobs) {
      const job = await this.claim();
      if (!job) break;
      await this.execute(job);
      ran++;
    }
    return ran;
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    try {
      while (!this.stopped && this.running.size < this.concurrency) {
        const job = await this.claim();
        if (!job) break;
        const p = this.execute(job).finally(() => {
          this.running.delete(p);
          this.nudge();
        });
        this.running.add(p);
      }
    } catch (err) {
      this.logger.error('job polling failed', { err: err as Error });
    }
    if (!this.stopped) this.schedule(this.pollMs);
  }

  /** Claims one due job (or one whose worker's lease expired). */
  async claim(): Promise<ClaimedJob | null> {
    const rows = await this.db.$queryRawUnsafe<{ id: string; name: string; payload: unknown; attempts: number; max_attempts: number }[]>(
      `UPDATE jobs SET status = 'RUNNING', locked_by = $1, locked_until = now() + ($2 || ' milliseconds')::interval,
              attempts = attempts + 1, started_at = now(), updated_at = now()
        WHERE id = (
          SELECT id FROM jobs
           WHERE queue = $3 AND ((status = 'QUEUED' AND run_at <= now()) OR (status = 'RUNNING' AND locked_until < now()))
           ORDER BY priority DESC, run_at
           LIMIT 1
           FOR UPDATE SKIP LOCKED)
        RETURNING id, name, payload, attempts, max_attempts`,
      this.id,
      String(this.leaseMs),
      this.queue,
    );
    const row = rows[0];
    return row ? { id: row.id, name: row.name, payload: row.payload, attempts: row.attempts, maxAttempts: row.max_attempts } : null;
  }

  private execute(job: ClaimedJob): Promise<void> {
    return executeJob(this.db, this.handlers, this.logger, job);
  }
}

/** Runs a claimed job's handler and records the outcome: SUCCEEDED, or QUEUED again with backoff, or DEAD after its last attempt. */
async function executeJob(db: Db, handlers: Record<string, JobHandler>, logger: Logger, job: ClaimedJob): Promise<void> {
  const handler = handlers[job.name];
  try {
    if (!handler) throw new Error(`no handler for job '${job.name}'`);
    // Every log line the handler writes carries the job id.
    const result = await runWithLogContext({ jobId: job.id, jobName: job.name }, () => handler(job.payload, job));
    await db.job.update({
      where: { id: job.id },
      data: { status: 'SUCCEEDED', result: (result ?? null) as never, finishedAt: new Date(), lockedBy: null, lockedUntil: null, lastError: null },
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const dead = job.attempts >= job.maxAttempts;
    logger.warn('job failed', { jobId: job.id, name: job.name, attempts: job.attempts, dead, error: message });
    await db.job.update({
      where: { id: job.id },
      data: dead
        ? { status: 'DEAD', lastError: message, finishedAt: new Date(), lockedBy: null, lockedUntil: null }
        : { status: 'QUEUED', lastError: message, runAt: new Date(Date.now() + backoffMs(job.attempts)), lockedBy: null, lockedUntil: null },
    });
  }
}

/**
 * Runs one queued, due job in this process now, if no worker has claimed it (a request that wants
 * the job's first answer). It is claimed under a lease like any worker's: if this process dies,
 * a worker claims it again when the lease runs out. Returns false when it was not free to run.
 */
export async function runJobNow(db: Db, handlers: Record<string, JobHandler>, logger: Logger, jobId: string, opts: { lockedBy: string; leaseMs?: number }): Promise<boolean> {
  const rows = await db.$queryRawUnsafe<{ id: string; name: string; payload: unknown; attempts: number; max_attempts: number }[]>(
    `UPDATE jobs SET status = 'RUNNING', locked_by = $1, locked_until = now() + ($2 || ' milliseconds')::interval,
            attempts = attempts + 1, started_at = now(), updated_at = now()
      WHERE id = $3 AND status = 'QUEUED' AND run_at <= now()
      RETURNING id, name, payload, attempts, max_attempts`,
    opts.lockedBy,
    String(opts.leaseMs ?? 60_000),
    jobId,
  );
  const row = rows[0];
  if (!row) return false;
  await executeJob(db, handlers, logger, { id: row.id, name: row.name, payload: row.payload, attempts: row.attempts, maxAttempts: row.max_attempts });
  return true;
}

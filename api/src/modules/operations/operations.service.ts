/**
 * The staff system page (issue 24): durable jobs by status with retry and cancel for failed ones,
 * the latest server errors with their request ids, failing deliveries and payouts. Also keeps the
 * server-error ring every API process writes into.
 */
import type { AppContext } from '../../context.ts';
import type { DeliveryKind, JobStatus, PayoutTransactionStatus, PrismaClient } from '../../generated/prisma/client.ts';
import { DomainError } from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { requireStaffAction } from '../users/staff.policy.ts';

/** How many server errors the ring keeps. */
export const SERVER_ERROR_RING = 500;
/** How many rows each list of the system page shows. */
const LIST = 50;

export interface ServerErrorEntry {
  requestId?: string | null;
  jobId?: string | null;
  operation?: string | null;
  message: string;
  userId?: string | null;
}

/** Writes one server error and drops those beyond the newest SERVER_ERROR_RING. */
export async function recordServerError(prisma: Pick<PrismaClient, 'serverError' | '$executeRawUnsafe'>, entry: ServerErrorEntry): Promise<void> {
  await prisma.serverError.create({
    data: {
      requestId: entry.requestId?.slice(0, 100) ?? null,
      jobId: entry.jobId ?? null,
      operation: entry.operation?.slice(0, 200) ?? null,
      message: entry.message.slice(0, 2_000),
      userId: entry.userId ?? null,
    },
  });
  await prisma.$executeRawUnsafe(
    `DELETE FROM server_errors WHERE created_at < (SELECT created_at FROM server_errors ORDER BY created_at DESC OFFSET $1 LIMIT 1)`,
    SERVER_ERROR_RING - 1,
  );
}

export type FailedJobState = 'RETRYING' | 'DEAD' | 'CANCELLED';

export interface JobCount {
  name: string;
  status: JobStatus;
  count: number;
}

export interface FailedJobView {
  id: string;
  name: string;
  state: FailedJobState;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: Date;
  updatedAt: Date;
}

export interface SystemStatus {
  jobCounts: JobCount[];
  /** Seconds the oldest due job has been waiting (0 when none waits). */
  oldestWaitingSeconds: number;
  failedJobs: FailedJobView[];
  serverErrors: { id: string; requestId: string | null; jobId: string | null; operation: string | null; message: string; userId: string | null; createdAt: Date }[];
  failingDeliveries: { id: string; releaseId: string; store: string; kind: DeliveryKind; error: string | null; updatedAt: Date }[];
  failingPayouts: { id: string; userId: string | null; amountMinor: bigint; currency: string; payoutStatus: PayoutTransactionStatus | null; errorCode: string | null; updatedAt: Date }[];
}

/**
 * Failed jobs: DEAD (gave up), QUEUED again after an error (retrying with backoff), and FAILED
 * (cancelled by staff; the queue itself never sets FAILED).
 */
const FAILED_WHERE = { OR: [{ status: 'DEAD' as const }, { status: 'FAILED' as const }, { status: 'QUEUED' as const, lastError: { not: null } }] };

function stateOf(status: string): FailedJobState {
  return status === 'DEAD' ? 'DEAD' : status === 'FAILED' ? 'CANCELLED' : 'RETRYING';
}

/** Everything the system page shows (support and admin). */
export async function systemStatus(ctx: AppContext): Promise<SystemStatus> {
  requireStaffAction(ctx.viewer, 'operate-system');
  const [groups, oldest, failed, errors, deliveries, payouts] = await Promise.all([
    ctx.prisma.job.groupBy({ by: ['name', 'status'], _count: { _all: true }, orderBy: [{ name: 'asc' }, { status: 'asc' }] }),
    ctx.prisma.job.findFirst({ where: { status: 'QUEUED', runAt: { lte: new Date() } }, orderBy: { runAt: 'asc' }, select: { runAt: true } }),
    ctx.prisma.job.findMany({ where: FAILED_WHERE, orderBy: { updatedAt: 'desc' }, take: LIST }),
    ctx.prisma.serverError.findMany({ orderBy: { createdAt: 'desc' }, take: LIST }),
    ctx.prisma.releaseDelivery.findMany({ where: { status: 'FAILED' }, orderBy: { updatedAt: 'desc' }, take: LIST, include: { dsp: { select: { name: true } } } }),
    ctx.prisma.withdrawal.findMany({
      where: { OR: [{ payoutStatus: { in: ['FAILED', 'CANCELLED'] } }, { errorCode: { not: null } }] },
      orderBy: { updatedAt: 'desc' },
      take: LIST,
    }),
  ]);
  return {
    jobCounts: groups.map((g) => ({ name: g.name, status: g.status, count: g._count._all })),
    oldestWaitingSeconds: oldest ? Math.max(0, Math.floor((Date.now() - oldest.runAt.getTime()) / 1000)) : 0,
    failedJobs: failed.map((j) => ({ id: j.id, name: j.name, state: stateOf(j.status), attempts: j.attempts, maxAttempts: j.maxAttempts, lastError: j.lastError, runAt: j.runAt, updatedAt: j.updatedAt })),
    serverErrors: errors,
    failingDeliveries: deliveries.map((d) => ({ id: d.id, releaseId: d.releaseId, store: d.dsp.name, kind: d.kind, error: d.error, updatedAt: d.updatedAt })),
    failingPayouts: payouts.map((w) => ({ id: w.id, userId: w.userId, amountMinor: w.amountMinor, currency: w.currency, payoutStatus: w.payoutStatus, errorCode: w.errorCode, updatedAt: w.updatedAt })),
  };
}

async function failedJob(ctx: AppContext, jobId: string) {
  const job = await ctx.prisma.job.findFirst({ where: { id: jobId, ...FAILED_WHERE } });
  if (!job) throw new DomainError('NOT_FOUND', 'No failed job with this id', { key: 'job-not-failed' });
  return job;
}

/** Runs a failed (or retrying, or cancelled) job again now, with a fresh set of attempts. */
export async function retryJob(ctx: AppContext, jobId: string): Promise<FailedJobView> {
  requireStaffAction(ctx.viewer, 'operate-system');
  const job = await failedJob(ctx, jobId);
  // Only a job still failed moves, so two staff pressing at once queue it once.
  const moved = await ctx.prisma.job.updateMany({
    where: { id: job.id, status: job.status, updatedAt: job.updatedAt },
    data: { status: 'QUEUED', attempts: 0, runAt: new Date(), finishedAt: null, lockedBy: null, lockedUntil: null },
  });
  if (moved.count === 0) throw new DomainError('CONFLICT', 'The job changed meanwhile; reload the page', { key: 'job-changed' });
  await recordAudit(ctx, { category: 'SUPPORT', subcategory: 'JOB_RETRIED', userId: null, entityType: 'job', entityId: job.id, oldValues: { status: job.status, lastError: job.lastError }, newValues: { status: 'QUEUED' } });
  const after = await ctx.prisma.job.findUniqueOrThrow({ where: { id: job.id } });
  return { id: after.id, name: after.name, state: 'RETRYING', attempts: after.attempts, maxAttempts: after.maxAttempts, lastError: after.lastError, runAt: after.runAt, updatedAt: after.updatedAt };
}

/** Stops a failed job for good (FAILED): a retrying one is not run again. */
export async function cancelJob(ctx: AppContext, jobId: string): Promise<FailedJobView> {
  requireStaffAction(ctx.viewer, 'operate-system');
  const job = await failedJob(ctx, jobId);
  if (job.status === 'FAILED') throw new DomainError('CONFLICT', 'The job is already cancelled', { key: 'job-cancelled' });
  const moved = await ctx.prisma.job.updateMany({
    where: { id: job.id, status: job.status, updatedAt: job.updatedAt },
    data: { status: 'FAILED', finishedAt: new Date(), lockedBy: null, lockedUntil: null },
  });
  if (moved.count === 0) throw new DomainError('CONFLICT', 'The job changed meanwhile; reload the page', { key: 'job-changed' });
  await recordAudit(ctx, { category: 'SUPPORT', subcategory: 'JOB_CANCELLED', userId: null, entityType: 'job', entityId: job.id, oldValues: { status: job.status }, newValues: { status: 'FAILED' } });
  const after = await ctx.prisma.job.findUniqueOrThrow({ where: { id: job.id } });
  return { id: after.id, name: after.name, state: 'CANCELLED', attempts: after.attempts, maxAttempts: after.maxAttempts, lastError: after.lastError, runAt: after.runAt, updatedAt: after.updatedAt };
}

/** GraphQL: the staff system page (support and admin), for the console and internal tools. */
import { formatMinor } from '@cadence/domain/money';
import type { JobStatus } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { DeliveryKindEnum } from '../delivery/delivery.schema.ts';
import { PayoutStatusEnum } from '../earnings/earnings.schema.ts';
import { cancelJob, retryJob, systemStatus, type FailedJobView, type JobCount, type SystemStatus } from './operations.service.ts';

const FailedJobStateEnum = builder.enumType('FailedJobState', {
  values: {
    RETRYING: { description: 'Failed and queued again with backoff.' },
    DEAD: { description: 'Gave up after its last attempt.' },
    CANCELLED: { description: 'Stopped by staff.' },
  } as const,
});

const JobStatusEnum = builder.enumType('JobStatus', {
  description: 'Where a durable job stands in the queue.',
  values: {
    QUEUED: { description: 'Waiting for a worker (new, or again after an error with backoff).' },
    RUNNING: { description: 'A worker has it now.' },
    SUCCEEDED: { description: 'Done.' },
    FAILED: { description: 'Cancelled by staff (the queue itself never sets it).' },
    DEAD: { description: 'Gave up after its last attempt.' },
  } as const satisfies Record<JobStatus, { description: string }>,
});

const JobCountRef = builder.objectRef<JobCount>('JobCount').implement({
  description: 'How many durable jobs of one kind are in one status.',
  fields: (t) => ({
    name: t.exposeString('name'),
    status: t.expose('status', { type: JobStatusEnum, description: 'QUEUED, RUNNING, SUCCEEDED, FAILED (cancelled) or DEAD.' }),
    count: t.exposeInt('count'),
  }),
});

const FailedJobRef = builder.objectRef<FailedJobView>('FailedJob').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    state: t.expose('state', { type: FailedJobStateEnum }),
    attempts: t.exposeInt('attempts'),
    maxAttempts: t.exposeInt('maxAttempts'),
    lastError: t.exposeString('lastError', { nullable: true }),
    runAt: t.expose('runAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const ServerErrorRef = builder.objectRef<SystemStatus['serverErrors'][number]>('ServerErrorReport').implement({
  description: 'An unexpected server error (answered 500), newest first.',
  fields: (t) => ({
    id: t.exposeID('id'),
    requestId: t.exposeString('requestId', { nullable: true }),
    jobId: t.exposeString('jobId', { nullable: true }),
    operation: t.exposeString('operation', { nullable: true, description: 'The GraphQL operation name, or the method and path.' }),
    message: t.exposeString('message'),
    userId: t.exposeID('userId', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const FailingDeliveryRef = builder.objectRef<SystemStatus['failingDeliveries'][number]>('FailingDelivery').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    releaseId: t.exposeID('releaseId'),
    store: t.exposeString('store'),
    kind: t.expose('kind', { type: DeliveryKindEnum, description: 'INSERT, UPDATE or TAKEDOWN.' }),
    error: t.exposeString('error', { nullable: true }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const FailingPayoutRef = builder.objectRef<SystemStatus['failingPayouts'][number]>('FailingPayout').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    userId: t.exposeID('userId', { nullable: true }),
    amount: t.string({ description: 'Decimal string in the currency.', resolve: (p) => formatMinor(p.amountMinor) }),
    currency: t.exposeString('currency'),
    payoutStatus: t.expose('payoutStatus', { type: PayoutStatusEnum, nullable: true, description: 'The provider’s last status; null before the provider answered.' }),
    errorCode: t.exposeString('errorCode', { nullable: true }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const SystemStatusRef = builder.objectRef<SystemStatus>('SystemStatus').implement({
  description: 'What the service is doing: jobs, recent server errors, failing deliveries and payouts.',
  fields: (t) => ({
    jobCounts: t.field({ type: [JobCountRef], resolve: (s) => s.jobCounts }),
    oldestWaitingSeconds: t.exposeInt('oldestWaitingSeconds', { description: 'How long the oldest due job has waited for a worker.' }),
    failedJobs: t.field({ type: [FailedJobRef], resolve: (s) => s.failedJobs }),
    serverErrors: t.field({ type: [ServerErrorRef], resolve: (s) => s.serverErrors }),
    failingDeliveries: t.field({ type: [FailingDeliveryRef], resolve: (s) => s.failingDeliveries }),
    failingPayouts: t.field({ type: [FailingPayoutRef], resolve: (s) => s.failingPayouts }),
  }),
});

builder.queryFields((t) => ({
  systemStatus: t.field({
    type: SystemStatusRef,
    authScopes: { support: true },
    description: 'Staff: the system page (jobs by status, failed jobs, latest server errors, failing deliveries and payouts).',
    resolve: (_r, _a, ctx) => systemStatus(ctx),
  }),
}));

const JobInput = (name: string) =>
  builder.inputType(name, {
    fields: (t) => ({ jobId: t.id({ required: true }) }),
  });
const JobPayload = (name: string) =>
  builder.objectRef<{ job: FailedJobView }>(name).implement({
    fields: (t) => ({ job: t.field({ type: FailedJobRef, resolve: (p) => p.job }) }),
  });
const RetryJobInput = JobInput('RetryJobInput');
const CancelJobInput = JobInput('CancelJobInput');
const RetryJobPayload = JobPayload('RetryJobPayload');
const CancelJobPayload = JobPayload('CancelJobPayload');

builder.mutationFields((t) => ({
  retryJob: t.field({
    type: RetryJobPayload,
    authScopes: { support: true },
    description: 'Staff: runs a failed job again now with fresh attempts (audited).',
    args: { input: t.arg({ type: RetryJobInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ job: await retryJob(ctx, String(input.jobId)) }),
  }),
  cancelJob: t.field({
    type: CancelJobPayload,
    authScopes: { support: true },
    description: 'Staff: stops a failed job for good (audited).',
    args: { input: t.arg({ type: CancelJobInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ job: await cancelJob(ctx, String(input.jobId)) }),
  }),
}));

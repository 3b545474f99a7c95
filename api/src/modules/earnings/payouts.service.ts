/**
 * The payout side of withdrawals, run by durable jobs and webhooks (never inside a user's request):
 * the payout call, the provider's status changes and the polling that catches missed webhooks.
 *
 * Exactly once: the provider payment is keyed by the withdrawal id (clientPaymentId), so a job that
 * died after the provider accepted and before we stored the answer finds that payment when it runs
 * again (reconciliation) instead of paying twice. Status changes lock the withdrawal row and apply
 * only to a PENDING withdrawal, so a webhook and the poller racing change it once.
 */
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { runJobNow, scheduleNextRun, type JobHandler } from '../../jobs/job-queue.ts';
import { payoutProvider } from '../../integrations/payouts/create-payout-provider.ts';
import { PayoutError, WebhookRefused, type Payout, type PayoutEvent, type SignatureProblem } from '../../integrations/payouts/payout-provider.ts';
import { isUniqueViolation } from '../../db/prisma-errors.ts';
import { DomainError } from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { ensureAccount, postTransactionIn } from '../ledger/ledger.service.ts';
import type { AppContext } from '../../context.ts';
import { needsApproval, payeeOf, PAYOUT_JOB, presentWithdrawal, requestWithdrawal, withdrawalRefusal, type WithdrawalView, type WithdrawInput } from './earnings.service.ts';
import { emitWithdrawalEvent } from '../webhooks/webhooks.service.ts';

export const POLL_JOB = 'withdrawals.poll';
const POLL_KEY = 'withdrawals-poll';

export interface PayoutDeps {
  prisma: PrismaClient;
  config: Config;
  logger: Logger;
}

/** Provider messages as stored JSON. */
function asJson(messages: readonly { code: string; message: string }[]) {
  return messages.map((m) => ({ code: m.code, message: m.message }));
}

/** Audit context of the system (jobs, webhooks): no viewer, the job or event as the request id. */
function systemCtx(prisma: PrismaClient, requestId: string) {
  return { prisma, viewer: null, requestId };
}

/**
 * Applies a provider status to a withdrawal, once: FINALIZED posts the WITHDRAWAL transaction and
 * releases the hold (APPROVED); FAILED or CANCELLED releases the hold with the provider's messages
 * (REJECTED); PENDING and PROCESSING are recorded. Returns whether anything changed.
 */
export async function applyPayoutStatus(deps: PayoutDeps, withdrawalId: string, payout: Payout, source: string): Promise<boolean> {
  return deps.prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM withdrawals WHERE id = ${withdrawalId} FOR UPDATE`;
    if (!rows.length) return false;
    const w = await tx.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId } });
    if (w.status !== 'PENDING') return false;
    if (w.externalId && w.externalId !== payout.externalId) {
      deps.logger.warn('payout status for another payment ignored', { withdrawalId, externalId: payout.externalId });
      return false;
    }
    if (payout.amountMinor !== w.amountMinor) {
      deps.logger.error('payout amount differs from the withdrawal', { withdrawalId, amount: payout.amountMinor.toString() });
      return false;
    }
    const audit = (step: string, extra: Record<string, string | null> = {}) =>
      recordAudit(systemCtx(deps.prisma, source), { category: 'WITHDRAWAL', subcategory: 'WITHDRAWAL', userId: w.userId, entityType: 'Withdrawal', entityId: w.id, oldValues: { status: w.status, payoutStatus: w.payoutStatus }, newValues: { step, payoutStatus: payout.status, source, ...extra } }, tx);
    if (payout.status === 'FINALIZED') {
      const clearing = await ensureAccount(tx, { kind: 'PAYOUTS_CLEARING', currency: w.currency.trim() });
      const { transaction } = await postTransactionIn(tx, {
        kind: 'WITHDRAWAL',
        idempotencyKey: `withdrawal:${w.id}`,
        description: 'Withdrawal to PayPal',
        metadata: { withdrawalId: w.id, externalId: payout.externalId },
        releaseHoldIds: w.holdId ? [w.holdId] : [],
        entries: [
          { accountId: w.accountId, amountMinor: -w.amountMinor },
          { accountId: clearing.id, amountMinor: w.amountMinor },
        ],
      });
      await tx.withdrawal.update({ where: { id: w.id }, data: { status: 'APPROVED', payoutStatus: 'FINALIZED', externalId: payout.externalId, ledgerTransactionId: transaction.id } });
      await audit('finalized', { ledgerTransactionId: transaction.id });
      await emitWithdrawalEvent(tx, w.id);
      return true;
    }
    if (payout.status === 'FAILED' || payout.status === 'CANCELLED') {
      if (w.holdId) await tx.ledgerHold.updateMany({ where: { id: w.holdId, releasedAt: null }, data: { releasedAt: new Date() } });
      const first = payout.messages[0];
      await tx.withdrawal.update({ where: { id: w.id }, data: { status: 'REJECTED', payoutStatus: payout.status, externalId: payout.externalId, errorCode: first?.code ?? payout.status, messages: asJson(payout.messages) } });
      await audit(payout.status === 'FAILED' ? 'failed' : 'cancelled', { errorCode: first?.code ?? null });
      await emitWithdrawalEvent(tx, w.id);
      return true;
    }
    if (w.payoutStatus === payout.status && w.externalId === payout.externalId) return false;
    await tx.withdrawal.update({ where: { id: w.id }, data: { payoutStatus: payout.status, externalId: payout.externalId } });
    await audit(payout.status === 'PENDING' ? 'accepted-by-provider' : 'processing');
    return true;
  });
}

/** The provider refused the payout: the withdrawal is REJECTED with its messages and the hold released. */
async function rejectByProvider(deps: PayoutDeps, withdrawalId: string, err: PayoutError, source: string): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM withdrawals WHERE id = ${withdrawalId} FOR UPDATE`;
    if (!rows.length) return;
    const w = await tx.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId } });
    if (w.status !== 'PENDING') return;
    if (w.holdId) await tx.ledgerHold.updateMany({ where: { id: w.holdId, releasedAt: null }, data: { releasedAt: new Date() } });
    await tx.withdrawal.update({ where: { id: w.id }, data: { status: 'REJECTED', payoutStatus: 'FAILED', errorCode: err.code, messages: asJson(err.messages) } });
    await recordAudit(systemCtx(deps.prisma, source), { category: 'WITHDRAWAL', subcategory: 'WITHDRAWAL', userId: w.userId, entityType: 'Withdrawal', entityId: w.id, oldValues: { status: 'PENDING' }, newValues: { step: 'refused-by-provider', errorCode: err.code, message: err.message } }, tx);
    await emitWithdrawalEvent(tx, w.id);
  });
}

/**
 * The payout job: asks the provider for the payment made under this withdrawal's key first (a
 * previous run may have died after the provider accepted), and only then creates it.
 */
export async function runPayout(deps: PayoutDeps, withdrawalId: string, source = 'payout-job'): Promise<'paid' | 'skipped' | 'refused'> {
  const w = await deps.prisma.withdrawal.findUnique({ where: { id: withdrawalId }, include: { user: true } });
  if (!w || w.status !== 'PENDING' || !w.user) return 'skipped';
  if (needsApproval(deps.config, w.amountMinor) && w.decidedAt === null) return 'skipped';
  const provider = payoutProvider(deps.config.payouts);
  let payout: Payout;
  try {
    payout = (await provider.findPayout(w.id)) ?? (await provider.createPayout({ clientPaymentId: w.id, payee: payeeOf(w.user), amountMinor: w.amountMinor, currency: w.currency.trim() }));
  } catch (err) {
    if (err instanceof PayoutError && !err.retryable) {
      await rejectByProvider(deps, w.id, err, source);
      return 'refused';
    }
    throw err; // unavailable: the job retries with backoff
  }
  await applyPayoutStatus(deps, w.id, payout, source);
  return 'paid';
}

/** Polls the provider for every withdrawal it accepted that is still pending (missed webhooks), and re-queues lost payout jobs. */
export async function pollPayouts(deps: PayoutDeps): Promise<{ checked: number; changed: number }> {
  const pending = await deps.prisma.withdrawal.findMany({ where: { status: 'PENDING' }, select: { id: true, externalId: true, amountMinor: true, decidedAt: true }, take: 200, orderBy: { updatedAt: 'asc' } });
  const provider = payoutProvider(deps.config.payouts);
  let changed = 0;
  for (const w of pending) {
    if (needsApproval(deps.config, w.amountMinor) && w.decidedAt === null) continue;
    try {
      const payout = await provider.findPayout(w.id);
      if (payout && (await applyPayoutStatus(deps, w.id, payout, 'poll'))) changed += 1;
    } catch (err) {
      deps.logger.warn('payout poll failed', { withdrawalId: w.id, err: err as Error });
    }
  }
  return { checked: pending.length, changed };
}

/** Schedules the next poll (idempotent: one pending poll however many processes start). */
export function schedulePolling(prisma: PrismaClient, config: Config, releasing?: string) {
  return scheduleNextRun(prisma, POLL_JOB, { uniqueKey: POLL_KEY, runAt: new Date(Date.now() + (releasing ? config.payouts.pollMs : 0)), releasing, maxAttempts: 3 });
}

/** The module's job handlers. */
export function payoutJobHandlers(deps: PayoutDeps): Record<string, JobHandler> {
  return {
    [PAYOUT_JOB]: async (payload, job) => runPayout(deps, String((payload as { withdrawalId?: unknown }).withdrawalId), `job:${job.id}`),
    [POLL_JOB]: async (_payload, job) => {
      try {
        return await pollPayouts(deps);
      } finally {
        await schedulePolling(deps.prisma, deps.config, job.id);
      }
    },
  };
}

export const WEBHOOK_REFUSALS: Record<SignatureProblem, string> = {
  missing: 'The webhook signature is missing',
  malformed: 'The webhook signature is malformed',
  'bad-signature': 'The webhook signature does not match',
  stale: 'The webhook is too old (or from the future)',
  'unknown-notification': 'The payout provider does not know this notification',
  'not-a-payment': 'Not a payment notification',
};

/**
 * A provider notification: the provider authenticates it (the sandbox's signature and age on the
 * raw body; HyperWallet by reading it back from its API), the event id is recorded once (a replay
 * is acknowledged and changes nothing), then the status is applied.
 */
export async function receivePayoutWebhook(deps: PayoutDeps, rawBody: string, signature: string | undefined): Promise<{ duplicate: boolean; changed: boolean }> {
  let event: PayoutEvent;
  try {
    event = await payoutProvider(deps.config.payouts).receiveWebhook(rawBody, signature);
  } catch (err) {
    if (!(err instanceof WebhookRefused)) throw err;
    if (err.problem === 'not-a-payment') throw new DomainError('BAD_USER_INPUT', WEBHOOK_REFUSALS[err.problem], { key: 'webhook-bad-body' });
    throw new DomainError('UNAUTHENTICATED', WEBHOOK_REFUSALS[err.problem], { key: `webhook-${err.problem}` });
  }
  const uniqueKey = `payout-event:${event.eventId}`.slice(0, 200);
  try {
    // The event id is kept as a finished job row: its unique key refuses the same event twice.
    await deps.prisma.job.create({ data: { name: 'withdrawals.webhook-event', queue: 'records', status: 'SUCCEEDED', payload: { eventId: event.eventId, clientPaymentId: event.payout.clientPaymentId }, uniqueKey, runAt: new Date() } });
  } catch (err) {
    if (isUniqueViolation(err)) return { duplicate: true, changed: false };
    throw err;
  }
  const exists = await deps.prisma.withdrawal.findUnique({ where: { id: event.payout.clientPaymentId }, select: { id: true } });
  if (!exists) return { duplicate: false, changed: false };
  return { duplicate: false, changed: await applyPayoutStatus(deps, exists.id, event.payout, `webhook:${event.eventId}`) };
}

/**
 * A withdrawal request over either transport: requestWithdrawal, then (PAYOUT config payInRequest)
 * the request runs the durable payout job itself when no worker has taken it yet, after the
 * request's transaction committed. A provider refusal (codes 33, 34, 35 are warnings; any other
 * code an error) then answers the request as a refusal carrying the provider's code and words;
 * the withdrawal stays in the history as REJECTED. An unavailable provider leaves it PENDING for
 * the job's retries.
 */
export async function withdrawAndPay(ctx: AppContext, input: WithdrawInput): Promise<{ withdrawal: WithdrawalView; created: boolean }> {
  const result = await requestWithdrawal(ctx, input);
  const deps: PayoutDeps = { prisma: ctx.prisma, config: ctx.config, logger: ctx.logger };
  if (!result.created || result.withdrawal.awaitingApproval || !ctx.config.payouts.payInRequest) return result;
  const job = await ctx.prisma.job.findUnique({ where: { uniqueKey: `withdrawal-payout:${result.withdrawal.id}` }, select: { id: true } });
  if (!job) return result;
  await runJobNow(ctx.prisma, payoutJobHandlers(deps), ctx.logger, job.id, { lockedBy: `request:${ctx.requestId}` });
  const w = presentWithdrawal(await ctx.prisma.withdrawal.findUniqueOrThrow({ where: { id: result.withdrawal.id } }), ctx.config);
  if (w.status === 'REJECTED') {
    const first = w.messages[0] ?? { code: w.errorCode ?? 'FAILED', message: 'The payout provider did not accept the withdrawal' };
    throw withdrawalRefusal(w.errorCode ?? first.code, `${ctx.config.payouts.providerName} did not accept the withdrawal.`, { withdrawalId: w.id }, first.message);
  }
  return { withdrawal: w, created: true };
}

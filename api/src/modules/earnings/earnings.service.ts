/**
 * Earnings: the balance, the statement of account, withdrawals through the payout provider and the
 * tax gate (supporting §3, §7, §8). Money moves only through the ledger service. A withdrawal
 * request places a hold and records a PENDING withdrawal in one transaction and enqueues the payout
 * job there too; the provider is called by that job, never inside the request.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext, Viewer } from '../../context.ts';
import type { Config } from '../../config.ts';
import type { LedgerTransactionKind, Prisma, PrismaClient, TaxVerificationStatus, Withdrawal } from '../../generated/prisma/client.ts';
import { DomainError } from '../../domain-error.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { payoutProvider } from '../../integrations/payouts/create-payout-provider.ts';
import type { PayeeInput } from '../../integrations/payouts/payout-provider.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { refuseWhileActing } from '../support/impersonation.policy.ts';
import { requireStaff, requireViewer } from '../users/users.policy.ts';
import { DEFAULT_CURRENCY, findWalletAccount, lockAccount, placeHoldIn, accountBalance, walletAccount } from '../ledger/ledger.service.ts';
import { belowMinimumMessage, isTaxBlocking, readWithdrawalAmount, verifyTaxMessage, WITHDRAWAL_MESSAGES } from '@cadence/domain/withdrawal';
import { unitsToMinor } from '@cadence/domain/money';
import { emitWithdrawalEvent } from '../webhooks/webhooks.service.ts';

export const PAYOUT_JOB = 'withdrawals.payout';

export interface BalanceView {
  balanceMinor: bigint;
  lockedMinor: bigint;
  availableMinor: bigint;
  currency: string;
  isWalletExist: boolean;
  hasWithdrawals: boolean;
}

export interface WithdrawalView {
  id: string;
  amountMinor: bigint;
  currency: string;
  status: Withdrawal['status'];
  payoutStatus: Withdrawal['payoutStatus'];
  /** Waiting for support to approve (amount above the approval threshold). */
  awaitingApproval: boolean;
  errorCode: string | null;
  messages: { code: string; message: string }[];
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A refused withdrawal: the REST transport answers 400 {Message, Details: {Code, Message}}; GraphQL
 * carries withdrawalCode and detailMessage in the error's extensions. `detailMessage` is the
 * provider's own words when the provider refused; our own refusals repeat the message.
 */
export function withdrawalRefusal(code: string, message: string, extra: Record<string, unknown> = {}, detailMessage: string = message): DomainError {
  return new DomainError('BAD_USER_INPUT', message, { key: code, withdrawalCode: code, detailMessage, ...extra });
}

/** Whose money a request may read: the owner (support acting as them reads it, read-only). */
function ownerOf(ctx: AppContext): Viewer {
  return requireViewer(ctx.viewer);
}

/** Withdrawals above the threshold wait for support; the rule lives here once. */
export function needsApproval(config: Config, amountMinor: bigint): boolean {
  return amountMinor > config.payouts.approvalAboveMinor;
}

export function presentWithdrawal(w: Withdrawal, config: Config): WithdrawalView {
  return {
    id: w.id,
    amountMinor: w.amountMinor,
    currency: w.currency.trim(),
    status: w.status,
    payoutStatus: w.payoutStatus,
    awaitingApproval: w.status === 'PENDING' && needsApproval(config, w.amountMinor) && w.decidedAt === null,
    errorCode: w.errorCode,
    messages: Array.isArray(w.messages) ? (w.messages as { code: string; message: string }[]) : [],
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
  };
}

/** The balance of a user's wallet (total, locked by pending withdrawals, available). */
export async function balanceOf(prisma: PrismaClient, userId: string): Promise<BalanceView> {
  const wallet = await findWalletAccount(prisma, userId);
  const hasWithdrawals = (await prisma.withdrawal.count({ where: { userId } })) > 0;
  if (!wallet) return { balanceMinor: 0n, lockedMinor: 0n, availableMinor: 0n, currency: DEFAULT_CURRENCY, isWalletExist: false, hasWithdrawals };
  const b = await accountBalance(prisma, wallet.id);
  return { balanceMinor: b.balanceMinor, lockedMinor: b.lockedMinor, availableMinor: b.availableMinor, currency: b.currency, isWalletExist: true, hasWithdrawals };
}

/** The viewer's balance. */
export function getBalance(ctx: AppContext): Promise<BalanceView> {
  return balanceOf(ctx.prisma, ownerOf(ctx).userId);
}

/** The viewer's withdrawals, newest first. */
export async function listWithdrawals(ctx: AppContext, input: { first?: number | null } = {}): Promise<WithdrawalView[]> {
  const viewer = ownerOf(ctx);
  const take = Math.min(Math.max(input.first ?? 50, 1), 100);
  const rows = await ctx.prisma.withdrawal.findMany({ where: { userId: viewer.userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take });
  return rows.map((w) => presentWithdrawal(w, ctx.config));
}

export interface StatementLine {
  id: string;
  kind: LedgerTransactionKind;
  description: string | null;
  amountMinor: bigint;
  currency: string;
  runningBalanceMinor: bigint;
  createdAt: Date;
}

/** The statement of account: the wallet's entries newest first, each with the balance after it. */
export async function listLedgerEntries(ctx: AppContext, input: { first?: number | null; offset?: number | null } = {}): Promise<{ totalCount: number; lines: StatementLine[] }> {
  const viewer = ownerOf(ctx);
  const take = Math.min(Math.max(input.first ?? 50, 1), 500);
  const skip = Math.max(input.offset ?? 0, 0);
  const wallet = await findWalletAccount(ctx.prisma, viewer.userId);
  if (!wallet) return { totalCount: 0, lines: [] };
  const totalCount = await ctx.prisma.ledgerEntry.count({ where: { accountId: wallet.id } });
  const rows = await ctx.prisma.$queryRaw<{ id: bigint; kind: LedgerTransactionKind; description: string | null; amount_minor: bigint; currency: string; running: bigint; created_at: Date }[]>`
    SELECT id, kind, description, amount_minor, currency, running, created_at FROM (
      SELECT e.id, t.kind::text AS kind, t.description, e.amount_minor, e.currency, e.created_at,
             (SUM(e.amount_minor) OVER (ORDER BY e.id))::bigint AS running
      FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE e.account_id = ${wallet.id}
    ) s ORDER BY id DESC LIMIT ${take} OFFSET ${skip}`;
  return {
    totalCount,
    lines: rows.map((r) => ({ id: String(r.id), kind: r.kind, description: r.description, amountMinor: BigInt(r.amount_minor), currency: r.currency.trim(), runningBalanceMinor: BigInt(r.running), createdAt: new Date(r.created_at) })),
  };
}

/** Who the provider pays: the user and their linked PayPal account. */
export function payeeOf(user: { id: string; email: string; firstName: string | null; lastName: string | null; paypalEmail: string | null; paypalFirstName: string | null; paypalLastName: string | null }): PayeeInput {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.paypalFirstName ?? user.firstName ?? '',
    lastName: user.paypalLastName ?? user.lastName ?? '',
    paypalEmail: user.paypalEmail ?? '',
  };
}

/** Asks the provider for the viewer's tax state and keeps it on the profile. */
export async function refreshTaxStatus(ctx: Pick<AppContext, 'prisma' | 'config'>, userId: string): Promise<TaxVerificationStatus> {
  const user = await ctx.prisma.user.findUniqueOrThrow({ where: { id: userId } });
  let status: TaxVerificationStatus;
  try {
    status = await payoutProvider(ctx.config.payouts).taxStatus(payeeOf(user));
  } catch {
    // The provider is down: the last known state stands.
    return user.taxVerificationStatus;
  }
  if (status !== user.taxVerificationStatus) await ctx.prisma.user.update({ where: { id: userId }, data: { taxVerificationStatus: status } });
  return status;
}

/** The viewer's tax verification state as the payout provider sees it. */
export async function getTaxStatus(ctx: AppContext): Promise<{ taxVerificationStatus: TaxVerificationStatus; taxFormUrl: string; providerName: string }> {
  const viewer = ownerOf(ctx);
  return { taxVerificationStatus: await refreshTaxStatus(ctx, viewer.userId), taxFormUrl: ctx.config.payouts.taxFormUrl, providerName: ctx.config.payouts.providerName };
}

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

export interface WithdrawInput {
  amount: unknown;
  idempotencyKey?: string | null;
}

/**
 * Requests a withdrawal of `amount` (decimal string or number) from the viewer's available balance
 * to their linked PayPal account. Repeating the idempotency key returns the first withdrawal.
 */
export async function requestWithdrawal(ctx: AppContext, input: WithdrawInput): Promise<{ withdrawal: WithdrawalView; created: boolean }> {
  const viewer = ownerOf(ctx);
  refuseWhileActing(viewer, 'money');
  const payouts = ctx.config.payouts;
  if (ctx.config.env.disableWithdrawals) throw withdrawalRefusal('WITHDRAWALS_DISABLED', WITHDRAWAL_MESSAGES.disabled);
  const minimum = unitsToMinor(ctx.config.env.withdrawalMinimum);
  const key = input.idempotencyKey ?? null;
  if (key !== null && !KEY_PATTERN.test(key)) throw withdrawalRefusal('BAD_IDEMPOTENCY_KEY', 'The idempotency key must be 8 to 100 letters, digits or _ . : -');
  const amount = readWithdrawalAmount(input.amount);
  if (amount === 'fraction') throw withdrawalRefusal('AMOUNT_FRACTION', WITHDRAWAL_MESSAGES.wholeCents);
  if (amount === null || amount < minimum || amount < 1n) throw withdrawalRefusal('AMOUNT_BELOW_MINIMUM', belowMinimumMessage(minimum > 0n ? minimum : 1n));
  const storedKey = `${viewer.userId}:${key ?? randomUUID()}`;
  const seen = await ctx.prisma.withdrawal.findUnique({ where: { idempotencyKey: storedKey } });
  if (seen) return { withdrawal: presentWithdrawal(seen, ctx.config), created: false };

  const tax = await refreshTaxStatus(ctx, viewer.userId);
  if (isTaxBlocking(tax)) throw withdrawalRefusal('TAX_VERIFICATION', verifyTaxMessage(payouts.providerName), { taxVerificationStatus: tax, taxFormUrl: payouts.taxFormUrl });
  const user = await ctx.prisma.user.findUniqueOrThrow({ where: { id: viewer.userId }, select: { paypalEmail: true, paypalVerifiedAt: true } });
  if (!user.paypalEmail || !user.paypalVerifiedAt) throw withdrawalRefusal('NO_PAYOUT_METHOD', WITHDRAWAL_MESSAGES.noPayPal);

  const wallet = await walletAccount(ctx.prisma, viewer.userId);
  const result = await ctx.prisma.$transaction(async (tx) => {
    // Every withdrawal of this wallet queues here: the key check and the balance check below see
    // what the previous request committed.
    await lockAccount(tx, wallet.id);
    const again = await tx.withdrawal.findUnique({ where: { idempotencyKey: storedKey } });
    if (again) return { withdrawal: again, created: false };
    const b = await accountBalance(tx, wallet.id);
    if (amount > b.availableMinor) throw withdrawalRefusal('AMOUNT_EXCEEDS_BALANCE', WITHDRAWAL_MESSAGES.exceedsBalance);
    if (payouts.fullBalanceOnly && amount !== b.availableMinor) throw withdrawalRefusal('AMOUNT_NOT_EQUAL_BALANCE', WITHDRAWAL_MESSAGES.notEqualBalance);
    const hold = await placeHoldIn(tx, { accountId: wallet.id, amountMinor: amount, reason: 'withdrawal' });
    const withdrawal = await tx.withdrawal.create({
      data: { userId: viewer.userId, accountId: wallet.id, amountMinor: amount, currency: b.currency, status: 'PENDING', method: 'PAYPAL', idempotencyKey: storedKey, holdId: hold.id },
    });
    const approval = needsApproval(ctx.config, amount);
    await recordAudit(ctx, { category: 'WITHDRAWAL', subcategory: 'WITHDRAWAL', userId: viewer.userId, entityType: 'Withdrawal', entityId: withdrawal.id, newValues: { step: approval ? 'requested-awaiting-approval' : 'requested', amountMinor: amount.toString(), currency: b.currency } }, tx);
    if (!approval) await enqueuePayout(tx, withdrawal.id);
    await emitWithdrawalEvent(tx, withdrawal.id);
    return { withdrawal, created: true };
  });
  return { withdrawal: presentWithdrawal(result.withdrawal, ctx.config), created: result.created };
}

/** Queues the payout call for a withdrawal (once: the job is keyed by the withdrawal). */
export function enqueuePayout(db: Pick<PrismaClient, 'job'> | Prisma.TransactionClient, withdrawalId: string) {
  return enqueueJob(db, PAYOUT_JOB, { withdrawalId }, { uniqueKey: `withdrawal-payout:${withdrawalId}`, maxAttempts: 10 });
}

/** Withdrawals waiting for support approval, oldest first (support area). */
export async function listWithdrawalsAwaitingApproval(ctx: AppContext): Promise<(WithdrawalView & { userId: string | null; userEmail: string | null })[]> {
  requireStaff(ctx.viewer);
  const rows = await ctx.prisma.withdrawal.findMany({
    where: { status: 'PENDING', decidedAt: null, amountMinor: { gt: ctx.config.payouts.approvalAboveMinor } },
    orderBy: { createdAt: 'asc' },
    take: 100,
    include: { user: { select: { email: true } } },
  });
  return rows.map((w) => ({ ...presentWithdrawal(w, ctx.config), userId: w.userId, userEmail: w.user?.email ?? null }));
}

/** Support approves (the payout job is queued) or rejects (the hold is released) a withdrawal awaiting approval. */
export async function decideWithdrawal(ctx: AppContext, input: { id: string; approve: boolean; reason?: string | null }): Promise<WithdrawalView> {
  const staff = requireStaff(ctx.viewer);
  const reason = (input.reason ?? '').trim().slice(0, 500);
  const updated = await ctx.prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM withdrawals WHERE id = ${input.id} FOR UPDATE`;
    if (!rows.length) throw new DomainError('NOT_FOUND', 'No such withdrawal');
    const w = await tx.withdrawal.findUniqueOrThrow({ where: { id: input.id } });
    if (w.status !== 'PENDING' || w.decidedAt !== null || !needsApproval(ctx.config, w.amountMinor)) throw new DomainError('CONFLICT', 'This withdrawal is not waiting for approval');
    const decided = { decidedById: staff.userId, decidedAt: new Date() };
    let next: Withdrawal;
    if (input.approve) {
      next = await tx.withdrawal.update({ where: { id: w.id }, data: decided });
      await enqueuePayout(tx, w.id);
    } else {
      if (w.holdId) await tx.ledgerHold.updateMany({ where: { id: w.holdId, releasedAt: null }, data: { releasedAt: new Date() } });
      next = await tx.withdrawal.update({ where: { id: w.id }, data: { ...decided, status: 'REJECTED', errorCode: 'REJECTED_BY_SUPPORT', messages: [{ code: 'REJECTED_BY_SUPPORT', message: reason || 'Rejected by support' }] } });
    }
    await recordAudit(ctx, { category: 'WITHDRAWAL', subcategory: 'WITHDRAWAL', userId: w.userId, entityType: 'Withdrawal', entityId: w.id, oldValues: { status: w.status }, newValues: { step: input.approve ? 'approved-by-support' : 'rejected-by-support', status: next.status, reason: reason || null } }, tx);
    if (!input.approve) await emitWithdrawalEvent(tx, w.id);
    return next;
  });
  return presentWithdrawal(updated, ctx.config);
}

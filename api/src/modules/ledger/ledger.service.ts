/**
 * The double-entry ledger: the one way money moves (sales postings, withdrawals, plan payments
 * from the balance, fees, reversals). Amounts are integer minor units in bigint, never floats.
 *
 * API (every function takes a PrismaClient, or a transaction client where named `...In`):
 *
 *   ensureAccount(db, {userId?, kind, currency?})   the account for a user (USER_WALLET) or the
 *                                                   system (userId omitted), created on first use;
 *                                                   code 'user:<id>:<KIND>:<CUR>' / 'system:<KIND>:<CUR>'
 *   walletAccount(db, userId, currency?)            shorthand for a user's USER_WALLET account
 *   pendingSplitAccount(db, email, currency?)       the SPLIT_PENDING account of an invited email
 *                                                   (code 'email:<email>:SPLIT_PENDING:<CUR>'), where
 *                                                   split earnings wait until an account claims them
 *   postTransaction(db, {kind, entries, idempotencyKey, description?, metadata?, releaseHoldIds?})
 *                                                   -> {transaction, created}. Entries are
 *                                                   {accountId, amountMinor (bigint, + credit / - debit)};
 *                                                   they must sum to zero per currency (else
 *                                                   LEDGER_UNBALANCED). Entries and cached balances
 *                                                   are written in one database transaction, the
 *                                                   accounts locked in id order. A key already used
 *                                                   returns the stored transaction (created: false),
 *                                                   also when parallel callers race (unique index).
 *                                                   A user wallet never goes below its locked amount
 *                                                   (else LEDGER_INSUFFICIENT_FUNDS). releaseHoldIds
 *                                                   are released in the same transaction (a hold
 *                                                   turning into the debit it reserved).
 *   postTransactionIn(tx, input)                    the same inside the caller's transaction (the
 *                                                   caller serialises the key, e.g. by a row lock)
 *   placeHold(db, {accountId, amountMinor, reason}) / placeHoldIn(tx, ...)
 *                                                   reserves part of the available amount under a
 *                                                   row lock (else LEDGER_INSUFFICIENT_FUNDS)
 *   releaseHold(db, holdId) / releaseHoldIn(tx, holdId)   idempotent
 *   lockAccount(tx, accountId)                      row-locks an account for the caller's transaction
 *                                                   (serialise a check-then-write on one wallet)
 *   accountBalance(db, accountId)                   {balanceMinor, lockedMinor, availableMinor, currency}
 *   checkLedger(db)                                 every transaction sums to zero per currency and
 *                                                   every cached balance equals its entries
 *                                                   (`npm run ledger:check`)
 *
 * Errors are DomainErrors whose details.key is one of LEDGER_ERROR_KEYS.
 */
import type { LedgerAccountKind, LedgerTransactionKind, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { DomainError } from '../../domain-error.ts';
import { isUniqueViolation } from '../../db/prisma-errors.ts';
import { v7 as uuidv7 } from 'uuid';

export type Tx = Prisma.TransactionClient;
type Db = PrismaClient;

export const LEDGER_ERROR_KEYS = {
  unbalanced: 'LEDGER_UNBALANCED',
  insufficientFunds: 'LEDGER_INSUFFICIENT_FUNDS',
  badEntry: 'LEDGER_BAD_ENTRY',
  unknownAccount: 'LEDGER_UNKNOWN_ACCOUNT',
} as const;

export const DEFAULT_CURRENCY = 'USD';

export interface PostingEntry {
  accountId: string;
  /** Signed minor units: positive credits the account, negative debits it. */
  amountMinor: bigint;
}

export interface PostTransactionInput {
  kind: LedgerTransactionKind;
  entries: readonly PostingEntry[];
  /** The business operation's key ('withdrawal:<id>', 'sales:<batch>:<user>'): posting twice finds the first. */
  idempotencyKey: string;
  description?: string;
  metadata?: Prisma.InputJsonValue;
  /** Holds released in the same transaction (before the funds check). */
  releaseHoldIds?: readonly string[];
}

export interface PostedTransaction {
  id: string;
  kind: LedgerTransactionKind;
  idempotencyKey: string;
  createdAt: Date;
  entries: { id: bigint; accountId: string; amountMinor: bigint; currency: string }[];
}

export interface AccountBalance {
  accountId: string;
  currency: string;
  balanceMinor: bigint;
  lockedMinor: bigint;
  availableMinor: bigint;
}

const transactionSelect = {
  id: true,
  kind: true,
  idempotencyKey: true,
  createdAt: true,
  entries: { select: { id: true, accountId: true, amountMinor: true, currency: true }, orderBy: { id: 'asc' } },
} as const satisfies Prisma.LedgerTransactionSelect;

function accountCode(kind: LedgerAccountKind, currency: string, userId?: string | null): string {
  return userId ? `user:${userId}:${kind}:${currency}` : `system:${kind}:${currency}`;
}

/** The account for a user's wallet or a system account, created on first use (race-safe). */
export async function ensureAccount(db: Db | Tx, input: { userId?: string | null; kind: LedgerAccountKind; currency?: string }) {
  const currency = input.currency ?? DEFAULT_CURRENCY;
  if (input.kind === 'USER_WALLET' && !input.userId) throw new DomainError('BAD_USER_INPUT', 'A wallet needs its user', { key: LEDGER_ERROR_KEYS.badEntry });
  const code = accountCode(input.kind, currency, input.userId);
  const found = await db.ledgerAccount.findUnique({ where: { code } });
  if (found) return found;
  try {
    return await db.ledgerAccount.create({ data: { code, kind: input.kind, currency, userId: input.userId ?? null } });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return db.ledgerAccount.findUniqueOrThrow({ where: { code } });
  }
}

/** A user's wallet account (USER_WALLET), created on first use. */
export function walletAccount(db: Db | Tx, userId: string, currency = DEFAULT_CURRENCY) {
  return ensureAccount(db, { userId, kind: 'USER_WALLET', currency });
}

/**
 * Many users' wallet accounts at once (created on first use, race-safe): by user id. One statement
 * makes the missing ones and reads them all (a sales posting credits thousands of wallets; Prisma's
 * createMany took a quarter of a second for 200).
 */
export async function walletAccounts(db: Db | Tx, userIds: readonly string[], currency = DEFAULT_CURRENCY): Promise<Map<string, { id: string }>> {
  if (!userIds.length) return new Map();
  const ids = [...new Set(userIds)];
  const codes = ids.map((userId) => accountCode('USER_WALLET', currency, userId));
  const rows = await db.$queryRawUnsafe<{ id: string; user_id: string }[]>(
    `WITH wanted AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) AS w(id, code, user_id)),
     -- Made in one order by every caller (ORDER BY code): two postings making wallets for the same new
     -- artists in different orders each waited on the first new wallet of the other (a deadlock).
     made AS (
       INSERT INTO ledger_accounts (id, code, kind, currency, user_id, updated_at)
       SELECT id, code, 'USER_WALLET', $4::text, user_id, now() FROM wanted ORDER BY code ON CONFLICT (code) DO NOTHING RETURNING id, user_id
     )
     SELECT id, user_id FROM made UNION ALL SELECT a.id, a.user_id FROM ledger_accounts a JOIN wanted w ON a.code = w.code`,
    ids.map(() => uuidv7()),
    codes,
    ids,
    currency,
  );
  const out = new Map(rows.map((r) => [r.user_id, { id: r.id }]));
  // An account another transaction made while this statement ran is not in its snapshot: read again.
  const missing = codes.filter((_, i) => !out.has(ids[i]!));
  if (missing.length) {
    for (const r of await db.$queryRawUnsafe<{ id: string; user_id: string }[]>(`SELECT id, user_id FROM ledger_accounts WHERE code = ANY($1::text[])`, missing)) out.set(r.user_id, { id: r.id });
  }
  return out;
}

/** The wallet if it exists (reads never create accounts). */
export function findWalletAccount(db: Db | Tx, userId: string, currency = DEFAULT_CURRENCY) {
  return db.ledgerAccount.findUnique({ where: { code: accountCode('USER_WALLET', currency, userId) } });
}

function pendingCode(email: string, currency: string): string {
  return `email:${email.trim().toLowerCase()}:SPLIT_PENDING:${currency}`;
}

/** The pending-split account of an invited email, created on first use (race-safe). */
export async function pendingSplitAccount(db: Db | Tx, email: string, currency = DEFAULT_CURRENCY) {
  const code = pendingCode(email, currency);
  const found = await db.ledgerAccount.findUnique({ where: { code } });
  if (found) return found;
  try {
    return await db.ledgerAccount.create({ data: { code, kind: 'SPLIT_PENDING', currency, userId: null } });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return db.ledgerAccount.findUniqueOrThrow({ where: { code } });
  }
}

/** The pending-split account of an email if it exists (reads never create accounts). */
export function findPendingSplitAccount(db: Db | Tx, email: string, currency = DEFAULT_CURRENCY) {
  return db.ledgerAccount.findUnique({ where: { code: pendingCode(email, currency) } });
}

/**
 * Postings of one account queue on its row lock, each holding a pooled connection while it waits:
 * a burst on one wallet (100 parallel withdrawals in the tests) needs longer than Prisma's 2 s
 * default to get a connection. Waiting is right for money; failing would only make callers retry.
 */
const LEDGER_TX_OPTIONS = { maxWait: 15_000, timeout: 15_000 } as const;

interface LockedAccount {
  id: string;
  kind: LedgerAccountKind;
  currency: string;
  balance_minor: bigint;
}

/** Locks one account row for the rest of the transaction (serialises money moves on it). */
export async function lockAccount(tx: Tx, accountId: string): Promise<LockedAccount> {
  return (await lockAccounts(tx, [accountId])).get(accountId)!;
}

/**
 * Locks account rows for the rest of the transaction, in one statement and in one order for every
 * caller (ids by code unit: COLLATE "C"), so postings over many wallets and single moves never
 * deadlock. An unknown id is refused.
 */
async function lockAccounts(tx: Tx, ids: readonly string[]): Promise<Map<string, LockedAccount>> {
  const rows = await tx.$queryRaw<LockedAccount[]>`SELECT id, kind::text AS kind, currency, balance_minor FROM ledger_accounts
    WHERE id = ANY(${[...ids]}::text[]) ORDER BY id COLLATE "C" FOR UPDATE`;
  const accounts = new Map(rows.map((row) => [row.id, { ...row, currency: row.currency.trim(), balance_minor: BigInt(row.balance_minor) }]));
  const missing = ids.find((id) => !accounts.has(id));
  if (missing) throw new DomainError('NOT_FOUND', `Unknown ledger account ${missing}`, { key: LEDGER_ERROR_KEYS.unknownAccount });
  return accounts;
}

async function lockedAmount(tx: Db | Tx, accountId: string): Promise<bigint> {
  const sum = await tx.ledgerHold.aggregate({ where: { accountId, releasedAt: null }, _sum: { amountMinor: true } });
  return sum._sum.amountMinor ?? 0n;
}

function insufficient(): DomainError {
  return new DomainError('CONFLICT', 'The requested amount exceeds the available balance', { key: LEDGER_ERROR_KEYS.insufficientFunds });
}

function checkEntries(entries: readonly PostingEntry[]): void {
  if (entries.length < 2) throw new DomainError('BAD_USER_INPUT', 'A ledger transaction needs at least two entries', { key: LEDGER_ERROR_KEYS.badEntry });
  for (const e of entries) {
    if (typeof e.amountMinor !== 'bigint') throw new DomainError('BAD_USER_INPUT', 'Ledger amounts are integer minor units (bigint)', { key: LEDGER_ERROR_KEYS.badEntry });
    if (e.amountMinor === 0n) throw new DomainError('BAD_USER_INPUT', 'A ledger entry cannot be zero', { key: LEDGER_ERROR_KEYS.badEntry });
  }
}

/** Posts inside the caller's transaction; see the file header. */
export async function postTransactionIn(tx: Tx, input: PostTransactionInput): Promise<{ transaction: PostedTransaction; created: boolean }> {
  checkEntries(input.entries);
  const existing = await tx.ledgerTransaction.findUnique({ where: { idempotencyKey: input.idempotencyKey }, select: transactionSelect });
  if (existing) return { transaction: existing, created: false };
  const ids = [...new Set(input.entries.map((e) => e.accountId))];
  // One statement for all (a sales posting credits thousands of wallets): a query per account was
  // most of a posting's time.
  const accounts = await lockAccounts(tx, ids);
  // A racing caller with the same key may have committed while we waited for the locks.
  const raced = await tx.ledgerTransaction.findUnique({ where: { idempotencyKey: input.idempotencyKey }, select: transactionSelect });
  if (raced) return { transaction: raced, created: false };
  const perCurrency = new Map<string, bigint>();
  const perAccount = new Map<string, bigint>();
  for (const e of input.entries) {
    const currency = accounts.get(e.accountId)!.currency;
    perCurrency.set(currency, (perCurrency.get(currency) ?? 0n) + e.amountMinor);
    perAccount.set(e.accountId, (perAccount.get(e.accountId) ?? 0n) + e.amountMinor);
  }
  for (const [currency, sum] of perCurrency) {
    if (sum !== 0n) throw new DomainError('BAD_USER_INPUT', `Unbalanced ledger transaction: ${currency} entries sum to ${sum}`, { key: LEDGER_ERROR_KEYS.unbalanced });
  }
  if (input.releaseHoldIds?.length) {
    await tx.ledgerHold.updateMany({ where: { id: { in: [...input.releaseHoldIds] }, releasedAt: null }, data: { releasedAt: new Date() } });
  }
  for (const [accountId, delta] of perAccount) {
    const account = accounts.get(accountId)!;
    if (account.kind === 'USER_WALLET' && delta < 0n) {
      const locked = await lockedAmount(tx, accountId);
      if (account.balance_minor + delta - locked < 0n) throw insufficient();
    }
  }
  const created = await tx.ledgerTransaction.create({
    data: { kind: input.kind, idempotencyKey: input.idempotencyKey, description: input.description ?? null, metadata: input.metadata },
    select: { id: true },
  });
  // One statement, entries numbered in their order (Prisma's createMany took most of a 200-wallet posting's time).
  await tx.$executeRaw`INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, currency)
    SELECT ${created.id}, e.account_id, e.amount_minor, e.currency
    FROM unnest(${input.entries.map((e) => e.accountId)}::text[], ${input.entries.map((e) => e.amountMinor.toString())}::bigint[], ${input.entries.map((e) => accounts.get(e.accountId)!.currency)}::text[])
      WITH ORDINALITY AS e(account_id, amount_minor, currency, n)
    ORDER BY e.n`;
  const changed = [...perAccount].filter(([, delta]) => delta !== 0n);
  if (changed.length) {
    await tx.$executeRaw`UPDATE ledger_accounts a SET balance_minor = a.balance_minor + d.delta, updated_at = now()
      FROM unnest(${changed.map(([id]) => id)}::text[], ${changed.map(([, delta]) => delta.toString())}::bigint[]) AS d(id, delta) WHERE a.id = d.id`;
  }
  return { transaction: await tx.ledgerTransaction.findUniqueOrThrow({ where: { id: created.id }, select: transactionSelect }), created: true };
}

/**
 * Posts one balanced transaction atomically; a repeated idempotency key returns the first posting
 * (created: false), also when parallel requests race on it.
 */
export async function postTransaction(db: Db, input: PostTransactionInput): Promise<{ transaction: PostedTransaction; created: boolean }> {
  checkEntries(input.entries);
  const seen = await db.ledgerTransaction.findUnique({ where: { idempotencyKey: input.idempotencyKey }, select: transactionSelect });
  if (seen) return { transaction: seen, created: false };
  try {
    return await db.$transaction((tx) => postTransactionIn(tx, input), LEDGER_TX_OPTIONS);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await db.ledgerTransaction.findUnique({ where: { idempotencyKey: input.idempotencyKey }, select: transactionSelect });
    if (!winner) throw err;
    return { transaction: winner, created: false };
  }
}

export interface HoldInput {
  accountId: string;
  amountMinor: bigint;
  reason: string;
}

/** Reserves an amount of the account's available money inside the caller's transaction. */
export async function placeHoldIn(tx: Tx, input: HoldInput) {
  if (typeof input.amountMinor !== 'bigint' || input.amountMinor <= 0n) throw new DomainError('BAD_USER_INPUT', 'A hold must be a positive amount', { key: LEDGER_ERROR_KEYS.badEntry });
  const account = await lockAccount(tx, input.accountId);
  const locked = await lockedAmount(tx, input.accountId);
  if (account.balance_minor - locked < input.amountMinor) throw insufficient();
  return tx.ledgerHold.create({ data: { accountId: input.accountId, amountMinor: input.amountMinor, currency: account.currency, reason: input.reason } });
}

/** Reserves an amount of the account's available money (its own transaction). */
export function placeHold(db: Db, input: HoldInput) {
  return db.$transaction((tx) => placeHoldIn(tx, input), LEDGER_TX_OPTIONS);
}

/** Releases a hold (no-op when already released); true when this call released it. */
export async function releaseHoldIn(tx: Db | Tx, holdId: string): Promise<boolean> {
  const { count } = await tx.ledgerHold.updateMany({ where: { id: holdId, releasedAt: null }, data: { releasedAt: new Date() } });
  return count === 1;
}

export const releaseHold = releaseHoldIn;

/** Balance, locked (unreleased holds) and available of one account. */
export async function accountBalance(db: Db | Tx, accountId: string): Promise<AccountBalance> {
  const account = await db.ledgerAccount.findUniqueOrThrow({ where: { id: accountId }, select: { id: true, currency: true, balanceMinor: true } });
  const locked = await lockedAmount(db, accountId);
  return { accountId, currency: account.currency.trim(), balanceMinor: account.balanceMinor, lockedMinor: locked, availableMinor: account.balanceMinor - locked };
}

export interface LedgerProblem {
  kind: 'unbalanced-transaction' | 'balance-mismatch' | 'currency-mismatch' | 'negative-wallet' | 'over-locked';
  id: string;
  detail: string;
}

/** Verifies the whole ledger: zero-sum transactions per currency, caches equal to entries, no negative wallet. */
export async function checkLedger(db: Db): Promise<{ ok: boolean; transactions: number; accounts: number; problems: LedgerProblem[] }> {
  const problems: LedgerProblem[] = [];
  const unbalanced = await db.$queryRaw<{ transaction_id: string; currency: string; total: bigint }[]>`
    SELECT transaction_id, currency, SUM(amount_minor) AS total FROM ledger_entries GROUP BY transaction_id, currency HAVING SUM(amount_minor) <> 0`;
  for (const r of unbalanced) problems.push({ kind: 'unbalanced-transaction', id: r.transaction_id, detail: `${r.currency.trim()} entries sum to ${r.total}` });
  const mismatched = await db.$queryRaw<{ id: string; code: string; cached: bigint; summed: bigint }[]>`
    SELECT a.id, a.code, a.balance_minor AS cached, COALESCE(SUM(e.amount_minor), 0)::bigint AS summed
    FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    GROUP BY a.id, a.code, a.balance_minor HAVING a.balance_minor <> COALESCE(SUM(e.amount_minor), 0)`;
  for (const r of mismatched) problems.push({ kind: 'balance-mismatch', id: r.id, detail: `${r.code}: cached ${r.cached}, entries sum to ${r.summed}, differs by ${BigInt(r.cached) - BigInt(r.summed)}` });
  const currency = await db.$queryRaw<{ id: bigint; code: string }[]>`
    SELECT e.id, a.code FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.currency <> a.currency`;
  for (const r of currency) problems.push({ kind: 'currency-mismatch', id: String(r.id), detail: `entry ${r.id} is not in the currency of ${r.code}` });
  const wallets = await db.$queryRaw<{ id: string; code: string; balance: bigint; locked: bigint }[]>`
    SELECT a.id, a.code, a.balance_minor AS balance, COALESCE((SELECT SUM(h.amount_minor) FROM ledger_holds h WHERE h.account_id = a.id AND h.released_at IS NULL), 0)::bigint AS locked
    FROM ledger_accounts a WHERE a.kind = 'USER_WALLET'`;
  for (const w of wallets) {
    if (BigInt(w.balance) < 0n) problems.push({ kind: 'negative-wallet', id: w.id, detail: `${w.code}: balance ${w.balance}` });
    else if (BigInt(w.locked) > BigInt(w.balance)) problems.push({ kind: 'over-locked', id: w.id, detail: `${w.code}: locked ${w.locked} > balance ${w.balance}` });
  }
  const [transactions, accounts] = await Promise.all([db.ledgerTransaction.count(), db.ledgerAccount.count()]);
  return { ok: problems.length === 0, transactions, accounts, problems };
}

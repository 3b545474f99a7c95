/**
 * The ledger service on a real database (PGlite; PostgreSQL with TEST_DATABASE_URL, where the
 * parallel cases really run in parallel on a pool of connections).
 */
import { type Database } from '../../db/database.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { buildUser } from '../../test/factories.ts';
import { DomainError } from '../../domain-error.ts';
import { seed } from '../../../../prisma/seed.ts';
import { hashPassword } from '../auth/password.ts';
import { accountBalance, checkLedger, ensureAccount, LEDGER_ERROR_KEYS, placeHold, postTransaction, releaseHold, walletAccount, walletAccounts } from './ledger.service.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 20 });
  await seed(db.prisma, { demo: false, hashPassword });
});
afterAll(async () => {
  await db.close();
});

async function fundedWallet(amountMinor: bigint) {
  const user = await buildUser(db.prisma);
  const wallet = await walletAccount(db.prisma, user.id);
  const sales = await ensureAccount(db.prisma, { kind: 'SALES_CLEARING' });
  await postTransaction(db.prisma, {
    kind: 'SALES_POSTING',
    idempotencyKey: `test-funding:${user.id}`,
    entries: [
      { accountId: sales.id, amountMinor: -amountMinor },
      { accountId: wallet.id, amountMinor },
    ],
  });
  return { user, wallet, sales };
}

async function keyOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (err) {
    if (err instanceof DomainError) return String(err.details.key);
    // P2028: no pooled connection within maxWait (a refusal under overload; nothing moved).
    return (err as { code?: string }).code === 'P2028' ? 'P2028' : String(err);
  }
}

test('walletAccounts makes the missing wallets once, also when called in parallel, and finds the existing ones', async () => {
  const users = await Promise.all(Array.from({ length: 6 }, () => buildUser(db.prisma)));
  const existing = await walletAccount(db.prisma, users[0]!.id);
  const ids = users.map((u) => u.id);
  const [a, b, c] = await Promise.all([walletAccounts(db.prisma, ids), walletAccounts(db.prisma, [...ids].reverse()), db.prisma.$transaction((tx) => walletAccounts(tx, [...ids, ids[1]!]))]);
  for (const found of [a, b, c]) expect([...found.keys()].sort()).toEqual([...ids].sort());
  expect(a.get(users[0]!.id)!.id).toBe(existing.id);
  for (const id of ids) {
    expect(b.get(id)).toEqual(a.get(id));
    expect(c.get(id)).toEqual(a.get(id));
  }
  const stored = await db.prisma.ledgerAccount.findMany({ where: { userId: { in: ids } } });
  expect(stored).toHaveLength(ids.length);
  for (const account of stored) {
    expect(account).toMatchObject({ kind: 'USER_WALLET', currency: 'USD', balanceMinor: 0n, code: `user:${account.userId}:USER_WALLET:USD` });
    expect(a.get(account.userId!)!.id).toBe(account.id);
    // The same kind of id Prisma gives (uuid(7) in the schema).
    expect(account.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  }
  expect(await walletAccounts(db.prisma, [])).toEqual(new Map());
});

test('walletAccounts called in parallel with the same new users in different orders never deadlocks', async () => {
  for (let round = 0; round < 3; round += 1) {
    const ids = (await Promise.all(Array.from({ length: 40 }, () => buildUser(db.prisma)))).map((u) => u.id);
    // Each caller asks in its own order, one of them inside a transaction (as a sales posting does).
    const orders = [ids, [...ids].reverse(), ids.filter((_, i) => i % 2).concat(ids.filter((_, i) => i % 2 === 0)), ids.slice(20).concat(ids.slice(0, 20))];
    const found = await Promise.all(orders.map((order, i) => (i === 1 ? db.prisma.$transaction((tx) => walletAccounts(tx, order)) : walletAccounts(db.prisma, order))));
    for (const f of found) for (const id of ids) expect(f.get(id)).toEqual(found[0]!.get(id));
    expect(await db.prisma.ledgerAccount.count({ where: { userId: { in: ids } } })).toBe(ids.length);
  }
});

test('a balanced transaction moves money and updates both cached balances', async () => {
  const { wallet, sales } = await fundedWallet(12_345n);
  expect((await accountBalance(db.prisma, wallet.id)).balanceMinor).toBe(12_345n);
  const after = await db.prisma.ledgerAccount.findUniqueOrThrow({ where: { id: sales.id } });
  expect(after.balanceMinor).toBeLessThanOrEqual(-12_345n);
  expect((await checkLedger(db.prisma)).problems).toEqual([]);
});

test('unbalanced, zero, single-entry and float amounts are refused and write nothing', async () => {
  const { wallet, sales } = await fundedWallet(1_000n);
  const before = await db.prisma.ledgerTransaction.count();
  const post = (entries: { accountId: string; amountMinor: bigint }[], key: string) => postTransaction(db.prisma, { kind: 'ADJUSTMENT', idempotencyKey: key, entries });
  expect(await keyOf(post([{ accountId: wallet.id, amountMinor: 5n }, { accountId: sales.id, amountMinor: -4n }], 'u1'))).toBe(LEDGER_ERROR_KEYS.unbalanced);
  expect(await keyOf(post([{ accountId: wallet.id, amountMinor: 0n }, { accountId: sales.id, amountMinor: 0n }], 'u2'))).toBe(LEDGER_ERROR_KEYS.badEntry);
  expect(await keyOf(post([{ accountId: wallet.id, amountMinor: 5n }], 'u3'))).toBe(LEDGER_ERROR_KEYS.badEntry);
  expect(await keyOf(post([{ accountId: wallet.id, amountMinor: 0.5 as unknown as bigint }, { accountId: sales.id, amountMinor: -0.5 as unknown as bigint }], 'u4'))).toBe(LEDGER_ERROR_KEYS.badEntry);
  expect(await db.prisma.ledgerTransaction.count()).toBe(before);
  expect((await accountBalance(db.prisma, wallet.id)).balanceMinor).toBe(1_000n);
});

test('a wallet never goes below zero; the refused posting leaves no trace', async () => {
  const { wallet } = await fundedWallet(500n);
  const payouts = await ensureAccount(db.prisma, { kind: 'PAYOUTS_CLEARING' });
  const result = postTransaction(db.prisma, {
    kind: 'WITHDRAWAL',
    idempotencyKey: `overdraw:${wallet.id}`,
    entries: [
      { accountId: wallet.id, amountMinor: -501n },
      { accountId: payouts.id, amountMinor: 501n },
    ],
  });
  expect(await keyOf(result)).toBe(LEDGER_ERROR_KEYS.insufficientFunds);
  expect(await db.prisma.ledgerTransaction.findUnique({ where: { idempotencyKey: `overdraw:${wallet.id}` } })).toBeNull();
  expect((await accountBalance(db.prisma, wallet.id)).balanceMinor).toBe(500n);
});

test('the same idempotency key returns the first transaction, also for 30 parallel callers', async () => {
  const { wallet, sales } = await fundedWallet(100n);
  const input = {
    kind: 'SALES_POSTING' as const,
    idempotencyKey: `parallel-key:${wallet.id}`,
    entries: [
      { accountId: sales.id, amountMinor: -250n },
      { accountId: wallet.id, amountMinor: 250n },
    ],
  };
  const results = await Promise.all(Array.from({ length: 30 }, () => postTransaction(db.prisma, input)));
  expect(new Set(results.map((r) => r.transaction.id)).size).toBe(1);
  expect(results.filter((r) => r.created)).toHaveLength(1);
  expect((await accountBalance(db.prisma, wallet.id)).balanceMinor).toBe(350n);
  expect(await db.prisma.ledgerTransaction.count({ where: { idempotencyKey: input.idempotencyKey } })).toBe(1);
});

test('holds lock part of the balance: available = balance - locked; release gives it back', async () => {
  const { wallet } = await fundedWallet(1_000n);
  const hold = await placeHold(db.prisma, { accountId: wallet.id, amountMinor: 700n, reason: 'test' });
  expect(await accountBalance(db.prisma, wallet.id)).toMatchObject({ balanceMinor: 1_000n, lockedMinor: 700n, availableMinor: 300n });
  expect(await keyOf(placeHold(db.prisma, { accountId: wallet.id, amountMinor: 301n, reason: 'test' }))).toBe(LEDGER_ERROR_KEYS.insufficientFunds);
  // A debit may not eat into locked money either.
  const payouts = await ensureAccount(db.prisma, { kind: 'PAYOUTS_CLEARING' });
  const debit = (amount: bigint, key: string, releaseHoldIds: string[] = []) =>
    postTransaction(db.prisma, { kind: 'WITHDRAWAL', idempotencyKey: `${key}:${wallet.id}`, releaseHoldIds, entries: [{ accountId: wallet.id, amountMinor: -amount }, { accountId: payouts.id, amountMinor: amount }] });
  expect(await keyOf(debit(301n, 'eat-locked'))).toBe(LEDGER_ERROR_KEYS.insufficientFunds);
  // Turning the hold into its debit in one transaction.
  await debit(700n, 'settle', [hold.id]);
  expect(await accountBalance(db.prisma, wallet.id)).toMatchObject({ balanceMinor: 300n, lockedMinor: 0n, availableMinor: 300n });
  expect(await releaseHold(db.prisma, hold.id)).toBe(false);
});

test('100 parallel attempts to take the whole balance: exactly one wins, never negative', async () => {
  const { wallet } = await fundedWallet(10_000n);
  const payouts = await ensureAccount(db.prisma, { kind: 'PAYOUTS_CLEARING' });
  const attempts = Array.from({ length: 100 }, (_, i) =>
    keyOf(
      postTransaction(db.prisma, {
        kind: 'WITHDRAWAL',
        idempotencyKey: `race:${wallet.id}:${i}`,
        entries: [
          { accountId: wallet.id, amountMinor: -10_000n },
          { accountId: payouts.id, amountMinor: 10_000n },
        ],
      }),
    ),
  );
  const outcomes = await Promise.all(attempts);
  expect(outcomes.filter((o) => o === undefined)).toHaveLength(1);
  // The losers are refused: for want of funds, or (on a loaded machine) for want of a pooled
  // connection within the ledger's wait. Never anything else, and never a second withdrawal.
  const losers = outcomes.filter((o) => o !== undefined);
  expect(losers.filter((o) => o !== LEDGER_ERROR_KEYS.insufficientFunds && o !== 'P2028')).toEqual([]);
  expect(losers.filter((o) => o === LEDGER_ERROR_KEYS.insufficientFunds).length).toBeGreaterThan(0);
  expect((await accountBalance(db.prisma, wallet.id)).balanceMinor).toBe(0n);
  expect((await checkLedger(db.prisma)).problems).toEqual([]);
});

test('100 parallel holds of the whole balance: exactly one is placed', async () => {
  const { wallet } = await fundedWallet(5_000n);
  const outcomes = await Promise.all(Array.from({ length: 100 }, () => keyOf(placeHold(db.prisma, { accountId: wallet.id, amountMinor: 5_000n, reason: 'race' }))));
  expect(outcomes.filter((o) => o === undefined)).toHaveLength(1);
  expect(await accountBalance(db.prisma, wallet.id)).toMatchObject({ lockedMinor: 5_000n, availableMinor: 0n });
});

test('checkLedger reports a tampered cache and an unbalanced transaction, with the difference', async () => {
  const { wallet } = await fundedWallet(800n);
  await db.prisma.ledgerAccount.update({ where: { id: wallet.id }, data: { balanceMinor: 900n } });
  const tx = await db.prisma.ledgerTransaction.create({ data: { kind: 'ADJUSTMENT', idempotencyKey: `tamper:${wallet.id}` } });
  await db.prisma.ledgerEntry.create({ data: { transactionId: tx.id, accountId: wallet.id, amountMinor: 1n, currency: 'USD' } });
  const result = await checkLedger(db.prisma);
  expect(result.ok).toBe(false);
  expect(result.problems).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ kind: 'unbalanced-transaction', id: tx.id, detail: 'USD entries sum to 1' }),
      expect.objectContaining({ kind: 'balance-mismatch', id: wallet.id, detail: expect.stringContaining('differs by 99') }),
    ]),
  );
  // Repair so later checks in this file see a clean ledger.
  await db.prisma.ledgerEntry.deleteMany({ where: { transactionId: tx.id } });
  await db.prisma.ledgerTransaction.delete({ where: { id: tx.id } });
  await db.prisma.ledgerAccount.update({ where: { id: wallet.id }, data: { balanceMinor: 800n } });
  expect((await checkLedger(db.prisma)).ok).toBe(true);
});

test('postings over several accounts lock them all in one order: crossing postings in parallel never deadlock, and an unknown account is refused', async () => {
  const wallets = await Promise.all(Array.from({ length: 6 }, () => fundedWallet(1_000n)));
  const ids = wallets.map((w) => w.wallet.id);
  // Each posting moves 1 cent from every wallet but one to that one, naming the accounts in a different order.
  const postings = Array.from({ length: 24 }, (_, i) => {
    const to = ids[i % ids.length]!;
    const from = ids.filter((id) => id !== to);
    const entries = [{ accountId: to, amountMinor: BigInt(from.length) }, ...from.map((accountId) => ({ accountId, amountMinor: -1n }))];
    return postTransaction(db.prisma, { kind: 'ADJUSTMENT', idempotencyKey: `cross:${ids[0]}:${i}`, entries: i % 2 ? entries.reverse() : entries });
  });
  await Promise.all(postings);
  // 24 postings over 6 wallets: each wallet received 5 cents 4 times and gave 1 cent 20 times.
  for (const id of ids) expect((await accountBalance(db.prisma, id)).balanceMinor).toBe(1_000n);
  expect((await checkLedger(db.prisma)).problems).toEqual([]);

  const refused = await keyOf(
    postTransaction(db.prisma, { kind: 'ADJUSTMENT', idempotencyKey: `unknown:${ids[0]}`, entries: [{ accountId: ids[0]!, amountMinor: -1n }, { accountId: 'no-such-account', amountMinor: 1n }] }),
  );
  expect(refused).toBe(LEDGER_ERROR_KEYS.unknownAccount);
  expect((await accountBalance(db.prisma, ids[0]!)).balanceMinor).toBe(1_000n);
});

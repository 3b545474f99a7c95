/**
 * Crash recovery of the payout job: a child process running the job worker is killed (SIGKILL)
 * before the provider call, or after the provider accepted and before the answer was stored. On
 * "restart" (a new worker here) the orphaned job is released and run again: the payout exists
 * exactly once, the withdrawal is recorded, the hold becomes the WITHDRAWAL posting.
 * Runs on PostgreSQL with TEST_DATABASE_URL, otherwise on a file-backed PGlite database.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { createLogger } from '../../logger.ts';
import { JobWorker } from '../../jobs/job-queue.ts';
import { seed } from '../../../../prisma/seed.ts';
import { hashPassword } from '../auth/password.ts';
import { buildUser } from '../../test/factories.ts';
import { SandboxPayoutProvider } from '../../integrations/payouts/sandbox.ts';
import { accountBalance, checkLedger, ensureAccount, postTransaction, walletAccount, placeHold } from '../ledger/ledger.service.ts';
import { enqueuePayout } from './earnings.service.ts';
import { payoutJobHandlers } from './payouts.service.ts';

const root = mkdtempSync(path.join(tmpdir(), 'payout-crash-'));
const serverUrl = process.env.TEST_DATABASE_URL;
let databaseUrl: string | undefined;
const dbName = `cadence_crash_${process.pid}_${Date.now()}`;

beforeAll(async () => {
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const db = await open();
  await db.migrate();
  await seed(db.prisma, { demo: false, hashPassword });
  await db.close();
}, 120_000);

afterAll(async () => {
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(root, { recursive: true, force: true });
});

const env = () => ({ DATA_DIR: root, PAYOUT_SANDBOX_STEP_MS: '0', PAYOUT_SANDBOX_WEBHOOK_URL: '', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
const config = () => loadConfig({ ...env(), LOG_LEVEL: 'error' });
const open = (): Promise<Database> => openDatabase({ databaseUrl, dataDir: path.join(root, 'pglite') });

/** A user with a withdrawal placed (hold + PENDING + queued payout job), as the request leaves it. */
async function pendingWithdrawal(db: Database, amountMinor: bigint) {
  const user = await buildUser(db.prisma, { paypalEmail: 'crash@paypal.test', paypalVerifiedAt: new Date() });
  const wallet = await walletAccount(db.prisma, user.id);
  const sales = await ensureAccount(db.prisma, { kind: 'SALES_CLEARING' });
  await postTransaction(db.prisma, { kind: 'SALES_POSTING', idempotencyKey: `crash-sales:${user.id}`, entries: [{ accountId: sales.id, amountMinor: -amountMinor }, { accountId: wallet.id, amountMinor }] });
  const hold = await placeHold(db.prisma, { accountId: wallet.id, amountMinor, reason: 'withdrawal' });
  const w = await db.prisma.withdrawal.create({ data: { userId: user.id, accountId: wallet.id, amountMinor, status: 'PENDING', method: 'PAYPAL', idempotencyKey: `crash:${user.id}`, holdId: hold.id } });
  await enqueuePayout(db.prisma, w.id);
  return { withdrawalId: w.id, walletId: wallet.id };
}

function runChild(crashAt: string): Promise<{ signal: NodeJS.Signals | null; code: number | null; out: string }> {
  const kit = fileURLToPath(new URL('./__test-support__/payout-crash-kit.ts', import.meta.url));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', kit, crashAt], { env: { ...process.env, ...env(), LOG_LEVEL: 'error', NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code, signal) => resolve({ code, signal, out }));
  });
}

async function restartAndRecover(db: Database) {
  const logger = createLogger('error');
  const worker = new JobWorker(db.prisma, payoutJobHandlers({ prisma: db.prisma, config: config(), logger }), logger);
  await worker.releaseOrphanedJobs();
  return worker.runUntilIdle();
}

test.each(['after-provider', 'before-provider'])('killed %s: after restart the payout exists exactly once and is recorded', async (crashAt) => {
  let db = await open();
  const { withdrawalId, walletId } = await pendingWithdrawal(db, 61_00n);
  await db.close();

  const child = await runChild(crashAt);
  expect([child.signal, child.out]).toEqual(['SIGKILL', 'worker started\n']);
  const sandbox = new SandboxPayoutProvider(config().payouts);
  expect(sandbox.listPayments().filter((p) => p.clientPaymentId === withdrawalId)).toHaveLength(crashAt === 'after-provider' ? 1 : 0);

  db = await open();
  try {
    expect(await db.prisma.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId } })).toMatchObject({ status: 'PENDING', externalId: null });
    expect(await restartAndRecover(db)).toBeGreaterThanOrEqual(1);
    const payments = sandbox.listPayments().filter((p) => p.clientPaymentId === withdrawalId);
    expect(payments).toHaveLength(1);
    expect(await db.prisma.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId } })).toMatchObject({ status: 'APPROVED', externalId: payments[0]!.token });
    expect(await accountBalance(db.prisma, walletId)).toMatchObject({ balanceMinor: 0n, lockedMinor: 0n });
    expect(await db.prisma.ledgerTransaction.count({ where: { idempotencyKey: `withdrawal:${withdrawalId}` } })).toBe(1);
    expect((await checkLedger(db.prisma)).problems).toEqual([]);
  } finally {
    await db.close();
  }
}, 90_000);

/**
 * Sales report import: a report file becomes sale transactions, rollups and wallet credits exactly
 * once. Lines are parsed as a stream and COPYed into sales_import_lines (the staging table and the
 * review list); then one database transaction matches them (ISRC, store id, UPC), moves the matched
 * lines into sale_transactions, adds them to the read-side tables (sales-rollups.ts: the rollups, the
 * page's filter choices and counts, the monthly totals, the daily streams) and posts the batch's net
 * receipts through the ledger service.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import type { SqlRunner } from '../../db/database.ts';
import { copyLine } from '../../db/copy.ts';
import { DomainError, badInput } from '../../domain-error.ts';
import { ensureAccount, pendingSplitAccount, postTransactionIn, walletAccount, type PostingEntry } from '../ledger/ledger.service.ts';
import { divideCreditsBySplits } from '../splits/splits-posting.ts';
import { parseSalesReportBatches } from './sales-parse.ts';
import { rollupStatements } from './sales-rollups.ts';
import { ReportFormatError, type SalesLine, type SalesLineError } from './sales-report.ts';
import { decimalToUnits, planPosting, unitsToDecimal, UNITS_PER_CENT, type UserGross } from './sales-posting.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';

type Tx = Prisma.TransactionClient;

export interface ImportDeps {
  prisma: PrismaClient;
  sql: SqlRunner;
}

/** Bad lines kept per batch for staff to read (all are counted). */
export const MAX_STORED_LINE_ERRORS = 1000;
const PROGRESS_EVERY = 50_000;
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

const LINE_COLUMNS = [
  'import_batch_id', 'line_no', 'period', 'report_date', 'source_label', 'service_name', 'outlet_id', 'store_id', 'isrc', 'upc',
  'artist_name', 'release_title', 'track_title', 'country_code', 'units', 'payable', 'currency',
] as const;

/** sha256 of a file's bytes: the same report imported twice is found by it. */
export async function fileChecksum(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), new Writable({ write: (c, _e, cb) => { hash.update(c as Buffer); cb(); } }));
  return hash.digest('hex');
}

/** Checks the staff's or command line's period and source. */
export function checkImportInput(input: { period: string; source: string }): void {
  if (!PERIOD.test(input.period)) throw badInput('period must be YYYY-MM', [{ field: 'period', key: 'invalid', message: 'period must be YYYY-MM' }]);
  const today = new Date().toISOString().slice(0, 7);
  if (input.period > today) throw badInput('period cannot be in the future', [{ field: 'period', key: 'range', message: 'period cannot be in the future' }]);
  if (!input.source.trim() || input.source.length > 100) throw badInput('source is required (at most 100 characters)', [{ field: 'source', key: 'required', message: 'source is required' }]);
}

/**
 * Registers a report by its checksum: the batch already holding that checksum is returned
 * (created: false) and nothing else happens: importing the same file twice is a no-op.
 */
export async function registerSalesBatch(
  prisma: PrismaClient,
  input: { checksum: string; period: string; source: string; fileName?: string | null; uploadedById?: string | null },
): Promise<{ batch: { id: string; status: string }; created: boolean }> {
  checkImportInput(input);
  const existing = await prisma.salesImportBatch.findUnique({ where: { checksum: input.checksum }, select: { id: true, status: true } });
  if (existing) return { batch: existing, created: false };
  try {
    const batch = await prisma.salesImportBatch.create({
      data: { checksum: input.checksum, period: input.period, source: input.source.trim(), fileName: input.fileName ?? null, uploadedById: input.uploadedById ?? null },
      select: { id: true, status: true },
    });
    return { batch, created: true };
  } catch (err) {
    const again = await prisma.salesImportBatch.findUnique({ where: { checksum: input.checksum }, select: { id: true, status: true } });
    if (again) return { batch: again, created: false };
    throw err;
  }
}

export interface ImportResult {
  batchId: string;
  status: string;
  rowsRead: number;
  rowsMatched: number;
  rowsUnmatched: number;
  rowsRejected: number;
  postedMinor: bigint;
  /** Nothing was done: the batch was already posted. */
  alreadyDone: boolean;
  /** Milliseconds spent reading and copying, and landing (match, rollups, posting). */
  timings?: { copyMs: number; landMs: number };
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Runs (or re-runs) a batch from its report stream. A posted batch is left alone; a failed or
 * interrupted one starts again from a clean staging area. A report that cannot be read (truncated
 * gzip, no header) fails the batch with nothing posted.
 */
export async function runSalesImport(deps: ImportDeps, batchId: string, openReport: () => Readable, onProgress?: (p: { rowsRead: number }) => void): Promise<ImportResult> {
  const { prisma, sql } = deps;
  const batch = await prisma.salesImportBatch.findUnique({ where: { id: batchId } });
  if (!batch) throw new DomainError('NOT_FOUND', 'No such sales import');
  if (batch.status === 'POSTED') return { ...resultOf(batch), alreadyDone: true };
  await clearStaging(prisma, batchId);
  await prisma.salesImportBatch.update({ where: { id: batchId }, data: { status: 'PROCESSING', error: null, rowsRead: 0, rowsRejected: 0 } });

  const errors: SalesLineError[] = [];
  let rowsRead = 0;
  let rejected = 0;
  const period = batch.period;
  /** COPY text, one chunk per parsed batch. */
  async function* copyText(): AsyncGenerator<string> {
    for await (const items of parseSalesReportBatches(openReport(), { period, source: batch!.source, today: today() })) {
      const before = rowsRead;
      let text = '';
      for (const item of items) {
        rowsRead += 1;
        if ('error' in item) {
          rejected += 1;
          if (errors.length < MAX_STORED_LINE_ERRORS) errors.push(item.error);
        } else {
          text += lineToCopy(batchId, period, item.line);
        }
      }
      if (Math.floor(rowsRead / PROGRESS_EVERY) > Math.floor(before / PROGRESS_EVERY)) onProgress?.({ rowsRead });
      if (text) yield text;
    }
  }
  const copyStarted = performance.now();
  try {
    await sql.copyIn('sales_import_lines', LINE_COLUMNS, copyText());
  } catch (err) {
    await clearStaging(prisma, batchId);
    const message = err instanceof ReportFormatError ? err.message : `The report could not be imported: ${(err as Error).message}`;
    await prisma.salesImportBatch.update({ where: { id: batchId }, data: { status: 'FAILED', error: message, rowsRead, rowsRejected: rejected } });
    if (err instanceof ReportFormatError) return { ...resultOf({ ...batch, status: 'FAILED', rowsRead, rowsRejected: rejected }), alreadyDone: false };
    throw err;
  }
  if (errors.length) await prisma.salesImportError.createMany({ data: errors.map((e) => ({ importBatchId: batchId, lineNo: e.lineNo, message: e.message })) });
  await prisma.salesImportBatch.update({ where: { id: batchId }, data: { rowsRead, rowsRejected: rejected, status: 'IMPORTED' } });
  onProgress?.({ rowsRead });
  const landStarted = performance.now();
  const done = await prisma.$transaction((tx) => landBatch(tx, batchId), { timeout: 30 * 60_000, maxWait: 60_000 });
  return { ...resultOf(done), alreadyDone: false, timings: { copyMs: Math.round(landStarted - copyStarted), landMs: Math.round(performance.now() - landStarted) } };
}

function resultOf(b: { id: string; status: string; rowsRead: number; rowsMatched?: number; rowsUnmatched?: number; rowsRejected: number; postedMinor?: bigint }): Omit<ImportResult, 'alreadyDone'> {
  return { batchId: b.id, status: b.status, rowsRead: b.rowsRead, rowsMatched: b.rowsMatched ?? 0, rowsUnmatched: b.rowsUnmatched ?? 0, rowsRejected: b.rowsRejected, postedMinor: b.postedMinor ?? 0n };
}

async function clearStaging(prisma: PrismaClient, batchId: string): Promise<void> {
  await prisma.$executeRawUnsafe(`DELETE FROM sales_import_lines WHERE import_batch_id = $1 AND state = 'STAGED'`, batchId);
  await prisma.salesImportError.deleteMany({ where: { importBatchId: batchId } });
}

function lineToCopy(batchId: string, period: string, l: SalesLine): string {
  return copyLine([
    batchId, l.lineNo, period, l.reportDate, l.sourceLabel, l.serviceName, l.outletId, l.storeId, l.isrc, l.upc,
    l.artistName, l.releaseTitle, l.trackTitle, l.countryCode, l.units, unitsToDecimal(l.payableUnits), l.currency,
  ]);
}

/**
 * The matched lines of a batch being landed: the temporary table `sales_landing` (below), read by
 * the insert, the rollups and the posting.
 */
const LANDING = 'FROM sales_landing l WHERE l.user_id IS NOT NULL';

/**
 * Matching of a batch's staged lines in one pass, into a temporary table dropped at commit (no WAL,
 * no index): ISRC first, then a store id staff attached before, then the release's UPC (release
 * only). Each key is resolved once (the earliest track or release holding it, so a duplicated ISRC
 * or UPC never doubles a line), and lines without titles take the catalog's.
 */
const MATCH_BATCH = `CREATE TEMP TABLE sales_landing ON COMMIT DROP AS
  WITH staged AS (SELECT * FROM sales_import_lines WHERE import_batch_id = $1 AND state = 'STAGED'),
  by_isrc AS (
    SELECT DISTINCT ON (t.isrc) t.isrc, t.id, t.release_id, t.user_id FROM tracks t
    WHERE t.isrc IN (SELECT DISTINCT isrc FROM staged WHERE isrc IS NOT NULL) ORDER BY t.isrc, t.created_at, t.id
  ),
  by_store AS (
    SELECT s.service_name, s.store_id, t.id, t.release_id, t.user_id FROM track_store_ids s JOIN tracks t ON t.id = s.track_id
    WHERE (s.service_name, s.store_id) IN (SELECT DISTINCT service_name, store_id FROM staged WHERE store_id IS NOT NULL)
  ),
  by_upc AS (
    SELECT DISTINCT ON (r.upc) r.upc, r.id, r.user_id FROM releases r
    WHERE r.upc IN (SELECT DISTINCT upc FROM staged WHERE upc IS NOT NULL) ORDER BY r.upc, r.created_at, r.id
  ),
  matched AS (
    SELECT l.*, COALESCE(i.id, s.id) AS m_track_id, COALESCE(i.release_id, s.release_id, u.id) AS m_release_id, COALESCE(i.user_id, s.user_id, u.user_id) AS m_user_id
    FROM staged l
    LEFT JOIN by_isrc i ON i.isrc = l.isrc
    LEFT JOIN by_store s ON i.id IS NULL AND s.service_name = l.service_name AND s.store_id = l.store_id
    LEFT JOIN by_upc u ON i.id IS NULL AND s.id IS NULL AND u.upc = l.upc
  )
  SELECT m.id, m.import_batch_id, m.period, m.report_date, m.m_user_id AS user_id, m.m_release_id AS release_id, m.m_track_id AS track_id,
    m.artist_name, COALESCE(m.release_title, r.title) AS release_title, COALESCE(m.track_title, t.title) AS track_title,
    m.isrc, m.upc, m.outlet_id, m.source_label, m.service_name, m.country_code, m.units, m.payable, m.currency
  FROM matched m LEFT JOIN tracks t ON t.id = m.m_track_id LEFT JOIN releases r ON r.id = m.m_release_id`;

/** Matching, landing, rollups and posting of a staged batch, in the caller's transaction. */
async function landBatch(tx: Tx, batchId: string) {
  const locked = await tx.$queryRawUnsafe<{ status: string }[]>(`SELECT status::text AS status FROM sales_import_batches WHERE id = $1 FOR UPDATE`, batchId);
  if (locked[0]?.status === 'POSTED') return tx.salesImportBatch.findUniqueOrThrow({ where: { id: batchId } });
  await tx.$executeRawUnsafe(MATCH_BATCH, batchId);
  // The planner has no statistics for a new temporary table: without them it guesses the rollups' groups.
  await tx.$executeRawUnsafe(`ANALYZE sales_landing`);
  const unmatched = await tx.$executeRawUnsafe(
    `UPDATE sales_import_lines SET state = 'UNMATCHED' WHERE id IN (SELECT id FROM sales_landing WHERE user_id IS NULL)`,
  );
  const matched = await landLines(tx, LANDING, []);
  const posting = await postNet(tx, matched.perUser, `sales-import:${batchId}`, `Sales ${batchId}`, { from: LANDING, params: [] });
  await tx.$executeRawUnsafe(`DELETE FROM sales_import_lines WHERE import_batch_id = $1 AND state = 'STAGED'`, batchId);
  return tx.salesImportBatch.update({
    where: { id: batchId },
    data: {
      status: 'POSTED',
      rowsMatched: matched.count,
      rowsUnmatched: unmatched,
      rowCount: matched.count,
      totalPayable: unitsToDecimal(posting.grossUnits),
      netPayable: unitsToDecimal(posting.netUnits),
      clearingRemainder: unitsToDecimal(posting.clearingRemainderUnits),
      postedMinor: posting.postedCents,
      ledgerTransactionId: posting.transactionId,
      postedAt: new Date(),
    },
  });
}

/**
 * Moves matched lines (`from`: "FROM <table> l WHERE ...", with its params; the lines carry their
 * user, release, track and titles) into sale_transactions and adds them to the rollups. Returns the
 * count and each user's gross.
 */
async function landLines(tx: Tx, from: string, params: unknown[]): Promise<{ count: number; perUser: { userId: string; grossUnits: bigint }[] }> {
  const count = await tx.$executeRawUnsafe(
    `INSERT INTO sale_transactions (import_batch_id, period, report_date, user_id, release_id, track_id, artist_name, release_title, track_title,
       isrc, upc, outlet_id, outlet_name, service_name, country_code, units, payable, currency)
     SELECT l.import_batch_id, l.period, l.report_date, l.user_id, l.release_id, l.track_id, l.artist_name, l.release_title, l.track_title,
       l.isrc, l.upc, l.outlet_id, l.source_label, l.service_name, l.country_code, l.units, l.payable, l.currency ${from}`,
    ...params,
  );
  if (count === 0) return { count: 0, perUser: [] };
  for (const statement of rollupStatements(from)) await tx.$executeRawUnsafe(statement, ...params);
  const sums = await tx.$queryRawUnsafe<{ user_id: string; gross: string }[]>(`SELECT l.user_id, SUM(l.payable)::text AS gross ${from} GROUP BY l.user_id ORDER BY l.user_id`, ...params);
  return { count, perUser: sums.map((s) => ({ userId: s.user_id, grossUnits: decimalToUnits(s.gross) })) };
}

/** The plan fee (basis points) of each user's current plan; 0 without one. */
async function feesOf(tx: Tx, userIds: string[]): Promise<Map<string, number>> {
  if (!userIds.length) return new Map();
  const rows = await tx.$queryRawUnsafe<{ user_id: string; bps: number }[]>(
    `SELECT DISTINCT ON (s.user_id) s.user_id, p.distribution_fee_bps AS bps FROM subscriptions s JOIN plans p ON p.name = s.plan_name
     WHERE s.user_id = ANY($1::text[]) AND s.status IN ('ACTIVE', 'PAST_DUE') ORDER BY s.user_id, s.current_period_start DESC`,
    userIds,
  );
  return new Map(rows.map((r) => [r.user_id, Number(r.bps)]));
}

/**
 * Posts the users' net receipts as one balanced ledger transaction under `key` (once, ever). The
 * lines (`lines`: "FROM <table> l WHERE ...", with its params) of releases with splits share their owner's
 * credit with the collaborators (wallet, or the invited email's pending account).
 */
async function postNet(tx: Tx, perUser: { userId: string; grossUnits: bigint }[], key: string, description: string, lines: { from: string; params: unknown[] }) {
  const fees = await feesOf(tx, perUser.map((u) => u.userId));
  const users: UserGross[] = perUser.map((u) => ({ ...u, feeBps: fees.get(u.userId) ?? 0 }));
  const plan = planPosting(users);
  const gross = new Map(perUser.map((u) => [u.userId, u.grossUnits]));
  const credits = await divideCreditsBySplits(tx, lines.from, lines.params, plan.credits.map((c) => ({ userId: c.userId, cents: c.cents, grossUnits: gross.get(c.userId) ?? 0n })));
  const entries: PostingEntry[] = [];
  let postedCents = 0n;
  for (const c of credits) {
    if (c.cents === 0n) continue;
    const account = c.kind === 'wallet' ? await walletAccount(tx, c.userId) : await pendingSplitAccount(tx, c.email);
    entries.push({ accountId: account.id, amountMinor: c.cents });
    postedCents += c.cents;
  }
  if (plan.feeCents > 0n) entries.push({ accountId: (await ensureAccount(tx, { kind: 'FEES' })).id, amountMinor: plan.feeCents });
  let transactionId: string | null = null;
  const total = postedCents + plan.feeCents;
  if (total > 0n) {
    entries.push({ accountId: (await ensureAccount(tx, { kind: 'SALES_CLEARING' })).id, amountMinor: -total });
    const posted = await postTransactionIn(tx, { kind: 'SALES_POSTING', idempotencyKey: key, entries, description, metadata: { feeCents: plan.feeCents.toString(), remainderUnits: plan.clearingRemainderUnits.toString() } });
    transactionId = posted.transaction.id;
    for (const c of plan.credits) if (c.cents > 0n) await emitWebhookEvent(tx, c.userId, 'sales.posted', { transactionId, amountMinor: c.cents.toString(), description });
  }
  return { ...plan, postedCents, transactionId };
}

/** Staff attach an unmatched line to a track: it becomes a sale, joins the rollups and is posted. */
export async function attachSalesLineIn(tx: Tx, input: { lineId: bigint; trackId: string; staffId: string }): Promise<{ postedMinor: bigint; userId: string }> {
  const rows = await tx.$queryRawUnsafe<{ state: string; service_name: string; store_id: string | null }[]>(
    `SELECT state::text AS state, service_name, store_id FROM sales_import_lines WHERE id = $1 FOR UPDATE`,
    input.lineId,
  );
  const line = rows[0];
  if (!line) throw new DomainError('NOT_FOUND', 'No such sales line');
  if (line.state !== 'UNMATCHED') throw new DomainError('CONFLICT', 'This line is not waiting for review');
  const track = await tx.track.findUnique({ where: { id: input.trackId }, select: { id: true, releaseId: true, userId: true } });
  if (!track) throw badInput('No such track', [{ field: 'trackId', key: 'invalid', message: 'No such track' }]);
  // The line takes the track's release and owner, and the catalog's titles where it has none.
  await tx.$executeRawUnsafe(
    `UPDATE sales_import_lines l SET track_id = t.id, release_id = t.release_id, user_id = t.user_id, state = 'STAGED',
       track_title = COALESCE(l.track_title, t.title), release_title = COALESCE(l.release_title, r.title)
     FROM tracks t JOIN releases r ON r.id = t.release_id WHERE l.id = $1 AND t.id = $2`,
    input.lineId, track.id,
  );
  const landing = { from: `FROM sales_import_lines l WHERE l.id = $1 AND l.state = 'STAGED'`, params: [input.lineId] };
  const landed = await landLines(tx, landing.from, landing.params);
  const posting = await postNet(tx, landed.perUser, `sales-line:${input.lineId}`, `Sales line ${input.lineId} attached`, landing);
  await tx.$executeRawUnsafe(`UPDATE sales_import_lines SET state = 'ATTACHED', resolved_by_id = $2, resolved_at = now() WHERE id = $1`, input.lineId, input.staffId);
  if (line.store_id) {
    await tx.$executeRawUnsafe(
      `INSERT INTO track_store_ids (service_name, store_id, track_id) VALUES ($1, $2, $3) ON CONFLICT (service_name, store_id) DO NOTHING`,
      line.service_name, line.store_id, track.id,
    );
  }
  return { postedMinor: posting.postedCents, userId: track.userId };
}

/** Staff leave an unmatched line unclaimed (it stays out of every total). */
export async function leaveSalesLineUnclaimed(prisma: PrismaClient, input: { lineId: bigint; staffId: string }): Promise<void> {
  const { count } = await prisma.salesImportLine.updateMany({ where: { id: input.lineId, state: 'UNMATCHED' }, data: { state: 'UNCLAIMED', resolvedById: input.staffId, resolvedAt: new Date() } });
  if (count !== 1) throw new DomainError('CONFLICT', 'This line is not waiting for review');
}

export { UNITS_PER_CENT };

/**
 * Sales report import: a report file becomes sale transactions, rollups and wallet credits exactly
 * once. Lines are parsed as a stream and matched to the catalogue as they come (sales-match.ts): a
 * plain line whose ISRC is already known is matched, summed and written as COPY bytes straight from
 * the report's bytes (sales-fastline.ts, sales-copy-bytes.ts), any other becomes a SalesLine and is
 * matched with its run once its keys are looked up. The matched ones are summed by group as they
 * pass (sales-groups.ts, written to sales_import_groups, the day sums) and COPYed straight into
 * sale_transactions (what the report says of each line, under its line number, and the id of its
 * day sum), the rest go into sales_import_lines (the review list).
 * Then one database transaction adds the batch's group sums to the read-side tables
 * (sales-rollups.ts: the rollups, the page's filter choices and counts, the monthly totals, the daily
 * streams) and posts the batch's net receipts through the ledger service. Until that transaction
 * commits, the batch's lines and day sums count nowhere: the pages read the rollups, and the one
 * other reader of the day sums (a collaborator's split sales) skips batches not posted.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import type { SqlRunner } from '../../db/database.ts';
import { copyLine, copyValue } from '../../db/copy.ts';
import { DomainError, badInput } from '../../domain-error.ts';
import { ensureAccount, pendingSplitAccount, postTransactionIn, walletAccounts, type PostingEntry } from '../ledger/ledger.service.ts';
import { divideCreditsBySplits } from '../splits/splits-posting.ts';
import { parseSalesReportBatches } from './sales-parse.ts';
import { SaleCopyBytes } from './sales-copy-bytes.ts';
import type { FastLineReader } from './sales-fastline.ts';
import { CatalogMatcher } from './sales-match.ts';
import { linesAsGroups, rollupStatements } from './sales-rollups.ts';
import { batchKeys, GROUP_COLUMNS, GroupSums, keyText } from './sales-groups.ts';
import { own, ReportFormatError, type SalesLine, type SalesLineError } from './sales-report.ts';
import { decimalToUnits, planPosting, unitsToDecimal, UNITS_PER_CENT, type UserGross } from './sales-posting.ts';
import { emitWebhookEvent, usersListeningTo } from '../webhooks/webhooks.service.ts';

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
  /** Milliseconds spent before the COPY (the batch read, its staging cleared), reading and copying, and landing (rollups, posting). */
  timings?: { startMs: number; copyMs: number; landMs: number };
  /** Lines this run took straight from their bytes (sales-copy-bytes.ts), of rowsMatched. */
  fastLines?: number;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Runs (or re-runs) a batch from its report stream. A posted batch is left alone; a failed or
 * interrupted one starts again from a clean staging area. A report that cannot be read (truncated
 * gzip, no header) fails the batch with nothing posted.
 */
export async function runSalesImport(
  deps: ImportDeps,
  batchId: string,
  openReport: () => Readable,
  onProgress?: (p: { rowsRead: number }) => void,
  /**
   * Bounds, smaller in tests: groups held, keys cached, lines matched together. `plainLines: false`
   * makes a SalesLine of every line (tests compare the two ways).
   */
  options: { groupLimit?: number; maxCachedKeys?: number; matchRunLines?: number; plainLines?: boolean; copyPieceBytes?: number } = {},
): Promise<ImportResult> {
  const { prisma, sql } = deps;
  const entered = performance.now();
  const batch = await prisma.salesImportBatch.findUnique({ where: { id: batchId } });
  if (!batch) throw new DomainError('NOT_FOUND', 'No such sales import');
  if (batch.status === 'POSTED') return { ...resultOf(batch), alreadyDone: true };
  await clearStaging(prisma, batch);
  await prisma.salesImportBatch.update({ where: { id: batchId }, data: { status: 'PROCESSING', error: null, rowsRead: 0, rowsRejected: 0 } });

  const errors: SalesLineError[] = [];
  let rowsRead = 0;
  let rejected = 0;
  let matchedRows = 0;
  const period = batch.period;
  const matcher = new CatalogMatcher(sql, options.maxCachedKeys);
  const groups = new GroupSums(batchId, period, batch.seq, options.groupLimit);
  const toCopy = new SaleCopyText(batch.seq);
  const flushGroups = async () => {
    if (groups.size) await sql.copyIn('sales_import_groups', GROUP_COLUMNS, once(groups.drain()));
  };
  /** Lines that matched nothing wait here (bounded) for their own COPY into the review list. */
  let unmatchedText = '';
  const flushUnmatched = async () => {
    if (!unmatchedText) return;
    const text = unmatchedText;
    unmatchedText = '';
    await sql.copyIn('sales_import_lines', LINE_COLUMNS, once(text));
  };
  /**
   * Matches a run of lines (their unseen keys looked up first) and gives the COPY text of those that
   * matched, a thousand lines at a time (small pieces: the text leaves before more is made); the
   * others join the review list's text.
   */
  async function* salesText({ lines, resolved }: MatchRun): AsyncGenerator<string> {
    await resolved;
    for (let start = 0; start < lines.length; start += COPY_PIECE_LINES) {
      let text = '';
      let missed = '';
      for (const line of lines.slice(start, start + COPY_PIECE_LINES)) {
        const m = matcher.match(line);
        if (m) {
          matchedRows += 1;
          const names = { releaseTitle: line.releaseTitle ?? m.releaseTitle, trackTitle: line.trackTitle ?? m.trackTitle };
          text += toCopy.line(line, groups.add(line, m, names));
          if (groups.full) await flushGroups();
        } else {
          missed += lineToCopy(batchId, period, line);
        }
      }
      // Held until the next flush: copied, so it does not keep the report's text alive.
      if (missed) unmatchedText += own(missed);
      if (unmatchedText.length >= UNMATCHED_FLUSH_CHARS) await flushUnmatched();
      if (text) yield text;
    }
  }
  /**
   * A run's keys are looked up while the run before it is matched and formatted (lookups one at a
   * time, in order): the reader does not wait on the database for each run's new keys.
   */
  let lookups: Promise<void> = Promise.resolve();
  const lookUp = (lines: SalesLine[]): MatchRun => {
    const resolved = lookups.then(() => matcher.resolve(lines));
    // Awaited by salesText; a run never matched (the report failed first) must not go unhandled.
    resolved.catch(() => undefined);
    lookups = resolved;
    return { lines, resolved };
  };
  /**
   * A plain line (sales-fastline.ts) whose ISRC the catalogue is known to hold is matched, summed and
   * written as COPY bytes as it is read, without a SalesLine: the same row, day sum and count the
   * usual way gives it (SaleCopyBytes). Any other line is yielded by the reader as usual.
   */
  let bytes: SaleCopyBytes | null | undefined;
  let fastLines = 0;
  // The report's columns of the cells read for every line, looked up once (with the writer).
  let isrc = -1;
  let artist = -1;
  let release = -1;
  let track = -1;
  const takePlain = (r: FastLineReader): boolean => {
    if (bytes === undefined) {
      bytes = SaleCopyBytes.forBatch(batch!.seq, r, options.copyPieceBytes);
      [isrc, artist, release, track] = [r.column('isrc'), r.column('artist'), r.column('release'), r.column('track')];
    }
    if (!bytes || !r.copyPlain || isrc < 0 || groups.full) return false;
    const m = matcher.matchIsrcBytes(r.buffer, r.starts[isrc]!, r.ends[isrc]!);
    if (!m) return false;
    rowsRead += 1;
    matchedRows += 1;
    fastLines += 1;
    const groupId = groups.addSale(m, r.reportDate, r.store, r.countryCode, r.textAt(artist), r.textAt(release) ?? m.releaseTitle, r.textAt(track) ?? m.trackTitle, r.units, r.payableUnits);
    bytes.line(r, groupId);
    return true;
  };
  /** COPY text of the matched lines: they go straight into sale_transactions. */
  async function* copyText(): AsyncGenerator<string | Buffer> {
    let pending: SalesLine[] = [];
    let ahead: MatchRun | null = null;
    let reported = 0;
    const report = parseSalesReportBatches(openReport(), { period, source: batch!.source, today: today() }, { takePlain: options.plainLines === false ? undefined : takePlain });
    for await (const items of report) {
      for (const item of items) {
        rowsRead += 1;
        if ('error' in item) {
          rejected += 1;
          if (errors.length < MAX_STORED_LINE_ERRORS) errors.push(item.error);
        } else {
          pending.push(item.line);
        }
      }
      if (Math.floor(rowsRead / PROGRESS_EVERY) > Math.floor(reported / PROGRESS_EVERY)) {
        reported = rowsRead;
        onProgress?.({ rowsRead });
      }
      if (bytes) yield* bytes.take();
      if (groups.full) await flushGroups();
      // Matched in runs of several bursts: each run looks up its unseen keys in one query per kind
      // of key, and a report naming a new key every few lines would otherwise wait on one per burst.
      if (pending.length < (options.matchRunLines ?? MATCH_RUN_LINES)) continue;
      const run = lookUp(pending);
      pending = [];
      if (ahead) yield* salesText(ahead);
      ahead = run;
    }
    const last = pending.length ? lookUp(pending) : null;
    if (ahead) yield* salesText(ahead);
    if (last) yield* salesText(last);
    if (bytes) yield* bytes.end();
  }
  const copyStarted = performance.now();
  try {
    await sql.copyIn('sale_transactions', SALE_COLUMNS, copyText(), { written: (piece) => bytes?.recycle(piece) });
    // The review list's lines and the day sums go in side by side, each on a connection of its own
    // (one after the other on the embedded database); both are done before anything is cleared.
    for (const flushed of await Promise.allSettled([flushUnmatched(), flushGroups()])) if (flushed.status === 'rejected') throw flushed.reason;
  } catch (err) {
    await clearStaging(prisma, batch);
    const message = err instanceof ReportFormatError ? err.message : `The report could not be imported: ${(err as Error).message}`;
    await prisma.salesImportBatch.update({ where: { id: batchId }, data: { status: 'FAILED', error: message, rowsRead, rowsRejected: rejected } });
    if (err instanceof ReportFormatError) return { ...resultOf({ ...batch, status: 'FAILED', rowsRead, rowsRejected: rejected }), alreadyDone: false };
    throw err;
  }
  if (errors.length) await prisma.salesImportError.createMany({ data: errors.map((e) => ({ importBatchId: batchId, lineNo: e.lineNo, message: e.message })) });
  await prisma.salesImportBatch.update({ where: { id: batchId }, data: { rowsRead, rowsRejected: rejected, status: 'IMPORTED' } });
  onProgress?.({ rowsRead });
  // The planner knows nothing of the batch's group rows yet: without statistics it guesses the rollups' groups.
  if (groups.rowsWritten > 10_000) await sql.exec('ANALYZE sales_import_groups');
  const landStarted = performance.now();
  const parents = { userIds: [...matcher.userIds], releaseIds: [...matcher.releaseIds], trackIds: [...matcher.trackIds] };
  const done = await prisma.$transaction((tx) => landBatch(tx, batch, matchedRows, parents), { timeout: 30 * 60_000, maxWait: 60_000 });
  return { ...resultOf(done), alreadyDone: false, fastLines, timings: { startMs: Math.round(copyStarted - entered), copyMs: Math.round(landStarted - copyStarted), landMs: Math.round(performance.now() - landStarted) } };
}

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

function resultOf(b: { id: string; status: string; rowsRead: number; rowsMatched?: number; rowsUnmatched?: number; rowsRejected: number; postedMinor?: bigint }): Omit<ImportResult, 'alreadyDone'> {
  return { batchId: b.id, status: b.status, rowsRead: b.rowsRead, rowsMatched: b.rowsMatched ?? 0, rowsUnmatched: b.rowsUnmatched ?? 0, rowsRejected: b.rowsRejected, postedMinor: b.postedMinor ?? 0n };
}

/**
 * Removes what an unfinished run of the batch wrote: its staged lines, its sale lines and their day
 * sums (not yet posted, so no rollup or ledger entry counts them; split sales skip unposted batches).
 */
async function clearStaging(prisma: PrismaClient, batch: { id: string; seq: number }): Promise<void> {
  const { from, to } = batchKeys(batch.seq);
  await prisma.$executeRawUnsafe(`DELETE FROM sales_import_lines WHERE import_batch_id = $1 AND state = 'STAGED'`, batch.id);
  const unposted = `EXISTS (SELECT 1 FROM sales_import_batches b WHERE b.id = $1 AND b.status <> 'POSTED')`;
  await prisma.$executeRawUnsafe(`DELETE FROM sales_import_groups WHERE import_batch_id = $1 AND ${unposted}`, batch.id);
  await prisma.$executeRawUnsafe(`DELETE FROM sale_transactions WHERE id >= $2 AND id < $3 AND ${unposted}`, batch.id, from, to);
  await prisma.salesImportError.deleteMany({ where: { importBatchId: batch.id } });
}

function lineToCopy(batchId: string, period: string, l: SalesLine): string {
  return copyLine([
    batchId, l.lineNo, period, l.reportDate, l.sourceLabel, l.serviceName, l.outletId, l.storeId, l.isrc, l.upc,
    l.artistName, l.releaseTitle, l.trackTitle, l.countryCode, l.units, unitsToDecimal(l.payableUnits), l.currency,
  ]);
}

const SALE_COLUMNS = ['id', 'group_id', 'isrc', 'upc', 'store_id', 'artist_name', 'release_title', 'track_title', 'units', 'payable'] as const;

/**
 * Matched lines as COPY text of sale_transactions (SALE_COLUMNS): what the report says of each line,
 * its id in the batch's range (its line number) and its day sum's id.
 */
class SaleCopyText {
  private readonly key: (n: number) => string;

  constructor(seq: number) {
    this.key = keyText(seq);
  }

  line(l: SalesLine, groupId: string): string {
    return `${this.key(l.lineNo)}\t${groupId}\t${copyValue(l.isrc)}\t${copyValue(l.upc)}\t${copyValue(l.storeId)}\t${copyValue(l.artistName)}\t${copyValue(l.releaseTitle)}\t${copyValue(l.trackTitle)}\t${l.units}\t${l.payableText ?? unitsToDecimal(l.payableUnits)}\n`;
  }
}

/** A run of lines and the lookup of their unseen keys. */
interface MatchRun {
  lines: SalesLine[];
  resolved: Promise<void>;
}

/** Lines matched together (one lookup of their unseen keys): about ten parser bursts. */
const MATCH_RUN_LINES = 2_000;
/** Matched lines per piece of COPY text. */
const COPY_PIECE_LINES = 1_000;

/** Unmatched lines are COPYed into the review list once this much text waits (about 1 MB). */
const UNMATCHED_FLUSH_CHARS = 1_000_000;

/** What a batch being landed adds: its group sums ($1 = the batch), read by the rollups and the posting. */
const LANDING = 'FROM sales_import_groups l WHERE l.import_batch_id = $1 AND l.user_id IS NOT NULL';

/**
 * Rollups and posting of a batch whose lines were COPYed into sale_transactions, in the caller's
 * transaction; its unmatched lines join the review list. The owners, releases and tracks its day sums
 * name are locked first (FOR KEY SHARE): one deleted since the matching read it is detached from the
 * day sums here, as its delete trigger would have done.
 */
async function landBatch(tx: Tx, batch: { id: string }, copiedRows: number, parents: { userIds: string[]; releaseIds: string[]; trackIds: string[] }) {
  const batchId = batch.id;
  const locked = await tx.$queryRawUnsafe<{ status: string }[]>(`SELECT status::text AS status FROM sales_import_batches WHERE id = $1 FOR UPDATE`, batchId);
  if (locked[0]?.status === 'POSTED') return tx.salesImportBatch.findUniqueOrThrow({ where: { id: batchId } });
  // Another run of the batch could not have added lines (each line's id is its line number in the
  // batch's range: the key refuses a second copy), but its day sums would show here.
  const [stored] = await tx.$queryRawUnsafe<{ summed: number }[]>(
    `SELECT COALESCE(SUM(line_count), 0)::int AS summed FROM sales_import_groups WHERE import_batch_id = $1`,
    batchId,
  );
  if (stored?.summed !== copiedRows) {
    throw new Error(`Sales import ${batchId}: ${stored?.summed} lines summed, ${copiedRows} copied (another run of the batch?)`);
  }
  for (const [table, column, ids] of [['users', 'user_id', parents.userIds], ['releases', 'release_id', parents.releaseIds], ['tracks', 'track_id', parents.trackIds]] as const) {
    if (!ids.length) continue;
    const found = await tx.$queryRawUnsafe<{ id: string }[]>(`SELECT id FROM ${table} WHERE id = ANY($1::text[]) FOR KEY SHARE`, ids);
    if (found.length === ids.length) continue;
    const alive = found.map((r) => r.id);
    await tx.$executeRawUnsafe(`UPDATE sales_import_groups SET ${column} = NULL WHERE import_batch_id = $1 AND ${column} IS NOT NULL AND NOT (${column} = ANY($2::text[]))`, batchId, alive);
  }
  const unmatched = await tx.$executeRawUnsafe(`UPDATE sales_import_lines SET state = 'UNMATCHED' WHERE import_batch_id = $1 AND state = 'STAGED'`, batchId);
  const matched = await landLines(tx, LANDING, [batchId]);
  const posting = await postNet(tx, matched.perUser, `sales-import:${batchId}`, `Sales ${batchId}`, { from: LANDING, params: [batchId] });
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
 * Adds matched lines (`from`: "FROM <table> l WHERE ...", with its params; the day sums or lines
 * carry their user, release, track, titles and `line_count`) to the rollups. Returns the line count
 * and each user's gross.
 */
async function landLines(tx: Tx, from: string, params: unknown[]): Promise<{ count: number; perUser: { userId: string; grossUnits: bigint }[] }> {
  const perUser = await tx.$queryRawUnsafe<{ user_id: string; gross: string; n: number }[]>(
    `SELECT l.user_id, SUM(l.payable)::text AS gross, SUM(l.line_count)::int AS n ${from} GROUP BY l.user_id ORDER BY l.user_id`,
    ...params,
  );
  const count = perUser.reduce((n, s) => n + Number(s.n), 0);
  if (count === 0) return { count: 0, perUser: [] };
  for (const statement of rollupStatements(from)) await tx.$executeRawUnsafe(statement, ...params);
  return { count, perUser: perUser.map((s) => ({ userId: s.user_id, grossUnits: decimalToUnits(s.gross) })) };
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
  // Every wallet in one round trip (a batch credits thousands of artists).
  const wallets = await walletAccounts(tx, [...new Set(credits.flatMap((c) => (c.kind === 'wallet' && c.cents !== 0n ? [c.userId] : [])))]);
  for (const c of credits) {
    if (c.cents === 0n) continue;
    const account = c.kind === 'wallet' ? wallets.get(c.userId)! : await pendingSplitAccount(tx, c.email);
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
    const listening = await usersListeningTo(tx, plan.credits.filter((c) => c.cents > 0n).map((c) => c.userId), 'sales.posted');
    for (const c of plan.credits) if (c.cents > 0n && listening.has(c.userId)) await emitWebhookEvent(tx, c.userId, 'sales.posted', { transactionId, amountMinor: c.cents.toString(), description });
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
  const landing = { from: `${linesAsGroups('sales_import_lines')} WHERE l.id = $1 AND l.state = 'STAGED'`, params: [input.lineId] };
  const landed = await landLines(tx, landing.from, landing.params);
  // Its own day sum, numbered after the batch's last (the batch row locked: one attach at a time),
  // and the sale line, numbered by its line in the report (no matched line of the batch has it).
  const [batch] = await tx.$queryRawUnsafe<{ seq: number }[]>(
    `SELECT b.seq FROM sales_import_batches b JOIN sales_import_lines l ON l.import_batch_id = b.id WHERE l.id = $1 FOR UPDATE OF b`,
    input.lineId,
  );
  const { from, to } = batchKeys(batch!.seq);
  const [group] = await tx.$queryRawUnsafe<{ id: bigint }[]>(
    `INSERT INTO sales_import_groups (${GROUP_COLUMNS.join(', ')})
     SELECT (SELECT COALESCE(MAX(g.id), $2) + 1 FROM sales_import_groups g WHERE g.id >= $2 AND g.id < $3), l.import_batch_id, l.period, l.report_date,
       l.user_id, l.release_id, l.track_id, l.outlet_id, l.source_label, l.service_name, l.country_code, l.artist_name, l.release_title, l.track_title, l.units, l.payable, 1
     FROM sales_import_lines l WHERE l.id = $1
     RETURNING id`,
    input.lineId, from, to,
  );
  await tx.$executeRawUnsafe(
    `INSERT INTO sale_transactions (id, group_id, isrc, upc, store_id, artist_name, release_title, track_title, units, payable)
     SELECT $2::bigint + l.line_no, $3, l.isrc, l.upc, l.store_id, l.artist_name, l.release_title, l.track_title, l.units, l.payable
     FROM sales_import_lines l WHERE l.id = $1`,
    input.lineId, from, group!.id,
  );
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

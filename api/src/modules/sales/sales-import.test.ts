/**
 * The import path on a real database (PGlite; PostgreSQL with TEST_DATABASE_URL): COPY, matching,
 * rollups and the ledger posting, re-import as a no-op, bad lines, truncated gzip.
 */
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { type Database } from '../../db/database.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { buildUser } from '../../test/factories.ts';
import { seed } from '../../../../prisma/seed.ts';
import { hashPassword } from '../auth/password.ts';
import { checkLedger, findWalletAccount } from '../ledger/ledger.service.ts';
import { attachSalesLineIn, registerSalesBatch, runSalesImport } from './sales-import.service.ts';
import { batchKeys } from './sales-groups.ts';
import { CatalogMatcher } from './sales-match.ts';
import { statusOrder } from '@cadence/domain/release-status';
import fc from 'fast-check';
import { setTimeout as sleep } from 'node:timers/promises';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  await seed(db.prisma, { demo: false, hashPassword });
});
afterAll(async () => {
  await db.close();
});

async function catalog(opts: { plan?: 'VIP' | null } = {}) {
  const user = await buildUser(db.prisma);
  const suffix = user.id.replace(/-/g, '').slice(-7).toUpperCase();
  const release = await db.prisma.release.create({ data: { userId: user.id, title: 'Night Drive', status: statusOrder('LIVE'), upc: `8597${suffix.replace(/\D/g, '1').padStart(8, '0')}` } });
  const track = await db.prisma.track.create({ data: { userId: user.id, releaseId: release.id, title: 'Afterglow', isrc: `QZ${suffix}001` } });
  const other = await db.prisma.track.create({ data: { userId: user.id, releaseId: release.id, title: 'Static', isrc: `QZ${suffix}002` } });
  if (opts.plan) {
    await db.prisma.subscription.create({ data: { userId: user.id, planName: opts.plan, status: 'ACTIVE', currentPeriodStart: new Date('2024-01-01') } });
  }
  return { user, release, track, other };
}

async function importText(text: string | Buffer, period = '2025-01', source = 'test') {
  const buf = typeof text === 'string' ? Buffer.from(text) : text;
  const checksum = createHash('sha256').update(buf).digest('hex');
  const { batch, created } = await registerSalesBatch(db.prisma, { checksum, period, source });
  const result = created || batch.status !== 'POSTED' ? await runSalesImport({ prisma: db.prisma, sql: db.sql }, batch.id, () => Readable.from([buf])) : null;
  return { batch, created, result };
}

/** A batch's sale lines (by their key range) with what they share from their day sums. */
async function saleLines(batchId: string) {
  const [batch] = await db.sql.query<{ seq: number }>('SELECT seq FROM sales_import_batches WHERE id = $1', [batchId]);
  const { from, to } = batchKeys(batch!.seq);
  return db.sql.query<{
    line_no: number; user_id: string | null; release_id: string | null; track_id: string | null; country_code: string | null; service_name: string | null;
    source_label: string | null; units: number; payable: string; artist_name: string | null; release_title: string | null; track_title: string | null;
    sum_release_title: string | null; sum_track_title: string | null;
  }>(
    `SELECT (s.id - $1::bigint)::int AS line_no, g.user_id, g.release_id, g.track_id, g.country_code, g.service_name, g.source_label, s.units, s.payable::text AS payable,
       s.artist_name, s.release_title, s.track_title, g.release_title AS sum_release_title, g.track_title AS sum_track_title
     FROM sale_transactions s LEFT JOIN sales_import_groups g ON g.id = s.group_id
     WHERE s.id >= $1 AND s.id < $2 ORDER BY s.id`,
    [from.toString(), to.toString()],
  );
}

const HEADER = 'Sale Date,Store,ISRC,UPC,Store Track Id,Artist,Release,Track,Country,Units,Amount,Currency';

/**
 * What a catalogue's imports left in the read-side tables and its wallet, comparable between two
 * catalogues of the same shape (their ids, ISRCs and UPC named by role; `plain` does the same for
 * other rows).
 */
async function landedFor(c: Awaited<ReturnType<typeof catalog>>) {
  const name = new Map<string, string>([[c.user.id, 'U'], [c.release.id, 'R'], [c.track.id, 'T1'], [c.other.id, 'T2'], [c.track.isrc!, 'I1'], [c.other.isrc!, 'I2'], [c.release.upc!, 'P']]);
  const plain = (rows: Record<string, unknown>[]) =>
    rows.map((r) => JSON.stringify(Object.entries(r).filter(([k]) => k !== 'id').map(([k, v]) => [k, typeof v === 'string' && name.has(v) ? name.get(v) : v instanceof Date ? v.toISOString() : String(v)]))).sort();
  const where = { userId: c.user.id };
  return {
    plain,
    tables: {
      rollups: plain(await db.prisma.salesRollup.findMany({ where, omit: { userId: true } })),
      monthly: plain(await db.prisma.salesMonthly.findMany({ where, omit: { userId: true } })),
      streams: plain(await db.prisma.streamDaily.findMany({ where, omit: { userId: true } })),
      countries: plain(await db.prisma.streamCountryDaily.findMany({ where, omit: { userId: true } })),
      tracks: plain(await db.prisma.streamTrackDaily.findMany({ where, omit: { userId: true } })),
      choices: plain(await db.prisma.salesFilterChoice.findMany({ where, omit: { userId: true } })),
      counts: plain(await db.prisma.salesRollupCount.findMany({ where, omit: { userId: true } })),
      wallet: (await findWalletAccount(db.prisma, c.user.id))?.balanceMinor,
    },
  };
}

test('a report lands as sales, rollups and streams, and credits the wallet in whole cents once', async () => {
  const { user, track, other } = await catalog();
  const csv = [
    HEADER,
    `2025-01-10,Spotify Premium,${track.isrc},,,Nova,Night Drive,Afterglow,US,1000,3.123456789,USD`.replace('3.123456789', '3.12345678'),
    `2025-01-10,Apple Music,${other.isrc},,,Nova,Night Drive,Static,GB,500,2.00000001,USD`,
    `2025-01-11,Spotify,${track.isrc},,,Nova,Night Drive,Afterglow,US,10,0.005,USD`,
    `2025-01-11,Spotify,ZZ0000000000,,,Nobody,Nothing,Nope,US,10,0.50,USD`,
  ].join('\n');
  const { result } = await importText(csv);
  expect(result).toMatchObject({ status: 'POSTED', rowsRead: 4, rowsMatched: 3, rowsUnmatched: 1, rowsRejected: 0 });
  // 3.12345678 + 2.00000001 + 0.005 = 5.12845679 -> 512 cents, remainder 0.00845679 in clearing
  expect(result!.postedMinor).toBe(512n);
  const wallet = await findWalletAccount(db.prisma, user.id);
  expect(wallet?.balanceMinor).toBe(512n);
  const rollups = await db.prisma.salesRollup.findMany({ where: { userId: user.id }, orderBy: { payable: 'desc' } });
  expect(rollups.map((r) => [r.serviceName, r.countryCode, Number(r.units), r.payable.toString()])).toEqual([
    ['Spotify', 'US', 1010, '3.12845678'],
    ['Apple Music', 'GB', 500, '2.00000001'],
  ]);
  const monthly = await db.prisma.salesMonthly.findUnique({ where: { userId_period: { userId: user.id, period: '2025-01' } } });
  expect(monthly?.payable.toString()).toBe('5.12845679');
  const streams = await db.prisma.streamDaily.findMany({ where: { userId: user.id }, orderBy: [{ date: 'asc' }, { outletId: 'asc' }] });
  expect(streams.map((s) => [s.date.toISOString().slice(0, 10), s.outletId, s.countryCode, s.quantity])).toEqual([
    ['2025-01-10', 28, 'US', 1000],
    ['2025-01-10', 61, 'GB', 500],
    ['2025-01-11', 28, 'US', 10],
  ]);
  const batch = await db.prisma.salesImportBatch.findUniqueOrThrow({ where: { id: result!.batchId } });
  expect(batch.clearingRemainder.toString()).toBe('0.00845679');
  // Each line under its line number, with the report's own amount, titles and store.
  expect((await saleLines(batch.id)).map((l) => [l.line_no, l.payable, l.units, l.source_label, l.artist_name, l.track_title])).toEqual([
    [2, '3.12345678', 1000, 'Spotify Premium', 'Nova', 'Afterglow'],
    [3, '2.00000001', 500, 'Apple Music', 'Nova', 'Static'],
    [4, '0.00500000', 10, 'Spotify', 'Nova', 'Afterglow'],
  ]);
  expect(await db.prisma.salesImportLine.count({ where: { importBatchId: batch.id, state: 'UNMATCHED' } })).toBe(1);
  expect((await checkLedger(db.prisma)).ok).toBe(true);

  // The same file again: a no-op (same batch, nothing posted twice).
  const again = await importText(csv);
  expect(again.created).toBe(false);
  expect(again.batch.id).toBe(batch.id);
  // Re-running the posted batch's job also changes nothing.
  const rerun = await runSalesImport({ prisma: db.prisma, sql: db.sql }, batch.id, () => Readable.from([Buffer.from(csv)]));
  expect(rerun.alreadyDone).toBe(true);
  expect((await findWalletAccount(db.prisma, user.id))?.balanceMinor).toBe(512n);
  expect(await saleLines(batch.id)).toHaveLength(3);
});

test('the plan fee is taken before the wallet credit; UPC and TSV lines match', async () => {
  const { user, release } = await catalog({ plan: 'VIP' });
  const tsv = ['Date\tService\tUPC\tQuantity\tRevenue\tTerritory', `2025-02-03\tiTunes\t${release.upc}\t4\t10.00\tFR`].join('\n');
  const { result } = await importText(tsv, '2025-02');
  expect(result).toMatchObject({ status: 'POSTED', rowsMatched: 1 });
  const fee = (await db.prisma.plan.findUniqueOrThrow({ where: { name: 'VIP' } })).distributionFeeBps;
  expect((await findWalletAccount(db.prisma, user.id))?.balanceMinor).toBe(BigInt(Math.floor((1000 * (10_000 - fee)) / 10_000)));
});

test('bad lines are reported with their line numbers and the rest of the batch lands', async () => {
  const { track } = await catalog();
  const future = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const csv = [
    HEADER,
    `2025-01-10,Spotify,${track.isrc},,,A,B,C,US,1,1.00,USD`,
    `2025-01-10,Spotify,${track.isrc},,,A,B,C,US,1,1.00`,
    `2025-01-10,Spotify,${track.isrc},,,A,B,C,US,many,1.00,USD`,
    `2025-01-10,Spotify,${track.isrc},,,A,B,C,US,1,1.00,XYZ`,
    `${future},Spotify,${track.isrc},,,A,B,C,US,1,1.00,USD`,
    `2025-01-10,Spotify,${track.isrc},,,A,B,C,US,1,1.5.0,USD`,
  ].join('\n');
  const { result } = await importText(csv);
  expect(result).toMatchObject({ status: 'POSTED', rowsRead: 6, rowsMatched: 1, rowsRejected: 5 });
  const errors = await db.prisma.salesImportError.findMany({ where: { importBatchId: result!.batchId }, orderBy: { lineNo: 'asc' } });
  expect(errors.map((e) => e.message)).toEqual([
    'Line 3: expected 12 columns, found 11',
    'Line 4: units "many" is not a whole number',
    'Line 5: unknown currency "XYZ"',
    `Line 6: date ${future} is in the future`,
    'Line 7: amount "1.5.0" is not a number with at most 8 decimals',
  ]);
});

test('a truncated gzip fails the batch cleanly with nothing posted', async () => {
  const { user, track } = await catalog();
  const lines = [HEADER];
  for (let i = 0; i < 5000; i += 1) lines.push(`2025-01-10,Spotify,${track.isrc},,,A,B,C,US,${i},0.${String(i).padStart(4, '0')},USD`);
  const gz = gzipSync(Buffer.from(lines.join('\n')));
  const { result } = await importText(gz.subarray(0, Math.floor(gz.length * 0.6)));
  expect(result?.status).toBe('FAILED');
  const batch = await db.prisma.salesImportBatch.findUniqueOrThrow({ where: { id: result!.batchId } });
  expect(batch.error).toMatch(/gzip file is damaged or truncated/);
  expect(await saleLines(batch.id)).toHaveLength(0);
  expect(await db.prisma.salesImportLine.count({ where: { importBatchId: batch.id } })).toBe(0);
  expect(await findWalletAccount(db.prisma, user.id)).toBeNull();
  // The whole file imports fine.
  const whole = await importText(gz);
  expect(whole.result).toMatchObject({ status: 'POSTED', rowsMatched: 5000 });
});

test('staff attach an unmatched line: it is posted once and its store id matches later reports', async () => {
  const { user, release, track, other } = await catalog();
  const csv = [
    HEADER,
    `2025-01-10,Deezer,,,DZ-${track.id},A,B,C,DE,100,1.00,USD`,
    `2025-01-10,Spotify,${other.isrc},,,Nova,,,US,5,0.05,USD`,
    `2025-01-11,Deezer,,,DZ-X-${track.id},A,,,DE,3,0.03,USD`,
  ].join('\n');
  const { result } = await importText(csv);
  expect(result).toMatchObject({ rowsMatched: 1, rowsUnmatched: 2, postedMinor: 5n });
  const [line, second] = await db.prisma.salesImportLine.findMany({ where: { importBatchId: result!.batchId }, orderBy: { lineNo: 'asc' } });
  const staff = await buildUser(db.prisma, { role: 'SUPPORT' });
  const attached = await db.prisma.$transaction((tx) => attachSalesLineIn(tx, { lineId: line!.id, trackId: track.id, staffId: staff.id }));
  expect(attached.postedMinor).toBe(100n);
  await expect(db.prisma.$transaction((tx) => attachSalesLineIn(tx, { lineId: line!.id, trackId: track.id, staffId: staff.id }))).rejects.toThrow(/not waiting for review/);
  await db.prisma.$transaction((tx) => attachSalesLineIn(tx, { lineId: second!.id, trackId: track.id, staffId: staff.id }));
  expect((await findWalletAccount(db.prisma, user.id))?.balanceMinor).toBe(108n);
  // Each attached line is stored under its own line number, in a day sum of its own after the batch's.
  const lines = await saleLines(result!.batchId);
  expect(lines.map((l) => [l.line_no, l.track_id, l.release_id, l.source_label, l.units, l.sum_track_title])).toEqual([
    [2, track.id, release.id, 'Deezer', 100, 'C'],
    [3, other.id, release.id, 'Spotify', 5, 'Static'],
    [4, track.id, release.id, 'Deezer', 3, 'Afterglow'],
  ]);
  const sums = await db.prisma.salesImportGroup.findMany({ where: { importBatchId: result!.batchId }, orderBy: { id: 'asc' } });
  const { from } = batchKeys((await db.prisma.salesImportBatch.findUniqueOrThrow({ where: { id: result!.batchId } })).seq);
  expect(sums.map((g) => [g.id - from, g.lineCount])).toEqual([[1n, 1], [2n, 1], [3n, 1]]);
  const next = await importText([HEADER, `2025-02-10,Deezer,,,DZ-${track.id},A,B,C,DE,50,0.50,USD`].join('\n'), '2025-02');
  expect(next.result).toMatchObject({ rowsMatched: 1 });
  expect((await findWalletAccount(db.prisma, user.id))?.balanceMinor).toBe(158n);
});

test('a DDEX DSR flat file (gzip) lands like a CSV: matched by ISRC and UPC, revenue shared by usages, posted once', async () => {
  const { user, release, track, other } = await catalog();
  const tab = (...cells: (string | number)[]) => cells.join('\t');
  const dsr = [
    tab('HEAD', 'dsrf/basic-audio/1.4', 'BasicAudioProfile', '1.4', `MSG-${user.id}`, '2025-04-02T08:00:00Z', 1, 1, '2025-03-01', '2025-03-31', 'PADPIDA2011072101T', 'Spotify', 'Premium'),
    tab('SY01.03', 'S1', '', '', 'SubscriptionModel', 'OnDemandStream', 'SE', 'Premium', 400, '', 'USD', '6.00'),
    tab('RE01.03', 'B1', 'R1', 'sp-album-1', '', '', release.upc!, 'Nova', '', 'Night Drive', '', 'Album'),
    tab('AS02.04', 'B1', 'A1', 'sp-track-1', track.isrc!, 'Afterglow', '', 'Nova', '', 'PT3M', 'SoundRecording'),
    tab('AS02.04', 'B1', 'A2', 'sp-track-2', other.isrc!, 'Static', '', 'Nova', '', 'PT3M', 'SoundRecording'),
    tab('SU02.03', 'B1', 'S1', 'T1', '', 'A1', 'true', 300, '', '', 'OnDemandStream'),
    tab('SU02.03', 'B1', 'S1', 'T2', '', 'A2', 'true', 100, '', '', 'OnDemandStream'),
    tab('FOOT', 8, 8, 1),
  ].join('\n');
  const { result } = await importText(gzipSync(Buffer.from(dsr)), '2025-03', 'spotify-dsr');
  expect(result).toMatchObject({ status: 'POSTED', rowsRead: 2, rowsMatched: 2, rowsUnmatched: 0, rowsRejected: 0, postedMinor: 600n });
  const rows = (await saleLines(result!.batchId)).sort((x, y) => y.units - x.units);
  expect(rows.map((r) => [r.track_id, r.units, r.payable.replace(/\.?0+$/, ''), r.country_code, r.service_name])).toEqual([
    [track.id, 300, '4.5', 'SE', 'Spotify'],
    [other.id, 100, '1.5', 'SE', 'Spotify'],
  ]);
  expect((await findWalletAccount(db.prisma, user.id))?.balanceMinor).toBe(600n);
  expect((await importText(gzipSync(Buffer.from(dsr)), '2025-03', 'spotify-dsr')).created).toBe(false);
  expect((await checkLedger(db.prisma)).ok).toBe(true);
});

test('an ISRC held by two tracks matches one of them: the line is counted once', async () => {
  const { user, release, track } = await catalog();
  // The same recording on a second release (a single, then the album).
  const album = await db.prisma.release.create({ data: { userId: user.id, title: 'Album', status: 70 } });
  await db.prisma.track.create({ data: { userId: user.id, releaseId: album.id, title: 'Afterglow (album)', isrc: track.isrc } });
  const { result } = await importText([HEADER, `2025-03-10,Spotify,${track.isrc},,,Nova,,,US,100,1.00,USD`].join('\n'), '2025-03');
  expect(result).toMatchObject({ status: 'POSTED', rowsMatched: 1, rowsUnmatched: 0, postedMinor: 100n });
  const lines = await saleLines(result!.batchId);
  expect(lines).toHaveLength(1);
  // The earliest track holding the ISRC wins; the line keeps the report's (no) titles, its day sum takes the catalog's.
  expect(lines[0]).toMatchObject({ line_no: 2, track_id: track.id, release_id: release.id, track_title: null, release_title: null, sum_track_title: 'Afterglow', sum_release_title: 'Night Drive' });
});

test('a report of many parser bursts lands every line (batched parsing loses none)', async () => {
  const { track } = await catalog();
  const rows = Array.from({ length: 5000 }, (_, i) => `2025-04-${String((i % 28) + 1).padStart(2, '0')},Spotify,${track.isrc},,,Nova,Night Drive,Afterglow,US,${i + 1},0.00100000,USD`);
  // One line with no ISRC in the middle: rejected with its own line number (the header is line 1).
  rows[2500] = '2025-04-01,Spotify,,,,Nova,Night Drive,Afterglow,US,1,0.001,USD';
  const { result } = await importText(gzipSync([HEADER, ...rows].join('\n')), '2025-04');
  expect(result).toMatchObject({ status: 'POSTED', rowsRead: 5000, rowsMatched: 4999, rowsRejected: 1, postedMinor: 499n });
  const errors = await db.prisma.salesImportError.findMany({ where: { importBatchId: result!.batchId } });
  expect(errors.map((e) => e.lineNo)).toEqual([2502]);
  const lines = await saleLines(result!.batchId);
  expect(lines.reduce((n, l) => n + l.units, 0)).toBe((5000 * 5001) / 2 - 2501);
  // Each line's id is its line number in the report (the header is line 1; line 2502 was refused).
  expect(lines.map((l) => l.line_no)).toEqual(Array.from({ length: 5000 }, (_, i) => i + 2).filter((n) => n !== 2502));
});

test('a report of many pieces of COPY bytes lands every line as written: a piece is filled again only once it was sent', async () => {
  const { track } = await catalog();
  // About 1.4 MB of COPY rows, each line's artist and units its own, read in many parser bursts.
  const rows = Array.from({ length: 16_000 }, (_, i) => `2025-03-${String((i % 28) + 1).padStart(2, '0')},Spotify,${track.isrc},,,Artist number ${String(i).padStart(6, '0')} of a long report,Night Drive,Afterglow,US,${i + 1},0.00100000,USD`);
  const text = Buffer.from([HEADER, ...rows].join('\n'));
  const { batch } = await registerSalesBatch(db.prisma, { checksum: createHash('sha256').update(text).digest('hex'), period: '2025-03', source: 'test' });
  let givenBack = 0;
  const sql = {
    ...db.sql,
    copyIn: (table: string, columns: readonly string[], rowsText: Parameters<typeof db.sql.copyIn>[2], options?: Parameters<typeof db.sql.copyIn>[3]) =>
      db.sql.copyIn(table, columns, rowsText, options?.written && { written: (piece) => { givenBack += 1; options.written!(piece); } }),
  };
  const pieces = Array.from({ length: 40 }, (_, k) => text.subarray(Math.floor((k * text.length) / 40), Math.floor(((k + 1) * text.length) / 40)));
  // Pieces of 64 KB (the import's are bigger): many of them, so each is filled more than once.
  const result = await runSalesImport({ prisma: db.prisma, sql }, batch.id, () => Readable.from(pieces), undefined, { copyPieceBytes: 64 * 1024 });
  expect(result).toMatchObject({ status: 'POSTED', rowsRead: 16_000, rowsMatched: 16_000 });
  // Most lines go straight from their bytes (the first ones wait for their ISRC's lookup).
  expect(result.fastLines).toBeGreaterThan(10_000);
  // Pieces did come back to be filled again (on both databases), and no row was overwritten by a later one.
  expect(givenBack).toBeGreaterThan(4);
  const lines = await saleLines(result.batchId);
  expect(lines.map((l) => [l.line_no, l.artist_name, l.units])).toEqual(rows.map((_, i) => [i + 2, `Artist number ${String(i).padStart(6, '0')} of a long report`, i + 1]));
});

test('sale lines keep what the foreign keys gave: a deleted track, release or user leaves a null id on their day sums; a deleted batch takes its lines', async () => {
  const { user, release, track, other } = await catalog();
  const { result } = await importText(
    [HEADER, `2025-05-10,Spotify,${track.isrc},,,Nova,,,US,10,1.00,USD`, `2025-05-10,Spotify,${other.isrc},,,Nova,,,US,10,1.00,USD`].join('\n'),
    '2025-05',
  );
  const batchId = result!.batchId;
  const seq = (await db.prisma.salesImportBatch.findUniqueOrThrow({ where: { id: batchId } })).seq;
  const count = async (where: (l: Awaited<ReturnType<typeof saleLines>>[number]) => boolean) => (await saleLines(batchId)).filter(where).length;
  await db.prisma.track.delete({ where: { id: other.id } });
  expect(await count((l) => l.track_id === null && l.release_id === release.id)).toBe(1);
  await db.prisma.track.delete({ where: { id: track.id } });
  await db.prisma.release.delete({ where: { id: release.id } });
  expect(await count((l) => l.release_id === null && l.user_id === user.id)).toBe(2);
  await db.prisma.$executeRawUnsafe(`DELETE FROM users WHERE id = $1`, user.id);
  expect(await count((l) => l.user_id === null && l.units === 10)).toBe(2);
  await db.prisma.$executeRawUnsafe(`UPDATE sales_import_batches SET ledger_transaction_id = NULL WHERE id = $1`, batchId);
  await db.prisma.salesImportBatch.delete({ where: { id: batchId } });
  const { from, to } = batchKeys(seq);
  expect(await db.prisma.saleTransaction.count({ where: { id: { gte: from, lt: to } } })).toBe(0);
  expect(await db.prisma.salesImportGroup.count({ where: { importBatchId: batchId } })).toBe(0);
});

test("the trends rows keep what their foreign keys gave: a deleted track, release or user takes its streams; an outlet with streams stays", async () => {
  const { user, release, track, other } = await catalog();
  await importText(
    [HEADER, `2025-05-10,Spotify,${track.isrc},,,Nova,,,US,10,1.00,USD`, `2025-05-10,Spotify,${other.isrc},,,Nova,,,US,20,1.00,USD`].join('\n'),
    '2025-05',
  );
  const counts = async () => ({
    daily: await db.prisma.streamDaily.count({ where: { userId: user.id } }),
    byTrack: await db.prisma.streamTrackDaily.count({ where: { userId: user.id } }),
    byCountry: await db.prisma.streamCountryDaily.count({ where: { userId: user.id } }),
  });
  expect(await counts()).toEqual({ daily: 2, byTrack: 2, byCountry: 1 });
  // Spotify's outlet (28) now has streams: it stays, with the error a restricting foreign key gives.
  await expect(db.sql.query('DELETE FROM outlets WHERE id = 28')).rejects.toThrow(/outlet 28 has streams/);
  await db.prisma.track.delete({ where: { id: other.id } });
  expect(await counts()).toEqual({ daily: 1, byTrack: 1, byCountry: 1 });
  expect(await db.prisma.streamDaily.count({ where: { trackId: other.id } })).toBe(0);
  // The release takes its remaining track's rows (by its own trigger and the track's).
  await db.prisma.release.delete({ where: { id: release.id } });
  expect(await counts()).toEqual({ daily: 0, byTrack: 0, byCountry: 1 });
  await db.prisma.$executeRawUnsafe(`DELETE FROM users WHERE id = $1`, user.id);
  expect(await counts()).toEqual({ daily: 0, byTrack: 0, byCountry: 0 });
});

test('a run that stops between the COPY and the landing counts nothing; the re-run posts once', async () => {
  const { user, track } = await catalog();
  const csv = [HEADER, `2025-06-10,Spotify,${track.isrc},,,Nova,,,US,100,1.00,USD`, `2025-06-11,Spotify,${track.isrc},,,Nova,,,US,50,0.50,USD`].join('\n');
  const buf = Buffer.from(csv);
  const { batch } = await registerSalesBatch(db.prisma, { checksum: createHash('sha256').update(buf).digest('hex'), period: '2025-06', source: 'test' });
  // A stray day sum of the batch appears before the landing (a second runner's, say; its lines would
  // have the same ids as this run's, which the key refuses): the landing refuses.
  const stray = async () => {
    await db.prisma.$executeRawUnsafe(
      `INSERT INTO sales_import_groups (id, import_batch_id, period, report_date, user_id, source_label, service_name, units, payable, line_count)
       SELECT seq::bigint * 4294967296 + 4000000000, id, '2025-06', '2025-06-12', $2, 'Spotify', 'Spotify', 1, 9, 1 FROM sales_import_batches WHERE id = $1`,
      batch.id, user.id,
    );
  };
  const withStray = () => Readable.from((async function* () {
    yield buf;
    await stray();
  })());
  await expect(runSalesImport({ prisma: db.prisma, sql: db.sql }, batch.id, withStray)).rejects.toThrow(/3 lines summed, 2 copied/);
  expect((await db.prisma.salesImportBatch.findUniqueOrThrow({ where: { id: batch.id } })).status).toBe('IMPORTED');
  expect(await findWalletAccount(db.prisma, user.id)).toBeNull();
  expect(await db.prisma.salesRollup.count({ where: { userId: user.id } })).toBe(0);
  expect(await db.prisma.salesMonthly.count({ where: { userId: user.id } })).toBe(0);

  const rerun = await runSalesImport({ prisma: db.prisma, sql: db.sql }, batch.id, () => Readable.from([buf]));
  expect(rerun).toMatchObject({ status: 'POSTED', rowsMatched: 2, postedMinor: 150n });
  expect(await saleLines(batch.id)).toHaveLength(2);
  expect((await findWalletAccount(db.prisma, user.id))?.balanceMinor).toBe(150n);
  expect((await db.prisma.salesMonthly.findUniqueOrThrow({ where: { userId_period: { userId: user.id, period: '2025-06' } } })).payable.toString()).toBe('1.5');
  expect((await checkLedger(db.prisma)).ok).toBe(true);
});

test('a track deleted after its lines were matched: they land on the release without it', async () => {
  const { user, release, track } = await catalog();
  const csv = [HEADER, `2025-07-10,Spotify,${track.isrc},,,Nova,,,US,100,1.00,USD`].join('\n');
  const buf = Buffer.from(csv);
  const { batch } = await registerSalesBatch(db.prisma, { checksum: createHash('sha256').update(buf).digest('hex'), period: '2025-07', source: 'test' });
  let deleted: Promise<unknown> = Promise.resolve();
  const result = await runSalesImport({ prisma: db.prisma, sql: db.sql }, batch.id, () => Readable.from([buf]), () => {
    deleted = db.prisma.track.delete({ where: { id: track.id } });
  });
  await deleted;
  expect(result).toMatchObject({ status: 'POSTED', rowsMatched: 1, postedMinor: 100n });
  const lines = await saleLines(batch.id);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ user_id: user.id, release_id: release.id, track_id: null });
  expect(await db.prisma.track.count({ where: { id: track.id } })).toBe(0);
});

test('group sums written out at every group, and keys looked up again, land the same as sums and keys held to the end', async () => {
  // Two artists, the same report shape: one imported holding its group sums, one writing them out
  // after each line and forgetting its looked-up keys (the reader's memory bounds), so groups repeat
  // in sales_import_groups and keys are looked up again.
  const a = await catalog();
  const b = await catalog();
  const report = (c: { track: { isrc: string | null }; other: { isrc: string | null } }) => [
    HEADER,
    `2025-08-10,Spotify,${c.track.isrc},,,Nova,Night Drive,Afterglow,US,100,1.00000001,USD`,
    `2025-08-10,Spotify,${c.track.isrc},,,Nova feat. Ray,Night Drive,Afterglow (Live),US,50,0.50000002,USD`,
    `2025-08-10,Spotify,${c.track.isrc},,,,,,GB,7,0.07,USD`,
    `2025-08-11,Apple Music,${c.other.isrc},,,Nova,,,US,20,0.33333333,USD`,
    `2025-08-10,Spotify,${c.track.isrc},,,Nova,Night Drive,Afterglow,US,0,0.10000001,USD`,
    `2025-08-12,Deezer,${c.other.isrc},,,Nova,Night Drive,Static,,3,0.03,USD`,
  ].join('\n');
  const run = async (c: typeof a, groupLimit?: number) => {
    const buf = Buffer.from(report(c));
    const { batch } = await registerSalesBatch(db.prisma, { checksum: createHash('sha256').update(buf).digest('hex'), period: '2025-08', source: 'test' });
    // Line by line, so each line is a parser burst of its own, matched on its own when spilled.
    const lineByLine = () => Readable.from(report(c).split('\n').map((l, i, all) => Buffer.from(i < all.length - 1 ? `${l}\n` : l)));
    // Spilled: the sums are written out at every group, and the matcher's caches start again at
    // every line (their bound is 1 key).
    return runSalesImport({ prisma: db.prisma, sql: db.sql }, batch.id, lineByLine, undefined, groupLimit ? { groupLimit, maxCachedKeys: 1, matchRunLines: 1 } : {});
  };
  const held = await run(a);
  const spilled = await run(b, 1);
  expect(held).toMatchObject({ status: 'POSTED', rowsRead: 6, rowsRejected: 0, rowsMatched: 6 });
  expect(spilled).toMatchObject({ status: 'POSTED', rowsMatched: 6, postedMinor: held.postedMinor });
  const read = async (c: typeof a) => (await landedFor(c)).tables;
  const [ra, rb] = [await read(a), await read(b)];
  expect(ra.rollups.length).toBeGreaterThan(0);
  expect(ra.rollups.join()).toContain('Afterglow (Live)');
  expect(rb).toEqual(ra);
  // The day sums stay (split sales read them): written out after each line, a group has several rows.
  const sums = async (batchId: string) => {
    const rows = await db.prisma.salesImportGroup.findMany({ where: { importBatchId: batchId } });
    return { rows: rows.length, lines: rows.reduce((n, r) => n + r.lineCount, 0), units: rows.reduce((n, r) => n + r.units, 0n) };
  };
  expect(await sums(held.batchId)).toEqual({ rows: 4, lines: 6, units: 180n });
  expect(await sums(spilled.batchId)).toEqual({ rows: 6, lines: 6, units: 180n });
  expect(await saleLines(spilled.batchId)).toHaveLength(6);
  // Each line names the day sum it is counted in: per day sum, the lines add up to its sums.
  const perSum = await db.sql.query<{ ok: boolean }>(
    `SELECT bool_and(g.line_count = x.n AND g.units = x.units) AS ok FROM sales_import_groups g
     JOIN (SELECT group_id, COUNT(*)::int AS n, SUM(units) AS units FROM sale_transactions GROUP BY group_id) x ON x.group_id = g.id
     WHERE g.import_batch_id = ANY($1::text[])`,
    [[held.batchId, spilled.batchId]],
  );
  expect(perSum[0]!.ok).toBe(true);
  expect((await checkLedger(db.prisma)).ok).toBe(true);
});

test('posting tells each credited artist listening for sales.posted, and only them, what their wallet got', async () => {
  const listening = await catalog();
  const quiet = await catalog();
  const endpoint = await db.prisma.webhookEndpoint.create({ data: { userId: listening.user.id, url: 'https://hooks.example.com/cadence', events: ['sales.posted'], secret: 'whsec_dGVzdA==' } });
  const other = await db.prisma.webhookEndpoint.create({ data: { userId: quiet.user.id, url: 'https://hooks.example.com/other', events: ['release.status_changed'], secret: 'whsec_dGVzdA==' } });
  const csv = [HEADER, `2025-09-10,Spotify,${listening.track.isrc},,,,,,US,10,1.25,USD`, `2025-09-10,Spotify,${quiet.track.isrc},,,,,,US,10,2.50,USD`].join('\n');
  const { result } = await importText(csv, '2025-09');
  expect(result).toMatchObject({ status: 'POSTED', rowsMatched: 2, postedMinor: 375n });
  const deliveries = await db.prisma.webhookDelivery.findMany({ where: { endpointId: { in: [endpoint.id, other.id] } } });
  expect(deliveries).toHaveLength(1);
  expect(deliveries[0]).toMatchObject({ endpointId: endpoint.id, eventType: 'sales.posted' });
  expect((deliveries[0]!.payload as { data: { amountMinor: string } }).data.amountMinor).toBe('125');
  expect((await findWalletAccount(db.prisma, quiet.user.id))?.balanceMinor).toBe(250n);
});

test("the matcher keeps a run's keys while the next run is looked up, even when a new generation of its caches starts", async () => {
  const c = await catalog();
  const line = (isrc: string | null, lineNo: number) => ({
    lineNo, reportDate: '2025-09-01', sourceLabel: 'Spotify', serviceName: 'Spotify', outletId: 28, storeId: null, isrc, upc: null,
    artistName: null, releaseTitle: null, trackTitle: null, countryCode: 'US', units: 1, payableUnits: 1n, currency: 'USD',
  });
  const matcher = new CatalogMatcher(db.sql, 1);
  const first = [line(c.track.isrc, 2), line('ZZ9999999991', 3)];
  const second = [line(c.other.isrc, 4), line('ZZ9999999992', 5)];
  await matcher.resolve(first);
  // The second run's lookup starts a new generation (the bound is one key) before the first is matched.
  await matcher.resolve(second);
  expect(first.map((l) => matcher.match(l)?.trackId ?? null)).toEqual([c.track.id, null]);
  expect(second.map((l) => matcher.match(l)?.trackId ?? null)).toEqual([c.other.id, null]);
  // A key found only in the older generation is carried on, so it survives the next start as well.
  const carried = new CatalogMatcher(db.sql, 2);
  await carried.resolve([line(c.track.isrc, 2), line('ZZ9999999993', 3), line('ZZ9999999994', 4)]);
  await carried.resolve([line('ZZ9999999995', 5)]); // a new generation starts
  const third = [line(c.track.isrc, 6), line('ZZ9999999996', 7), line('ZZ9999999998', 8)];
  await carried.resolve(third); // the ISRC is found in the older generation: not looked up again
  await carried.resolve([line('ZZ9999999997', 9)]); // another new generation, before the third run is matched
  expect(third.map((l) => carried.match(l)?.trackId ?? null)).toEqual([c.track.id, null, null]);
});

test("an ISRC's bytes match while the current generation of the ISRC cache holds its track, never a look-alike", async () => {
  const c = await catalog();
  const line = (isrc: string, lineNo: number) => ({
    lineNo, reportDate: '2025-09-01', sourceLabel: 'Spotify', serviceName: 'Spotify', outletId: 28, storeId: null, isrc, upc: null,
    artistName: null, releaseTitle: null, trackTitle: null, countryCode: 'US', units: 1, payableUnits: 1n, currency: 'USD',
  });
  const bytes = (text: string) => {
    const b = Buffer.from(`,${text},`);
    return matcher.matchIsrcBytes(b, 1, b.length - 1)?.trackId ?? null;
  };
  const matcher = new CatalogMatcher(db.sql, 1);
  expect(bytes(c.track.isrc!)).toBeNull();
  await matcher.resolve([line(c.track.isrc!, 2), line('ZZ0000000001', 3)]);
  expect([bytes(c.track.isrc!), bytes('ZZ0000000001'), bytes(c.track.isrc!.slice(0, -1)), bytes(`${c.track.isrc}0`)]).toEqual([c.track.id, null, null, null]);
  // Its track's ids are handed out to the landing (which locks them), as by match().
  expect([...matcher.trackIds]).toEqual([c.track.id]);
  await matcher.resolve([line('ZZ0000000002', 4)]); // a new generation starts: the ISRC is only in the older one
  expect(bytes(c.track.isrc!)).toBeNull();
  await matcher.resolve([line(c.track.isrc!, 5), line(c.other.isrc!, 6)]); // carried into the current one, the other looked up
  expect([bytes(c.track.isrc!), bytes(c.other.isrc!)]).toEqual([c.track.id, c.other.id]);
});

test('plain lines taken straight from their bytes (matched by ISRC, summed, written as COPY bytes) land exactly as lines read one by one', async () => {
  // Random reports of right, nearly right and wrong lines, imported for two artists with the same
  // shape: once with every line made a SalesLine (plainLines: false), once with the byte path.
  const cell = {
    artist: fc.constantFrom('Nova', 'Nova', 'Nova feat. Ray', '', 'Nóva', 'Back\\slash', 'Tab\there'),
    release: fc.constantFrom('Night Drive', '', 'Night Drive (Deluxe)'),
    track: fc.constantFrom('Afterglow', 'Afterglow (Live)', ''),
    store: fc.constantFrom('Spotify', 'Apple Music', 'Deezer', 'YouTube Music', 'Bandcamp Friday'),
    country: fc.constantFrom('US', 'GB', '', 'de', 'BR'),
    units: fc.oneof(fc.integer({ min: 0, max: 5000 }).map(String), fc.constantFrom('007', '0', '12x')),
    amount: fc.oneof(
      fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 1, max: 8 })).map(([w, f, d]) => `${w}.${String(f).padStart(8, '0').slice(0, d)}`),
      fc.constantFrom('3', '$1.50', '12345678.1', '0.000000001', '9999999.99999999'),
    ),
    currency: fc.constantFrom('USD', 'USD', 'USD', '', 'usd', 'EUR'),
    day: fc.integer({ min: 1, max: 28 }),
    key: fc.constantFrom('track', 'track', 'track', 'other', 'unknown', 'upc', 'none'),
  };
  const lineArb = fc.record(cell);
  type Line = { [K in keyof typeof cell]: (typeof cell)[K] extends fc.Arbitrary<infer T> ? T : never };
  const report = (c: Awaited<ReturnType<typeof catalog>>, lines: Line[], quoteAt: number) =>
    [
      HEADER,
      ...lines.map((l, i) => {
        const isrc = l.key === 'track' ? c.track.isrc : l.key === 'other' ? c.other.isrc : l.key === 'unknown' ? `ZZ${String(i).padStart(10, '0')}` : '';
        const upc = l.key === 'upc' ? c.release.upc : '';
        const artist = i === quoteAt ? `"${l.artist}, quoted"` : l.artist;
        return `2025-10-${String(l.day).padStart(2, '0')},${l.store},${isrc},${upc},,${artist},${l.release},${l.track},${l.country},${l.units},${l.amount},${l.currency}`;
      }),
    ].join('\n');
  let usedBytes = 0;
  let upcs = Date.now() % 1e9;
  await fc.assert(
    fc.asyncProperty(fc.array(lineArb, { minLength: 40, maxLength: 120 }), fc.nat(), async (lines, q) => {
      const quoteAt = q % 3 === 0 ? lines.length - 1 - (q % 10) : -1;
      // Each release its own UPC (catalog()'s are drawn from the user id, and the many catalogs of
      // this test would share some: a UPC matches the earliest release holding it).
      const withUpc = async () => {
        const c = await catalog();
        upcs += 1;
        c.release.upc = `7${String(upcs).padStart(11, '0')}`;
        await db.prisma.release.update({ where: { id: c.release.id }, data: { upc: c.release.upc } });
        return c;
      };
      const a = await withUpc();
      const b = await withUpc();
      const run = async (c: typeof a, plainLines: boolean) => {
        const text = report(c, lines, quoteAt);
        const { batch } = await registerSalesBatch(db.prisma, { checksum: createHash('sha256').update(text).digest('hex'), period: '2025-10', source: 'test' });
        // Seven lines at a time, with a pause: the first runs' keys are looked up before the later lines are read.
        const rows = text.split('\n');
        const stream = () =>
          Readable.from(
            (async function* () {
              for (let i = 0; i < rows.length; i += 7) {
                yield Buffer.from(rows.slice(i, i + 7).join('\n') + (i + 7 < rows.length ? '\n' : ''));
                await sleep(15);
              }
            })(),
          );
        return runSalesImport({ prisma: db.prisma, sql: db.sql }, batch.id, stream, undefined, { matchRunLines: 3, plainLines });
      };
      const one = await run(a, false);
      const two = await run(b, true);
      expect(one.fastLines).toBe(0);
      usedBytes += two.fastLines ?? 0;
      const counts = (r: typeof one) => [r.status, r.rowsRead, r.rowsMatched, r.rowsUnmatched, r.rowsRejected, r.postedMinor];
      expect(counts(two)).toEqual(counts(one));
      const read = async (c: typeof a, batchId: string) => {
        const { plain, tables } = await landedFor(c);
        return {
          ...tables,
          lines: plain(await saleLines(batchId)),
          review: plain(await db.prisma.salesImportLine.findMany({ where: { importBatchId: batchId }, omit: { importBatchId: true, id: true }, orderBy: { lineNo: 'asc' } })),
          errors: plain(await db.prisma.salesImportError.findMany({ where: { importBatchId: batchId }, select: { lineNo: true, message: true } })),
        };
      };
      expect(await read(b, two.batchId)).toEqual(await read(a, one.batchId));
    }),
    { numRuns: 10 },
  );
  // The byte path was taken (the property would hold trivially otherwise).
  expect(usedBytes).toBeGreaterThan(10);
  expect((await checkLedger(db.prisma)).ok).toBe(true);
}, 120_000);

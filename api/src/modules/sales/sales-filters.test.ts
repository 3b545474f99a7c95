/**
 * The /sales page's filter choices and counts come from tables the import keeps (sales_filter_choices,
 * sales_rollup_counts: sales-rollups.ts), and the trends from per-country and per-track daily sums.
 * After imports, a re-import and a staff attach they must say what the rollups say, hold only the
 * user's own items, and the page must sort numbers as numbers.
 */
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { type Database } from '../../db/database.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { buildUser } from '../../test/factories.ts';
import { seed } from '../../../../prisma/seed.ts';
import { hashPassword } from '../auth/password.ts';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import type { AppContext } from '../../context.ts';
import { attachSalesLineIn, registerSalesBatch, runSalesImport } from './sales-import.service.ts';
import { listSales, type SalesQuery } from './sales.service.ts';
import { statusOrder } from '@cadence/domain/release-status';

let db: Database;
const config = loadConfig({ LOG_LEVEL: 'error', SEED_DEMO: 'false' });
const logger = createLogger('error');
beforeAll(async () => {
  db = await createTestDatabase();
  await seed(db.prisma, { demo: false, hashPassword });
});
afterAll(async () => {
  await db.close();
});

function ctxOf(userId: string): AppContext {
  return { prisma: db.prisma, sql: db.sql, config, logger, viewer: { userId, role: 'USER' }, requestId: 'test', brandId: 'default' };
}

async function catalog(title: string) {
  const user = await buildUser(db.prisma);
  const suffix = user.id.replace(/-/g, '').slice(-7).toUpperCase();
  const release = await db.prisma.release.create({ data: { userId: user.id, title, status: statusOrder('LIVE') } });
  const a = await db.prisma.track.create({ data: { userId: user.id, releaseId: release.id, title: `${title} A`, isrc: `QY${suffix}001` } });
  const b = await db.prisma.track.create({ data: { userId: user.id, releaseId: release.id, title: `${title} B`, isrc: `QY${suffix}002` } });
  return { user, release, a, b };
}

const HEADER = 'Sale Date,Store,ISRC,UPC,Store Track Id,Artist,Release,Track,Country,Units,Amount,Currency';

async function importText(text: string, period: string) {
  const buf = Buffer.from(text);
  const checksum = createHash('sha256').update(buf).digest('hex');
  const { batch, created } = await registerSalesBatch(db.prisma, { checksum, period, source: 'test' });
  const result = await runSalesImport({ prisma: db.prisma, sql: db.sql }, batch.id, () => Readable.from([buf]));
  return { created, result };
}

/** The choices and counts as computed from scratch over the user's rollups (the migration's backfill). */
async function fromRollups(userId: string) {
  const choices = await db.sql.query<{ dimension: string; value: string; label: string }>(
    `SELECT 'ARTIST' AS dimension, artist_name AS value, artist_name AS label FROM sales_rollups WHERE user_id = $1 AND artist_name <> '' GROUP BY artist_name
     UNION ALL SELECT 'RELEASE', release_id, MAX(release_title) FROM sales_rollups WHERE user_id = $1 AND release_id <> '' GROUP BY release_id
     UNION ALL SELECT 'SERVICE', service_name, service_name FROM sales_rollups WHERE user_id = $1 GROUP BY service_name
     UNION ALL SELECT 'TRACK', track_id, MAX(track_title) FROM sales_rollups WHERE user_id = $1 AND track_id <> '' GROUP BY track_id
     ORDER BY 1, 2`,
    [userId],
  );
  const counts = await db.sql.query<{ dimension: string; value: string; period: string; n: number }>(
    `SELECT d.dimension, d.value, r.period, COUNT(*)::int AS n FROM sales_rollups r
     CROSS JOIN LATERAL (VALUES ('ALL', ''), ('RELEASE', r.release_id), ('SERVICE', r.service_name), ('TRACK', r.track_id), ('COUNTRY', r.country_code::text)) AS d(dimension, value)
     WHERE r.user_id = $1 AND (d.dimension = 'ALL' OR d.value <> '') GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [userId],
  );
  return { choices, counts };
}

async function kept(userId: string) {
  const choices = await db.sql.query<{ dimension: string; value: string; label: string }>(
    `SELECT dimension::text AS dimension, value, label FROM sales_filter_choices WHERE user_id = $1 ORDER BY 1, 2`,
    [userId],
  );
  const counts = await db.sql.query<{ dimension: string; value: string; period: string; n: number }>(
    `SELECT dimension::text AS dimension, value, period, row_count AS n FROM sales_rollup_counts WHERE user_id = $1 ORDER BY 1, 2, 3`,
    [userId],
  );
  return { choices, counts };
}

/** Each page count equals a COUNT(*) over the rollups with the same filter. */
async function expectCountsExact(userId: string, queries: SalesQuery[]) {
  for (const q of queries) {
    const page = await listSales(ctxOf(userId), q);
    const rollups = await db.prisma.salesRollup.count({
      where: {
        userId,
        ...(q.services && { serviceName: { in: q.services } }),
        ...(q.releases && { releaseId: { in: q.releases } }),
        ...(q.tracks && { trackId: { in: q.tracks } }),
        ...(q.countries && { countryCode: { in: q.countries.map((c) => c.toUpperCase()) } }),
        ...(q.artists && { artistName: { in: q.artists } }),
        ...((q.dateFrom || q.dateTo) && { period: { ...(q.dateFrom && { gte: q.dateFrom }), ...(q.dateTo && { lte: q.dateTo }) } }),
      },
    });
    expect({ q, count: page.count }).toEqual({ q, count: rollups });
  }
}

test('filter choices and counts follow two imports, a re-import (no-op) and a staff attach, and hold only the user’s own items', async () => {
  const nova = await catalog('Night Drive');
  const kai = await catalog('Low Tide');
  // First report: Nova on two services and two countries (one line without an artist), Kai on one.
  const first = [
    HEADER,
    `2025-01-10,Spotify,${nova.a.isrc},,,,Night Drive,Night Drive A,US,9,0.90,USD`,
    `2025-01-10,Spotify,${nova.a.isrc},,,Nova,Night Drive,Night Drive A,GB,10,1.00,USD`,
    `2025-01-11,Apple Music,${nova.b.isrc},,,Nova,Night Drive,Night Drive B,US,100,2.00,USD`,
    `2025-01-11,Deezer,${kai.a.isrc},,,Kai,Low Tide,Low Tide A,FR,5,0.50,USD`,
  ].join('\n');
  expect((await importText(first, '2025-01')).result).toMatchObject({ status: 'POSTED', rowsMatched: 4 });
  let page = await listSales(ctxOf(nova.user.id), {});
  expect(page.count).toBe(3);
  expect(page.filters).toEqual({
    artists: ['Nova'],
    releases: [{ id: nova.release.id, title: 'Night Drive' }],
    services: ['Apple Music', 'Spotify'],
    tracks: [{ id: nova.a.id, title: 'Night Drive A' }, { id: nova.b.id, title: 'Night Drive B' }],
  });
  // Numbers sort as numbers (units 9 before 10 before 100), not as the text the page returns.
  page = await listSales(ctxOf(nova.user.id), { sortColumn: 'units', sortDirection: 'asc' });
  expect(page.transactions.map((t) => t.units)).toEqual([9, 10, 100]);

  // Second report, same month: the artist-less row gets its artist, a known row grows (no new row),
  // new rows come on a new service and country; and a later month; one line matches no track.
  const second = [
    HEADER,
    `2025-01-20,Spotify,${nova.a.isrc},,,Nova,Night Drive,Night Drive A,US,1,0.10,USD`,
    `2025-01-20,Apple Music,${nova.b.isrc},,,Nova,Night Drive,Night Drive B,US,1,0.10,USD`,
    `2025-01-21,TIDAL,${nova.b.isrc},,,Nova Lane,Night Drive,Night Drive B,DE,7,0.70,USD`,
    `2025-01-21,Deezer,,,DZ-${kai.b.id},Kai,Low Tide,Low Tide B,FR,3,0.30,USD`,
  ].join('\n');
  expect((await importText(second, '2025-01')).result).toMatchObject({ status: 'POSTED', rowsMatched: 3, rowsUnmatched: 1 });
  const third = [HEADER, `2025-02-02,Spotify,${nova.b.isrc},,,Nova,Night Drive,Night Drive B,SE,4,0.40,USD`].join('\n');
  const thirdImport = await importText(third, '2025-02');
  expect(thirdImport.result).toMatchObject({ status: 'POSTED', rowsMatched: 1 });
  page = await listSales(ctxOf(nova.user.id), {});
  expect(page.count).toBe(5);
  expect(page.filters.artists).toEqual(['Nova', 'Nova Lane']);
  expect(page.filters.services).toEqual(['Apple Music', 'Spotify', 'TIDAL']);

  // Staff attach Kai's unmatched line: a new rollup row, counted and offered like an imported one.
  const line = await db.prisma.salesImportLine.findFirstOrThrow({ where: { state: 'UNMATCHED', storeId: `DZ-${kai.b.id}` } });
  const staff = await buildUser(db.prisma, { role: 'SUPPORT' });
  await db.prisma.$transaction((tx) => attachSalesLineIn(tx, { lineId: line.id, trackId: kai.b.id, staffId: staff.id }));
  const kaiPage = await listSales(ctxOf(kai.user.id), {});
  expect(kaiPage.count).toBe(2);
  expect(kaiPage.filters).toEqual({
    artists: ['Kai'],
    releases: [{ id: kai.release.id, title: 'Low Tide' }],
    services: ['Deezer'],
    tracks: [{ id: kai.a.id, title: 'Low Tide A' }, { id: kai.b.id, title: 'Low Tide B' }],
  });

  // The same reports again: no-ops that change no choice and no count.
  const before = await kept(nova.user.id);
  expect((await importText(first, '2025-01')).created).toBe(false);
  expect((await importText(third, '2025-02')).result).toMatchObject({ alreadyDone: true });
  expect(await kept(nova.user.id)).toEqual(before);

  for (const who of [nova, kai]) {
    // What the import kept equals what the rollups say, row for row; so do the trends' daily sums.
    expect(await kept(who.user.id)).toEqual(await fromRollups(who.user.id));
    for (const [table, column] of [['stream_country_daily', 'country_code'], ['stream_track_daily', 'track_id']] as const) {
      const sums = `SELECT to_char(date, 'YYYY-MM-DD') AS day, ${column} AS key, SUM(quantity)::text AS n FROM %s WHERE user_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`;
      const daily = await db.sql.query(sums.replace('%s', table), [who.user.id]);
      expect(daily.length).toBeGreaterThan(0);
      expect(daily).toEqual(await db.sql.query(sums.replace('%s', 'stream_daily'), [who.user.id]));
    }
    const other = who === nova ? kai : nova;
    const mine = await db.prisma.salesFilterChoice.findMany({ where: { userId: who.user.id } });
    const ids = new Set(mine.map((c) => c.value));
    for (const item of [other.release.id, other.a.id, other.b.id]) expect(ids.has(item)).toBe(false);
  }
  expect((await listSales(ctxOf(kai.user.id), {})).filters.artists).toEqual(['Kai']);

  // Every kind of filter, alone, with dates and combined, counts what the rollups hold.
  await expectCountsExact(nova.user.id, [
    {},
    { services: ['Spotify'] },
    { services: ['Spotify', 'TIDAL', 'Spotify'] },
    { countries: ['us'] },
    { tracks: [nova.b.id] },
    { releases: [nova.release.id], dateFrom: '2025-02' },
    { dateFrom: '2025-01', dateTo: '2025-01' },
    { services: ['Spotify'], dateTo: '2025-01' },
    { artists: ['Nova'] },
    { services: ['Spotify'], countries: ['US'] },
    { tracks: [kai.a.id] },
  ]);
});

/**
 * Benchmark (issue 13): the /sales and /trends reads at scale. BENCH_SALES_ROWS sale rows (default
 * 10,000,000) over BENCH_USERS users (default 2,000), one user holding 10% of them, spread over 18
 * months, the services of the sales-name mapping and 30 countries, generated in SQL in chunks with
 * the rollups (sales_rollups with its filter choices and counts, sales_monthly, stream_daily) filled
 * from each chunk by the import's own statements (sales-rollups.ts).
 * Then the real app, in this process, answers BENCH_REQUESTS (default 200) sequential requests of
 * each page call for the heaviest user, and for a light user (1,000 rows) as the baseline in the
 * same run. Prints p50/p95 server time per call (request arrival to response finish, measured in
 * this process around the app's request handler; the app sends no Server-Timing header), the target
 * (p95 under 20 ms) met or missed, and the EXPLAIN ANALYZE plan of every SQL statement the calls ran
 * (captured by wrapping the app's SqlRunner), flagging any that scans sale_transactions.
 *
 *   npx tsx bench/sales-pages.ts                                       (embedded PGlite, in memory)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/sales-pages.ts
 *       (a throwaway database on that server)
 *   BENCH_SALES_ROWS=200000 BENCH_USERS=50 BENCH_REQUESTS=50 npx tsx bench/sales-pages.ts   (a quick look)
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../api/src/config.ts';
import { createLogger } from '../api/src/logger.ts';
import { type SqlRunner } from '../api/src/db/database.ts';
import { createTestDatabase } from '../api/src/test/test-database.ts';
import { createApp } from '../api/src/server/app.ts';
import { sessionCookieFor } from '../api/src/test/factories.ts';
import { seed } from '../prisma/seed.ts';
import { hashPassword } from '../api/src/modules/auth/password.ts';
import { SALES_SERVICE_NAMES, serviceForLabel } from '../api/src/modules/sales/sales-names.ts';
import { rollupStatements } from '../api/src/modules/sales/sales-rollups.ts';
import { batchKeys } from '../api/src/modules/sales/sales-groups.ts';
import { statusOrder } from '@cadence/domain/release-status';

const ROWS = Number(process.env.BENCH_SALES_ROWS ?? 10_000_000);
const USERS = Math.max(3, Number(process.env.BENCH_USERS ?? 2_000));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CHUNK = Number(process.env.BENCH_CHUNK ?? 500_000);
const TRACKS_PER_USER = 10;
const MONTHS = 18;
const TARGET_P95_MS = 20;
const HEAVY_ROWS = Math.floor(ROWS / 10);
const LIGHT_ROWS = Math.min(1_000, Math.floor(ROWS / USERS));
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR', 'JP', 'MX', 'SE', 'CA', 'AU', 'IT', 'ES', 'NL', 'PL', 'IN', 'ID', 'PH', 'NG', 'ZA', 'KR', 'AR', 'CL', 'CO', 'TR', 'NO', 'DK', 'FI', 'BE', 'AT', 'CH'];

const db = await createTestDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, poolSize: 10 });
const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-bench-'));
const log = (line: string) => process.stdout.write(`${line}\n`);
const fmt = (n: number) => n.toLocaleString('en-US');

try {
  await seed(db.prisma, { demo: false, hashPassword });

  // ---------------------------------------------------------------- catalog: users, releases, tracks
  const today = new Date();
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (MONTHS - 1), 1));
  const startIso = start.toISOString().slice(0, 10);
  const spanDays = Math.floor((Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - start.getTime()) / 86_400_000) + 1;
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  const userId = (u: number) => `bench-user-${pad(u, 6)}`;
  const releaseId = (u: number) => `bench-release-${pad(u, 6)}`;
  const trackId = (u: number, t: number) => `bench-track-${pad(u, 6)}-${t}`;
  for (let u0 = 0; u0 < USERS; u0 += 1000) {
    const us = Array.from({ length: Math.min(1000, USERS - u0) }, (_, i) => u0 + i);
    await db.prisma.user.createMany({ data: us.map((u) => ({ id: userId(u), email: `bench${u}@bench.test`, emailNormalized: `bench${u}@bench.test`, firstName: 'Bench', lastName: String(u) })) });
    await db.prisma.release.createMany({ data: us.map((u) => ({ id: releaseId(u), userId: userId(u), title: `Release ${u}`, status: statusOrder('LIVE'), upc: `9${pad(u, 11)}`, releaseDate: start })) });
    await db.prisma.track.createMany({
      data: us.flatMap((u) => Array.from({ length: TRACKS_PER_USER }, (_, t) => ({ id: trackId(u, t), userId: userId(u), releaseId: releaseId(u), title: `Track ${u}-${t}`, isrc: `QZB${pad(u, 5)}${pad(t, 4)}` }))),
    });
  }
  // Lookup tables the generator joins (dropped before the calls).
  const outlets = new Set((await db.sql.query<{ id: number }>('SELECT id FROM outlets')).map((r) => Number(r.id)));
  const services = SALES_SERVICE_NAMES.map((name) => ({ name, outletId: serviceForLabel(name)?.outletId }));
  const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
  await db.sql.exec(`
    CREATE TABLE bench_services (idx int PRIMARY KEY, name text, outlet_id int);
    INSERT INTO bench_services VALUES ${services.map((s, i) => `(${i}, ${literal(s.name)}, ${s.outletId !== undefined && outlets.has(s.outletId) ? s.outletId : 'NULL'})`).join(', ')};
    CREATE TABLE bench_countries (idx int PRIMARY KEY, code text);
    INSERT INTO bench_countries VALUES ${COUNTRIES.map((c, i) => `(${i}, '${c}')`).join(', ')};
    CREATE TABLE bench_tracks (user_idx int, idx int, user_id text, release_id text, track_id text, release_title text, track_title text, isrc text, PRIMARY KEY (user_idx, idx));
    INSERT INTO bench_tracks SELECT (substr(t.user_id, 12))::int, (substr(t.id, 20))::int, t.user_id, t.release_id, t.id, r.title, t.title, t.isrc
      FROM tracks t JOIN releases r ON r.id = t.release_id WHERE t.id LIKE 'bench-track-%';
  `);
  const batch = await db.prisma.salesImportBatch.create({ data: { source: 'bench', checksum: `bench-${Date.now()}`, period: startIso.slice(0, 7), status: 'POSTED' } });

  // ---------------------------------------------------------------- sale rows and rollups, in chunks
  // Row g: the heavy user (index 0) gets the first HEAVY_ROWS, the light user (last index) the next
  // LIGHT_ROWS, the others share the rest; service, country, track and day vary independently.
  const S = services.length;
  const C = COUNTRIES.length;
  const userOf = `CASE WHEN g < ${HEAVY_ROWS} THEN 0 WHEN g < ${HEAVY_ROWS + LIGHT_ROWS} THEN ${USERS - 1} ELSE 1 + (g - ${HEAVY_ROWS + LIGHT_ROWS}) % ${USERS - 2} END`;
  const loadStarted = performance.now();
  // Row g is line g + 1 of the batch, with a day sum of its own (ids in the batch's range).
  const { from: firstKey } = batchKeys(batch.seq);
  for (let a = 0; a < ROWS; a += CHUNK) {
    const b = Math.min(ROWS, a + CHUNK) - 1;
    const [lo, hi] = [firstKey + BigInt(a + 1), firstKey + BigInt(b + 1)];
    await db.sql.exec(`
      INSERT INTO sales_import_groups (id, import_batch_id, period, report_date, user_id, release_id, track_id, outlet_id, source_label, service_name, country_code,
        artist_name, release_title, track_title, units, payable, line_count)
      SELECT ${firstKey}::bigint + x.g + 1, '${batch.id}', to_char(x.d, 'YYYY-MM'), x.d, t.user_id, t.release_id, t.track_id, s.outlet_id, s.name, s.name, c.code,
        'Bench Artist ' || x.ui, t.release_title, t.track_title, x.units, (x.units * 0.00371234)::numeric(20, 8), 1
      FROM (
        SELECT g, ${userOf} AS ui, (g % ${S})::int AS si, ((g / ${S}) % ${C})::int AS ci, ((g / ${S * C}) % ${TRACKS_PER_USER})::int AS ti,
          DATE '${startIso}' + ((g * 7919) % ${spanDays})::int AS d, ((g % 997) + 1)::int AS units
        FROM generate_series(${a}::bigint, ${b}::bigint) g
      ) x
      JOIN bench_tracks t ON t.user_idx = x.ui AND t.idx = x.ti JOIN bench_services s ON s.idx = x.si JOIN bench_countries c ON c.idx = x.ci;
      INSERT INTO sale_transactions (id, group_id, isrc, artist_name, release_title, track_title, units, payable)
      SELECT g.id, g.id, t.isrc, g.artist_name, g.release_title, g.track_title, g.units, g.payable
      FROM sales_import_groups g JOIN tracks t ON t.id = g.track_id WHERE g.id BETWEEN ${lo} AND ${hi};
    `);
    // The rollups, filter choices and counts from the chunk's rows, with the import's own statements.
    const from = `FROM sales_import_groups l WHERE l.id BETWEEN ${lo} AND ${hi}`;
    for (const statement of rollupStatements(from)) await db.sql.query(statement);
    process.stderr.write(`\rloaded ${fmt(b + 1)} / ${fmt(ROWS)} rows`);
  }
  process.stderr.write('\n');
  await db.sql.exec('DROP TABLE bench_services; DROP TABLE bench_countries; DROP TABLE bench_tracks');
  // The steady state after imports: statistics and the visibility map (index-only scans) as autovacuum leaves them.
  await db.sql.exec('VACUUM ANALYZE');
  const count = async (table: string, user: string) => Number((await db.sql.query<{ n: string }>(`SELECT COUNT(*)::text AS n FROM ${table} WHERE user_id = $1`, [user]))[0]!.n);
  // A user's sale lines: their day sums' line counts (the lines name their day sums, not their owners).
  const lines = async (user: string) => Number((await db.sql.query<{ n: string }>(`SELECT COALESCE(SUM(line_count), 0)::text AS n FROM sales_import_groups WHERE user_id = $1`, [user]))[0]!.n);
  const heavy = userId(0);
  const light = userId(USERS - 1);
  const sizes = async (u: string) => `${fmt(await lines(u))} sale rows, ${fmt(await count('sales_rollups', u))} rollup rows, ${fmt(await count('stream_daily', u))} stream_daily rows`;
  log(`database: ${db.kind}; ${fmt(ROWS)} sale rows over ${fmt(USERS)} users, ${S} services, ${C} countries, ${MONTHS} months from ${startIso}; loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
  log(`  heavy user: ${await sizes(heavy)}`);
  log(`  light user: ${await sizes(light)}`);

  // ---------------------------------------------------------------- the app, its SQL captured
  const captured = new Map<string, { call: string; text: string; params: unknown[] }>();
  let capturing: string | null = null;
  const query = db.sql.query.bind(db.sql);
  db.sql.query = ((text: string, params?: unknown[], options?: { prepare?: boolean }) => {
    if (capturing && !captured.has(text)) captured.set(text, { call: capturing, text, params: params ?? [] });
    return query(text, params, options);
  }) as SqlRunner['query'];
  const config = loadConfig({ LOG_LEVEL: 'error', SEED_DEMO: 'false', DATA_DIR: dataDir });
  const server = http.createServer();
  const { app, stop } = await createApp({ config, logger: createLogger('error'), prisma: db.prisma, sql: db.sql, ping: db.ping, httpServer: server });
  // Server time: from the request's arrival to the response's last byte handed to the socket.
  let lastServerMs = 0;
  server.on('request', (req, res) => {
    const t0 = process.hrtime.bigint();
    res.once('finish', () => (lastServerMs = Number(process.hrtime.bigint() - t0) / 1e6));
    app(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  const month = (offset: number) => {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + offset, 1));
    return d.toISOString().slice(0, 7);
  };
  const to = today.toISOString().slice(0, 10);
  const from = new Date(today.getTime() - 90 * 86_400_000).toISOString().slice(0, 10);
  const range = `reportDateFrom=${from}&reportDateTo=${to}`;
  const calls: [string, string][] = [
    ['sales, first page', '/api/sales'],
    ['sales, service filter', '/api/sales?services=Spotify'],
    ['sales, date range', `/api/sales?dateFrom=${month(-6)}&dateTo=${month(-3)}`],
    ['sales/total', '/api/sales/total'],
    ['sales/annual', `/api/sales/annual?year=${today.getUTCFullYear()}`],
    ['trends/analytics-state', '/api/analytics/trends/analytics-state'],
    ['trends/streams/28', `/api/analytics/trends/streams/28?${range}`],
    ['trends/streams-per-country', `/api/analytics/trends/streams-per-country?${range}&$top=5&$orderby=Quantity%20desc`],
    ['trends/streams-per-track', `/api/analytics/trends/streams-per-track?${range}&$top=5&$orderby=Quantity%20desc`],
  ];
  function get(pathname: string, cookie: string): Promise<{ status: number; clientMs: number; serverMs: number; body: string }> {
    return new Promise((resolve, reject) => {
      const t0 = process.hrtime.bigint();
      const req = http.get({ host: '127.0.0.1', port, path: pathname, headers: { cookie }, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, clientMs: Number(process.hrtime.bigint() - t0) / 1e6, serverMs: lastServerMs, body }));
      });
      req.on('error', reject);
    });
  }
  const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
  async function measure(user: string, capture: boolean): Promise<Map<string, { p50: number; p95: number; client95: number }>> {
    const cookie = await sessionCookieFor(db.prisma, user);
    const out = new Map<string, { p50: number; p95: number; client95: number }>();
    for (const [name, url] of calls) {
      capturing = capture ? name : null;
      const first = await get(url, cookie);
      capturing = null;
      if (first.status !== 200) throw new Error(`${url}: HTTP ${first.status} ${first.body.slice(0, 300)}`);
      for (let i = 0; i < 5; i += 1) await get(url, cookie); // warm-up
      const server: number[] = [];
      const client: number[] = [];
      for (let i = 0; i < REQUESTS; i += 1) {
        const r = await get(url, cookie);
        server.push(r.serverMs);
        client.push(r.clientMs);
      }
      out.set(name, { p50: pct(server, 0.5), p95: pct(server, 0.95), client95: pct(client, 0.95) });
    }
    return out;
  }
  const baseline = await measure(light, false);
  const results = await measure(heavy, true);
  await stop();
  server.closeAllConnections();
  agent.destroy();
  await new Promise<void>((r) => server.close(() => r()));

  log(`\n${REQUESTS} sequential requests per call over keep-alive; server time = request arrival to response finish, measured in-process (the app sends no Server-Timing header)`);
  log(`${'call'.padEnd(28)} ${'heavy p50'.padStart(10)} ${'heavy p95'.padStart(10)} ${'(client p95)'.padStart(13)}   ${'light p50'.padStart(10)} ${'light p95'.padStart(10)}   target p95 < ${TARGET_P95_MS} ms`);
  let missed = 0;
  for (const [name] of calls) {
    const h = results.get(name)!;
    const l = baseline.get(name)!;
    const met = h.p95 < TARGET_P95_MS;
    if (!met) missed += 1;
    log(`${name.padEnd(28)} ${h.p50.toFixed(2).padStart(10)} ${h.p95.toFixed(2).padStart(10)} ${`(${h.client95.toFixed(2)})`.padStart(13)}   ${l.p50.toFixed(2).padStart(10)} ${l.p95.toFixed(2).padStart(10)}   ${met ? 'MET' : 'MISSED'}`);
  }

  // ---------------------------------------------------------------- plans
  log(`\nEXPLAIN ANALYZE of the ${captured.size} SQL statements the heavy user's calls ran (through the app's SqlRunner):`);
  const scanning: string[] = [];
  for (const { call, text, params } of captured.values()) {
    const plan = (await db.sql.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params)).map((r) => Object.values(r)[0]!);
    const base = plan.some((line) => /Scan.* on sale_transactions\b/.test(line));
    if (base) scanning.push(call);
    log(`\n[${call}]${base ? '  <-- SCANS sale_transactions' : ''}\n  ${text.replace(/\s+/g, ' ').trim()}\n  params: ${JSON.stringify(params)}\n${plan.map((l) => `    ${l}`).join('\n')}`);
  }
  log(`\ntarget p95 < ${TARGET_P95_MS} ms: ${missed ? `MISSED by ${missed} of ${calls.length} calls` : `MET by all ${calls.length} calls`}`);
  log(`plans scanning sale_transactions: ${scanning.length ? scanning.join(', ') : 'none'}`);
} finally {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}

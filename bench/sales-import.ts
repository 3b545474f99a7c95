/**
 * Benchmark (issue 13): a generated sales report of BENCH_SALES_LINES lines (default 1,000,000),
 * gzip, imported end to end (stream parse, matching, COPY into sale_transactions, rollups, ledger
 * posting) beside a plain COPY of the same rows into an unindexed table, in the same run. Prints
 * rows/s of both, the ratio (target at least 40%), and the import's memory growth (target under
 * 100 MB whatever the file size; on PostgreSQL the import runs in a process of its own, started with
 * the API server's Node.js options and environment, which has first imported a small report of the
 * month before, as a running server has: that warm-up is timed and printed apart).
 * The import and the plain COPY are each measured BENCH_ROUNDS times (default 3; each round's report
 * is another month of the same rows): this machine's figures vary by a tenth from run to run, so
 * the ratio is of the two medians, printed with every round's own.
 * Also prints what the end-to-end figure cannot pass: the tokenizers alone (gunzip + Papa Parse,
 * which the import uses, and csv-parse), the import's reader alone (tokenizing and every line's
 * checks: the Node.js share), and the database's share alone (the same rows, already matched and
 * formatted, COPYed into the base table's shape with its key).
 *
 *   npx tsx bench/sales-import.ts                                   (embedded PGlite, in memory)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/sales-import.ts
 *       (a throwaway database on that server)
 *   BENCH_CPU_PROF=/tmp/prof ...   (PostgreSQL: the import process also writes a V8 CPU profile there)
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse';
import Papa from 'papaparse';
import { createTestDatabase } from '../api/src/test/test-database.ts';
import { openDatabase, type Database } from '../api/src/db/database.ts';
import { copyLine } from '../api/src/db/copy.ts';
import { seed } from '../prisma/seed.ts';
import { hashPassword } from '../api/src/modules/auth/password.ts';
import { fileChecksum, registerSalesBatch, runSalesImport } from '../api/src/modules/sales/sales-import.service.ts';
import { parseSalesReportBatches } from '../api/src/modules/sales/sales-parse.ts';
import { checkLedger } from '../api/src/modules/ledger/ledger.service.ts';
import { statusOrder } from '@cadence/domain/release-status';
import { serverEnv, serverNodeArgs } from '../scripts/server-args.mjs';

/** The warm-up import: a small report of the month before, over the same catalogue and stores. */
const WARM_PERIOD = '2025-05';
const WARM_LINES = 2_000;

/** A full garbage collection (exposed for this process through V8's flags). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/**
 * CPU seconds (user + system) used so far by this machine's PostgreSQL server processes, from
 * /proc (Linux, a server on this machine), or null when they cannot be read. Beside a process's own
 * CPU time it shows what a phase cost in core-seconds, which on a 2-core machine bounds its speed.
 */
async function databaseCpuSeconds(): Promise<number | null> {
  if (process.platform !== 'linux') return null;
  let ticks = 0;
  let found = false;
  for (const pid of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const close = stat.lastIndexOf(')');
    if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
    const fields = stat.slice(close + 2).split(' ');
    // utime and stime: fields 14 and 15 of the line, 12 and 13 after the name and state.
    ticks += Number(fields[11]) + Number(fields[12]);
    found = true;
  }
  // Linux reports them in USER_HZ, 100 per second on every common build.
  return found ? ticks / 100 : null;
}

/** Core-seconds of a phase: this process's (or the import process's) and the database server's. */
function cpuText(processSeconds: number, databaseSeconds: number | null, wallSeconds: number): string {
  const total = processSeconds + (databaseSeconds ?? 0);
  return `CPU ${processSeconds.toFixed(1)} s in Node.js${databaseSeconds === null ? '' : ` + ${databaseSeconds.toFixed(1)} s in PostgreSQL = ${total.toFixed(1)} core-s`} over ${wallSeconds.toFixed(1)} s (${availableParallelism()} cores: ${((total / (wallSeconds * availableParallelism())) * 100).toFixed(0)}% busy)`;
}

/** Writes COPY text lines to a file in pieces of about 64 KB. */
async function writeCopyFile(file: string, lines: Iterable<string>): Promise<void> {
  await pipeline(
    Readable.from((function* () {
      let chunk = '';
      for (const line of lines) {
        chunk += line;
        if (chunk.length > 65_536) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
    })()),
    createWriteStream(file),
  );
}

/** A COPY text file read back in whole lines per piece, as copyIn wants (cut at each piece's last newline). */
async function* copyFileText(file: string): AsyncGenerator<string> {
  let rest = '';
  for await (const piece of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const text = rest + (piece as string);
    const cut = text.lastIndexOf('\n') + 1;
    rest = text.slice(cut);
    if (cut) yield text.slice(0, cut);
  }
  if (rest) yield rest;
}

interface EndToEnd {
  /** CPU seconds of the importing process (all its threads). */
  cpuSeconds: number;
  /** CPU seconds of the database server's processes meanwhile (null: not readable). */
  databaseCpuSeconds: number | null;
  seconds: number;
  /** Milliseconds spent registering the report (its checksum and batch row), before the import. */
  registerMs: number;
  /** Milliseconds the warm-up import (WARM_LINES lines) took, before the measured one. */
  warmMs: number;
  result: Awaited<ReturnType<typeof runSalesImport>>;
  /** Peak RSS minus RSS at the start, bytes. */
  growth: number;
  rss0: number;
}

/** A report to import: its file and its month. */
interface Report {
  file: string;
  period: string;
}

/** Warms up once, then registers and imports each report in turn (importOne). */
async function importHere(db: Pick<Database, 'prisma' | 'sql'>, reports: Report[], warmFile: string): Promise<EndToEnd[]> {
  // The server in its steady state: it has imported a report before (a small one, of another month),
  // so Prisma has planned the import's queries and the reader's code is compiled; without it, the
  // figure would count a fresh process's warm-up once (printed apart below).
  const warmStarted = performance.now();
  const warm = await registerSalesBatch(db.prisma, { checksum: await fileChecksum(warmFile), period: WARM_PERIOD, source: 'bench' });
  await runSalesImport({ prisma: db.prisma, sql: db.sql }, warm.batch.id, () => createReadStream(warmFile));
  const warmMs = Math.round(performance.now() - warmStarted);
  const measured: EndToEnd[] = [];
  for (const { file, period } of reports) measured.push(await importOne(db, file, period, warmMs));
  return measured;
}

/** Registers and imports one report, sampling this process's RSS every 100 ms from a collected start. */
async function importOne(db: Pick<Database, 'prisma' | 'sql'>, file: string, period: string, warmMs: number): Promise<EndToEnd> {
  collectGarbage();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  // Read before the import process closes its connections: an ended server process's time is gone.
  // Read before the clock starts too: reading every process's /proc entry is the bench's own work.
  const db0 = await databaseCpuSeconds();
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const { batch } = await registerSalesBatch(db.prisma, { checksum: await fileChecksum(file), period, source: 'bench' });
  const registerMs = Math.round(performance.now() - started);
  const result = await runSalesImport({ prisma: db.prisma, sql: db.sql }, batch.id, () => createReadStream(file));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const db1 = db0 === null ? null : await databaseCpuSeconds();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds, registerMs, warmMs, cpuSeconds: (cpu.user + cpu.system) / 1e6, databaseCpuSeconds: db0 === null || db1 === null ? null : db1 - db0, result, growth: peak - rss0, rss0 };
}

/**
 * importHere in a fresh process (this script again, BENCH_IMPORT_CHILD), on the same database, with
 * the API server's Node.js options and environment (scripts/server-args.mjs): what is measured is
 * what a server's import job runs with.
 */
async function importInChild(location: string, reports: Report[], warmFile: string): Promise<EndToEnd[]> {
  const url = new URL(process.env.BENCH_DATABASE_URL!);
  url.pathname = `/${location.slice(location.indexOf('/') + 1)}`;
  // BENCH_CPU_PROF=<dir>: the import process writes a V8 CPU profile there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, ...serverNodeArgs(), fileURLToPath(import.meta.url)], {
    env: serverEnv({ ...process.env, BENCH_IMPORT_CHILD: JSON.stringify({ url: url.toString(), reports, warmFile }) }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  const [code] = (await once(child, 'exit')) as [number];
  if (code !== 0) throw new Error(`the import process failed (exit ${code})`);
  return JSON.parse(out, (_k, v: unknown) => (typeof v === 'string' && /^\d+n$/.test(v) ? BigInt(v.slice(0, -1)) : v)) as EndToEnd[];
}

if (process.env.BENCH_IMPORT_CHILD) {
  const { url, reports, warmFile } = JSON.parse(process.env.BENCH_IMPORT_CHILD) as { url: string; reports: Report[]; warmFile: string };
  const child = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 10 });
  try {
    const measured = await importHere(child, reports, warmFile);
    process.stdout.write(JSON.stringify(measured, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)));
  } finally {
    await child.close();
  }
  process.exit(0);
}

const LINES = Number(process.env.BENCH_SALES_LINES ?? 1_000_000);
const USERS = Number(process.env.BENCH_SALES_USERS ?? 200);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
const TRACKS_PER_USER = 5;
const STORES = ['Spotify', 'Apple Music', 'Deezer', 'YouTube Music', 'Amazon Music Unlimited', 'TIDAL', 'TikTok'];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR', 'JP', 'MX', 'SE'];

const db = await createTestDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, poolSize: 10 });
const dir = await mkdtemp(path.join(tmpdir(), 'sales-bench-'));
try {
  await seed(db.prisma, { demo: false, hashPassword });
  // The catalog: USERS artists with one release of TRACKS_PER_USER tracks each.
  const isrcs: string[] = [];
  for (let u = 0; u < USERS; u += 1) {
    const user = await db.prisma.user.create({ data: { email: `bench${u}@bench.test`, emailNormalized: `bench${u}@bench.test`, firstName: 'B', lastName: String(u) } });
    const release = await db.prisma.release.create({ data: { userId: user.id, title: `Release ${u}`, status: statusOrder('LIVE'), upc: `9${String(u).padStart(11, '0')}` } });
    const tracks = Array.from({ length: TRACKS_PER_USER }, (_, t) => ({ userId: user.id, releaseId: release.id, title: `Track ${u}-${t}`, isrc: `QZB${String(u).padStart(5, '0')}${String(t).padStart(4, '0')}` }));
    await db.prisma.track.createMany({ data: tracks });
    isrcs.push(...tracks.map((t) => t.isrc));
  }
  // Each round's report is the same rows in another month (a report already imported is a no-op).
  const periods = Array.from({ length: ROUNDS }, (_, r) => new Date(Date.UTC(2025, 5 + r, 1)).toISOString().slice(0, 7));
  const period = periods[0]!;
  function* rows(month = period) {
    for (let i = 0; i < LINES; i += 1) {
      // 1 line in 200 matches nothing (goes to the review list).
      const isrc = i % 200 === 199 ? `ZZ${String(i).padStart(10, '0')}` : isrcs[i % isrcs.length]!;
      const day = String((i % 28) + 1).padStart(2, '0');
      const units = (i % 997) + 1;
      const amount = `${Math.floor(units / 250)}.${String((i * 7919) % 100_000_000).padStart(8, '0')}`;
      yield { date: `${month}-${day}`, store: STORES[i % STORES.length]!, isrc, country: COUNTRIES[i % COUNTRIES.length]!, units, amount };
    }
  }
  const reports: Report[] = periods.map((month) => ({ file: path.join(dir, `report-${month}.csv.gz`), period: month }));
  for (const report of reports) {
    await pipeline(
      Readable.from((function* () {
        yield 'Sale Date,Store,ISRC,Artist,Release,Track,Country,Units,Amount,Currency\n';
        let chunk = '';
        let n = 0;
        for (const r of rows(report.period)) {
          chunk += `${r.date},${r.store},${r.isrc},Bench Artist,Bench Release,Bench Track,${r.country},${r.units},${r.amount},USD\n`;
          if (++n % 10_000 === 0) {
            yield chunk;
            chunk = '';
          }
        }
        if (chunk) yield chunk;
      })()),
      createGzip({ level: 1 }),
      createWriteStream(report.file),
    );
  }
  const file = reports[0]!.file;
  const warmFile = path.join(dir, 'warm.csv.gz');
  await pipeline(
    Readable.from([
      'Sale Date,Store,ISRC,Artist,Release,Track,Country,Units,Amount,Currency\n',
      Array.from({ length: WARM_LINES }, (_, i) => `${WARM_PERIOD}-${String((i % 28) + 1).padStart(2, '0')},${STORES[i % STORES.length]},${i % 200 === 199 ? 'ZZ0000000000' : isrcs[(i * 7) % isrcs.length]},Bench Artist,Bench Release,Bench Track,${COUNTRIES[i % COUNTRIES.length]},${i + 1},0.${String(i).padStart(8, '0')},USD\n`).join(''),
    ]),
    createGzip({ level: 1 }),
    createWriteStream(warmFile),
  );
  process.stdout.write(`database: ${db.kind}; report: ${LINES.toLocaleString('en-US')} lines, ${((await stat(file)).size / 1e6).toFixed(1)} MB gzip; ${USERS} users, ${isrcs.length} tracks\n`);

  // End to end, in a process of its own on PostgreSQL (as a server's import job runs): its memory
  // growth is then the import's own, not the garbage of making the report or of the measurements
  // below. PGlite lives in this process, so there the import runs here.
  const rounds = db.kind === 'postgres' ? await importInChild(db.location, reports, warmFile) : await importHere(db, reports, warmFile);
  // The round of the median time is the one described in full below.
  const seconds = median(rounds.map((r) => r.seconds));
  const measured = rounds.find((r) => r.seconds === seconds) ?? rounds[Math.floor(rounds.length / 2)]!;
  const { registerMs, warmMs, cpuSeconds, result } = measured;
  const growth = Math.max(...rounds.map((r) => r.growth));
  const rss0 = measured.rss0;
  // PGlite runs inside the importing process: its time is in that process's.
  const importDbSeconds = db.kind === 'postgres' ? measured.databaseCpuSeconds : null;
  const rate = LINES / seconds;

  // Baseline: a plain COPY of the same rows (the report's ten columns, typed) into an unindexed table.
  // The rows are written out as COPY text before the clock starts and streamed from a file (the page
  // cache), as the floor below is: the figure is the database's COPY, not this script making rows
  // (made on the fly, this script's row maker was the slower side on a slow machine).
  const plainFile = path.join(dir, 'plain.copy');
  await writeCopyFile(plainFile, (function* () {
    for (const r of rows()) yield copyLine([r.date, r.store, r.isrc, 'Bench Artist', 'Bench Release', 'Bench Track', r.country, r.units, r.amount, 'USD']);
  })());
  const plainRounds: { seconds: number; text: string }[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    await db.sql.exec(
      'CREATE TABLE bench_plain_copy (report_date date, store text, isrc text, artist text, release text, track text, country text, units int, amount numeric(20,8), currency char(3))',
    );
    const plainDb0 = db.kind === 'postgres' ? await databaseCpuSeconds() : null;
    const plainCpu0 = process.cpuUsage();
    const t = performance.now();
    await db.sql.copyIn('bench_plain_copy', ['report_date', 'store', 'isrc', 'artist', 'release', 'track', 'country', 'units', 'amount', 'currency'], copyFileText(plainFile));
    const plainSeconds = (performance.now() - t) / 1000;
    const plainCpu = process.cpuUsage(plainCpu0);
    const plainDb1 = plainDb0 === null ? null : await databaseCpuSeconds();
    plainRounds.push({ seconds: plainSeconds, text: cpuText((plainCpu.user + plainCpu.system) / 1e6, plainDb0 === null || plainDb1 === null ? null : plainDb1 - plainDb0, plainSeconds) });
    await db.sql.exec('DROP TABLE bench_plain_copy');
  }
  await rm(plainFile);
  const plainSeconds = median(plainRounds.map((r) => r.seconds));
  const plainRate = LINES / plainSeconds;
  const plainMedian = plainRounds.find((r) => r.seconds === plainSeconds) ?? plainRounds[Math.floor(plainRounds.length / 2)]!;
  process.stdout.write(
    `plain COPY (unindexed table, COPY text read from a file), median of ${ROUNDS}: ${plainSeconds.toFixed(1)} s, ${Math.round(plainRate).toLocaleString('en-US')} rows/s; ${plainMedian.text}\n` +
      `  rounds: ${plainRounds.map((r) => `${r.seconds.toFixed(2)} s`).join(', ')}\n`,
  );

  // The tokenizers alone over the same gzip file, records counted and nothing else: Papa Parse (what
  // the import uses) and csv-parse (which the issue names). No import that parses with them can be
  // faster than these figures.
  const tokenize = async (name: string, run: () => Promise<number>) => {
    const t = performance.now();
    const n = await run();
    const r = n / ((performance.now() - t) / 1000);
    process.stdout.write(`parser alone, ${name} (gunzip + tokenize, no checks, no database): ${Math.round(r).toLocaleString('en-US')} rows/s = ${((r / plainRate) * 100).toFixed(0)}% of plain COPY\n`);
    return r;
  };
  await tokenize('csv-parse', async () => {
    let parsed = 0;
    await pipeline(createReadStream(file), createGunzip(), parse({ relax_column_count: true, relax_quotes: true, bom: true }), new Writable({
      objectMode: true,
      write(_record, _enc, done) {
        parsed += 1;
        done();
      },
    }));
    return parsed;
  });
  await tokenize('Papa Parse', () => new Promise<number>((resolve, reject) => {
    let parsed = 0;
    const text = createReadStream(file).pipe(createGunzip()).setEncoding('utf8');
    Papa.parse<string[]>(text as unknown as Papa.LocalFile, { delimiter: ',', newline: '\n', chunk: (r) => (parsed += r.data.length), complete: () => resolve(parsed), error: reject });
  }));

  // The reader alone: gunzip, tokenize and every check of a line (the import's parseSalesReportBatches),
  // no matching and no database. The Node.js side of an import cannot be faster.
  let started = performance.now();
  let read = 0;
  for await (const items of parseSalesReportBatches(createReadStream(file), { period, source: 'bench', today: new Date().toISOString().slice(0, 10) })) read += items.length;
  const readerRate = read / ((performance.now() - started) / 1000);
  process.stdout.write(`reader alone (gunzip, tokenize, every line's checks; no matching, no database): ${Math.round(readerRate).toLocaleString('en-US')} rows/s = ${((readerRate / plainRate) * 100).toFixed(0)}% of plain COPY\n`);

  // The database's share alone: the same rows, already matched (each line's id and its day sum's)
  // and written out as COPY text before the clock starts, COPYed into a table shaped like
  // sale_transactions with its key (no parsing, no matching, no day sums, no rollups, no posting).
  // The two shares can run side by side (two cores), but end to end cannot beat the slower one.
  // The text waits in a file (read back from the page cache), so any number of lines fits.
  const matched = new Set((await db.sql.query<{ isrc: string }>('SELECT isrc FROM tracks')).map((t) => t.isrc));
  const floorFile = path.join(dir, 'floor.copy');
  await writeCopyFile(floorFile, (function* () {
    let lineNo = 1;
    for (const r of rows()) {
      lineNo += 1;
      if (!matched.has(r.isrc)) continue;
      yield copyLine([2 ** 32 + lineNo, 2 ** 32 + (lineNo % 7000), r.isrc, null, null, 'Bench Artist', 'Bench Release', 'Bench Track', r.units, r.amount]);
    }
  })());
  await db.sql.exec('CREATE TABLE bench_floor_copy (LIKE sale_transactions INCLUDING ALL)');
  started = performance.now();
  await db.sql.copyIn(
    'bench_floor_copy',
    ['id', 'group_id', 'isrc', 'upc', 'store_id', 'artist_name', 'release_title', 'track_title', 'units', 'payable'],
    copyFileText(floorFile),
  );
  const floorRate = LINES / ((performance.now() - started) / 1000);
  await rm(floorFile);
  process.stdout.write(
    `database's share alone: the matched rows, formatted beforehand, COPYed into sale_transactions' shape and key: ${Math.round(floorRate).toLocaleString('en-US')} rows/s = ${((floorRate / plainRate) * 100).toFixed(0)}% of plain COPY (the most any import that keeps these lines can reach)\n`,
  );
  await db.sql.exec('DROP TABLE bench_floor_copy');

  process.stdout.write(
    `end to end (parse, match, COPY, rollups, posting), median of ${ROUNDS}: ${seconds.toFixed(1)} s, ${Math.round(rate).toLocaleString('en-US')} rows/s = ${((rate / plainRate) * 100).toFixed(0)}% of plain COPY's median (target >= 40%)\n` +
      `  rounds (${periods.join(', ')}): ${rounds.map((r, i) => `${r.seconds.toFixed(2)} s = ${((plainRounds[i]!.seconds / r.seconds) * 100).toFixed(0)}% of plain round ${i + 1}`).join('; ')}\n` +
      `  the median round in full:\n` +
      `  ${cpuText(cpuSeconds, importDbSeconds, seconds)}\n` +
      `  ${result.status}: read ${result.rowsRead}, matched ${result.rowsMatched} (${result.fastLines ?? 0} straight from their bytes), unmatched ${result.rowsUnmatched}, rejected ${result.rowsRejected}, posted ${result.postedMinor} cents; registration ${registerMs} ms, before COPY ${result.timings?.startMs} ms, parse+COPY ${result.timings?.copyMs} ms, land ${result.timings?.landMs} ms\n` +
      `  before it, the warm-up import of ${WARM_LINES.toLocaleString('en-US')} lines (${WARM_PERIOD}): ${warmMs} ms\n` +
      `  ${db.kind === 'postgres' ? 'import process' : 'process'} memory growth (peak RSS - start, the most of any round): ${(growth / 1e6).toFixed(0)} MB, from ${(rss0 / 1e6).toFixed(0)} MB after a full collection (target < 100 MB${db.kind === 'pglite' ? '; PGlite runs in this process, so its buffers count too' : ''})\n`,
  );
  const ledger = await checkLedger(db.prisma);
  process.stdout.write(`ledger check: ${ledger.ok ? 'OK' : ledger.problems.length + ' problems'}\n`);
} finally {
  await rm(dir, { recursive: true, force: true });
  await db.close();
}

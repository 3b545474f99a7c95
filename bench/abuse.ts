/**
 * Benchmark (issue 11): how a normal request fares while anonymous abuse runs beside it. Starts
 * the real server (api/src/server/main.ts, embedded database, demo accounts), measures a signed-in
 * releases list alone (the baseline, this run), then again while these run in loops:
 *
 *   alias amplification   { a0: countries { code name } ... a29999: ... } to /graphql (0.78 MB)
 *   110k-key login        POST /api/auth/login with 110,000 unknown keys
 *   deep JSON             [[[[...]]]] 400,000 levels to /api/auth/login and /graphql
 *   big multipart         a 200 MB file part to /graphql, anonymous
 *   login guesses         100 parallel wrong-password sign-ins for one account, again and again
 *   captcha flood         20 parallel challenge requests, again and again
 *
 * Prints the normal request's p50/p99 beside the idle figures, the server's peak RSS, what each
 * abuser got back, and the targets: p99 under 3x idle, server memory under 500 MB.
 *
 *   npx tsx bench/abuse.ts                   # embedded database (PGlite: its WASM heap counts in the server's RSS)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/abuse.ts   # PostgreSQL
 *   BENCH_ONLY=login,alias npx tsx bench/abuse.ts   # only some abusers (alias, keys, deep, multipart, login, captcha)
 *   BENCH_SECONDS=30 BENCH_ALIASES=30000 BENCH_NODE_ARGS="--max-old-space-size=2048" npx tsx bench/abuse.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { serverEnv, serverNodeArgs } from '../scripts/server-args.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const aliases = Number(process.env.BENCH_ALIASES ?? 30_000);
const idleRequests = Number(process.env.BENCH_IDLE_REQUESTS ?? 300);
const root = path.resolve(import.meta.dirname, '..');
// The assembly is moving to api/src/server/; take whichever main exists.
const main = 'api/src/server/main.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-abuse-'));
// BENCH_DATABASE_URL: run on PostgreSQL, in a throwaway database made (and dropped) on that server.
const pgServer = process.env.BENCH_DATABASE_URL;
const benchDb = `cadence_abuse_${Date.now()}`;
async function adminSql(sql: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: pgServer });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
const databaseUrl = pgServer ? pgServer.replace(/\/[^/]*$/, `/${benchDb}`) : '';
if (pgServer) await adminSql(`CREATE DATABASE ${benchDb}`);
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const child = spawn(process.execPath, [...serverNodeArgs(), ...nodeArgs, main], {
  cwd: root,
  env: { ...serverEnv(), NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_DEMO: 'true', LOG_LEVEL: 'info', SMTP_URL: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let exited: string | null = null;
child.once('exit', (code, signal) => (exited = signal ?? `exit code ${code}`));
await new Promise<void>((resolve, reject) => {
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.includes('"listening"')) resolve();
  });
  child.once('exit', () => reject(new Error(`server exited before listening (${exited})`)));
});
const base = `http://127.0.0.1:${port}`;

/** VmRSS now and VmHWM (the peak so far) of the server process, in MB (Linux). */
function memory(): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}
let peakRss = 0;
/** CPU seconds (user + system) the server process has used so far (Linux /proc/<pid>/stat). */
function serverCpuSeconds(): number {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return NaN;
  }
}
const benchCpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

// The normal request: the demo artist's releases list, as the app asks for it after sign-in.
const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'artist@cadence.test', password: 'Cadence123' }) });
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
if (login.status !== 200 || !cookie) throw new Error(`demo sign-in failed: HTTP ${login.status}`);
const NORMAL = JSON.stringify({ query: '{ viewer { id email } releases(first: 20) { totalCount edges { node { id title status displayStatus releaseDate } } } }' });
const normalAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function normalRequest(agent = normalAgent): Promise<{ ms: number; ok: boolean }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/graphql', agent, timeout: 60_000, headers: { 'content-type': 'application/json', cookie } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, ok: res.statusCode === 200 }));
      },
    );
    req.on('error', () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, ok: false }));
    req.on('timeout', () => req.destroy());
    req.end(NORMAL);
  });
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? NaN;
};

// ---- idle baseline ------------------------------------------------------------------------
for (let i = 0; i < 30; i++) await normalRequest(); // warm-up
const idle: number[] = [];
for (let i = 0; i < idleRequests; i++) idle.push((await normalRequest()).ms);
const idleMemory = memory();
// The peak from here on: what the abuse costs (start-up's own peak, migrations included, is printed apart).
peakRss = idleMemory.rss;
const memoryPoll = setInterval(() => (peakRss = Math.max(peakRss, memory().rss || 0)), 50);

// ---- the abusers --------------------------------------------------------------------------
interface Tally { sent: number; statuses: Record<string, number>; bytes: number; slowestMs: number }
const tallies: Record<string, Tally> = {};
let abusing = true;

/** One abusive request: streams the answer away, counting bytes; a hung one is cut after 60 s. */
function abusive(name: string, opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer | (() => Readable) }): Promise<void> {
  const t = (tallies[name] ??= { sent: 0, statuses: {}, bytes: 0, slowestMs: 0 });
  t.sent += 1;
  const started = Date.now();
  return new Promise((resolve) => {
    const done = (status: string) => {
      t.statuses[status] = (t.statuses[status] ?? 0) + 1;
      t.slowestMs = Math.max(t.slowestMs, Date.now() - started);
      resolve();
    };
    const req = http.request({ host: '127.0.0.1', port, method: opts.method ?? 'POST', path: opts.path, headers: opts.headers, timeout: 60_000, agent: false }, (res) => {
      res.on('data', (c: Buffer) => (t.bytes += c.length));
      res.on('end', () => done(String(res.statusCode)));
      res.on('error', () => done('reset'));
    });
    req.on('error', (err: NodeJS.ErrnoException) => done(err.code ?? 'error'));
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
    if (typeof opts.body === 'function') opts.body().on('error', () => undefined).pipe(req);
    else req.end(opts.body);
  });
}

const json = { 'content-type': 'application/json' };
const aliasQuery = JSON.stringify({ query: `{ ${Array.from({ length: aliases }, (_, i) => `a${i}: countries { code name }`).join(' ')} }` });
// Short keys, so the 110,000 of them fit under the 1 MB body limit (about 0.9 MB).
const manyKeys = JSON.stringify(Object.fromEntries(Array.from({ length: 110_000 }, (_, i) => [i.toString(36), 0])));
const deep = '['.repeat(400_000) + ']'.repeat(400_000);
const boundary = 'cadence-abuse-boundary';
const MULTIPART_BYTES = 200 * 1024 * 1024;
function bigMultipart(): Readable {
  const ops = JSON.stringify({ query: 'mutation($i: UploadTrackInput!) { uploadTrack(input: $i) { track { id } } }', variables: { i: { releaseId: 'x', file: null } } });
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${ops}\r\n--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.i.file"]}\r\n--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="big.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
  const chunk = Buffer.alloc(1024 * 1024, 0x41);
  return Readable.from(
    (async function* () {
      yield Buffer.from(head);
      for (let sent = 0; sent < MULTIPART_BYTES && abusing; sent += chunk.length) yield chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    })(),
  );
}

const loop = async (fn: () => Promise<unknown>) => {
  while (abusing && !exited) await fn();
};
// BENCH_ONLY=name,name runs only the abusers whose names contain one of those words (to find which one costs what).
const only = (process.env.BENCH_ONLY ?? '').split(',').map((w) => w.trim()).filter(Boolean);
const abuserLoops: [string, () => Promise<unknown>][] = [
  ['alias', () => abusive('alias amplification', { path: '/graphql', headers: json, body: aliasQuery })],
  ['keys', () => abusive('110k-key login body', { path: '/api/auth/login', headers: json, body: manyKeys })],
  ['deep', () => abusive('deep JSON (login)', { path: '/api/auth/login', headers: json, body: deep })],
  ['deep', () => abusive('deep JSON (graphql)', { path: '/graphql', headers: json, body: deep })],
  ['multipart', () => abusive('big multipart (graphql)', { path: '/graphql', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'apollo-require-preflight': 'true' }, body: bigMultipart })],
  [
    'login',
    () =>
      Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          abusive('parallel login guesses', { path: '/api/auth/login', headers: json, body: JSON.stringify({ username: 'support@cadence.test', password: `guess-${i}` }) }),
        ),
      ),
  ],
  ['captcha', () => Promise.all(Array.from({ length: 20 }, () => abusive('captcha challenge flood', { method: 'GET', path: '/api/captcha/challenge' })))],
];
const abusers = abuserLoops.filter(([name]) => only.length === 0 || only.some((w) => name.includes(w))).map(([, fn]) => loop(fn));

// ---- the normal request under abuse -------------------------------------------------------
// Open loop: a normal request every 100 ms whether or not the previous one answered, so a stalled
// server shows as many slow requests rather than as one.
const underAbuse: number[] = [];
let failed = 0;
const pending: Promise<void>[] = [];
const normalAgentsBusy = new http.Agent({ keepAlive: true, maxSockets: 1_000 });
const cpuAtStart = { server: serverCpuSeconds(), bench: benchCpuSeconds(), at: Date.now() };
const end = Date.now() + seconds * 1000;
while (Date.now() < end && !exited) {
  pending.push(
    normalRequest(normalAgentsBusy).then((r) => {
      underAbuse.push(r.ms);
      if (!r.ok) failed += 1;
    }),
  );
  await new Promise((r) => setTimeout(r, 100));
}
await Promise.all(pending);
const cpuAtEnd = { server: serverCpuSeconds(), bench: benchCpuSeconds(), at: Date.now() };
abusing = false;
await Promise.race([Promise.all(abusers), new Promise((r) => setTimeout(r, 65_000))]);
const aliveAfter = !exited && (await normalRequest()).ok;
clearInterval(memoryPoll);
const finalMemory = memory();
const peak = peakRss;

// ---- report -------------------------------------------------------------------------------
const idleP50 = percentile(idle, 0.5);
const idleP99 = percentile(idle, 0.99);
const p50 = percentile(underAbuse, 0.5);
const p99 = percentile(underAbuse, 0.99);
const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
console.log(`abuse bench: ${main}, ${pgServer ? 'PostgreSQL' : 'embedded database (PGlite, in the server process)'}, ${seconds} s under abuse, ${aliases} aliases`);
console.log(`normal request (signed-in releases list over GraphQL): idle one at a time; under abuse one every 100 ms:`);
console.log(`  idle          p50 ${idleP50.toFixed(1).padStart(8)} ms   p99 ${idleP99.toFixed(1).padStart(8)} ms   (${idle.length} requests)`);
console.log(`  under abuse   p50 ${p50.toFixed(1).padStart(8)} ms   p99 ${p99.toFixed(1).padStart(8)} ms   (${underAbuse.length} requests, ${failed} failed)   max ${Math.max(...underAbuse).toFixed(0)} ms`);
console.log(`  target: p99 under 3x idle (${(3 * idleP99).toFixed(1)} ms): ${verdict(p99 < 3 * idleP99)} (${(p99 / idleP99).toFixed(1)}x)`);
const wall = (cpuAtEnd.at - cpuAtStart.at) / 1000;
const served = Object.values(tallies).reduce((n, t) => n + Object.entries(t.statuses).reduce((m, [k, c]) => m + (/^\d+$/.test(k) ? c : 0), 0), 0);
console.log(
  `CPU while abused (${availableParallelism()} cores, ${wall.toFixed(1)} s): server ${(cpuAtEnd.server - cpuAtStart.server).toFixed(1)} s (${((100 * (cpuAtEnd.server - cpuAtStart.server)) / wall).toFixed(0)}% of one core), ` +
    `this bench's own client ${(cpuAtEnd.bench - cpuAtStart.bench).toFixed(1)} s (${((100 * (cpuAtEnd.bench - cpuAtStart.bench)) / wall).toFixed(0)}% of one core); ` +
    `about ${((1000 * (cpuAtEnd.server - cpuAtStart.server)) / Math.max(1, served)).toFixed(2)} ms of server CPU per abusive answer (${served} answered)`,
);
console.log(`server memory: idle RSS ${idleMemory.rss.toFixed(0)} MB, peak RSS under abuse ${peak.toFixed(0)} MB (lifetime peak ${finalMemory.peak.toFixed(0)} MB); target under 500 MB: ${verdict(peak < 500)}`);
console.log(`abusive requests (status: count; bytes answered; slowest):`);
for (const [name, t] of Object.entries(tallies)) {
  const statuses = Object.entries(t.statuses).map(([s, n]) => `${s}: ${n}`).join(', ');
  console.log(`  ${name.padEnd(26)} ${String(t.sent).padStart(5)} sent   ${statuses.padEnd(34)} ${(t.bytes / 1e6).toFixed(1).padStart(8)} MB   ${(t.slowestMs / 1000).toFixed(1)} s`);
}
console.log(`server after the abuse: ${exited ? `DEAD (${exited})` : aliveAfter ? 'alive, answering' : 'alive, NOT answering'}`);

// A server still busy with the abuse may not stop on SIGTERM within its grace period: then SIGKILL.
child.kill('SIGTERM');
const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
await new Promise((r) => (exited ? r(null) : child.once('exit', r)));
clearTimeout(killer);
rmSync(dataDir, { recursive: true, force: true });
if (pgServer) await adminSql(`DROP DATABASE IF EXISTS ${benchDb} WITH (FORCE)`);
process.exit(0);

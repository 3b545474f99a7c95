/**
 * Benchmark (issue 5): the releases list (20 releases with tracks and credits) through GraphQL,
 * through the REST path, and the same rows through plain pg behind node:http, at 50 connections.
 * Prints requests/s, p99 and the ratios against the targets (GraphQL >= 35% of plain pg with
 * p99 < 100 ms; REST >= 90% of GraphQL).
 *
 *   npx tsx bench/releases-list.ts            # PostgreSQL at 127.0.0.1:5432 if reachable, else PGlite
 *   BENCH_SECONDS=20 BENCH_DATABASE_URL=postgres://... npx tsx bench/releases-list.ts
 *   BENCH_ONLY=REST BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npx tsx bench/releases-list.ts
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const root = path.resolve(import.meta.dirname, '..');

async function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 5432) });
    s.setTimeout(1000);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const usePg = await reachable(pgUrl);
// BENCH_NODE_ARGS passes flags to the server process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'bench/releases-server.ts'], {
  cwd: root,
  // As a deployment runs it: graphql-js and express skip their development-only checks.
  env: { NODE_ENV: 'production', ...process.env, ...(usePg ? { BENCH_DATABASE_URL: pgUrl } : {}) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ready = await new Promise<{ app: number; plain: number; cookie: string; database: string }>((resolve, reject) => {
  readline.createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
  child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
});

const QUERY = process.env.BENCH_QUERY ?? `query Bench { releases(first: 20) { totalCount edges { node { id title status displayStatus releaseDate
  tracks { id title isrc credits { artistName role } } } } } }`;

interface Target { name: string; port: number; method: string; path: string; body?: string; headers: Record<string, string> }
const targets: Target[] = [
  { name: 'plain pg', port: ready.plain, method: 'GET', path: '/', headers: {} },
  { name: 'GraphQL', port: ready.app, method: 'POST', path: '/graphql', body: JSON.stringify({ query: QUERY }), headers: { 'content-type': 'application/json', cookie: ready.cookie } },
  { name: 'REST', port: ready.app, method: 'GET', path: '/api/releases', headers: { cookie: ready.cookie } },
];

async function serverCpuMicros(): Promise<{ user: number; system: number }> {
  const res = await fetch(`http://127.0.0.1:${ready.plain}/cpu`);
  return (await res.json()) as { user: number; system: number };
}

/** CPU milliseconds used so far by the whole machine and by PostgreSQL's processes (Linux /proc; zeros elsewhere). */
function machineCpuMs(): { machine: number; postgres: Map<string, number> } {
  try {
    const ticks = 1000 / 100; // USER_HZ
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const machine = (cpu[0]! + cpu[1]! + cpu[2]! + cpu[5]! + cpu[6]! + cpu[7]!) * ticks;
    const postgres = new Map<string, number>();
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        postgres.set(pid, (Number(fields[11]) + Number(fields[12])) * ticks);
      } catch {
        // the process ended meanwhile
      }
    }
    return { machine, postgres };
  } catch {
    return { machine: 0, postgres: new Map() };
  }
}

interface Result { rps: number; p99: number; errors: number; cpuMs: number; systemShare: number; machineMs: number; postgresMs: number }

async function load(t: Target, secs = seconds): Promise<Result> {
  const cpuBefore = await serverCpuMicros();
  const machineBefore = machineCpuMs();
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + secs * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = process.hrtime.bigint();
      const req = http.request({ host: '127.0.0.1', port: t.port, method: t.method, path: t.path, headers: t.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) errors++;
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          resolve();
        });
      });
      req.on('error', () => (errors++, resolve()));
      req.end(t.body);
    });
  const worker = async () => {
    while (Date.now() < end) await one();
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  const cpuAfter = await serverCpuMicros();
  const machineAfter = machineCpuMs();
  const user = cpuAfter.user - cpuBefore.user;
  const system = cpuAfter.system - cpuBefore.system;
  const cpuMs = user + system;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / ((Date.now() - started) / 1000),
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN,
    errors,
    cpuMs: cpuMs / 1000 / Math.max(1, latencies.length),
    systemShare: system / Math.max(1, cpuMs),
    machineMs: (machineAfter.machine - machineBefore.machine) / Math.max(1, latencies.length),
    // Per process, so a connection that ends during the run does not subtract its whole life.
    postgresMs: [...machineAfter.postgres].reduce((sum, [pid, ms]) => sum + ms - (machineBefore.postgres.get(pid) ?? 0), 0) / Math.max(1, latencies.length),
  };
}

console.log(`releases list: 20 releases x 3 tracks x 2 credits, ${connections} connections, ${seconds}s each, database ${ready.database}`);
const results: Record<string, Result> = {};
for (const t of targets.filter((x) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(',').includes(x.name))) {
  await load(t, 2); // warm-up: JIT, prepared statements, pools
  results[t.name] = await load(t);
  const r = results[t.name]!;
  console.log(`${t.name.padEnd(9)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${r.p99.toFixed(1).padStart(7)} ms   errors ${r.errors}   server CPU ${r.cpuMs.toFixed(2)} ms/request (${(r.systemShare * 100).toFixed(0)}% in the kernel), PostgreSQL ${r.postgresMs.toFixed(2)}, whole machine ${r.machineMs.toFixed(2)}`);
}
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
const gql = results.GraphQL;
const rest = results.REST;
const plainPg = results['plain pg'];
if (gql && plainPg) {
  console.log(`GraphQL / plain pg: ${((gql.rps / plainPg.rps) * 100).toFixed(0)}% (target >= 35%), GraphQL p99 ${gql.p99.toFixed(1)} ms (target < 100 ms)`);
}
if (rest && gql) console.log(`REST / GraphQL:     ${((rest.rps / gql.rps) * 100).toFixed(0)}% (target >= 90%)`);


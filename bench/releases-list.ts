/**
 * Benchmark (issue 5): the releases list (20 releases with tracks and credits) through GraphQL,
 * through the REST path, and the same rows through plain pg behind node:http, at 50 connections.
 * Prints requests/s, p99 and the ratios against the targets (GraphQL >= 35% of plain pg with
 * p99 < 100 ms; REST >= 90% of GraphQL).
 *
 *   npx tsx bench/releases-list.ts            # PostgreSQL at 127.0.0.1:5432 if reachable, else PGlite
 *   BENCH_SECONDS=20 BENCH_DATABASE_URL=postgres://... npx tsx bench/releases-list.ts
 */
import { spawn } from 'node:child_process';
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
const child = spawn(process.execPath, ['--import', 'tsx', 'bench/releases-server.ts'], {
  cwd: root,
  env: { ...process.env, ...(usePg ? { BENCH_DATABASE_URL: pgUrl } : {}) },
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

async function serverCpuMicros(): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${ready.plain}/cpu`);
  return Number(await res.text());
}

interface Result { rps: number; p99: number; errors: number; cpuMs: number }

async function load(t: Target, secs = seconds): Promise<Result> {
  const cpuBefore = await serverCpuMicros();
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
  const cpuMs = (await serverCpuMicros()) - cpuBefore;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / ((Date.now() - started) / 1000),
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN,
    errors,
    cpuMs: cpuMs / 1000 / Math.max(1, latencies.length),
  };
}

console.log(`releases list: 20 releases x 3 tracks x 2 credits, ${connections} connections, ${seconds}s each, database ${ready.database}`);
const results: Record<string, Result> = {};
for (const t of targets.filter((x) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(',').includes(x.name))) {
  await load(t, 2); // warm-up: JIT, prepared statements, pools
  results[t.name] = await load(t);
  const r = results[t.name]!;
  console.log(`${t.name.padEnd(9)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${r.p99.toFixed(1).padStart(7)} ms   errors ${r.errors}   server CPU ${r.cpuMs.toFixed(2)} ms/request`);
}
child.kill('SIGTERM');
const gql = results.GraphQL;
const rest = results.REST;
const plainPg = results['plain pg'];
if (gql && plainPg) {
  console.log(`GraphQL / plain pg: ${((gql.rps / plainPg.rps) * 100).toFixed(0)}% (target >= 35%), GraphQL p99 ${gql.p99.toFixed(1)} ms (target < 100 ms)`);
}
if (rest && gql) console.log(`REST / GraphQL:     ${((rest.rps / gql.rps) * 100).toFixed(0)}% (target >= 90%)`);


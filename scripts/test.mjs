#!/usr/bin/env node
// `npm test`: every check, in order, on a fresh machine. Prints each step's outcome and a
// closing line with the number of tests passed and failed across all runners.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { TYPECHECK_PROJECTS } from './typecheck.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const node = process.execPath;
const bin = (p) => path.join(root, 'node_modules', p);
const only = process.argv.slice(2); // e.g. `npm test -- domain api`

const esm = { NODE_OPTIONS: '--experimental-vm-modules --no-warnings' };
const steps = [];
let failed = false;
let passedTests = 0;
let failedTests = 0;

function step(name, cmd, args, opts = {}) {
  if (only.length && !only.includes(opts.group ?? name)) return;
  const started = Date.now();
  process.stdout.write(`\n▶ ${name}\n`);
  const r = spawnSync(cmd, args, { cwd: opts.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  const ok = r.status === 0;
  steps.push({ name, ok, s: ((Date.now() - started) / 1000).toFixed(1) });
  if (opts.jestJson) countJest(opts.jestJson);
  if (opts.playwrightJson) countPlaywright(opts.playwrightJson);
  if (!ok) failed = true;
  return ok;
}

/**
 * Steps that need nothing from each other, run two at a time (the machine's two cores; each of these
 * is one busy process): each step's output is held and printed whole when it ends, and the summary
 * keeps their order. Each step's time is its own, so two side by side take longer each than alone.
 */
async function stepsSideBySide(list, lanes = 2) {
  const chosen = list.filter(([name, , , opts = {}]) => !only.length || only.includes(opts.group ?? name));
  const done = new Array(chosen.length);
  let next = 0;
  async function lane() {
    while (next < chosen.length) {
      const i = next;
      next += 1;
      const [name, cmd, args, opts = {}] = chosen[i];
      const started = Date.now();
      const child = spawn(cmd, args, { cwd: opts.cwd ?? root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...opts.env } });
      const out = [];
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
      const code = await new Promise((resolve) => {
        child.on('error', (err) => {
          out.push(Buffer.from(`${err.message}\n`));
          resolve(1);
        });
        child.on('close', (c) => resolve(c));
      });
      process.stdout.write(`\n▶ ${name}\n`);
      process.stdout.write(Buffer.concat(out));
      done[i] = { name, ok: code === 0, s: ((Date.now() - started) / 1000).toFixed(1), opts };
    }
  }
  await Promise.all(Array.from({ length: lanes }, lane));
  for (const r of done) {
    steps.push({ name: r.name, ok: r.ok, s: r.s });
    if (r.opts.jestJson) countJest(r.opts.jestJson);
    if (!r.ok) failed = true;
  }
}

function countJest(file) {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  passedTests += j.numPassedTests;
  failedTests += j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  passedTests += (j.stats?.expected ?? 0) + (j.stats?.flaky ?? 0);
  failedTests += j.stats?.unexpected ?? 0;
}

function jest(name, workspace, extraEnv = {}, group = workspace, extraArgs = []) {
  const out = path.join(results, `${name.replace(/\W+/g, '-')}.json`);
  step(name, node, [bin('jest/bin/jest.js'), '--json', `--outputFile=${out}`, ...(workspace === 'api' && !extraArgs.some((a) => a.startsWith('--maxWorkers')) ? ['--runInBand'] : []), ...extraArgs], {
    cwd: path.join(root, workspace),
    env: { ...esm, ...extraEnv },
    jestJson: out,
    group,
  });
}

function postgresReachable(url) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 5432) });
    s.setTimeout(1000);
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
    s.once('timeout', () => { s.destroy(); resolve(false); });
  });
}

step('prisma generate', node, ['scripts/prisma-generate.mjs'], { group: 'setup' });
step('graphql codegen', node, [bin('@graphql-codegen/cli/cjs/bin.js'), '--config', 'codegen.ts', '--silent'], { group: 'setup' });
// The static checks and the domain's unit tests, two at a time, the longest first (so that the
// two lanes end close together).
const domainJson = path.join(results, 'domain-unit-tests.json');
await stepsSideBySide([
  // scripts/typecheck.mjs's projects, one step each so that they share the two lanes.
  ...TYPECHECK_PROJECTS.map((ws) => [`typecheck ${ws}`, node, [bin('typescript/bin/tsc'), '-p', ws, '--pretty'], { group: 'static' }]),
  ['lint', node, [bin('eslint/bin/eslint.js'), '.', '--max-warnings=0'], { group: 'static' }],
  // Unused files and dependencies, and imports of undeclared packages (knip.jsonc).
  ['unused code and dependencies', node, [bin('knip/bin/knip.js'), '--no-progress'], { group: 'static' }],
  // The floor plan's import rules (docs/architecture.md): no cycles, no upward or sideways arrows.
  ['import rules', node, [bin('dependency-cruiser/bin/dependency-cruise.mjs'), 'api', 'client/src', 'domain', 'scripts', 'bench', 'prisma', 'e2e', '--config', '.dependency-cruiser.cjs'], { group: 'static' }],
  ['schema.graphql is current', node, ['--import', 'tsx', 'api/src/scripts/print-schema.ts', '--check'], { group: 'static' }],
  ['migrations match schema.prisma', node, ['--import', 'tsx', 'scripts/db/migrate.ts', 'check'], { group: 'static' }],
  ['domain unit tests', node, [bin('jest/bin/jest.js'), '--json', `--outputFile=${domainJson}`, '--coverage'], { cwd: path.join(root, 'domain'), env: esm, jestJson: domainJson, group: 'domain' }],
]);
// The API suite runs whole on PostgreSQL when one is reachable (two jest workers: each test file
// has its own database), and on the embedded database only where the two differ: opening,
// migrating and serving it, COPY-based imports, the ledger, durable jobs and crash recovery.
// Everything else is the same SQL on the same PostgreSQL engine; the e2e journeys run on PGlite.
// Without PostgreSQL the whole suite runs on PGlite.
// *.isolated.test.ts change the process for every later file, or need the machine to themselves
// (api/jest.config.js): one jest process each.
const isolatedFiles = readdirSync(path.join(root, 'api', 'src'), { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.isolated.test.ts'))
  .sort();
function isolated(label, env) {
  for (const file of isolatedFiles) {
    const name = path.basename(file, '.isolated.test.ts');
    jest(`api ${name} in a process of its own (${label})`, 'api', env, 'api', ['--testPathIgnorePatterns=/node_modules/', `--testPathPatterns=${file.replace(/[.]/g, '\\.')}$`]);
  }
}
const PGLITE_ONLY = ['--maxWorkers=2', '--testPathPatterns=src/db/(database|connection-errors)\\.test|src/jobs/|src/modules/(sales|ledger)/|src/modules/earnings/payout-crash|src/modules/releases/transfer\\.test'];
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (await postgresReachable(pgUrl)) {
  jest('api tests on PostgreSQL', 'api', { TEST_DATABASE_URL: pgUrl }, 'api', ['--maxWorkers=2']);
  isolated('PostgreSQL', { TEST_DATABASE_URL: pgUrl });
  jest('api tests where the embedded database differs (PGlite)', 'api', { TEST_DATABASE_URL: '' }, 'api', PGLITE_ONLY);
} else {
  process.stdout.write(`\n(PostgreSQL not reachable at ${new URL(pgUrl).host}: the API suite runs on PGlite)\n`);
  jest('api tests on PGlite', 'api', { TEST_DATABASE_URL: '' }, 'api', ['--maxWorkers=2']);
  isolated('PGlite', { TEST_DATABASE_URL: '' });
}
// Component tests are CPU-bound and independent: both cores (jest's default leaves one idle on 2).
jest('client component tests', 'client', {}, 'client', ['--maxWorkers=2']);
const pwOut = path.join(results, 'e2e.json');
step('browser build', node, [bin('vite/bin/vite.js'), 'build', 'client', '--logLevel', 'warn'], { group: 'e2e' });
step('e2e journeys (Chromium)', node, [bin('@playwright/test/cli.js'), 'test'], {
  cwd: path.join(root, 'e2e'),
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut },
  playwrightJson: pwOut,
  group: 'e2e',
});

process.stdout.write('\nSummary\n');
for (const s of steps) process.stdout.write(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.s}s)\n`);
process.stdout.write(`tests: ${passedTests} passed, ${failedTests} failed\n`);
process.exit(failed ? 1 : 0);

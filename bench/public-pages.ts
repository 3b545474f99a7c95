/**
 * Start-page benchmark (issue 6): in headless Chromium against `npm start`, measures
 *  - the JavaScript the start page loads before its first paint and for its first load, as gzip bytes
 *    (each script body gzipped here, so the number does not depend on the server compressing), and
 *  - its largest contentful paint on loopback.
 * Targets: JS before first paint at most 170 KB gzip, LCP under 1 s.
 *
 *   npx tsx bench/public-pages.ts                 starts `node scripts/start.mjs --no-build` on a free port
 *   BENCH_URL=http://127.0.0.1:4000 npx tsx bench/public-pages.ts   measures a server already running
 *   BENCH_PATH=/about, BENCH_RUNS=5, CHROMIUM_PATH=/usr/bin/chromium are optional.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';

const root = path.resolve(import.meta.dirname, '..');

/** The few browser APIs the measuring code uses (this file is type-checked without the DOM library). */
interface Entry {
  name: string;
  startTime: number;
  responseEnd?: number;
  initiatorType?: string;
}
interface BrowserGlobals {
  __lcp: number;
  performance: { getEntriesByType(type: string): Entry[] };
  PerformanceObserver: new (cb: (list: { getEntries(): Entry[] }) => void) => { observe(options: { type: string; buffered: boolean }): void };
}
const TARGET_JS_BYTES = 170 * 1024;
const TARGET_LCP_MS = 1000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitReady(url: string, child: ChildProcess | null): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready`);
}

async function startServer(): Promise<{ url: string; stop: () => void }> {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL.replace(/\/$/, ''), stop: () => undefined };
  if (!existsSync(path.join(root, 'client/dist/index.html'))) throw new Error('build the client first: npx vite build client');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-bench-'));
  const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, child);
  return {
    url,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Run {
  firstPaintMs: number;
  lcpMs: number;
  jsBeforePaintGzip: number;
  jsFirstLoadGzip: number;
  scripts: number;
}

async function measure(url: string): Promise<Run> {
  const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const bodies = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      try {
        bodies.set(response.url(), gzipSync(await response.body()).length);
      } catch {
        // a redirect or an aborted request has no body
      }
    });
    await page.addInitScript(() => {
      const w = globalThis as unknown as BrowserGlobals;
      w.__lcp = 0;
      new w.PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // LCP is final once the page has been interacted with or hidden; a short settle is enough here.
    await page.waitForTimeout(300);
    const timing = await page.evaluate(() => {
      const { performance, __lcp } = globalThis as unknown as BrowserGlobals;
      const paint = performance.getEntriesByType('paint').find((e) => e.name === 'first-paint' || e.name === 'first-contentful-paint');
      const scripts = performance
        .getEntriesByType('resource')
        .filter((e) => e.initiatorType === 'script' || e.initiatorType === 'link' || e.name.endsWith('.js'))
        .filter((e) => e.name.includes('.js'))
        .map((e) => ({ name: e.name, responseEnd: e.responseEnd ?? 0 }));
      return { firstPaint: paint?.startTime ?? 0, lcp: __lcp, scripts };
    });
    const gz = (name: string) => bodies.get(name) ?? 0;
    const before = timing.scripts.filter((s) => s.responseEnd <= timing.firstPaint);
    return {
      firstPaintMs: timing.firstPaint,
      lcpMs: timing.lcp,
      jsBeforePaintGzip: before.reduce((sum, s) => sum + gz(s.name), 0),
      jsFirstLoadGzip: [...bodies.values()].reduce((a, b) => a + b, 0),
      scripts: bodies.size,
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const server = await startServer();
try {
  const target = `${server.url}${process.env.BENCH_PATH ?? '/'}`;
  await measure(target); // warm-up: the server's first render loads the rendering bundle
  const runs: Run[] = [];
  for (let i = 0; i < Number(process.env.BENCH_RUNS ?? 5); i += 1) runs.push(await measure(target));
  const jsBefore = median(runs.map((r) => r.jsBeforePaintGzip));
  const jsFirst = median(runs.map((r) => r.jsFirstLoadGzip));
  const lcp = median(runs.map((r) => r.lcpMs));
  const fp = median(runs.map((r) => r.firstPaintMs));
  console.log(`page                         ${target}`);
  console.log(`runs                         ${runs.length} (median)`);
  console.log(`first paint                  ${fp.toFixed(0)} ms`);
  // Issue 6 sets the budget on the JavaScript sent before first paint; what loads after it
  // (the sign-in dialog, the acting-as banner) is shown for information.
  console.log(`JS before first paint (gzip) ${kb(jsBefore)}  (target ≤ ${kb(TARGET_JS_BYTES)}: ${jsBefore <= TARGET_JS_BYTES ? 'met' : 'NOT met'})`);
  console.log(`JS of the first load (gzip)  ${kb(jsFirst)} in ${runs[0]!.scripts} files, including chunks loaded after the first paint`);
  console.log(`largest contentful paint     ${lcp.toFixed(0)} ms  (target < ${TARGET_LCP_MS} ms: ${lcp < TARGET_LCP_MS ? 'met' : 'NOT met'})`);
} finally {
  server.stop();
}

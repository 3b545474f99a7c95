/**
 * Public pages benchmark (issue 22): Lighthouse 12 (the `lighthouse` npm package driving Chromium)
 * with its mobile and desktop presets on the start page, features, about, why-level and every legal
 * page, against `npm start` on loopback. For each page it prints the category scores, LCP, TBT, CLS
 * and the JavaScript the browser received (bytes on the wire, from Lighthouse's network records),
 * before the first paint and for the whole load, beside the issue's targets and beside a baseline
 * measured in the same run: the same page fetched with `Accept-Encoding: identity`, that is
 * without compression.
 *
 *   npx vite build client && npx tsx bench/public-pages.ts        starts `node scripts/start.mjs --no-build` on a free port
 *   BENCH_URL=http://127.0.0.1:4000 npx tsx bench/public-pages.ts  measures a server already running
 *   BENCH_PAGES=/,/about  BENCH_PRESETS=mobile  CHROME_PATH=/usr/bin/chromium  BENCH_BASELINE=0 are optional.
 *   BENCH_RUNS=5 audits each page five times and reports the run with the median performance score
 *   (each run's LCP and TBT are printed too): on a busy machine one run's TBT varies by several times.
 *   BENCH_DIAG=1 also prints, for that run, what blocked the main thread: Lighthouse's 'long-tasks'
 *   (each task over 50 ms, its script and start), 'bootup-time' (per script: evaluation, parse and
 *   compile) and 'mainthread-work-breakdown' (per kind of work). BENCH_TRACE_DIR=dir writes that
 *   run's trace there too (open it in Chrome DevTools' Performance panel).
 *
 * Not part of `npm test`: the figures depend on the machine and what else it runs. The script bytes
 * before paint are also printed first from the built files alone (bench/js-budget.ts), which is
 * deterministic and is what client/src/first-load-budget.test.ts checks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { budgetReport, firstLoadScripts } from './js-budget.ts';

const root = path.resolve(import.meta.dirname, '..');

const PAGES = (process.env.BENCH_PAGES ?? '/,/features,/about,/why-level,/terms-of-use,/privacy-policy,/cookies-policy,/distribution-terms').split(',');
const PRESETS = (process.env.BENCH_PRESETS ?? 'mobile,desktop').split(',') as Preset[];
const BASELINE = process.env.BENCH_BASELINE !== '0';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1) || 1);
const DIAG = process.env.BENCH_DIAG === '1';
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

/** Issue 22's targets. */
const TARGET = { mobilePerf: 95, desktopPerf: 100, otherCategories: 100, lcpMs: 2000, tbtMs: 100, cls: 0.02, jsBeforePaintBytes: 100 * 1024 };

type Preset = 'mobile' | 'desktop';

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

interface Measure {
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  observedFcpMs: number;
  /** Script bytes on the wire that had arrived before the first (observed) contentful paint. */
  jsBeforePaint: number;
  /** Script bytes on the wire for the whole load, and how many script files. */
  jsTotal: number;
  scripts: number;
  /** What blocked the main thread (BENCH_DIAG), as lines to print. */
  diagnostics: string[];
  /** The run's trace events (BENCH_TRACE_DIR). */
  trace?: unknown;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  networkEndTime?: number;
  transferSize?: number;
}

/** One Lighthouse run; a run whose trace recording failed (NO_NAVSTART and the like, on a busy machine) is repeated once. */
async function audit(url: string, preset: Preset, port: number, headers?: Record<string, string>): Promise<Measure> {
  try {
    return await auditOnce(url, preset, port, headers);
  } catch (err) {
    console.error(`  (${url} [${preset}] failed once, repeating: ${err instanceof Error ? err.message : String(err)})`);
    return auditOnce(url, preset, port, headers);
  }
}

async function auditOnce(url: string, preset: Preset, port: number, headers?: Record<string, string>): Promise<Measure> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'], extraHeaders: headers },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
  const observedFcpMs = metrics.observedFirstContentfulPaint ?? NaN;
  const network = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter((r) => r.resourceType === 'Script');
  const bytes = (items: NetworkItem[]) => items.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const trace = TRACE_DIR ? (result.artifacts as { Trace?: unknown }).Trace : undefined;
  return {
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    observedFcpMs,
    jsBeforePaint: bytes(network.filter((r) => (r.networkEndTime ?? Infinity) <= observedFcpMs)),
    jsTotal: bytes(network),
    scripts: network.length,
    diagnostics: DIAG ? mainThreadDiagnostics(lhr.audits, url) : [],
    trace,
  };
}

type Audits = Record<string, { details?: unknown } | undefined>;

/** The rows of a Lighthouse table audit. */
function tableItems<T>(audits: Audits, id: string): T[] {
  return ((audits[id]?.details as { items?: T[] } | undefined)?.items ?? []) as T[];
}

/** Lighthouse's own account of the main thread's work: long tasks, per-script cost, per-kind totals. */
function mainThreadDiagnostics(audits: Audits, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  const short = (url: string) => (url.startsWith(origin) ? url.slice(origin.length) || '/' : url);
  const ms = (n: number | undefined) => `${(n ?? 0).toFixed(0)} ms`;
  const longTasks = tableItems<{ url: string; startTime: number; duration: number }>(audits, 'long-tasks');
  const bootup = tableItems<{ url: string; total: number; scripting: number; scriptParseCompile: number }>(audits, 'bootup-time');
  const breakdown = tableItems<{ groupLabel?: string; group: string; duration: number }>(audits, 'mainthread-work-breakdown');
  return [
    `  long tasks         ${longTasks.length ? '' : 'none'}`,
    ...longTasks.map((t) => `    at ${ms(t.startTime).padStart(8)}  ${ms(t.duration).padStart(7)}  ${short(t.url)}`),
    '  bootup time        (total / script evaluation / parse+compile)',
    ...bootup.map((b) => `    ${short(b.url).padEnd(44)} ${ms(b.total).padStart(7)} ${ms(b.scripting).padStart(7)} ${ms(b.scriptParseCompile).padStart(7)}`),
    '  main thread work',
    ...breakdown.map((b) => `    ${(b.groupLabel ?? b.group).padEnd(44)} ${ms(b.duration).padStart(7)}`),
  ];
}

/** The run with the median performance score (ties: the lower TBT), so the figures printed belong to one real run. */
function medianRun(runs: Measure[]): Measure {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance || b.tbtMs - a.tbtMs);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');

function report(page: string, preset: Preset, m: Measure, base: Measure | null): string[] {
  const perfTarget = preset === 'mobile' ? TARGET.mobilePerf : TARGET.desktopPerf;
  const others = (['accessibility', 'best-practices', 'seo'] as const).map((c) => `${c} ${m.scores[c]}`).join(', ');
  const othersOk = (['accessibility', 'best-practices', 'seo'] as const).every((c) => m.scores[c] >= TARGET.otherCategories);
  const lines = [
    `${page} [${preset}]`,
    `  performance        ${m.scores.performance}  (target ≥ ${perfTarget}: ${mark(m.scores.performance >= perfTarget)})${base ? `   uncompressed: ${base.scores.performance}` : ''}`,
    `  other categories   ${others}  (target 100 each: ${mark(othersOk)})`,
    `  LCP                ${(m.lcpMs / 1000).toFixed(2)} s${preset === 'mobile' ? `  (target ≤ ${TARGET.lcpMs / 1000} s: ${mark(m.lcpMs <= TARGET.lcpMs)})` : ''}${base ? `   uncompressed: ${(base.lcpMs / 1000).toFixed(2)} s` : ''}`,
    `  TBT                ${m.tbtMs.toFixed(0)} ms${preset === 'mobile' ? `  (target ≤ ${TARGET.tbtMs} ms: ${mark(m.tbtMs <= TARGET.tbtMs)})` : ''}${base ? `   uncompressed: ${base.tbtMs.toFixed(0)} ms` : ''}`,
    `  CLS                ${m.cls.toFixed(3)}  (target ≤ ${TARGET.cls}: ${mark(m.cls <= TARGET.cls)})`,
    `  JS before paint    ${kb(m.jsBeforePaint)} received by ${m.observedFcpMs.toFixed(0)} ms (observed FCP)  (target ≤ ${kb(TARGET.jsBeforePaintBytes)}: ${mark(m.jsBeforePaint <= TARGET.jsBeforePaintBytes)})${base ? `   uncompressed: ${kb(base.jsBeforePaint)}` : ''}`,
    `  JS whole load      ${kb(m.jsTotal)} in ${m.scripts} files${base ? `   uncompressed: ${kb(base.jsTotal)}` : ''}`,
  ];
  return lines;
}

if (!process.env.BENCH_URL) {
  console.log('scripts every page fetches first, from client/dist (as served, brotli)');
  console.log(budgetReport(firstLoadScripts(path.join(root, 'client/dist'))).join('\n'));
}
const server = await startServer();
// Also when the bench dies (no Chromium at CHROME_PATH ends it with an unhandled 'error' event):
// the server it started must not outlive it.
process.once('exit', () => server.stop());
const chromePath = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS });
/** Each page's median run, and the most script any of its runs received before the first paint. */
const rows: { page: string; preset: Preset; m: Measure; worstJsBeforePaint: number }[] = [];
try {
  // Warm-up: the server's first render loads the rendering bundle.
  await audit(`${server.url}/`, 'desktop', chrome.port);
  for (const preset of PRESETS) {
    for (const page of PAGES) {
      const url = `${server.url}${page}`;
      const runs: Measure[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(url, preset, chrome.port));
      const m = medianRun(runs);
      if (RUNS > 1)
        console.log(
          `${page} [${preset}] ${RUNS} runs: LCP ${runs.map((r) => (r.lcpMs / 1000).toFixed(2)).join(', ')} s; TBT ${runs.map((r) => r.tbtMs.toFixed(0)).join(', ')} ms; JS before paint ${runs.map((r) => (r.jsBeforePaint / 1024).toFixed(1)).join(', ')} KB`,
        );
      const base = BASELINE ? await audit(url, preset, chrome.port, { 'Accept-Encoding': 'identity' }) : null;
      rows.push({ page, preset, m, worstJsBeforePaint: Math.max(...runs.map((r) => r.jsBeforePaint)) });
      console.log(report(page, preset, m, base).join('\n'));
      if (DIAG) console.log(m.diagnostics.join('\n'));
      if (TRACE_DIR && m.trace) {
        mkdirSync(TRACE_DIR, { recursive: true });
        const file = path.join(TRACE_DIR, `${preset}${page === '/' ? '-home' : page.replace(/\//g, '-')}.trace.json`);
        writeFileSync(file, JSON.stringify(m.trace));
        console.log(`  trace              ${file}`);
      }
    }
  }
  console.log('\nsummary (compressed, as served)');
  console.log('page                 preset   perf  a11y  bp   seo   LCP s  TBT ms  CLS    JS<paint KB (worst run)  JS total KB');
  for (const { page, preset, m, worstJsBeforePaint } of rows) {
    console.log(
      `${page.padEnd(20)} ${preset.padEnd(8)} ${String(m.scores.performance).padStart(4)}  ${String(m.scores.accessibility).padStart(4)}  ${String(m.scores['best-practices']).padStart(3)}  ${String(m.scores.seo).padStart(4)}  ${(m.lcpMs / 1000).toFixed(2).padStart(5)}  ${m.tbtMs.toFixed(0).padStart(6)}  ${m.cls.toFixed(3)}  ${(m.jsBeforePaint / 1024).toFixed(1).padStart(11)} (${(worstJsBeforePaint / 1024).toFixed(1).padStart(5)})       ${(m.jsTotal / 1024).toFixed(1).padStart(11)}`,
    );
  }
} finally {
  chrome.kill();
  server.stop();
}

/**
 * @jest-environment node
 *
 * Issue 22: the JavaScript a public page brings before its first paint stays within 100 KB as
 * served (brotli). Builds the browser app (without the server-rendering bundle) into a temporary
 * folder and measures what its index.html makes the browser fetch (bench/js-budget.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from '@jest/globals';
import { budgetReport, firstLoadScripts, JS_BEFORE_PAINT_BUDGET_BYTES, totalBytes } from '../../bench/js-budget';

const clientDir = path.resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-budget-'));

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

test('the scripts every page fetches first are at most 100 KB brotli', () => {
  const vite = path.resolve(clientDir, '../node_modules/vite/bin/vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', clientDir, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: clientDir,
    // jest sets NODE_ENV=test, which would build React's development files.
    env: { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: '', CADENCE_SKIP_SSR_BUILD: '1' },
    encoding: 'utf8',
  });
  expect(build.stderr).toBe('');
  expect(build.status).toBe(0);
  const scripts = firstLoadScripts(outDir);
  // The entry, React and the router at least: an empty list would mean the page parser broke.
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((s) => s.encoding === 'br' || s.bytes < 1024)).toBe(true);
  const total = totalBytes(scripts);
  if (total > JS_BEFORE_PAINT_BUDGET_BYTES) throw new Error(`over the budget:\n${budgetReport(scripts).join('\n')}`);
  expect(total).toBeLessThanOrEqual(JS_BEFORE_PAINT_BUDGET_BYTES);
}, 120_000);

import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium here; elsewhere CHROMIUM_PATH names the browser (or Playwright's own is used).
const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const port = Number(process.env.E2E_PORT ?? 4173);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.test-results', `e2e-data-${port}`);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // One worker: on a 2-core machine a second one made the run slower (1,251 s against 1,024 s),
  // the browser already keeps both cores busy. E2E_WORKERS raises it on a bigger machine.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  // Generous: a loaded 2-core CI machine is slow, and these are journeys, not speed checks
  // (speed targets live in bench/).
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Only a retried journey records a trace: recording every journey's (its DOM snapshots and
    // screencast) made the run about 20% slower (157 s against 197 s for the same 26 journeys).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The real `npm start` (the test command has already built the client) on a fresh database each
    // run (start-server.mjs): the embedded one, or PostgreSQL when E2E_DATABASE_URL names a database.
    command: `node e2e/start-server.mjs "${dataDir}"`,
    cwd: root,
    url: `http://127.0.0.1:${port}/readyz`,
    // A first start migrates and seeds the demo data: seconds on a quiet machine, minutes on a busy one.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', CAPTCHA_COST: process.env.E2E_CAPTCHA_COST ?? '100' },
  },
});

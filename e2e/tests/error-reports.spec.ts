import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { expect, test, type BrowserContext } from '@playwright/test';
import { DEMO_ARTIST, signInAs } from '../e2e-test-kit';

// Issue 24: with SENTRY_DSN set, an error thrown in the browser reaches the error-report endpoint
// through the Sentry SDK, with the signed-in user's id, full name and email and without the
// session cookie. The shared web server has no DSN, so this journey starts its own app server (on
// its own port and fresh data folder, so it neither sees nor changes the other journeys' data)
// next to a local HTTP server standing in for Sentry's ingest endpoint.

interface Received {
  headers: http.IncomingHttpHeaders;
  /** The envelope as sent, after any content encoding is undone. */
  raw: string;
  items: { header: Record<string, unknown>; payload: unknown }[];
}

const root = path.resolve(import.meta.dirname, '../..');
const received: Received[] = [];
let ingest: http.Server;
let app: ChildProcess | undefined;
let appUrl = '';
let appDir = '';

const unzip: Record<string, (b: Buffer) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
};

/**
 * A Sentry envelope: a header line, then items, each an item header line and a payload of the
 * header's `length` in bytes (or up to the next newline when it names none).
 */
function parseEnvelope(body: Buffer): Received['items'] {
  let at = body.indexOf(0x0a);
  if (at < 0) return [];
  const items: Received['items'] = [];
  while (at < body.length - 1) {
    const headerEnd = body.indexOf(0x0a, at + 1);
    if (headerEnd < 0) break;
    const header = JSON.parse(body.subarray(at + 1, headerEnd).toString('utf8')) as Record<string, unknown>;
    const end = typeof header.length === 'number' ? headerEnd + 1 + header.length : (body.indexOf(0x0a, headerEnd + 1) + 1 || body.length + 1) - 1;
    const text = body.subarray(headerEnd + 1, end).toString('utf8');
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      /* an attachment: kept as text */
    }
    items.push({ header, payload });
    at = end;
  }
  return items;
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function until(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > end) throw new Error(`${url} did not answer within ${ms} ms`);
    if (app?.exitCode !== null) throw new Error(`the app server exited (${app?.exitCode})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

test.beforeAll(async () => {
  // A fresh database is migrated and seeded with the demo accounts first.
  test.setTimeout(180_000);
  ingest = http.createServer((req, res) => {
    // The browser posts cross-origin: answer its preflight and let it read the answer.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const encoding = String(req.headers['content-encoding'] ?? '').toLowerCase();
        const body = unzip[encoding] ? await unzip[encoding](Buffer.concat(chunks)) : Buffer.concat(chunks);
        received.push({ headers: req.headers, raw: body.toString('utf8'), items: parseEnvelope(body) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      })();
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  const dsn = `http://e2epublickey@127.0.0.1:${(ingest.address() as AddressInfo).port}/1`;

  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  appDir = path.join(root, '.test-results', `e2e-error-reports-${port}`);
  rmSync(appDir, { recursive: true, force: true });
  app = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: appDir, LOG_LEVEL: 'warn', DATABASE_URL: '', SENTRY_DSN: dsn },
  });
  await until(`${appUrl}/readyz`, 170_000);
});

test.afterAll(async () => {
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app!.once('exit', resolve));
    app.kill('SIGTERM');
    await exited;
  }
  if (ingest) await new Promise((resolve) => ingest.close(resolve));
  if (appDir) rmSync(appDir, { recursive: true, force: true });
});

/** The first browser error event received whose exception carries `marker`. */
function errorEvent(marker: string): { received: Received; event: Record<string, unknown> } | undefined {
  for (const r of received) {
    for (const item of r.items) {
      if (item.header.type !== 'event') continue;
      const event = item.payload as { platform?: string; exception?: { values?: { value?: string }[] } };
      if (event.platform === 'javascript' && event.exception?.values?.some((v) => v.value?.includes(marker))) return { received: r, event: item.payload as Record<string, unknown> };
    }
  }
  return undefined;
}

async function sessionValues(context: BrowserContext): Promise<string[]> {
  return (await context.cookies(appUrl)).map((c) => c.value).filter((v) => v.length >= 8);
}

test('an error thrown in the browser reaches the error-report endpoint with the user and without the session cookie', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: appUrl });
  try {
    const page = await context.newPage();
    await signInAs(page, DEMO_ARTIST);
    const secrets = await sessionValues(context);
    expect(secrets.length).toBeGreaterThan(0);

    // The SDK learns who is signed in from the viewer query the shell makes once it knows.
    const viewerKnown = page.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('ErrorReportViewer'));
    await page.goto('/releases');
    await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
    const viewer = (await (await viewerKnown).json()) as { data: { viewer: { id: string; email: string; firstName: string; lastName: string } } };
    const { id, email, firstName, lastName } = viewer.data.viewer;
    expect(email).toBe(DEMO_ARTIST.username);

    // The SDK's own global handler catches it (nothing in the page calls Sentry for it).
    await page.evaluate(() => setTimeout(() => { throw new Error('error-reports-e2e thrown'); }));
    await expect.poll(() => errorEvent('error-reports-e2e thrown'), { timeout: 20_000 }).toBeTruthy();
    const { received: thrown, event } = errorEvent('error-reports-e2e thrown')!;

    expect(event.user).toEqual(expect.objectContaining({ id, email, username: `${firstName} ${lastName}` }));
    expect(event.environment).toBeTruthy();
    expect(thrown.headers.cookie).toBeUndefined();
    for (const value of secrets) expect(thrown.raw).not.toContain(value);
    expect(thrown.raw).not.toMatch(/cookie/i);

    // An unhandled rejection goes the same way.
    await page.evaluate(() => { void Promise.reject(new Error('error-reports-e2e rejected')); });
    await expect.poll(() => errorEvent('error-reports-e2e rejected'), { timeout: 20_000 }).toBeTruthy();
    const rejected = errorEvent('error-reports-e2e rejected')!;
    expect(rejected.event.user).toEqual(expect.objectContaining({ id, email }));
    for (const value of secrets) expect(rejected.received.raw).not.toContain(value);
  } finally {
    await context.close();
  }
});

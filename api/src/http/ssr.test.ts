import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../config.ts';
import { clientHandler } from './client.ts';
import { loadSsrRenderer } from './ssr.ts';

const TEMPLATE = `<!doctype html><html><head><title>%CADENCE_TITLE%</title><meta name="description" content="%CADENCE_DESCRIPTION%" /><link rel="icon" type="image/svg+xml" href="%CADENCE_FAVICON%" /><!--cadence-boot--></head><body><div id="root"><!--app-html--></div></body></html>`;

// A stand-in for client/dist-ssr/entry-server.js with the same contract as the real bundle.
const FAKE_ENTRY = `
export const SERVER_RENDERED_PATHS = ['/about', '/broken', '/old'];
export async function render(url, boot) {
  const { pathname } = new URL(url);
  if (pathname === '/broken') throw new Error('render failed');
  if (pathname === '/old') return { kind: 'redirect', status: 302, location: '/about' };
  return { kind: 'page', status: 200, html: '<main><h1>About ' + boot.brandName + '</h1></main>', title: 'About | ' + boot.brandName, description: 'All about ' + boot.brandName + ' & <co>' };
}`;

let root: string;
let url: string;
let server: http.Server;

function serve(clientDistDir: string): Promise<{ url: string; server: http.Server }> {
  const config = { ...loadConfig({ LOG_LEVEL: 'error' }), clientDistDir };
  const app = express();
  app.use((req, _res, next) => {
    (req as unknown as { ctx: unknown }).ctx = { logger: { error: () => undefined } };
    next();
  });
  app.use(clientHandler(config, { sessionCookie: 'test_session' }));
  const s = http.createServer(app);
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, server: s })));
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'cadence-ssr-'));
  mkdirSync(path.join(root, 'dist'));
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(path.join(root, 'dist', 'index.html'), TEMPLATE);
  writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), FAKE_ENTRY);
  ({ url, server } = await serve(path.join(root, 'dist')));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(root, { recursive: true, force: true });
});

const page = (p: string, headers: Record<string, string> = {}) => fetch(`${url}${p}`, { headers: { accept: 'text/html', ...headers }, redirect: 'manual' });

describe('server rendering', () => {
  it('tells the page whether the request carried a session cookie, which scripts cannot read', async () => {
    for (const p of ['/about', '/releases']) {
      expect(await (await page(p)).text()).toContain('"session":false');
      expect(await (await page(p, { cookie: 'other=1; test_session=abc' })).text()).toContain('"session":true');
    }
  });

  it('puts the page, its title and description into the HTML, for the brand of the request', async () => {
    const fr = await (await page('/about', { 'x-country': 'FR' })).text();
    expect(fr).toContain('<div id="root" data-ssr="true"><main><h1>About Cadence France</h1></main></div>');
    expect(fr).toContain('<title>About | Cadence France</title>');
    expect(fr).toContain('content="All about Cadence France &amp; &lt;co&gt;"');
    expect(fr).toContain('"brandName":"Cadence France"');
    const other = await (await page('/about')).text();
    expect(other).toContain('<h1>About Cadence</h1>');
    expect(other).not.toContain('Cadence France');
  });

  it('leaves other paths to the browser', async () => {
    const html = await (await page('/releases')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('data-ssr');
  });

  it('answers a redirect the router decides with a redirect', async () => {
    const res = await page('/old');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/about');
  });

  it('falls back to the client-only page when rendering fails', async () => {
    const res = await page('/broken');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root"></div>');
  });

  it('serves client-only pages when there is no rendering bundle', async () => {
    const bare = mkdtempSync(path.join(os.tmpdir(), 'cadence-nossr-'));
    mkdirSync(path.join(bare, 'dist'));
    writeFileSync(path.join(bare, 'dist', 'index.html'), TEMPLATE);
    expect(await loadSsrRenderer({ clientDistDir: path.join(bare, 'dist') })).toBeNull();
    const alt = await serve(path.join(bare, 'dist'));
    const html = await (await fetch(`${alt.url}/about`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<title>Cadence \| /);
    await new Promise((r) => alt.server.close(r));
    rmSync(bare, { recursive: true, force: true });
  });
});

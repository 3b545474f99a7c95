/**
 * Browser hardening headers (issue 11): a strict CSP whose per-request nonce is on every inline
 * script the server writes, no framing, Referrer-Policy, and HSTS only in production.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { cspDirectives, errorReportOrigin } from './security-headers.ts';

const TEMPLATE = `<!doctype html><html><head><title>%CADENCE_TITLE%</title><meta name="description" content="%CADENCE_DESCRIPTION%" /><link rel="icon" type="image/svg+xml" href="%CADENCE_FAVICON%" /><!--cadence-boot--><script type="module" src="/assets/index.js"></script></head><body><div id="root"><!--app-html--></div></body></html>`;

// A stand-in for client/dist-ssr/entry-server.js: like react-router's, its page holds an inline script.
const FAKE_ENTRY = `
export const SERVER_RENDERED_PATHS = ['/about'];
export async function render(url, boot, options = {}) {
  const nonce = options.nonce ? ' nonce="' + options.nonce + '"' : '';
  return { kind: 'page', status: 200, html: '<main><h1>About</h1></main><script' + nonce + '>window.__staticRouterHydrationData = {};</script>', title: 'About', description: 'About' };
}`;

let root: string;
let dev: TestServer;
let production: TestServer;
beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'cadence-csp-'));
  mkdirSync(path.join(root, 'dist'));
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(path.join(root, 'dist', 'index.html'), TEMPLATE);
  writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), FAKE_ENTRY);
  const clientDistDir = path.join(root, 'dist');
  dev = await startTestServer({ CLIENT_DIST_DIR: clientDistDir });
  production = await startTestServer({ CLIENT_DIST_DIR: clientDistDir, PRODUCTION: 'true' });
});
afterAll(async () => {
  await dev?.close();
  await production?.close();
  rmSync(root, { recursive: true, force: true });
});

const page = (server: TestServer, p: string) => fetch(`${server.url}${p}`, { headers: { accept: 'text/html' } });

/** The CSP as a map of directive to its values. */
function csp(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy') ?? '';
  return new Map(header.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...values] = d.split(/\s+/);
    return [name!, values] as const;
  }));
}

describe('Content-Security-Policy', () => {
  it('allows scripts from our origin and this answer’s nonce only, and no framing', async () => {
    const res = await page(dev, '/about');
    const policy = csp(res);
    const nonce = /'nonce-([^']+)'/.exec((policy.get('script-src') ?? []).join(' '))?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(policy.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect([...policy.values()].flat()).not.toContain("'unsafe-inline'");
    expect([...policy.values()].flat()).not.toContain("'unsafe-eval'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('stamps every inline script of a server-rendered page with the nonce, a new one each time', async () => {
    const first = await page(dev, '/about');
    const nonce = /'nonce-([^']+)'/.exec(first.headers.get('content-security-policy') ?? '')?.[1];
    const html = await first.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)].map((m) => m[0]);
    // The brand boot script and the router's hydration data.
    expect(inline).toEqual([`<script nonce="${nonce}">`, `<script nonce="${nonce}">`]);
    const second = await page(dev, '/about');
    expect(second.headers.get('content-security-policy')).not.toContain(`'nonce-${nonce}'`);
  });

  it('stamps the boot script of a client-only page too', async () => {
    const res = await page(dev, '/releases');
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(await res.text()).toContain(`<script nonce="${nonce}">window.__CADENCE__=`);
  });
});

describe('other headers', () => {
  it('sends Referrer-Policy and no HSTS outside production', async () => {
    for (const res of [await page(dev, '/about'), await fetch(`${dev.url}/api/client-configs`)]) {
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    expect(csp(await page(dev, '/about')).has('upgrade-insecure-requests')).toBe(false);
  });

  it('sends HSTS and upgrade-insecure-requests when PRODUCTION=true', async () => {
    const res = await page(production, '/about');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(csp(res).get('upgrade-insecure-requests')).toEqual([]);
  });
});

describe('built assets', () => {
  it('carry only the headers that apply to a subresource (no CSP or framing headers), still nosniff and same-origin', async () => {
    const res = await fetch(`${dev.url}/assets/missing.js`);
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    const page = await fetch(`${dev.url}/about`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('connect-src and error reports', () => {
  it('allows only our origin, plus the Sentry DSN origin when one is configured', () => {
    expect(cspDirectives(false)['connect-src']).toEqual(["'self'"]);
    expect(cspDirectives(false, 'https://abc123@o1.ingest.sentry.io/42')['connect-src']).toEqual(["'self'", 'https://o1.ingest.sentry.io']);
    expect(cspDirectives(false, 'http://key@127.0.0.1:9000/1')['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9000']);
    expect(errorReportOrigin('not a url')).toBeUndefined();
  });

  it("adds Braintree's and PayPal's origins only when Braintree is the gateway", () => {
    const sandbox = cspDirectives(false);
    expect(sandbox).not.toHaveProperty('frame-src');
    expect(sandbox['script-src']).toHaveLength(2);
    const bt = cspDirectives(false, '', 'braintree');
    expect(bt['connect-src']).toEqual(["'self'", 'https://*.braintreegateway.com', 'https://*.braintree-api.com', 'https://*.paypal.com', 'https://*.paypalobjects.com']);
    expect(bt['frame-src']).toEqual(['https://*.braintreegateway.com', 'https://*.paypal.com', 'https://*.cardinalcommerce.com']);
    expect(bt['script-src']).toEqual(expect.arrayContaining(["'self'", 'https://*.paypal.com']));
    expect(bt['style-src']).toHaveLength(2);
  });
});

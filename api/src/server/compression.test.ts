/**
 * Issue 22: compressed where it pays, plain where it must be. Requests go through node:http so the
 * test sees the bytes on the wire (fetch would decompress them silently).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { wav } from '../integrations/media/__test-support__/media-fixtures.ts';
import { signedInUser, startReleaseServer } from '../modules/releases/__test-support__/release-kit.ts';

const TEMPLATE = `<!doctype html><html><head><title>%CADENCE_TITLE%</title><meta name="description" content="%CADENCE_DESCRIPTION%" /><link rel="icon" type="image/svg+xml" href="%CADENCE_FAVICON%" /><!--cadence-boot--></head><body><div id="root"><!--app-html--></div></body></html>`;
const FAKE_ENTRY = `
export const SERVER_RENDERED_PATHS = ['/about'];
export async function render() {
  return { kind: 'page', status: 200, html: '<main><h1>About</h1>' + '<p>Music for everyone, everywhere.</p>'.repeat(60) + '</main>', title: 'About', description: 'About' };
}`;
const ASSET = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;

let root: string;
let server: Awaited<ReturnType<typeof startReleaseServer>>;
beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'cadence-compress-'));
  mkdirSync(path.join(root, 'dist', 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(path.join(root, 'dist', 'index.html'), TEMPLATE);
  // What the build writes: the file and its pre-compressed twins.
  writeFileSync(path.join(root, 'dist', 'assets', 'app-abc123.js'), ASSET);
  writeFileSync(path.join(root, 'dist', 'assets', 'app-abc123.js.br'), brotliCompressSync(ASSET));
  writeFileSync(path.join(root, 'dist', 'assets', 'app-abc123.js.gz'), gzipSync(ASSET));
  writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), FAKE_ENTRY);
  server = await startReleaseServer({ CLIENT_DIST_DIR: path.join(root, 'dist') });
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request, the body exactly as it arrived. */
function raw(method: string, p: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${p}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const decode = (r: Raw): string =>
  (r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body).toString('utf8');

function expectCompressed(r: Raw, encoding: 'br' | 'gzip') {
  expect(r.status).toBe(200);
  expect(r.headers['content-encoding']).toBe(encoding);
  expect(r.headers.vary?.toLowerCase()).toContain('accept-encoding');
  expect(r.body.length).toBeLessThan(Buffer.byteLength(decode(r)));
}

function expectPlain(r: Raw) {
  expect(r.status).toBe(200);
  expect(r.headers['content-encoding']).toBeUndefined();
}

const BOTH = { 'accept-encoding': 'br, gzip' };
const INTROSPECT = JSON.stringify({ query: '{ __schema { types { name kind } } }' });

describe('compression', () => {
  it('sends a built asset’s pre-compressed brotli twin to a browser that accepts it, gzip to one that takes only gzip, plain otherwise', async () => {
    const br = await raw('GET', '/assets/app-abc123.js', BOTH);
    expectCompressed(br, 'br');
    expect(decode(br)).toBe(ASSET);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    // Never revalidated, so no validators; no request id either (issue 22: bytes on every script).
    expect(br.headers).not.toHaveProperty('etag');
    expect(br.headers).not.toHaveProperty('last-modified');
    expect(br.headers).not.toHaveProperty('x-request-id');
    const gz = await raw('GET', '/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expectCompressed(gz, 'gzip');
    expect(decode(gz)).toBe(ASSET);
    const plain = await raw('GET', '/assets/app-abc123.js', {});
    expectPlain(plain);
    expect(plain.body.toString()).toBe(ASSET);
  });

  it('compresses a server-rendered page on the fly, and sends it plain without Accept-Encoding', async () => {
    const br = await raw('GET', '/about', { accept: 'text/html', ...BOTH });
    expectCompressed(br, 'br');
    // Answers made per request keep their request id (only immutable assets drop it).
    expect(br.headers).toHaveProperty('x-request-id');
    expect(decode(br)).toContain('<h1>About</h1>');
    const plain = await raw('GET', '/about', { accept: 'text/html' });
    expectPlain(plain);
    expect(plain.body.toString()).toContain('<h1>About</h1>');
  });

  it('compresses a GraphQL answer, and sends it plain without Accept-Encoding', async () => {
    const headers = { 'content-type': 'application/json' };
    const br = await raw('POST', '/graphql', { ...headers, ...BOTH }, INTROSPECT);
    expectCompressed(br, 'br');
    expect(JSON.parse(decode(br)).data.__schema.types.length).toBeGreaterThan(10);
    const plain = await raw('POST', '/graphql', headers, INTROSPECT);
    expectPlain(plain);
    expect(JSON.parse(plain.body.toString()).data.__schema.types.length).toBeGreaterThan(10);
  });

  it('compresses a REST list, and sends it plain without Accept-Encoding', async () => {
    const client = await signedInUser(server);
    for (let i = 0; i < 6; i += 1) expect((await client.rest('POST', '/releases', { title: `Compressed ${i}` })).status).toBe(201);
    const gz = await raw('GET', '/api/releases', { cookie: client.cookie, 'accept-encoding': 'gzip' });
    expectCompressed(gz, 'gzip');
    const list = JSON.parse(decode(gz)) as unknown;
    expect(JSON.stringify(list)).toContain('Compressed 5');
    const plain = await raw('GET', '/api/releases', { cookie: client.cookie });
    expectPlain(plain);
    expect(JSON.parse(plain.body.toString())).toEqual(list);
  });

  it('leaves small answers plain (below the threshold)', async () => {
    const r = await raw('GET', '/healthz', BOTH);
    expectPlain(r);
    expect(JSON.parse(r.body.toString())).toEqual({ status: 'ok' });
  });

  it('never compresses a file download; a byte range of it still answers 206 with exactly those bytes', async () => {
    const client = await signedInUser(server);
    const created = await client.rest('POST', '/releases', { title: 'Ranged' });
    const data = wav({ sampleRate: 44_100, bitDepth: 16 });
    const up = await client.upload('/track/upload', { releaseId: created.body.id }, { data, name: 'Song.wav' });
    expect(up.status).toBe(201);
    const audioPath = `/api/track/${up.body.id}/audio`;

    const whole = await raw('GET', audioPath, { cookie: client.cookie, ...BOTH });
    expectPlain(whole);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.body.equals(Buffer.from(data))).toBe(true);

    const part = await raw('GET', audioPath, { cookie: client.cookie, range: 'bytes=10-109', ...BOTH });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 10-109/${data.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.body.equals(Buffer.from(data).subarray(10, 110))).toBe(true);

    const tail = await raw('GET', audioPath, { cookie: client.cookie, range: 'bytes=-16' });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(Buffer.from(data).subarray(data.length - 16))).toBe(true);

    const past = await raw('GET', audioPath, { cookie: client.cookie, range: `bytes=${data.length + 10}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${data.length}`);
  });
});

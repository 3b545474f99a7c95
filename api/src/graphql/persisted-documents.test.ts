/**
 * Persisted documents over HTTP (issue 18): trusted documents answered by hash, automatic
 * persisted queries registered by API tokens, and the token limits and scopes applying to both.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse, print, validate } from 'graphql';
import { loadConfig } from '../config.ts';
import { schema } from '../server/schema.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { bearerFor, buildUser } from '../test/factories.ts';
import { loadTrustedDocuments, persistedDocumentCache } from './persisted-documents.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const COUNTRIES = 'query Countries { countries { code } }';
const ME = 'query Me { viewer { id } }';

let dir: string;
let server: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-trusted-'));
  const manifest = path.join(dir, 'persisted-documents.json');
  // The format codegen's client preset writes: `sha256:<hex>` -> the printed document.
  writeFileSync(manifest, JSON.stringify({ [`sha256:${sha256(COUNTRIES)}`]: COUNTRIES, [`sha256:${sha256(ME)}`]: ME }));
  server = await startTestServer({ GRAPHQL_TRUSTED_DOCUMENTS: manifest, TOKEN_REQUESTS_PER_MINUTE: '3' });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; body: { data?: Record<string, unknown>; errors?: { message: string; extensions?: { code?: string; key?: string } }[] } };

async function post(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const byHash = (hash: string) => ({ extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
const codes = (a: Answer) => a.body.errors?.map((e) => e.extensions?.code);

describe('trusted documents', () => {
  it('run a known hash with no query text, for anyone', async () => {
    const res = await post(byHash(sha256(COUNTRIES)));
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect((res.body.data?.countries as unknown[]).length).toBeGreaterThan(100);
  });

  it('answer PERSISTED_QUERY_NOT_FOUND for an unknown hash', async () => {
    const res = await post(byHash('ab'.repeat(32)));
    expect(codes(res)).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
    expect(res.body.data).toBeUndefined();
  });

  it('leave full queries working, with or without a hash', async () => {
    expect((await post({ query: COUNTRIES })).body.data?.countries).toBeDefined();
    expect((await post({ query: COUNTRIES, ...byHash(sha256(COUNTRIES)) })).body.data?.countries).toBeDefined();
    const wrong = await post({ query: COUNTRIES, ...byHash('cd'.repeat(32)) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.map((e) => e.message)).toEqual(['provided sha does not match query']);
  });

  it('are published for partners at /graphql/persisted-documents.json', async () => {
    const res = await fetch(`${server.url}/graphql/persisted-documents.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ [`sha256:${sha256(COUNTRIES)}`]: COUNTRIES, [`sha256:${sha256(ME)}`]: ME });
  });

  it('default to the manifest codegen writes for the client build, every entry checked and valid on the server', () => {
    const file = loadConfig({}).partner.trustedDocumentsFile;
    const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    const documents = loadTrustedDocuments(file);
    // The client has dozens of operations; none would mean codegen did not run.
    expect(documents.size).toBeGreaterThan(30);
    for (const [hash, text] of documents) {
      expect(sha256(written[`sha256:${hash}`]!)).toBe(hash);
      // What runs is what Apollo Client sends: valid against the schema, no client-only directive left.
      expect(validate(schema, parse(text)).map((e) => e.message)).toEqual([]);
      expect(text).not.toMatch(/@unmask|@nonreactive/);
    }
  });

  it('serve a document written with client-only directives without them, under the client text’s hash', () => {
    const client = 'query Me { viewer { ...Who @unmask } } fragment Who on Profile { id }';
    const file = path.join(dir, 'masked.json');
    writeFileSync(file, JSON.stringify({ [`sha256:${sha256(client)}`]: client }));
    expect(loadTrustedDocuments(file).get(sha256(client))).toBe(print(parse('query Me { viewer { ...Who } } fragment Who on Profile { id }')));
  });

  it('refuse a manifest whose hash is not its document\u2019s', () => {
    const file = path.join(dir, 'lying.json');
    writeFileSync(file, JSON.stringify({ [`sha256:${sha256(COUNTRIES)}`]: ME }));
    expect(() => loadTrustedDocuments(file)).toThrow(/not the SHA-256 of its document/);
  });
});

describe('automatic persisted queries', () => {
  const LANGUAGES = 'query Languages { languages { id name } }';

  it('register a document sent with its hash by an API token, then run it by hash', async () => {
    const user = await buildUser(server.prisma);
    const auth = await bearerFor(server.prisma, user.id);
    const text = `${LANGUAGES} # ${user.id}`;
    expect(codes(await post(byHash(sha256(text)), { authorization: auth }))).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
    expect((await post({ query: text, ...byHash(sha256(text)) }, { authorization: auth })).body.data?.languages).toBeDefined();
    // Stored: anyone holding the hash now runs it (the hash names the exact text).
    const again = await post(byHash(sha256(text)));
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data?.languages).toBeDefined();
  });

  it('store nothing sent without a token (the query still runs)', async () => {
    const text = `${LANGUAGES} # anonymous`;
    expect((await post({ query: text, ...byHash(sha256(text)) })).body.data?.languages).toBeDefined();
    expect(codes(await post(byHash(sha256(text))))).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
  });

  it('store nothing over a GraphQL limit', async () => {
    const user = await buildUser(server.prisma);
    const auth = await bearerFor(server.prisma, user.id);
    const text = `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: countries { code }`).join(' ')} }`;
    const refused = await post({ query: text, ...byHash(sha256(text)) }, { authorization: auth });
    expect(refused.status).toBe(400);
    expect(codes(await post(byHash(sha256(text)), { authorization: auth }))).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
  });
});

describe('requests by hash pass the per-token gates', () => {
  it('refuse a trusted document whose fields the token\u2019s scopes do not open', async () => {
    const user = await buildUser(server.prisma);
    const auth = await bearerFor(server.prisma, user.id, ['releases:read']);
    const res = await post(byHash(sha256(ME)), { authorization: auth });
    expect(res.status).toBe(403);
    expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', key: 'insufficient-scope' });
    const allowed = await post(byHash(sha256(ME)), { authorization: await bearerFor(server.prisma, user.id, ['profile:read']) });
    expect(allowed.body.data?.viewer).toEqual({ id: user.id });
  });

  it('count against the token\u2019s requests per minute, then answer 429', async () => {
    const user = await buildUser(server.prisma);
    const auth = await bearerFor(server.prisma, user.id);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(byHash(sha256(COUNTRIES)), { authorization: auth })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('the document store', () => {
  it('evicts the least recently used registered document past its size, never a trusted one', async () => {
    const cache = persistedDocumentCache(new Map([['t'.repeat(64), 'trusted']]), 10);
    await cache.set('apq:a', 'aaaa');
    await cache.set('apq:b', 'bbbb');
    expect(await cache.get('apq:a')).toBe('aaaa'); // a is now the most recent
    await cache.set('apq:c', 'cccc');
    expect([await cache.get('apq:a'), await cache.get('apq:b'), await cache.get('apq:c')]).toEqual(['aaaa', undefined, 'cccc']);
    await cache.set(`apq:${'t'.repeat(64)}`, 'other');
    expect(await cache.get(`apq:${'t'.repeat(64)}`)).toBe('trusted');
  });
});

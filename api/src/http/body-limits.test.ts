/**
 * Request limits (issue 11): wide, deep or NUL-carrying JSON, NUL in addresses and malformed
 * multipart answer 400 quickly with a clear message, on /api and /graphql, never 500 or a hang.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { buildUser, sessionCookieFor } from '../test/factories.ts';
import { checkJsonText, checkJsonValue, JSON_LIMITS } from './body-limits.ts';

describe('checkJsonText', () => {
  const ok = (text: string) => expect(() => checkJsonText(text)).not.toThrow();
  const refused = (text: string, message: RegExp) => expect(() => checkJsonText(text)).toThrow(message);

  it('counts structure outside strings only', () => {
    ok(JSON.stringify({ s: '{[{[:::]}]}'.repeat(1_000), quote: 'a "quoted" \\ {x: 1}' }));
    ok(`${'['.repeat(JSON_LIMITS.maxDepth)}${']'.repeat(JSON_LIMITS.maxDepth)}`);
    refused(`${'['.repeat(JSON_LIMITS.maxDepth + 1)}${']'.repeat(JSON_LIMITS.maxDepth + 1)}`, /nests deeper than 64 levels/);
  });

  it('counts keys across the whole body', () => {
    const keys = (n: number) => JSON.stringify({ a: Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 0])) });
    ok(keys(JSON_LIMITS.maxKeys - 1));
    refused(keys(JSON_LIMITS.maxKeys), /more than 10,000 keys/);
  });

  it('finds a NUL in strings, escaped or raw, and not an escaped backslash before u0000', () => {
    refused('{"a":"x\\u0000y"}', /NUL character/);
    refused('{"a\\u0000":1}', /NUL character/);
    refused(Buffer.from('{"a":"x\u0000"}') as unknown as string, /NUL character/);
    ok('{"a":"x\\\\u0000y"}');
    expect(JSON.parse('{"a":"x\\\\u0000y"}')).toEqual({ a: 'x\\u0000y' });
  });

  it('checkJsonValue applies the same limits to parsed values without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => checkJsonValue(deep)).toThrow(/nests deeper/);
    expect(() => checkJsonValue({ query: '{ a }', variables: { x: ['ok', { y: 'a\0b' }] } })).toThrow(/NUL character/);
    expect(() => checkJsonValue({ query: '{ a }', variables: { x: [1, 2, { y: 'fine' }] } })).not.toThrow();
  });
});

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  const user = await buildUser(server.prisma);
  cookie = await sessionCookieFor(server.prisma, user.id);
});
afterAll(async () => {
  await server?.close();
});

interface Answer {
  status: number;
  ms: number;
  bytes: number;
  body: { code?: string; message?: string; fieldErrors?: unknown[]; errors?: { message: string; extensions?: { code?: string } }[] };
}

async function send(method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  const started = Date.now();
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, ms: Date.now() - started, bytes: text.length, body: JSON.parse(text) as Answer['body'] };
}

describe('JSON bodies on /api', () => {
  it('answers a login with 110,000 unknown keys with 400 at once, and briefly', async () => {
    const body = `{${Array.from({ length: 110_000 }, (_, i) => `"${i.toString(36)}":0`).join(',')}}`;
    expect(body.length).toBeLessThan(1_000_000);
    const res = await send('POST', '/api/auth/login', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'BAD_USER_INPUT', message: 'The JSON body has more than 10,000 keys' });
    // Before the limits this took 22 s and answered 9.8 MB.
    expect(res.ms).toBeLessThan(2_000);
  });

  it('lists at most 20 unknown fields and counts the rest, in linear time', async () => {
    const body = JSON.stringify({ username: 'a@example.com', password: 'x', ...Object.fromEntries(Array.from({ length: 9_000 }, (_, i) => [`extra${i}`, 0])) });
    const res = await send('POST', '/api/auth/login', body);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toHaveLength(20);
    expect(res.body.message).toMatch(/^Unknown field extra0; Unknown field extra1; .*; and 8980 more fields$/);
    expect(res.bytes).toBeLessThan(5_000);
    expect(res.ms).toBeLessThan(2_000);
  });

  it('answers JSON nested thousands deep with 400', async () => {
    const res = await send('POST', '/api/auth/login', `{"username":${'['.repeat(5_000)}${']'.repeat(5_000)},"password":"x"}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'BAD_USER_INPUT', message: 'The JSON body nests deeper than 64 levels' });
  });

  it('answers a NUL character in a JSON string with 400', async () => {
    const res = await send('POST', '/api/auth/login', JSON.stringify({ username: 'a\u0000b@example.com', password: 'x' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'BAD_USER_INPUT', message: 'Text must not contain the NUL character (\\u0000)' });
  });

  it('answers a NUL character in a path id with 400', async () => {
    const res = await send('GET', '/api/releases/abc%00def', undefined, { cookie });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'BAD_USER_INPUT', message: 'The address must not contain the NUL character (%00)' });
  });
});

describe('JSON bodies on /graphql', () => {
  it('answers JSON nested thousands deep with 400 in GraphQL shape', async () => {
    const res = await send('POST', '/graphql', `{"query":"query($a: [String]) { countries { code } }","variables":{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ message: 'The JSON body nests deeper than 64 levels', extensions: { code: 'BAD_REQUEST' } }] });
  });

  it('answers a NUL character in variables with 400', async () => {
    const res = await send('POST', '/graphql', JSON.stringify({ query: 'query($id: ID!) { release(id: $id) { id } }', variables: { id: 'a\u0000b' } }), { cookie });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ message: 'Text must not contain the NUL character (\\u0000)', extensions: { code: 'BAD_REQUEST' } }] });
  });

  it('answers malformed JSON with 400 in GraphQL shape', async () => {
    const res = await send('POST', '/graphql', '{"query": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ message: 'The request body is not valid JSON', extensions: { code: 'BAD_REQUEST' } }] });
  });
});

describe('multipart on /graphql', () => {
  const multipart = (boundary: string | null, body: string) =>
    send('POST', '/graphql', body, {
      'content-type': boundary === null ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`,
      'apollo-require-preflight': 'true',
      cookie,
    });
  const part = (name: string, value: string) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

  it('answers a multipart request without a boundary with 400 at once (it used to hang)', async () => {
    const res = await multipart(null, part('operations', '{"query":"{ countries { code } }"}'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ message: 'The multipart request is malformed: its Content-Type names no boundary', extensions: { code: 'BAD_REQUEST' } }] });
  });

  it('answers a truncated multipart body with 400', async () => {
    const res = await multipart('x', '--x\r\nContent-Disposition: form-da');
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toMatch(/^The multipart request is malformed: /);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('answers operations that are not JSON with 400', async () => {
    const res = await multipart('x', `${part('operations', '{nope')}${part('map', '{}')}--x--\r\n`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('applies the JSON limits to the operations field', async () => {
    const operations = JSON.stringify({ query: 'query($id: ID!) { release(id: $id) { id } }', variables: { id: 'a\u0000b' } });
    const res = await multipart('x', `${part('operations', operations)}${part('map', '{}')}--x--\r\n`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ message: 'Text must not contain the NUL character (\\u0000)', extensions: { code: 'BAD_REQUEST' } }] });
  });

  it('refuses a signed-out upload with 401 before reading its body', async () => {
    // A 200 MB file part used to be read (and buffered to disk) before the resolver asked for an account.
    const res = await send('POST', '/graphql', `${part('operations', '{"query":"{ countries { code } }"}')}${part('map', '{}')}--x--\r\n`, {
      'content-type': 'multipart/form-data; boundary=x',
      'apollo-require-preflight': 'true',
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errors: [{ message: 'Sign in to upload files', extensions: { code: 'UNAUTHENTICATED' } }] });
  });

  it('still serves a well-formed multipart request', async () => {
    const res = await multipart('x', `${part('operations', '{"query":"{ countries { code } }"}')}${part('map', '{}')}--x--\r\n`);
    expect(res.status).toBe(200);
    expect((res.body as { data?: { countries?: unknown[] } }).data?.countries?.length).toBeGreaterThan(100);
  });
});

describe('path parameters', () => {
  it('a parameter of more than 200 characters is a 400 naming it; a plausible one still reaches its lookup', async () => {
    const long = 'x'.repeat(201);
    for (const path of [`/api/releases/${long}`, `/api/releases/check/${long}`, `/api/releases/${long}/splits`]) {
      const answer = await send('GET', path, undefined, { cookie });
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(answer.body.message).toMatch(/^id/);
    }
    expect((await send('GET', `/api/releases/${'x'.repeat(200)}`, undefined, { cookie })).status).toBe(404);
  });
});

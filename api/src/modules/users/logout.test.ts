/**
 * Sign-out is a POST (issue 11). The legacy GET /api/auth/logout still answers, but only to
 * requests that prove they come from our own pages, so another site cannot sign people out.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';

let server: TestServer;
let host: string;
beforeAll(async () => {
  server = await startTestServer();
  host = new URL(server.url).host;
});
afterAll(async () => {
  await server?.close();
});

async function signedIn(): Promise<string> {
  const user = await buildUser(server.prisma);
  return sessionCookieFor(server.prisma, user.id);
}

const isSignedIn = async (cookie: string) => (await fetch(`${server.url}/api/users/current-user-info`, { headers: { cookie } })).status === 200;

async function logout(method: 'GET' | 'POST', cookie: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/auth/logout`, {
    method,
    headers: { cookie, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...headers },
    body: method === 'POST' ? '{}' : undefined,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('POST /api/auth/logout', () => {
  it('signs out', async () => {
    const cookie = await signedIn();
    expect(await logout('POST', cookie)).toEqual({ status: 200, body: { success: true } });
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it('refuses another site', async () => {
    const cookie = await signedIn();
    expect((await logout('POST', cookie, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await isSignedIn(cookie)).toBe(true);
  });
});

describe('the legacy GET /api/auth/logout', () => {
  it.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site: none (typed into the address bar)', { 'sec-fetch-site': 'none' }],
    ['an Origin of our host', () => ({ origin: `http://${host}` })],
    ['a Referer from our pages', () => ({ referer: `http://${host}/releases` })],
  ])('signs out a request from our own pages (%s)', async (_name, headers) => {
    const cookie = await signedIn();
    const res = await logout('GET', cookie, typeof headers === 'function' ? headers() : headers);
    expect(res).toEqual({ status: 200, body: { success: true } });
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['another site as Referer', { referer: 'https://evil.example/page' }],
    ['an opaque Origin', { origin: 'null' }],
    ['no proof at all', {}],
  ])('refuses %s with 403 and keeps the session', async (_name, headers) => {
    const cookie = await signedIn();
    const res = await logout('GET', cookie, headers);
    expect(res).toEqual({ status: 403, body: { code: 'FORBIDDEN', message: 'Cross-site request refused' } });
    expect(await isSignedIn(cookie)).toBe(true);
  });
});

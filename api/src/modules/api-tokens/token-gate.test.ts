/** Per-token and per-account request limits, and revocation and expiry taking effect at once (issue 18). */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { bearerFor, buildUser, sessionCookieFor } from '../../test/factories.ts';
import { hashToken } from '../auth/session.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TOKEN_REQUESTS_PER_MINUTE: '3', ACCOUNT_REQUESTS_PER_MINUTE: '5' });
});
afterAll(async () => {
  await server.close();
});

const get = (auth: string, path = '/api/users/current-user-info') => fetch(`${server.url}${path}`, { headers: { authorization: auth } });
/**
 * The limits count per clock minute (fixed windows, as RateLimit-Reset says), so a test that
 * counts several requests starts at least 15 s before the minute turns.
 */
async function awayFromWindowEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
const tokenRow = (auth: string) => server.prisma.apiToken.findUniqueOrThrow({ where: { tokenHash: hashToken(auth.slice(7)) } });

describe('request limits', () => {
  it('count per token with RateLimit headers, then answer 429 with Retry-After on both transports', async () => {
    const user = await buildUser(server.prisma);
    const auth = await bearerFor(server.prisma, user.id);
    await awayFromWindowEdge();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await get(auth);
      expect(res.status).toBe(200);
      seen.push(`${res.headers.get('ratelimit-limit')}/${res.headers.get('ratelimit-remaining')}`);
      expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      expect(res.headers.get('ratelimit-policy')).toContain('3;w=60');
    }
    expect(seen).toEqual(['3/2', '3/1', '3/0']);
    const refused = await get(auth);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', key: 'token-limit' });
    const gql = await server.gql('{ viewer { id } }', {}, { authorization: auth });
    expect(gql.status).toBe(429);
    // a signed-in person is not counted
    const cookie = await sessionCookieFor(server.prisma, user.id);
    const browser = await fetch(`${server.url}/api/users/current-user-info`, { headers: { cookie } });
    expect(browser.status).toBe(200);
    expect(browser.headers.get('ratelimit-limit')).toBeNull();
  });

  it('count all of an account\'s tokens together', async () => {
    const user = await buildUser(server.prisma);
    const a = await bearerFor(server.prisma, user.id);
    const b = await bearerFor(server.prisma, user.id);
    await awayFromWindowEdge();
    const statuses = [];
    for (const auth of [a, a, a, b, b, b]) statuses.push((await get(auth)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const last = await get(b);
    expect(await last.json()).toMatchObject({ code: 'RATE_LIMITED', key: 'account-limit' });
  });
});

describe('revocation and expiry', () => {
  it('stop a token on the next request, as written by any process (checked in the database each time)', async () => {
    const user = await buildUser(server.prisma);
    const auth = await bearerFor(server.prisma, user.id);
    expect((await get(auth)).status).toBe(200);
    const row = await tokenRow(auth);
    expect(row.lastUsedAt).not.toBeNull();
    expect(row.lastUsedIp).toBe('127.0.0.1');
    // another process revokes it: only the database knows
    await server.prisma.apiToken.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
    expect((await get(auth)).status).toBe(401);

    const other = await bearerFor(server.prisma, user.id);
    expect((await get(other)).status).toBe(200);
    await server.prisma.apiToken.update({ where: { id: (await tokenRow(other)).id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await get(other)).status).toBe(401);
  });
});

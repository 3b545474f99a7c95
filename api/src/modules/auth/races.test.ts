/**
 * Parallel requests against one limit or one row: exactly one winner (or exactly the limit), the
 * losers answer like the sequential case, never a 500. Run on PostgreSQL too (TEST_DATABASE_URL),
 * where requests really run at once on several connections.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { wav } from '../../integrations/media/__test-support__/media-fixtures.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { clientFor, startReleaseServer } from '../releases/__test-support__/release-kit.ts';
import type { TestServer } from '../../test/harness.ts';
import { MAX_ACTIVE_TOKENS } from '../api-tokens/api-tokens.service.ts';
import { SIGN_IN_PER_IP } from '../rate-limit/rate-limit.service.ts';
import { TestBrowser, signUpBody } from '../../test/test-browser.ts';
import { LOCK_AFTER_FAILURES } from './auth.service.ts';
import { hashPassword } from './password.ts';

let server: TestServer & { storageDir: string };
beforeAll(async () => {
  server = await startReleaseServer();
});
afterAll(async () => {
  await server.close();
});

/** Each call a new client address (the test server trusts X-Forwarded-For from loopback). */
let addresses = 0;
function fromNewAddress(): TestBrowser {
  addresses += 1;
  return new TestBrowser(server, { 'x-forwarded-for': `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}` });
}

const countOf = (values: number[], value: number) => values.filter((v) => v === value).length;

describe('parallel sign-in guesses', () => {
  it('100 at once from 100 addresses: exactly the free attempts are checked, the rest find the account locked', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const statuses = (await Promise.all(Array.from({ length: 100 }, (_, i) => fromNewAddress().post('/api/auth/login', { username: user.email, password: `Wrong${i}abc` })))).map((r) => r.status);
    // each attempt took its own slot: 4 failures, the 5th locks, every later one is refused unchecked
    expect(countOf(statuses, 401)).toBe(LOCK_AFTER_FAILURES - 1);
    expect(countOf(statuses, 423)).toBe(100 - (LOCK_AFTER_FAILURES - 1));
    const row = await server.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ isLocked: true, failedSignInCount: 100 });
    expect(await server.prisma.auditEvent.count({ where: { userId: user.id, subcategory: 'ACCOUNT_LOCKED' } })).toBe(1);
  });

  it('once locked, the right password among 100 parallel wrong ones does not get in, and every attempt is counted', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123'), isLocked: true, lockedAt: new Date(), failedSignInCount: LOCK_AFTER_FAILURES });
    const passwords = Array.from({ length: 101 }, (_, i) => (i === 50 ? 'Secret123' : `Wrong${i}abc`));
    const answers = await Promise.all(passwords.map((password) => fromNewAddress().post('/api/auth/login', { username: user.email, password })));
    expect(answers.map((a) => a.status)).toEqual(Array(101).fill(423));
    expect(answers.every((a) => !a.headers.getSetCookie().some((c) => c.startsWith('cadence_session=') && !/Expires=Thu, 01 Jan 1970/i.test(c)))).toBe(true);
    expect(await server.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect((await server.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).failedSignInCount).toBe(LOCK_AFTER_FAILURES + 101);
  });

  it('from one address, exactly the address limit is checked; the rest answer 429', async () => {
    const browser = fromNewAddress();
    const statuses = (await Promise.all(Array.from({ length: 100 }, (_, i) => browser.post('/api/auth/login', { username: `spray-${i}@example.com`, password: 'Wrong1abc' })))).map((r) => r.status);
    expect(countOf(statuses, 429)).toBe(100 - SIGN_IN_PER_IP.limit);
    expect(countOf(statuses, 401)).toBe(SIGN_IN_PER_IP.limit);
  });
});

describe('parallel sign-ups with one address', () => {
  it('make one account; the 49 others answer exactly like a later duplicate sign-up', async () => {
    const body = signUpBody();
    const answers = await Promise.all(Array.from({ length: 50 }, () => fromNewAddress().post('/api/users', body)));
    const statuses = answers.map((a) => a.status);
    expect(countOf(statuses, 201)).toBe(1);
    expect(countOf(statuses, 409)).toBe(49);
    expect(await server.prisma.user.count({ where: { emailNormalized: body.email.toLowerCase() } })).toBe(1);
    const sequential = await fromNewAddress().post('/api/users', body);
    expect(sequential.status).toBe(409);
    for (const loser of answers.filter((a) => a.status === 409)) expect(loser.body).toEqual(sequential.body);
  });
});

describe('parallel API-token creation', () => {
  it(`50 at once leave exactly ${MAX_ACTIVE_TOKENS} active tokens; the others are CONFLICT`, async () => {
    const user = await buildUser(server.prisma);
    const cookie = await sessionCookieFor(server.prisma, user.id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => server.gql(`mutation($n: String!) { createApiToken(input: { name: $n }) { apiToken { id } } }`, { n: `token ${i}` }, { cookie })),
    );
    const codes = answers.map((a) => (a.body.errors ? String(a.body.errors[0]!.extensions?.code) : 'OK'));
    answers.forEach((a, i) => expect(a.status).toBe(codes[i] === 'SERVICE_UNAVAILABLE' ? 503 : 200));
    expect(countOf(codes.map((c) => (c === 'OK' ? 1 : 0)), 1)).toBe(MAX_ACTIVE_TOKENS);
    // The others are refused for the limit, or (on an overloaded machine, queued past the
    // transaction's time) told to try again with 503: never an internal error.
    expect(codes.filter((c) => c !== 'OK' && c !== 'CONFLICT' && c !== 'SERVICE_UNAVAILABLE')).toEqual([]);
    expect(countOf(codes.map((c) => (c === 'CONFLICT' ? 1 : 0)), 1)).toBeGreaterThan(0);
    expect(await server.prisma.apiToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(MAX_ACTIVE_TOKENS);
  });
});

describe('parallel invitations to one address', () => {
  it('store and mail one invitation; every request answers it, none fails', async () => {
    const user = await buildUser(server.prisma);
    const client = clientFor(server, await sessionCookieFor(server.prisma, user.id));
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.rest('POST', '/invitations', { emails: ['Friend.Race@example.com'] })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((a) => a.body[0].id as string));
    expect(ids.size).toBe(1);
    expect(await server.prisma.invitation.count({ where: { inviterId: user.id } })).toBe(1);
    expect(await server.prisma.outboxEmail.count({ where: { to: 'Friend.Race@example.com', template: 'invitation' } })).toBe(1);
  });
});

describe('parallel deletes of one track', () => {
  it('delete it once; the 19 others answer NOT_FOUND like a second delete', async () => {
    const user = await buildUser(server.prisma);
    const client = clientFor(server, await sessionCookieFor(server.prisma, user.id));
    const created = await client.rest('POST', '/releases', { title: 'Race Release' });
    expect(created.status).toBe(201);
    const up = await client.upload('/track/upload', { releaseId: created.body.id }, { data: wav({ sampleRate: 44_100, bitDepth: 16 }), name: 'Song.wav' });
    expect(up.status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.rest('DELETE', `/track/${up.body.id}`)));
    const statuses = answers.map((a) => a.status);
    expect(countOf(statuses, 204)).toBe(1);
    expect(countOf(statuses, 404)).toBe(19);
    const second = await client.rest('DELETE', `/track/${up.body.id}`);
    for (const loser of answers.filter((a) => a.status === 404)) expect(loser.body).toEqual(second.body);
    expect(await server.prisma.track.count({ where: { releaseId: created.body.id } })).toBe(0);
  });
});

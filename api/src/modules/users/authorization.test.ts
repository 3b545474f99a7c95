/**
 * Two signed-in users: neither can read or change the other's profile, sessions, tokens or
 * invitations through any GraphQL field or REST path. Ids of the other person's rows are tried
 * everywhere an id is accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser } from '../../test/factories.ts';
import { hashPassword } from '../auth/password.ts';
import { TestBrowser } from '../../test/test-browser.ts';

let server: TestServer;
let alice: TestBrowser;
let bob: TestBrowser;
let aliceId: string;
let bobId: string;
let bobTokenId: string;
let bobSessionId: string;

beforeAll(async () => {
  server = await startTestServer();
  const a = await buildUser(server.prisma, { firstName: 'Alice', passwordHash: await hashPassword('Secret123') });
  const b = await buildUser(server.prisma, { firstName: 'Bob', passwordHash: await hashPassword('Secret123') });
  aliceId = a.id;
  bobId = b.id;
  alice = new TestBrowser(server);
  bob = new TestBrowser(server);
  await alice.post('/api/auth/login', { username: a.email, password: 'Secret123' });
  await bob.post('/api/auth/login', { username: b.email, password: 'Secret123' });
  bobTokenId = (await bob.gql(`mutation { createApiToken(input: { name: "bob" }) { apiToken { id } } }`)).data.createApiToken.apiToken.id;
  bobSessionId = (await bob.gql(`{ sessions { id current } }`)).data.sessions.find((s: { current: boolean }) => s.current).id;
  await bob.post('/api/invitations', { emails: ['friend-of-bob@example.com'] });
});
afterAll(async () => {
  await server.close();
});

describe('authorization between two users', () => {
  it('each sees only their own profile, sessions, tokens and invitations', async () => {
    const q = `{ viewer { id firstName } sessions { id } apiTokens { id } invitations { email } }`;
    const a = await alice.gql(q);
    expect(a.data.viewer).toEqual({ id: aliceId, firstName: 'Alice' });
    expect(a.data.sessions.map((s: { id: string }) => s.id)).not.toContain(bobSessionId);
    expect(a.data.apiTokens).toEqual([]);
    expect(a.data.invitations).toEqual([]);
    expect((await alice.get('/api/invitations')).body).toEqual([]);
    expect((await bob.get('/api/invitations')).body.map((i: { email: string }) => i.email)).toEqual(['friend-of-bob@example.com']);
    expect((await alice.get('/api/users/current-user-info')).body.id).toBe(aliceId);
  });

  it("cannot revoke the other's token or session", async () => {
    const t = await alice.gql(`mutation($id: ID!) { revokeApiToken(input: { id: $id }) { apiToken { id } } }`, { id: bobTokenId });
    expect(t.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const s = await alice.gql(`mutation($i: RevokeSessionInput!) { revokeSession(input: $i) { revokedSessionId } }`, { i: { id: bobSessionId } });
    expect(s.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await bob.get('/api/users/current-user-info')).status).toBe(200);
    expect((await server.prisma.apiToken.findUniqueOrThrow({ where: { id: bobTokenId } })).revokedAt).toBeNull();
  });

  it("cannot change the other's profile: no id is accepted, so an injected id is refused", async () => {
    const rest = await alice.put('/api/users/current-user-info', { id: bobId, firstName: 'Mallory' });
    expect(rest.status).toBe(400);
    expect(rest.body.fieldErrors).toContainEqual(expect.objectContaining({ field: 'id', key: 'unknown-field' }));
    const gql = await alice.gql(`mutation { updateProfile(input: { firstName: "Mallory", id: "${bobId}" }) { viewer { id } } }`);
    expect(gql.errors?.length).toBeGreaterThan(0);
    expect((await server.prisma.user.findUniqueOrThrow({ where: { id: bobId } })).firstName).toBe('Bob');
  });

  it('a user cannot use support tools on the other', async () => {
    for (const m of [`mutation { actAsUser(input: { userId: "${bobId}" }) { viewer { id } } }`, `mutation { blockUser(input: { userId: "${bobId}" }) { user { id } } }`, `mutation { unblockUser(input: { userId: "${bobId}" }) { user { id } } }`]) {
      expect((await alice.gql(m)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await server.prisma.user.findUniqueOrThrow({ where: { id: bobId } })).status).toBe('ACTIVE');
  });

  it('signed-out callers get 401 on every account path and UNAUTHENTICATED on every account field', async () => {
    const anon = new TestBrowser(server);
    for (const [method, path] of [
      ['GET', '/api/users/current-user-info'],
      ['PUT', '/api/users/current-user-info'],
      ['GET', '/api/users/check-token'],
      ['POST', '/api/users/verification-email'],
      ['POST', '/api/users/update-email'],
      ['POST', '/api/users/primary-artists'],
      ['DELETE', '/api/users/me'],
      ['GET', '/api/users/tax-status'],
      ['POST', '/api/users/accept-agreement'],
      ['GET', '/api/users/active-subscription'],
      ['GET', '/api/invitations'],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : path.endsWith('update-email') ? { newEmail: 'x@example.com' } : path.endsWith('primary-artists') ? ['A'] : {};
      const res = await anon.request(method, path, body);
      expect([path, res.status]).toEqual([path, 401]);
    }
    const q = await anon.gql(`{ sessions { id } }`);
    expect(q.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await anon.gql(`{ apiTokens { id } }`)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await anon.gql(`{ invitations { id } }`)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await anon.gql(`{ viewer { id } }`)).data.viewer).toBeNull();
  });
});

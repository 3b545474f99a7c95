import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser } from '../../test/factories.ts';
import { hashPassword } from '../auth/password.ts';
import { hashToken } from '../auth/session.service.ts';
import { TestBrowser } from '../../test/test-browser.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('personal API tokens', () => {
  it('are created once, listed without the secret, work as Bearer on both transports, and stop after revocation', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const browser = new TestBrowser(server);
    const signIn = await browser.gql(`mutation($i: SignInInput!) { signIn(input: $i) { viewer { id email } } }`, { i: { username: user.email, password: 'Secret123' } });
    expect(signIn.data.signIn.viewer.email).toBe(user.email);
    expect(browser.cookies.get('cadence_session')).toBeDefined();

    const created = await browser.gql(`mutation { createApiToken(input: { name: "Partner feed" }) { token apiToken { id name prefix revokedAt } } }`);
    const { token, apiToken } = created.data.createApiToken;
    expect(token).toMatch(/^cad_/);
    expect(apiToken).toMatchObject({ name: 'Partner feed', revokedAt: null });
    expect(token.startsWith(apiToken.prefix)).toBe(true);
    const stored = await server.prisma.apiToken.findUniqueOrThrow({ where: { id: apiToken.id } });
    expect(stored.tokenHash).toBe(hashToken(token));

    const list = await browser.gql(`{ apiTokens { id name prefix } }`);
    expect(list.data.apiTokens).toEqual([{ id: apiToken.id, name: 'Partner feed', prefix: apiToken.prefix }]);
    expect(JSON.stringify(list)).not.toContain(token);

    const partner = new TestBrowser(server, { authorization: `Bearer ${token}` });
    const rest = await partner.get('/api/users/current-user-info');
    expect(rest.status).toBe(200);
    expect(rest.body.id).toBe(user.id);
    const gql = await partner.gql(`{ viewer { id email } }`);
    expect(gql.data.viewer).toEqual({ id: user.id, email: user.email });
    // Bearer writes pass the CSRF guard (no cookie involved) even from another origin
    expect((await partner.post('/api/users/tracking', { campaignId: 'c1' }, { origin: 'https://elsewhere.example' })).status).toBe(200);

    const revoked = await browser.gql(`mutation($id: ID!) { revokeApiToken(input: { id: $id }) { apiToken { id revokedAt } } }`, { id: apiToken.id });
    expect(revoked.data.revokeApiToken.apiToken.revokedAt).not.toBeNull();
    expect((await partner.get('/api/users/current-user-info')).status).toBe(401);
    expect((await partner.gql(`{ viewer { id } }`)).data.viewer).toBeNull();
  });

  it('refuses a blank name with a field error', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const browser = new TestBrowser(server);
    await browser.post('/api/auth/login', { username: user.email, password: 'Secret123' });
    const res = await browser.gql(`mutation { createApiToken(input: { name: "  " }) { token } }`);
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'name', key: 'required' }] });
  });
});

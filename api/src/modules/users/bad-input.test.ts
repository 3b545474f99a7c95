/** Bad input gets a 4xx with keys, never a 500; cookie-authenticated cross-site writes are refused. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser } from '../../test/factories.ts';
import { hashPassword } from '../auth/password.ts';
import { TestBrowser } from '../../test/test-browser.ts';

let server: TestServer;
let user: TestBrowser;
beforeAll(async () => {
  server = await startTestServer({ MAX_JSON_BODY_BYTES: '5000' });
  const u = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
  user = new TestBrowser(server);
  await user.post('/api/auth/login', { username: u.email, password: 'Secret123' });
});
afterAll(async () => {
  await server.close();
});

describe('bad input', () => {
  it.each([
    ['/api/auth/login', {}, ['username', 'password']],
    ['/api/auth/login', { username: 5, password: true }, ['username', 'password']],
    ['/api/users', { email: 'a@example.com' }, ['password']],
    ['/api/users', { email: 'a@example.com', password: 'Secret123', birthday: 19900101 }, ['birthday']],
    ['/api/users/reset-password', { email: ['x'] }, ['email']],
    ['/api/users/update-email', { newEmail: null }, ['newEmail']],
    ['/api/users/tracking', { campaignId: 1 }, ['campaignId']],
    ['/api/users/registerBrowserToken', {}, ['token']],
    ['/api/trackWebPushClick', { campaignId: {} }, ['campaignId']],
    ['/api/invitations', { emails: 'a@example.com' }, ['emails']],
    ['/api/captcha/check', { code: 1 }, ['code', 'type']],
    ['/api/logstash/log', { message: 'x' }, ['type']],
    ['/api/users/primary-artists', { primaryArtists: [1] }, ['primaryArtists.0']],
  ])('POST %s %j answers 400 naming the fields', async (path, body, fields) => {
    const res = await user.post(path, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_USER_INPUT');
    const named = (res.body.fieldErrors as { field: string }[]).map((e) => e.field);
    for (const f of fields) expect(named.some((n) => n === f || n.startsWith(`${f}`) || f.startsWith(n))).toBe(true);
  });

  // Found by the fuzz suite: superstruct could not word a failure on these values and answered 500.
  it.each([
    ['/api/auth/login', { username: { toString: null }, password: 'x' }],
    ['/api/users', { email: { toString: null } }],
    ['/api/captcha/check', { id: { valueOf: 1, toString: 1 } }],
    ['/api/captcha/check', { address1: { toString: null } }],
  ])('POST %s %j (an object whose toString is not a function) answers 400', async (path, body) => {
    const res = await user.post(path, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('refuses unknown fields', async () => {
    const res = await user.post('/api/users/tracking', { campaignId: 'c1', evil: true });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([{ field: 'evil', key: 'unknown-field', message: 'Unknown field evil' }]);
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const bad = await user.request('POST', '/api/auth/login', '{"username": ');
    expect(bad.status).toBe(400);
    const big = await user.post('/api/logstash/log', { message: 'x'.repeat(10_000), type: 'error' });
    expect(big.status).toBe(413);
  });

  it('validates values with the spec keys and messages', async () => {
    const anon = new TestBrowser(server);
    const res = await anon.post('/api/users', { email: 'not-an-email', password: 'short', firstName: 'R2D2!', birthday: '13/45/2000' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'email', key: 'email', message: 'Not a valid email' },
        { field: 'password', key: 'password-min-length', message: expect.any(String) },
        { field: 'firstName', key: 'pattern', message: "Allowed letters, space and ',-. symbols" },
        { field: 'birthday', key: 'invalidDate', message: 'Invalid Birth Date' },
      ]),
    );
    const blocked = await anon.post('/api/users', { email: 'a@mailinator.com', password: 'Secret123' });
    expect(blocked.body.fieldErrors).toEqual([{ field: 'email', key: 'not-allowed-domain', message: 'Please use a different email address.' }]);
  });

  it('GraphQL with wrong types answers 400 with an error, never 500', async () => {
    const res = await user.request('POST', '/graphql', { query: `mutation { signIn(input: { username: 5 }) { viewer { id } } }` });
    expect(res.status).toBe(400);
    expect(res.body.errors.length).toBeGreaterThan(0);
    const tracked = await user.gql(`mutation { trackEvent(input: { name: "bad name with spaces" }) { recorded } }`);
    expect(tracked.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('answers an unknown tier with 404 and a known one with the plan', async () => {
    expect((await user.get('/api/tier/NOPE')).status).toBe(404);
    const free = await user.get('/api/tier/free');
    expect(free.status).toBe(200);
    expect(free.body.name).toBe('FREE');
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated POST from a cross-site Origin, and accepts same-site', async () => {
    const cross = await user.post('/api/users/accept-agreement', {}, { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    const form = await user.request('POST', '/api/users/tracking', 'campaignId=c1', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(403);
    const same = await user.post('/api/users/accept-agreement', {}, { origin: server.url });
    expect(same.status).toBe(200);
    expect(same.body.agreementAcceptedAt).not.toBeNull();
  });

  it('GraphQL refuses a simple (non-JSON) cross-site POST', async () => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: user.cookieHeader(), origin: 'https://evil.example' },
      body: JSON.stringify({ query: 'mutation { deleteAccount { deletedUserId } }' }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await user.get('/api/users/current-user-info')).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser } from '../../test/factories.ts';
import { hashPassword } from '../auth/password.ts';
import { TestBrowser, tokenOf } from '../../test/test-browser.ts';
import { redactLinks, REDACTED_QUERY } from '../../integrations/mail/mailer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function signedIn(target: TestServer, email: string): Promise<TestBrowser> {
  const b = new TestBrowser(target);
  expect((await b.post('/api/auth/login', { username: email, password: 'Secret123' })).status).toBe(200);
  return b;
}

const people = async (target: TestServer) => ({
  victim: await buildUser(target.prisma, { passwordHash: await hashPassword('Secret123') }),
  other: await buildUser(target.prisma, { passwordHash: await hashPassword('Secret123') }),
  staff: await buildUser(target.prisma, { role: 'SUPPORT', passwordHash: await hashPassword('Secret123') }),
});

describe('who reads the outbox (development)', () => {
  it('stops the reset-link takeover: anonymous and other users never see the link, only the addressee and staff do', async () => {
    const { victim, other, staff } = await people(server);
    const attacker = new TestBrowser(server);
    // 1. the attacker asks for a reset of the victim's password
    expect((await attacker.post('/api/users/reset-password', { email: victim.email })).status).toBe(200);
    expect(await server.prisma.outboxEmail.count({ where: { to: victim.email, template: 'reset-password' } })).toBe(1);
    // 2. reading the link anonymously is refused, over REST (JSON and HTML) and GraphQL
    const rest = await attacker.get(`/api/dev/outbox?to=${encodeURIComponent(victim.email)}`);
    expect(rest.status).toBe(401);
    expect(JSON.stringify(rest.body)).not.toContain('reset-password?token');
    const html = await fetch(`${server.url}/api/dev/outbox`, { headers: { accept: 'text/html' } });
    expect(html.status).toBe(401);
    expect(await html.text()).not.toContain('token=');
    const gql = await attacker.gql(`{ outbox { to links } }`);
    expect(gql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(gql.data?.outbox ?? null).toBeNull();

    // 3. another signed-in user sees nothing of the victim's mail, filtered or not
    const stranger = await signedIn(server, other.email);
    const filtered = await stranger.get(`/api/dev/outbox?to=${encodeURIComponent(victim.email)}`);
    expect(filtered.status).toBe(200);
    expect(filtered.body).toEqual([]);
    const all = await stranger.gql(`{ outbox(limit: 100) { to links } }`);
    expect(all.data.outbox.filter((m: { to: string }) => m.to.toLowerCase() !== other.email.toLowerCase())).toEqual([]);

    // 4. the victim's password is untouched: the old one still signs in
    await signedIn(server, victim.email);

    // the addressee reads their own mail, with the link
    const owner = await signedIn(server, victim.email);
    const mine = await owner.get('/api/dev/outbox');
    expect(await owner.get('/api/dev/outbox?limit=ten')).toMatchObject({ status: 400, body: { message: 'limit must be a whole number', fieldErrors: [{ field: 'limit', key: 'invalid' }] } });
    expect((await owner.get('/api/dev/outbox?limit=1')).body).toHaveLength(1);
    expect(mine.body.map((m: { to: string }) => m.to)).toEqual([victim.email]);
    expect(new URL(mine.body[0].links[0]).pathname).toBe('/reset-password');

    // staff read every mail
    const agent = await signedIn(server, staff.email);
    const seen = await agent.gql(`{ outbox(limit: 100) { to template links } }`);
    const tos = new Set(seen.data.outbox.map((m: { to: string }) => m.to));
    expect(tos.has(victim.email)).toBe(true);
    expect(tokenOf(seen.data.outbox.find((m: { to: string }) => m.to === victim.email).links[0])).not.toBe('');
  });

  it('is refused to support acting as a user, so acting never reveals the person\'s links', async () => {
    const { victim, staff } = await people(server);
    const agent = await signedIn(server, staff.email);
    expect((await agent.gql(`mutation($i: ActAsUserInput!) { actAsUser(input: $i) { viewer { id } } }`, { i: { userId: victim.id } })).errors).toBeUndefined();
    const res = await agent.get('/api/dev/outbox');
    expect(res.status).toBe(403);
    expect((await agent.gql(`{ outbox { to } }`)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('the outbox in production', () => {
  it('is 404 to everyone but staff, and shows staff no live token; the stored copy has none either', async () => {
    const prod = await startTestServer({ PRODUCTION: 'true', SIGNUP_CAPTCHA: 'false' });
    try {
      const { victim, staff } = await people(prod);
      expect((await new TestBrowser(prod).post('/api/users/reset-password', { email: victim.email })).status).toBe(200);
      expect((await new TestBrowser(prod).get('/api/dev/outbox')).status).toBe(404);
      const owner = await signedIn(prod, victim.email);
      expect((await owner.get('/api/dev/outbox')).status).toBe(404);
      const agent = await signedIn(prod, staff.email);
      const list = await agent.get(`/api/dev/outbox?to=${encodeURIComponent(victim.email)}`);
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(1);
      expect(list.body[0].text).not.toMatch(/token=/);
      expect(list.body[0].links[0]).toMatch(/\/reset-password\?redacted$/);
      const stored = await prod.prisma.outboxEmail.findFirstOrThrow({ where: { to: victim.email } });
      expect(stored.text).not.toMatch(/token=/);
    } finally {
      await prod.close();
    }
  });
});

describe('redactLinks', () => {
  it.each([
    ['Open https://x.test/reset-password?token=abc.def now', `Open https://x.test/reset-password${REDACTED_QUERY} now`],
    ['http://127.0.0.1:4000/captcha?unlock=x%2Fy&z=1', `http://127.0.0.1:4000/captcha${REDACTED_QUERY}`],
    ['<a href="https://x.test/verify-email?token=t">go</a>', `<a href="https://x.test/verify-email${REDACTED_QUERY}">go</a>`],
    ['no query: https://x.test/ stays', 'no query: https://x.test/ stays'],
  ])('%s', (input, expected) => {
    expect(redactLinks(input)).toBe(expected);
  });
});

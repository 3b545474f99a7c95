import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser } from '../../test/factories.ts';
import { hashPassword } from '../auth/password.ts';
import { TestBrowser } from '../../test/test-browser.ts';

let server: TestServer;
let browser: TestBrowser;
let userId: string;
beforeAll(async () => {
  server = await startTestServer();
  const u = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
  userId = u.id;
  browser = new TestBrowser(server);
  await browser.post('/api/auth/login', { username: u.email, password: 'Secret123' });
});
afterAll(async () => {
  await server.close();
});

describe('tracking, web push and client logs', () => {
  it('records marketing attribution, events, push tokens, push clicks and log lines for the viewer', async () => {
    expect((await browser.post('/api/users/tracking', { campaignId: 'spring-24', templateId: 't-9' })).status).toBe(200);
    expect((await browser.post('/api/users/track-event/release_created', { properties: { step: 2 } })).status).toBe(200);
    expect((await browser.post('/api/users/registerBrowserToken', { token: 'push-token-1' })).status).toBe(200);
    expect((await browser.post('/api/trackWebPushClick', { campaignId: 'push-7' })).status).toBe(200);
    expect((await browser.post('/api/logstash/log', { message: 'boom', type: 'GLOBAL_ERROR' })).status).toBe(204);
    const g = await browser.gql(`mutation { trackEvent(input: { name: "settings_opened" }) { recorded } clientLog(input: { message: "hi", type: "info" }) { recorded } trackMarketing(input: { campaignId: "c2" }) { recorded } }`);
    expect(g.data).toEqual({ trackEvent: { recorded: true }, clientLog: { recorded: true }, trackMarketing: { recorded: true } });

    expect(await server.prisma.marketingTracking.findFirst({ where: { userId, campaignId: 'spring-24' } })).toMatchObject({ templateId: 't-9' });
    expect((await server.prisma.trackedEvent.findMany({ where: { userId } })).map((e) => e.eventName).sort()).toEqual(['release_created', 'settings_opened']);
    expect(await server.prisma.webPushToken.findUnique({ where: { token: 'push-token-1' } })).toMatchObject({ userId });
    expect(await server.prisma.webPushClick.count({ where: { userId, campaignId: 'push-7' } })).toBe(1);
    expect(await server.prisma.clientLog.count({ where: { userId } })).toBe(2);
  });

  it('lets visitors send marketing, push clicks and logs but not events or push tokens', async () => {
    const anon = new TestBrowser(server);
    expect((await anon.post('/api/users/tracking', { campaignId: 'visitor' })).status).toBe(200);
    expect((await anon.post('/api/trackWebPushClick', { campaignId: 'visitor' })).status).toBe(200);
    expect((await anon.post('/api/logstash/log', { message: 'x', type: 'warn' })).status).toBe(204);
    expect((await anon.post('/api/users/track-event/x')).status).toBe(401);
    expect((await anon.post('/api/users/registerBrowserToken', { token: 'x' })).status).toBe(401);
    expect((await anon.post('/api/logstash/log', { message: 'x', type: 'lowercase tag' })).status).toBe(400);
  });
});

describe('invitations and the outbox', () => {
  it('mails each new address once and shows the mail in the local outbox', async () => {
    const res = await browser.post('/api/invitations', { emails: ['Pal@Example.com', 'pal@example.com', 'second@example.com'] });
    expect(res.status).toBe(200);
    expect(res.body.map((i: { email: string }) => i.email)).toEqual(['Pal@Example.com', 'second@example.com']);
    const again = await browser.post('/api/invitations', { emails: ['pal@example.com'] });
    expect(again.body).toHaveLength(1);
    expect(await server.prisma.outboxEmail.count({ where: { template: 'invitation', to: { in: ['Pal@Example.com', 'pal@example.com'] } } })).toBe(1);
    const bad = await browser.post('/api/invitations', { emails: ['ok@example.com', 'nope'] });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual([{ field: 'emails.1', key: 'email', message: 'Not a valid email' }]);

    // the inviter is not the addressee: the invitee's mail is not theirs to read; staff read it
    expect((await browser.gql(`{ outbox(to: "second@example.com") { to } }`)).data.outbox).toEqual([]);
    const staff = await buildUser(server.prisma, { role: 'SUPPORT', passwordHash: await hashPassword('Secret123') });
    const agent = new TestBrowser(server);
    expect((await agent.post('/api/auth/login', { username: staff.email, password: 'Secret123' })).status).toBe(200);
    const outbox = await agent.gql(`{ outbox(to: "second@example.com") { to subject template links } }`);
    expect(outbox.data.outbox).toEqual([{ to: 'second@example.com', subject: expect.stringContaining('invited you'), template: 'invitation', links: [expect.stringMatching(/^http:\/\//)] }]);
    const page = await fetch(`${server.url}/api/dev/outbox?to=second%40example.com`, { headers: { accept: 'text/html', cookie: agent.cookieHeader() } });
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<a href="/">');
  });

  it('is not available in production', async () => {
    const prod = await startTestServer({ PRODUCTION: 'true' });
    try {
      const res = await fetch(`${prod.url}/api/dev/outbox`);
      expect(res.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('sessions', () => {
  it("lists the viewer's sessions and revokes another of them", async () => {
    const u = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const laptop = new TestBrowser(server, { 'user-agent': 'Laptop' });
    const phone = new TestBrowser(server, { 'user-agent': 'Phone' });
    await laptop.post('/api/auth/login', { username: u.email, password: 'Secret123' });
    await phone.post('/api/auth/login', { username: u.email, password: 'Secret123' });
    const list = await laptop.gql(`{ sessions { id current userAgent } }`);
    expect(list.data.sessions).toHaveLength(2);
    const other = list.data.sessions.find((s: { current: boolean }) => !s.current);
    expect(other.userAgent).toBe('Phone');
    expect((await laptop.gql(`mutation($i: RevokeSessionInput!) { revokeSession(input: $i) { revokedSessionId } }`, { i: { id: other.id } })).data.revokeSession.revokedSessionId).toBe(other.id);
    expect((await phone.get('/api/users/current-user-info')).status).toBe(401);
    expect((await laptop.get('/api/users/current-user-info')).status).toBe(200);
  });
});

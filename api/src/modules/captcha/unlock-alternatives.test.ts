import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { TestBrowser, latestLink } from '../../test/test-browser.ts';
import { hashToken } from '../auth/session.service.ts';
import { hashPassword } from '../auth/password.ts';
import { solveAltcha } from './__test-support__/captcha-kit.ts';
import { CAPTCHA_ALGORITHM } from './captcha.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ CAPTCHA_COST: '1' });
});
afterAll(async () => {
  await server.close();
});

const lockedUser = () => buildUser(server.prisma, { isLocked: true, lockedAt: new Date(), failedSignInCount: 5 });
const isLocked = async (id: string) => (await server.prisma.user.findUniqueOrThrow({ where: { id }, select: { isLocked: true } })).isLocked;

/** A browser signed in as the user (a locked user keeps a session made before the lock). */
async function signedIn(userId: string): Promise<TestBrowser> {
  const browser = new TestBrowser(server);
  const [name, value] = (await sessionCookieFor(server.prisma, userId)).split('=') as [string, string];
  browser.cookies.set(name, value);
  return browser;
}

const unlockMails = (to: string) => server.prisma.outboxEmail.count({ where: { to, template: 'unlock-account' } });
const unlockTokenOf = (link: string) => new URL(link).searchParams.get('unlock') ?? '';

describe('the proof-of-work challenge for a locked account', () => {
  it('REST: a signed-in locked user posts the solved challenge to /api/captcha/check {code, type} and is unlocked, once', async () => {
    const user = await lockedUser();
    const browser = await signedIn(user.id);
    const challenge = await browser.get('/api/captcha/challenge?type=unlock');
    expect(challenge.body.parameters).toMatchObject({ algorithm: CAPTCHA_ALGORITHM, cost: server.config.captchaCost, data: { purpose: 'unlock' } });
    // the answer does not travel with the challenge: only a signature of the key it leads to
    expect(JSON.stringify(challenge.body)).not.toMatch(/counter/);
    const code = await solveAltcha(challenge.body);
    const right = await browser.post('/api/captcha/check', { code, type: 'unlock' });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ solved: true, unlocked: true });
    expect(await isLocked(user.id)).toBe(false);
    const audit = await server.prisma.auditEvent.findFirstOrThrow({ where: { userId: user.id, subcategory: 'ACCOUNT_UNLOCKED' } });
    expect(audit.newValues).toEqual({ isLocked: false, method: 'captcha' });
    const reused = await browser.post('/api/captcha/check', { code, type: 'unlock' });
    expect(reused.status).toBe(400);
    expect(reused.body.key).toBe('captcha-expired');
  });

  it('refuses an unknown type and the legacy fields of the retired picture', async () => {
    const browser = new TestBrowser(server);
    const unknown = await browser.get('/api/captcha/challenge?type=other');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ code: 'BAD_USER_INPUT', message: 'type must be unlock or signup', fieldErrors: [{ field: 'type', key: 'invalid', message: 'type must be unlock or signup' }] });
    expect((await browser.get('/api/captcha/challenge?type=unlock&type=signup')).status).toBe(400);
    const legacy = await browser.post('/api/captcha/check', { code: 'K7QX3', type: 'unlock', challengeId: 'x' });
    expect(legacy.status).toBe(400);
    expect(legacy.body.fieldErrors).toEqual([{ field: 'challengeId', key: 'unknown-field', message: 'Unknown field challengeId' }]);
  });
});

describe('the mailed unlock link', () => {
  it('REST: mails a link to /captcha?unlock= for a locked account and answers the same for any other address', async () => {
    const user = await lockedUser();
    const unlocked = await buildUser(server.prisma);
    const browser = new TestBrowser(server);

    const answers = await Promise.all(
      [user.email.toUpperCase(), unlocked.email, 'nobody-here@example.com'].map((username) => browser.post('/api/captcha/unlock-link', { username })),
    );
    for (const answer of answers) expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { success: true } });
    expect(await unlockMails(unlocked.email)).toBe(0);
    expect(await unlockMails('nobody-here@example.com')).toBe(0);
    expect(await unlockMails(user.email)).toBe(1);

    const link = await latestLink(server, user.email, 'unlock-account');
    expect(link).toMatch(new RegExp(`^${server.config.publicUrl}/captcha\\?unlock=`));
    const token = unlockTokenOf(link);
    const row = await server.prisma.emailToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    expect(row).toMatchObject({ userId: user.id, kind: 'UNLOCK_ACCOUNT', usedAt: null });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(3600_000 + 1000);

    const opened = await browser.post('/api/captcha/unlock', { token });
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ success: true });
    expect(await isLocked(user.id)).toBe(false);
    const audit = await server.prisma.auditEvent.findFirstOrThrow({ where: { userId: user.id, subcategory: 'ACCOUNT_UNLOCKED' } });
    expect(audit.newValues).toEqual({ isLocked: false, method: 'email-link' });

    const reused = await browser.post('/api/captcha/unlock', { token });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ key: 'token-invalid', message: 'This link has expired or was already used.' });
  });

  it('always gets the owner in: after the link, the password alone signs in', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const stranger = new TestBrowser(server, { 'x-forwarded-for': '198.51.100.7' });
    for (let i = 0; i < 8; i += 1) await stranger.post('/api/auth/login', { username: user.email, password: 'Wrong1abc' });
    expect(await isLocked(user.id)).toBe(true);
    const owner = new TestBrowser(server, { 'x-forwarded-for': '198.51.100.8' });
    expect((await owner.post('/api/auth/login', { username: user.email, password: 'Secret123' })).status).toBe(423);
    await owner.post('/api/captcha/unlock-link', { username: user.email });
    expect((await owner.post('/api/captcha/unlock', { token: unlockTokenOf(await latestLink(server, user.email, 'unlock-account')) })).status).toBe(200);
    expect((await owner.post('/api/auth/login', { username: user.email, password: 'Secret123' })).status).toBe(200);
  });

  it('GraphQL: a signed-in locked viewer asks without a username and opens the link', async () => {
    const user = await lockedUser();
    const browser = await signedIn(user.id);
    const asked = await browser.gql(`mutation { requestUnlockLink(input: {}) { requested } }`);
    expect(asked).toEqual({ data: { requestUnlockLink: { requested: true } } });
    const token = unlockTokenOf(await latestLink(server, user.email, 'unlock-account'));
    const unlock = `mutation($token: String!) { unlockAccount(input: { token: $token }) { unlocked } }`;
    expect((await browser.gql(unlock, { token })).data).toEqual({ unlockAccount: { unlocked: true } });
    expect((await browser.get('/api/users/check-token')).body).toEqual({ valid: true });
    const reused = await browser.gql(unlock, { token });
    expect(reused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'token-invalid' });
  });

  it('refuses an expired link, and a newer link voids the older one', async () => {
    const user = await lockedUser();
    const browser = new TestBrowser(server);
    await browser.post('/api/captcha/unlock-link', { username: user.email });
    const first = unlockTokenOf(await latestLink(server, user.email, 'unlock-account'));
    await server.prisma.emailToken.update({ where: { tokenHash: hashToken(first) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await browser.gql(`mutation($token: String!) { unlockAccount(input: { token: $token }) { unlocked } }`, { token: first });
    expect(expired.errors?.[0]?.extensions).toMatchObject({ key: 'token-invalid' });
    expect(await isLocked(user.id)).toBe(true);

    await browser.post('/api/captcha/unlock-link', { username: user.email });
    const second = unlockTokenOf(await latestLink(server, user.email, 'unlock-account'));
    await browser.post('/api/captcha/unlock-link', { username: user.email });
    const third = unlockTokenOf(await latestLink(server, user.email, 'unlock-account'));
    expect((await browser.post('/api/captcha/unlock', { token: second })).body.key).toBe('token-invalid');
    expect((await browser.post('/api/captcha/unlock', { token: third })).status).toBe(200);
    expect(await isLocked(user.id)).toBe(false);
  });

  it("another user's link neither unlocks the signed-in viewer nor gets used up", async () => {
    const owner = await lockedUser();
    const other = await lockedUser();
    await new TestBrowser(server).post('/api/captcha/unlock-link', { username: owner.email });
    const token = unlockTokenOf(await latestLink(server, owner.email, 'unlock-account'));

    const otherBrowser = await signedIn(other.id);
    const rest = await otherBrowser.post('/api/captcha/unlock', { token });
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ key: 'token-other-account', message: 'This link is for another account. Sign out, then open it again.' });
    const gql = await otherBrowser.gql(`mutation($token: String!) { unlockAccount(input: { token: $token }) { unlocked } }`, { token });
    expect(gql.errors?.[0]?.extensions).toMatchObject({ key: 'token-other-account' });
    expect(await isLocked(other.id)).toBe(true);
    expect(await isLocked(owner.id)).toBe(true);

    // an unlock link is not a password-reset or verification token either
    await server.prisma.emailToken.update({ where: { tokenHash: hashToken(token) }, data: { kind: 'RESET_PASSWORD' } });
    expect((await new TestBrowser(server).post('/api/captcha/unlock', { token })).body.key).toBe('token-invalid');
    await server.prisma.emailToken.update({ where: { tokenHash: hashToken(token) }, data: { kind: 'UNLOCK_ACCOUNT' } });

    expect((await new TestBrowser(server).post('/api/captcha/unlock', { token })).status).toBe(200);
    expect(await isLocked(owner.id)).toBe(false);
    expect(await isLocked(other.id)).toBe(true);
  });

  it('limits sending to five an hour per account, over both transports', async () => {
    const user = await lockedUser();
    const browser = new TestBrowser(server);
    for (let i = 0; i < 3; i += 1) expect((await browser.post('/api/captcha/unlock-link', { username: user.email })).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await browser.gql(`mutation($u: String) { requestUnlockLink(input: { username: $u }) { requested } }`, { u: user.email })).data.requestUnlockLink.requested).toBe(true);
    const sixth = await browser.post('/api/captcha/unlock-link', { username: user.email });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    const seventh = await browser.gql(`mutation($u: String) { requestUnlockLink(input: { username: $u }) { requested } }`, { u: user.email });
    expect(seventh.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(await unlockMails(user.email)).toBe(5);
  });

  it('limits link attempts per client address, so tokens cannot be guessed at speed', async () => {
    const guesser = new TestBrowser(server, { 'x-forwarded-for': '198.51.100.66' });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await guesser.post('/api/captcha/unlock', { token: `guess-${i}-0123456789` })).status);
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(400));
    expect(statuses[60]).toBe(429);
    // every mail-link path shares the limit
    expect((await guesser.post('/api/users/verify-email', { token: 'guess-x-0123456789' })).status).toBe(429);
  });

  it('answers bad input with a 400, never a 500', async () => {
    const browser = new TestBrowser(server);
    const missing = await browser.post('/api/captcha/unlock-link', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual([{ field: 'username', key: 'required', message: 'username is required' }]);
    const malformed = await browser.post('/api/captcha/unlock-link', { username: 'not-an-email' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fieldErrors[0].field).toBe('username');
    expect((await browser.post('/api/captcha/unlock-link', { username: 'a@example.com', extra: 1 })).body.fieldErrors).toEqual([
      { field: 'extra', key: 'unknown-field', message: 'Unknown field extra' },
    ]);
    expect((await browser.post('/api/captcha/unlock', {})).status).toBe(400);
    expect((await browser.post('/api/captcha/unlock', { token: 42 })).status).toBe(400);
    expect((await browser.post('/api/captcha/unlock', { token: 'short' })).body.key).toBe('token-invalid');
    const gql = await browser.gql(`mutation { requestUnlockLink(input: {}) { requested } }`);
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

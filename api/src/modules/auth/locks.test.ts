import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser } from '../../test/factories.ts';
import { hashPassword } from './password.ts';
import { TestBrowser } from '../../test/test-browser.ts';
import { hit } from '../rate-limit/rate-limit.service.ts';
import { solveAltcha, tamperAltcha } from '../captcha/__test-support__/captcha-kit.ts';
import { CAPTCHA_ALGORITHM, captchaSecrets } from '../captcha/captcha.service.ts';

let server: TestServer;
beforeAll(async () => {
  // A cheap proof of work keeps the suite fast; the protocol is the production one.
  server = await startTestServer({ CAPTCHA_COST: '1' });
});
afterAll(async () => {
  await server.close();
});

/** A browser at its own client address (the test server trusts X-Forwarded-For from loopback). */
let addresses = 0;
function browserAt(): TestBrowser {
  addresses += 1;
  return new TestBrowser(server, { 'x-forwarded-for': `203.0.113.${addresses % 250}` });
}

async function solved(browser: TestBrowser, type: 'unlock' | 'signup' = 'unlock'): Promise<string> {
  const challenge = await browser.get(`/api/captcha/challenge?type=${type}`);
  expect(challenge.status).toBe(200);
  return solveAltcha(challenge.body);
}

async function lock(email: string): Promise<void> {
  const stranger = browserAt();
  for (let i = 1; i <= 5; i += 1) await stranger.post('/api/auth/login', { username: email, password: `Wrong${i}abc` });
}

describe('locks after failed sign-ins and the captcha', () => {
  it('locks after 5 wrong passwords and refuses the right one alone; the password with a solved challenge gets the owner in', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const stranger = browserAt();
    for (let i = 1; i <= 4; i += 1) {
      expect((await stranger.post('/api/auth/login', { username: user.email, password: `Wrong${i}abc` })).status).toBe(401);
    }
    const fifth = await stranger.post('/api/auth/login', { username: user.email, password: 'Wrong5abc' });
    expect(fifth.status).toBe(423);
    expect(fifth.body).toMatchObject({ status: 'locked', code: 'LOCKED' });
    expect(await server.prisma.auditEvent.count({ where: { userId: user.id, subcategory: 'ACCOUNT_LOCKED' } })).toBe(1);

    const owner = browserAt();
    const right = await owner.post('/api/auth/login', { username: user.email, password: 'Secret123' });
    expect(right.status).toBe(423);
    expect(right.body.status).toBe('locked');
    expect(owner.cookies.get('cadence_session')).toBeUndefined();

    // signed out, a solved challenge alone unlocks nothing: a stranger could pay for it too
    const alone = await stranger.post('/api/captcha/check', { code: await solved(stranger), type: 'unlock' });
    expect(alone.status).toBe(200);
    expect(alone.body).toEqual({ solved: true, unlocked: false });
    expect((await server.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).isLocked).toBe(true);

    // a wrong password with a solved challenge is only a failure; the account stays locked
    const guess = await stranger.post('/api/auth/login', { username: user.email, password: 'Wrong6abc', captchaCode: await solved(stranger) });
    expect(guess.status).toBe(401);
    expect((await server.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).isLocked).toBe(true);

    // a forged solution is refused before the password is looked at
    const forged = await owner.post('/api/auth/login', { username: user.email, password: 'Secret123', captchaCode: tamperAltcha(await solved(owner)) });
    expect(forged.status).toBe(400);
    expect(forged.body.key).toBe('captcha-mismatch');

    const code = await solved(owner);
    const back = await owner.post('/api/auth/login', { username: user.email, password: 'Secret123', captchaCode: code });
    expect(back.status).toBe(200);
    expect(back.body.isLocked).toBe(false);
    expect(owner.cookies.get('cadence_session')).toBeDefined();
    expect(await server.prisma.auditEvent.count({ where: { userId: user.id, subcategory: 'ACCOUNT_UNLOCKED' } })).toBe(1);
    // a solution is taken once
    const replay = await browserAt().post('/api/auth/login', { username: user.email, password: 'Secret123', captchaCode: code });
    expect(replay.status).toBe(200); // no longer locked: the challenge is not even asked for
    await lock(user.email);
    const replayed = await browserAt().post('/api/auth/login', { username: user.email, password: 'Secret123', captchaCode: code });
    expect(replayed.status).toBe(400);
    expect(replayed.body.key).toBe('captcha-expired');
  });

  it('the same works over GraphQL: LOCKED, then signIn with captchaCode', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    await lock(user.email);
    const owner = browserAt();
    const signIn = `mutation($i: SignInInput!) { signIn(input: $i) { viewer { id isLocked } } }`;
    const refused = await owner.gql(signIn, { i: { username: user.email, password: 'Secret123' } });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'LOCKED', status: 'locked' });
    const challenge = await owner.gql(`mutation { createCaptchaChallenge(input: { type: UNLOCK }) { challenge { altcha expiresAt } } }`);
    const code = await solveAltcha(JSON.parse(challenge.data.createCaptchaChallenge.challenge.altcha));
    const ok = await owner.gql(signIn, { i: { username: user.email, password: 'Secret123', captchaCode: code } });
    expect(ok.data.signIn.viewer).toEqual({ id: user.id, isLocked: false });
  });

  it('refuses expired, other-purpose and garbage solutions', async () => {
    const browser = browserAt();
    const signup = await solved(browser, 'signup');
    const wrongPurpose = await browser.post('/api/captcha/check', { code: signup, type: 'unlock' });
    expect(wrongPurpose.status).toBe(400);
    expect(wrongPurpose.body.key).toBe('captcha-mismatch');
    for (const code of ['', 'not base64 at all', Buffer.from('{"challenge":1}').toString('base64'), 'A'.repeat(10_000)]) {
      const res = await browser.post('/api/captcha/check', { code, type: 'unlock' });
      expect(res.status).toBe(400);
      expect(res.body.key).toBe('captcha-mismatch');
    }
    // an expired challenge, signed by the server's own key: refused even though solved
    const { signature, key } = await captchaSecrets(server.prisma);
    const expired = await createChallenge({
      algorithm: CAPTCHA_ALGORITHM, cost: 1, counter: 10, deriveKey, data: { purpose: 'unlock' },
      expiresAt: new Date(Date.now() - 1000), hmacSignatureSecret: signature, hmacKeySignatureSecret: key,
    });
    const late = await browser.post('/api/captcha/check', { code: await solveAltcha(expired), type: 'unlock' });
    expect(late.status).toBe(400);
    expect(late.body.key).toBe('captcha-expired');
  });

  it('limits challenges issued per client address, and stores nothing when issuing', async () => {
    const browser = browserAt();
    const before = await server.prisma.usedCaptchaChallenge.count();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await browser.get('/api/captcha/challenge?type=signup')).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect(await server.prisma.usedCaptchaChallenge.count()).toBe(before);
  });

  it("a signed-in user whose account gets locked sees check-token status 'locked' and unlocks with a captcha over GraphQL", async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const browser = browserAt();
    await browser.post('/api/auth/login', { username: user.email, password: 'Secret123' });
    expect((await browser.get('/api/users/check-token')).body).toEqual({ valid: true });
    await server.prisma.user.update({ where: { id: user.id }, data: { isLocked: true } });
    expect((await browser.get('/api/users/check-token')).body).toEqual({ valid: true, status: 'locked' });
    const q = await browser.gql(`mutation { createCaptchaChallenge(input: { type: UNLOCK }) { challenge { altcha } } }`);
    const res = await browser.gql(`mutation($code: String!) { solveCaptcha(input: { code: $code, type: UNLOCK }) { solved unlocked } }`, {
      code: await solveAltcha(JSON.parse(q.data.createCaptchaChallenge.challenge.altcha)),
    });
    expect(res.data.solveCaptcha).toEqual({ solved: true, unlocked: true });
    expect((await browser.get('/api/users/check-token')).body).toEqual({ valid: true });
    expect((await new TestBrowser(server).get('/api/users/check-token')).status).toBe(401);
  });

  it('locks unknown addresses the same way (no hint whether an account exists)', async () => {
    const browser = browserAt();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await browser.post('/api/auth/login', { username: 'nobody-at-all@example.com', password: 'Wrong1abc' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 423, 423]);
    const challenged = await browser.post('/api/auth/login', { username: 'nobody-at-all@example.com', password: 'Wrong1abc', captchaCode: await solved(browser) });
    expect(challenged.status).toBe(401);
  });

  it('refuses blocked and super_blocked accounts with a status the client maps to /disabled', async () => {
    const blocked = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123'), status: 'BLOCKED' });
    const superBlocked = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123'), status: 'SUPER_BLOCKED' });
    const browser = new TestBrowser(server);
    const a = await browser.post('/api/auth/login', { username: blocked.email, password: 'Secret123' });
    expect(a.status).toBe(403);
    expect(a.body).toMatchObject({ status: 'blocked', message: "Sorry, we're unable to process your request at this time." });
    const b = await browser.gql(`mutation { signIn(input: { username: "${superBlocked.email}", password: "Secret123" }) { viewer { id } } }`);
    expect(b.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 'super_blocked' });
    expect(browser.cookies.get('cadence_session')).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('does not count successful sign-ins', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const browser = new TestBrowser(server);
    for (let i = 0; i < 12; i += 1) expect((await browser.post('/api/auth/login', { username: user.email, password: 'Secret123' })).status).toBe(200);
  });

  it('counts concurrent attempts exactly (one shared bucket, atomic increments)', async () => {
    const rule = { limit: 100, windowMs: 60_000 };
    const counts = await Promise.all(Array.from({ length: 20 }, () => hit(server.prisma, 'test:concurrency', rule)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('failures from anywhere never keep the owner out: no per-account hard limit, the password with a challenge always works', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    for (let i = 0; i < 30; i += 1) {
      const status = (await browserAt().post('/api/auth/login', { username: user.email, password: 'Wrong1abc' })).status;
      expect([401, 423]).toContain(status);
    }
    const owner = browserAt();
    expect((await owner.post('/api/auth/login', { username: user.email, password: 'Secret123' })).status).toBe(423);
    expect((await owner.post('/api/auth/login', { username: user.email, password: 'Secret123', captchaCode: await solved(owner) })).status).toBe(200);
  });

  it('answers 429 after 50 failed attempts from one address across accounts', async () => {
    const browser = browserAt();
    let last = 0;
    for (let i = 0; i < 60 && last !== 429; i += 1) {
      last = (await browser.post('/api/auth/login', { username: `spray${i}@example.com`, password: 'Wrong1abc' })).status;
    }
    expect(last).toBe(429);
    const gql = await browser.gql(`mutation { signIn(input: { username: "another@example.com", password: "x" }) { viewer { id } } }`);
    expect(gql.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser } from '../../test/factories.ts';
import { hashPassword } from './password.ts';
import { TestBrowser } from '../users/test-browser.ts';
import { hit } from '../rate-limit/rate-limit.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ CAPTCHA_TEST_ANSWER: ANSWER });
});
afterAll(async () => {
  await server.close();
});

/** The server draws this fixed answer (test configuration); the image itself must not give it away. */
const ANSWER = 'K7QX3';
function answerOf(svg: string): string {
  expect(svg).not.toMatch(/<text|K7QX3/);
  return ANSWER;
}

describe('locks after failed sign-ins and the captcha', () => {
  it('locks after 5 wrong passwords, refuses even the right one, and a solved captcha unlocks', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const browser = new TestBrowser(server);
    for (let i = 1; i <= 4; i += 1) {
      expect((await browser.post('/api/auth/login', { username: user.email, password: `Wrong${i}abc` })).status).toBe(401);
    }
    const fifth = await browser.post('/api/auth/login', { username: user.email, password: 'Wrong5abc' });
    expect(fifth.status).toBe(423);
    expect(fifth.body).toMatchObject({ status: 'locked', code: 'LOCKED' });
    const right = await browser.post('/api/auth/login', { username: user.email, password: 'Secret123' });
    expect(right.status).toBe(423);
    expect(right.body.status).toBe('locked');
    expect(browser.cookies.get('cadence_session')).toBeUndefined();
    expect(await server.prisma.auditEvent.count({ where: { userId: user.id, subcategory: 'ACCOUNT_LOCKED' } })).toBe(1);

    const challenge = await browser.get('/api/captcha/challenge?type=unlock');
    expect(challenge.status).toBe(200);
    expect(challenge.body.svg).toMatch(/^<svg /);
    const stored = await server.prisma.captchaChallenge.findUniqueOrThrow({ where: { id: challenge.body.id } });
    expect(stored.answerHash).not.toContain(answerOf(challenge.body.svg));
    const wrong = await browser.post('/api/captcha/check', { code: 'ZZZZZ', type: 'unlock', username: user.email });
    expect(wrong.status).toBe(400);
    expect(wrong.body.key).toBe('captcha-mismatch');
    const solved = await browser.post('/api/captcha/check', { code: answerOf(challenge.body.svg).toLowerCase(), type: 'unlock', username: user.email });
    expect(solved.status).toBe(200);
    expect(solved.body.solved).toBe(true);
    // a challenge answers once
    expect((await browser.post('/api/captcha/check', { code: answerOf(challenge.body.svg), type: 'unlock', username: user.email })).status).toBe(400);

    const back = await browser.post('/api/auth/login', { username: user.email, password: 'Secret123' });
    expect(back.status).toBe(200);
    expect(back.body.isLocked).toBe(false);
  });

  it("a signed-in user whose account gets locked sees check-token status 'locked' and unlocks with a captcha over GraphQL", async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const browser = new TestBrowser(server);
    await browser.post('/api/auth/login', { username: user.email, password: 'Secret123' });
    expect((await browser.get('/api/users/check-token')).body).toEqual({ valid: true });
    await server.prisma.user.update({ where: { id: user.id }, data: { isLocked: true } });
    expect((await browser.get('/api/users/check-token')).body).toEqual({ valid: true, status: 'locked' });
    const q = await browser.gql(`mutation { createCaptchaChallenge(type: "unlock") { id svg } }`);
    const res = await browser.gql(`mutation($id: ID!, $code: String!) { solveCaptcha(id: $id, code: $code, type: "unlock") { solved unlocked } }`, {
      id: q.data.createCaptchaChallenge.id,
      code: answerOf(q.data.createCaptchaChallenge.svg),
    });
    expect(res.data.solveCaptcha).toEqual({ solved: true, unlocked: true });
    expect((await browser.get('/api/users/check-token')).body).toEqual({ valid: true });
    expect((await new TestBrowser(server).get('/api/users/check-token')).status).toBe(401);
  });

  it('locks unknown addresses the same way (no hint whether an account exists)', async () => {
    const browser = new TestBrowser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await browser.post('/api/auth/login', { username: 'nobody-at-all@example.com', password: 'Wrong1abc' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 423, 423]);
  });

  it('refuses blocked and super_blocked accounts with a status the client maps to /disabled', async () => {
    const blocked = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123'), status: 'BLOCKED' });
    const superBlocked = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123'), status: 'SUPER_BLOCKED' });
    const browser = new TestBrowser(server);
    const a = await browser.post('/api/auth/login', { username: blocked.email, password: 'Secret123' });
    expect(a.status).toBe(403);
    expect(a.body).toMatchObject({ status: 'blocked', message: "Sorry, we're unable to process your request at this time." });
    const b = await browser.gql(`mutation { signIn(input: { username: "${superBlocked.email}", password: "Secret123" }) { id } }`);
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

  it('answers 429 after 10 failed attempts on one account within the window', async () => {
    const browser = new TestBrowser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await browser.post('/api/auth/login', { username: 'limited@example.com', password: 'Wrong1abc' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401 || s === 423)).toBe(true);
    expect(statuses[10]).toBe(429);
    const last = await browser.post('/api/auth/login', { username: 'limited@example.com', password: 'Wrong1abc' });
    expect(last.body.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    const bucket = await server.prisma.rateLimitBucket.findFirstOrThrow({ where: { key: 'signin:email:limited@example.com' } });
    expect(bucket.count).toBe(10);
  });

  it('answers 429 after 50 failed attempts from one address across accounts', async () => {
    const browser = new TestBrowser(server);
    let last = 0;
    for (let i = 0; i < 60 && last !== 429; i += 1) {
      last = (await browser.post('/api/auth/login', { username: `spray${i}@example.com`, password: 'Wrong1abc' })).status;
    }
    expect(last).toBe(429);
    const gql = await browser.gql(`mutation { signIn(input: { username: "another@example.com", password: "x" }) { id } }`);
    expect(gql.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });
});

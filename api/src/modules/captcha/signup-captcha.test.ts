import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestBrowser, signUpBody } from '../users/test-browser.ts';

/** The server draws this fixed answer (test configuration). */
const ANSWER = 'M4RT9';
const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { id email } }`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SIGNUP_CAPTCHA: 'true', CAPTCHA_TEST_ANSWER: ANSWER });
});
afterAll(async () => {
  await server.close();
});

const userCount = (email: string) => server.prisma.user.count({ where: { emailNormalized: email.toLowerCase() } });

describe('sign-up with SIGNUP_CAPTCHA on', () => {
  it('tells the browser over both transports', async () => {
    const rest = new TestBrowser(server);
    expect((await rest.get('/api/client-configs')).body.signupCaptcha).toBe(true);
    expect((await rest.gql('{ clientConfig { signupCaptcha } }')).data.clientConfig).toEqual({ signupCaptcha: true });
  });

  it('REST: refuses a missing code, then a wrong one, creates no user, accepts the right code once (challenge from the cookie)', async () => {
    const browser = new TestBrowser(server);
    const body = signUpBody();

    const missing = await browser.post('/api/users', body);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ key: 'captcha-required', message: 'Please type the characters you see in the picture.' });
    expect(missing.body.fieldErrors).toEqual([{ field: 'captchaCode', key: 'captcha-required', message: expect.any(String) }]);

    const challenge = await browser.get('/api/captcha/challenge?type=signup');
    expect(challenge.status).toBe(200);
    expect(challenge.headers.getSetCookie().join()).toMatch(/cadence_captcha=[^;]+;.*Path=\/api;/);

    const wrong = await browser.post('/api/users', { ...body, captchaCode: 'ZZZZZ' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ key: 'captcha-mismatch', message: 'The characters do not match the image. Please try again.' });
    expect(await userCount(body.email)).toBe(0);

    const right = await browser.post('/api/users', { ...body, captchaCode: ANSWER.toLowerCase() });
    expect(right.status).toBe(201);
    expect(right.body.email).toBe(body.email);
    expect(await userCount(body.email)).toBe(1);

    // the same challenge does not let a second account in
    const again = await new TestBrowser(server).post('/api/users', { ...signUpBody(), captchaCode: ANSWER, captchaId: challenge.body.id });
    expect(again.status).toBe(400);
    expect(again.body.key).toBe('captcha-expired');
  });

  it("GraphQL: needs a 'signup' challenge (not an 'unlock' one) and its id, once", async () => {
    const browser = new TestBrowser(server);
    const input = signUpBody();

    const missing = await browser.gql(SIGN_UP, { input });
    expect(missing.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'captcha-required' });

    const create = `mutation ($type: String) { createCaptchaChallenge(type: $type) { id } }`;
    const unlock = (await browser.gql(create, { type: 'unlock' })).data.createCaptchaChallenge.id as string;
    const otherPurpose = await browser.gql(SIGN_UP, { input: { ...input, captchaCode: ANSWER, captchaId: unlock } });
    expect(otherPurpose.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'captcha-expired' });

    const id = (await browser.gql(create, { type: 'signup' })).data.createCaptchaChallenge.id as string;
    const wrong = await browser.gql(SIGN_UP, { input: { ...input, captchaCode: 'ABCDE', captchaId: id } });
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ key: 'captcha-mismatch' });
    expect(wrong.errors?.[0]?.message).toBe('The characters do not match the image. Please try again.');
    expect(await userCount(input.email)).toBe(0);

    const right = await browser.gql(SIGN_UP, { input: { ...input, captchaCode: ANSWER, captchaId: id } });
    expect(right.errors).toBeUndefined();
    expect(right.data.signUp.email).toBe(input.email);

    const reused = await new TestBrowser(server).gql(SIGN_UP, { input: { ...signUpBody(), captchaCode: ANSWER, captchaId: id } });
    expect(reused.errors?.[0]?.extensions).toMatchObject({ key: 'captcha-expired' });
  });

  it('checks the fields before the captcha, so a typo does not use up the picture', async () => {
    const browser = new TestBrowser(server);
    const id = (await browser.get('/api/captcha/challenge?type=signup')).body.id as string;
    const bad = await browser.post('/api/users', { ...signUpBody({ password: 'short' }), captchaCode: ANSWER, captchaId: id });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.map((e: { field: string }) => e.field)).toEqual(['password']);
    const good = await browser.post('/api/users', { ...signUpBody(), captchaCode: ANSWER, captchaId: id });
    expect(good.status).toBe(201);
  });
});

describe('sign-up with SIGNUP_CAPTCHA off (the default outside production)', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(async () => {
    await plain.close();
  });

  it('ignores captchaCode and creates the account', async () => {
    const browser = new TestBrowser(plain);
    expect((await browser.get('/api/client-configs')).body.signupCaptcha).toBe(false);
    expect((await browser.post('/api/users', signUpBody())).status).toBe(201);
    expect((await browser.post('/api/users', { ...signUpBody(), captchaCode: 'whatever' })).status).toBe(201);
  });
});

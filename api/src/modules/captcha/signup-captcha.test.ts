import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { TestBrowser, signUpBody } from '../../test/test-browser.ts';
import { solveAltcha, tamperAltcha } from './__test-support__/captcha-kit.ts';
import { CAPTCHA_MESSAGES } from './captcha.service.ts';

const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { viewer { id email } } }`;

let server: TestServer;
beforeAll(async () => {
  // A cheap proof of work keeps the suite fast; the protocol is the production one.
  server = await startTestServer({ SIGNUP_CAPTCHA: 'true', CAPTCHA_COST: '1' });
});
afterAll(async () => {
  await server.close();
});

const userCount = (email: string) => server.prisma.user.count({ where: { emailNormalized: email.toLowerCase() } });

/** What the ALTCHA widget does: fetch a challenge from the REST path and solve it. */
async function solvedRest(browser: TestBrowser, type: 'signup' | 'unlock' = 'signup'): Promise<string> {
  const challenge = await browser.get(`/api/captcha/challenge?type=${type}`);
  expect(challenge.status).toBe(200);
  expect(challenge.headers.get('cache-control')).toBe('no-store');
  return solveAltcha(challenge.body);
}

/** The same through GraphQL. */
async function solvedGql(browser: TestBrowser, type: 'signup' | 'unlock' = 'signup'): Promise<string> {
  const res = await browser.gql(`mutation ($type: CaptchaPurpose) { createCaptchaChallenge(input: { type: $type }) { challenge { altcha expiresAt } } }`, { type: type.toUpperCase() });
  expect(new Date(res.data.createCaptchaChallenge.challenge.expiresAt).getTime()).toBeGreaterThan(Date.now());
  return solveAltcha(JSON.parse(res.data.createCaptchaChallenge.challenge.altcha));
}

describe('sign-up with SIGNUP_CAPTCHA on', () => {
  it('tells the browser over both transports', async () => {
    const rest = new TestBrowser(server);
    expect((await rest.get('/api/client-configs')).body.signupCaptcha).toBe(true);
    expect((await rest.gql('{ clientConfig { signupCaptcha } }')).data.clientConfig).toEqual({ signupCaptcha: true });
  });

  it('REST: refuses a missing code, then an unsolved one, creates no user, accepts a solved challenge once', async () => {
    const browser = new TestBrowser(server);
    const body = signUpBody();

    const missing = await browser.post('/api/users', body);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ key: 'captcha-required', message: CAPTCHA_MESSAGES.required });
    expect(missing.body.fieldErrors).toEqual([{ field: 'captchaCode', key: 'captcha-required', message: expect.any(String) }]);

    const code = await solvedRest(browser);
    const wrong = await browser.post('/api/users', { ...body, captchaCode: tamperAltcha(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ key: 'captcha-mismatch', message: CAPTCHA_MESSAGES.invalid });
    expect(await userCount(body.email)).toBe(0);

    const right = await browser.post('/api/users', { ...body, captchaCode: code });
    expect(right.status).toBe(201);
    expect(right.body.email).toBe(body.email);
    expect(await userCount(body.email)).toBe(1);
    expect((await server.prisma.user.findUniqueOrThrow({ where: { emailNormalized: body.email.toLowerCase() } })).captchaPassedAt).toBeInstanceOf(Date);

    // the same solution does not let a second account in
    const again = await new TestBrowser(server).post('/api/users', { ...signUpBody(), captchaCode: code });
    expect(again.status).toBe(400);
    expect(again.body.key).toBe('captcha-expired');
  });

  it("GraphQL: needs a solved 'signup' challenge (not an 'unlock' one), once", async () => {
    const browser = new TestBrowser(server);
    const input = signUpBody();

    const missing = await browser.gql(SIGN_UP, { input });
    expect(missing.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'captcha-required' });

    const otherPurpose = await browser.gql(SIGN_UP, { input: { ...input, captchaCode: await solvedGql(browser, 'unlock') } });
    expect(otherPurpose.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'captcha-mismatch' });
    expect(await userCount(input.email)).toBe(0);

    const code = await solvedGql(browser);
    const right = await browser.gql(SIGN_UP, { input: { ...input, captchaCode: code } });
    expect(right.errors).toBeUndefined();
    expect(right.data.signUp.viewer.email).toBe(input.email);

    const reused = await new TestBrowser(server).gql(SIGN_UP, { input: { ...signUpBody(), captchaCode: code } });
    expect(reused.errors?.[0]?.extensions).toMatchObject({ key: 'captcha-expired' });
  });

  it('checks the fields before the captcha, so a typo does not use up the solution', async () => {
    const browser = new TestBrowser(server);
    const code = await solvedRest(browser);
    const bad = await browser.post('/api/users', { ...signUpBody({ password: 'short' }), captchaCode: code });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.map((e: { field: string }) => e.field)).toEqual(['password']);
    const good = await browser.post('/api/users', { ...signUpBody(), captchaCode: code });
    expect(good.status).toBe(201);
  });

  it('the same solution sent by parallel sign-ups lets exactly one account in', async () => {
    const code = await solvedRest(new TestBrowser(server));
    const results = await Promise.all(Array.from({ length: 10 }, () => new TestBrowser(server).post('/api/users', { ...signUpBody(), captchaCode: code })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(400)]);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.key === 'captcha-expired')).toBe(true);
  });
});

const ONBOARDING = `{ viewer { needsCaptcha onboarding { name firstIncompleteStep } } }`;
const UPDATE = `mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { viewer { needsCaptcha primaryArtists onboarding { name } } fieldErrors { field key message } } }`;

/** A browser signed in as a fully filled-in account made without a captcha (as before SIGNUP_CAPTCHA was on). */
async function accountWithoutCaptcha(on: TestServer, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(on.prisma, overrides);
  const browser = new TestBrowser(on);
  const [name, value] = (await sessionCookieFor(on.prisma, user.id)).split('=') as [string, string];
  browser.cookies.set(name, value);
  return { user, browser };
}

describe('the captcha at on-boarding step 1 (SIGNUP_CAPTCHA on)', () => {
  it('is not asked of an account that answered one at sign-up', async () => {
    const browser = new TestBrowser(server);
    await browser.gql(SIGN_UP, { input: { ...signUpBody(), captchaCode: await solvedGql(browser) } });
    expect((await browser.gql(ONBOARDING)).data.viewer).toEqual({ needsCaptcha: false, onboarding: { name: false, firstIncompleteStep: 1 } });
  });

  it('is not asked once on-boarding is complete', async () => {
    const { browser } = await accountWithoutCaptcha(server, { onboardingCompletedAt: new Date() });
    expect((await browser.gql(ONBOARDING)).data.viewer.needsCaptcha).toBe(false);
  });

  it('GraphQL: keeps the Name step open until a right answer comes with updateProfile, which saves the fields either way', async () => {
    const { user, browser } = await accountWithoutCaptcha(server);
    expect((await browser.gql(ONBOARDING)).data.viewer).toEqual({ needsCaptcha: true, onboarding: { name: false, firstIncompleteStep: 1 } });

    // other forms (no captcha field) save as usual
    const plain = await browser.gql(UPDATE, { input: { primaryArtists: ['Plain Name'] } });
    expect(plain.data.updateProfile).toEqual({ viewer: { needsCaptcha: true, primaryArtists: ['Plain Name'], onboarding: { name: false } }, fieldErrors: [] });

    const empty = await browser.gql(UPDATE, { input: { captchaCode: ' ' } });
    expect(empty.data.updateProfile.fieldErrors).toEqual([{ field: 'captchaCode', key: 'captcha-required', message: CAPTCHA_MESSAGES.required }]);

    const code = await solvedGql(browser);
    const wrong = await browser.gql(UPDATE, { input: { primaryArtists: ['Wrong Answer'], captchaCode: tamperAltcha(code) } });
    expect(wrong.data.updateProfile.fieldErrors).toEqual([{ field: 'captchaCode', key: 'captcha-mismatch', message: CAPTCHA_MESSAGES.invalid }]);
    expect(wrong.data.updateProfile.viewer).toMatchObject({ needsCaptcha: true, primaryArtists: ['Wrong Answer'] });

    const right = await browser.gql(UPDATE, { input: { captchaCode: code } });
    expect(right.data.updateProfile).toEqual({ viewer: { needsCaptcha: false, primaryArtists: ['Wrong Answer'], onboarding: { name: true } }, fieldErrors: [] });
    expect((await server.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).captchaPassedAt).toBeInstanceOf(Date);

    // answered: a captcha sent later is ignored, and the used challenge lets no other account through
    expect((await browser.gql(UPDATE, { input: { captchaCode: 'nonsense' } })).data.updateProfile.fieldErrors).toEqual([]);
    const other = await accountWithoutCaptcha(server);
    const reused = await other.browser.gql(UPDATE, { input: { captchaCode: code } });
    expect(reused.data.updateProfile.fieldErrors[0]).toMatchObject({ field: 'captchaCode', key: 'captcha-expired' });
  });

  it('REST: PUT /api/users/current-user-info takes a solved challenge and answers 400 for an unsolved one', async () => {
    const { browser } = await accountWithoutCaptcha(server);
    expect((await browser.get('/api/users/current-user-info')).body).toMatchObject({ needsCaptcha: true, onboarding: { name: false } });
    const code = await solvedRest(browser);
    const wrong = await browser.put('/api/users/current-user-info', { firstName: 'Grace', captchaCode: tamperAltcha(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual([{ field: 'captchaCode', key: 'captcha-mismatch', message: expect.any(String) }]);
    expect(wrong.body.user.firstName).toBe('Grace');
    const right = await browser.put('/api/users/current-user-info', { captchaCode: code });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ needsCaptcha: false, onboarding: { name: true } });
    expect((await browser.put('/api/users/current-user-info', { captchaCode: 42 })).status).toBe(400);
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

  it('asks no captcha at on-boarding and ignores a code sent with the profile', async () => {
    const { browser } = await accountWithoutCaptcha(plain);
    expect((await browser.gql(ONBOARDING)).data.viewer).toEqual({ needsCaptcha: false, onboarding: { name: true, firstIncompleteStep: null } });
    expect((await browser.gql(UPDATE, { input: { captchaCode: 'whatever' } })).data.updateProfile.fieldErrors).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { TestBrowser, signUpBody } from '../users/test-browser.ts';
import { answerTo, SPOKEN_NUMBERS } from './question-answers.ts';

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

describe("sign-up with the text question instead of the picture (SIGNUP_CAPTCHA on)", () => {
  const WRONG_ANSWER = 'That answer is not right. Please try the new question.';

  it('REST: GET /api/captcha/question?type=signup, a wrong answer refused without an account, the right one (in words) creates it, once', async () => {
    const browser = new TestBrowser(server);
    const body = signUpBody();
    const asked = await browser.get('/api/captcha/question?type=signup');
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ id: expect.any(String), question: expect.stringMatching(/\?$/), expiresAt: expect.any(String) });
    expect(await server.prisma.captchaChallenge.findUniqueOrThrow({ where: { id: asked.body.id } })).toMatchObject({ purpose: 'signup', format: 'text' });
    const answer = answerTo(asked.body.question);

    const wrong = await browser.post('/api/users', { ...body, captchaCode: String(answer + 1) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ key: 'captcha-mismatch', message: WRONG_ANSWER });
    expect(wrong.body.fieldErrors).toEqual([{ field: 'captchaCode', key: 'captcha-mismatch', message: WRONG_ANSWER }]);
    expect(await userCount(body.email)).toBe(0);

    // the cookie names the question, so the legacy body with only captchaCode is enough
    const right = await browser.post('/api/users', { ...body, captchaCode: ` ${SPOKEN_NUMBERS[answer]!} ` });
    expect(right.status).toBe(201);
    expect(await userCount(body.email)).toBe(1);
    expect((await server.prisma.user.findUniqueOrThrow({ where: { emailNormalized: body.email.toLowerCase() } })).captchaPassedAt).toBeInstanceOf(Date);

    const reused = await new TestBrowser(server).post('/api/users', { ...signUpBody(), captchaCode: String(answer), captchaId: asked.body.id });
    expect(reused.status).toBe(400);
    expect(reused.body.key).toBe('captcha-expired');
  });

  it("GraphQL: createCaptchaQuestion(type: \"signup\") answers signUp in digits; an 'unlock' question or a wrong answer is refused", async () => {
    const browser = new TestBrowser(server);
    const input = signUpBody();
    const ask = `mutation ($type: String) { createCaptchaQuestion(type: $type) { id question } }`;

    const unlock = (await browser.gql(ask, { type: 'unlock' })).data.createCaptchaQuestion;
    const otherPurpose = await browser.gql(SIGN_UP, { input: { ...input, captchaId: unlock.id, captchaCode: String(answerTo(unlock.question)) } });
    expect(otherPurpose.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'captcha-expired' });

    const { id, question } = (await browser.gql(ask, { type: 'signup' })).data.createCaptchaQuestion;
    const wrong = await browser.gql(SIGN_UP, { input: { ...input, captchaId: id, captchaCode: 'seventy' } });
    expect(wrong.errors?.[0]?.message).toBe(WRONG_ANSWER);
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'captcha-mismatch' });
    expect(await userCount(input.email)).toBe(0);
    expect((await server.prisma.captchaChallenge.findUniqueOrThrow({ where: { id } })).attempts).toBe(1);

    const right = await browser.gql(SIGN_UP, { input: { ...input, captchaId: id, captchaCode: String(answerTo(question)) } });
    expect(right.errors).toBeUndefined();
    expect(right.data.signUp.email).toBe(input.email);
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
    const id = (await browser.gql(`mutation { createCaptchaChallenge(type: "signup") { id } }`)).data.createCaptchaChallenge.id as string;
    await browser.gql(SIGN_UP, { input: { ...signUpBody(), captchaCode: ANSWER, captchaId: id } });
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
    expect(empty.data.updateProfile.fieldErrors).toEqual([{ field: 'captchaCode', key: 'captcha-required', message: 'Please type the characters you see in the picture.' }]);

    const id = (await browser.gql(`mutation { createCaptchaChallenge(type: "signup") { id } }`)).data.createCaptchaChallenge.id as string;
    const wrong = await browser.gql(UPDATE, { input: { primaryArtists: ['Wrong Answer'], captchaId: id, captchaCode: 'ZZZZZ' } });
    expect(wrong.data.updateProfile.fieldErrors).toEqual([{ field: 'captchaCode', key: 'captcha-mismatch', message: 'The characters do not match the image. Please try again.' }]);
    expect(wrong.data.updateProfile.viewer).toMatchObject({ needsCaptcha: true, primaryArtists: ['Wrong Answer'] });

    const right = await browser.gql(UPDATE, { input: { captchaId: id, captchaCode: ANSWER.toLowerCase() } });
    expect(right.data.updateProfile).toEqual({ viewer: { needsCaptcha: false, primaryArtists: ['Wrong Answer'], onboarding: { name: true } }, fieldErrors: [] });
    expect((await server.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).captchaPassedAt).toBeInstanceOf(Date);

    // answered: a captcha sent later is ignored, and the used challenge lets no other account through
    expect((await browser.gql(UPDATE, { input: { captchaId: id, captchaCode: 'nonsense' } })).data.updateProfile.fieldErrors).toEqual([]);
    const other = await accountWithoutCaptcha(server);
    const reused = await other.browser.gql(UPDATE, { input: { captchaId: id, captchaCode: ANSWER } });
    expect(reused.data.updateProfile.fieldErrors[0]).toMatchObject({ field: 'captchaCode', key: 'captcha-expired' });
  });

  it('GraphQL: a text question answers the Name step too; a wrong answer is a field error in words', async () => {
    const { user, browser } = await accountWithoutCaptcha(server);
    const { id, question } = (await browser.gql(`mutation { createCaptchaQuestion(type: "signup") { id question } }`)).data.createCaptchaQuestion;
    const wrong = await browser.gql(UPDATE, { input: { captchaId: id, captchaCode: String(answerTo(question) + 1) } });
    expect(wrong.data.updateProfile.fieldErrors).toEqual([{ field: 'captchaCode', key: 'captcha-mismatch', message: 'That answer is not right. Please try the new question.' }]);
    expect(wrong.data.updateProfile.viewer.needsCaptcha).toBe(true);
    const right = await browser.gql(UPDATE, { input: { captchaId: id, captchaCode: String(answerTo(question)) } });
    expect(right.data.updateProfile).toMatchObject({ viewer: { needsCaptcha: false, onboarding: { name: true } }, fieldErrors: [] });
    expect((await server.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).captchaPassedAt).toBeInstanceOf(Date);
  });

  it('REST: the question from GET /api/captcha/question?type=signup (cookie) answers PUT /api/users/current-user-info', async () => {
    const { browser } = await accountWithoutCaptcha(server);
    const { question } = (await browser.get('/api/captcha/question?type=signup')).body;
    const wrong = await browser.put('/api/users/current-user-info', { captchaCode: 'no idea' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual([{ field: 'captchaCode', key: 'captcha-mismatch', message: 'That answer is not right. Please try the new question.' }]);
    const right = await browser.put('/api/users/current-user-info', { captchaCode: String(answerTo(question)) });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ needsCaptcha: false, onboarding: { name: true } });
  });

  it('REST: PUT /api/users/current-user-info takes the code (challenge from the cookie) and answers 400 for a wrong one', async () => {
    const { browser } = await accountWithoutCaptcha(server);
    expect((await browser.get('/api/users/current-user-info')).body).toMatchObject({ needsCaptcha: true, onboarding: { name: false } });
    await browser.get('/api/captcha/challenge?type=signup');
    const wrong = await browser.put('/api/users/current-user-info', { firstName: 'Grace', captchaCode: 'ZZZZZ' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual([{ field: 'captchaCode', key: 'captcha-mismatch', message: expect.any(String) }]);
    expect(wrong.body.user.firstName).toBe('Grace');
    const right = await browser.put('/api/users/current-user-info', { captchaCode: ANSWER });
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

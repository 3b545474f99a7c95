import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser } from '../../test/factories.ts';
import { hashPassword } from '../auth/password.ts';
import { hashToken } from '../auth/session.service.ts';
import { TestBrowser, latestLink, signUpBody, tokenOf } from '../../test/test-browser.ts';
import { Readable } from 'node:stream';
import { storageFor } from '../uploads/storage.ts';
import { statusOrder } from '@cadence/domain/release-status';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const sessionToken = (b: TestBrowser) => b.cookies.get('cadence_session');

describe('sign-up, verification, sign-in, profile and sign-out over REST', () => {
  it('walks the whole journey', async () => {
    const browser = new TestBrowser(server);
    const body = signUpBody();
    const created = await browser.post('/api/users', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: body.email, emailVerified: false, activeSubscription: 'FREE', role: 'USER', status: 'ACTIVE' });
    expect(created.body.onboarding).toEqual({ name: false, contacts: false, distribution: true, firstIncompleteStep: 1 });
    expect(created.headers.getSetCookie().join()).toMatch(/cadence_session=[^;]+; .*HttpOnly; SameSite=Lax/);
    expect(created.body).not.toHaveProperty('passwordHash');

    // signed in right after sign-up
    expect((await browser.get('/api/users/current-user-info')).status).toBe(200);

    // the verification mail is in the outbox with a /verify-email link
    const outbox = await browser.get(`/api/dev/outbox?to=${encodeURIComponent(body.email)}`);
    expect(outbox.status).toBe(200);
    const link = outbox.body[0].links[0] as string;
    expect(new URL(link).pathname).toBe('/verify-email');
    const verified = await browser.post('/api/users/verify-email', { token: tokenOf(link) });
    expect(verified.status).toBe(200);
    expect((await browser.get('/api/users/current-user-info')).body.emailVerified).toBe(true);
    // single use
    expect((await browser.post('/api/users/verify-email', { token: tokenOf(link) })).status).toBe(400);

    // sign out ends the session on the server: the old cookie no longer works
    const oldCookie = browser.cookieHeader();
    expect((await browser.post('/api/auth/logout')).status).toBe(200);
    expect(sessionToken(browser)).toBeUndefined();
    expect((await browser.get('/api/users/current-user-info', { cookie: oldCookie })).status).toBe(401);

    // sign in again
    const login = await browser.post('/api/auth/login', { username: body.email.toUpperCase(), password: body.password });
    expect(login.status).toBe(200);
    expect(login.body.email).toBe(body.email);

    // partial update: valid fields saved, invalid ones reported with keys
    const update = await browser.put('/api/users/current-user-info', { firstName: 'Grace', lastName: 'x'.repeat(51), country: 'GB', city: 'London', address1: '1 Road', postalCode: 'SW1A 1AA', primaryArtists: ['Grace Notes'] });
    expect(update.status).toBe(400);
    expect(update.body.fieldErrors).toEqual([{ field: 'lastName', key: 'maxlength', message: expect.any(String) }]);
    expect(update.body.user).toMatchObject({ firstName: 'Grace', lastName: 'Lovelace', country: 'GB', city: 'London', primaryArtists: ['Grace Notes'] });
    const after = await browser.get('/api/users/current-user-info');
    expect(after.body.onboarding).toEqual({ name: true, contacts: true, distribution: true, firstIncompleteStep: null });

    // the edit is audited with old and new values
    const audit = await server.prisma.auditEvent.findFirst({ where: { userId: after.body.id, subcategory: 'USER_EDITED' }, orderBy: { createdAt: 'desc' } });
    expect(audit?.oldValues).toMatchObject({ firstName: 'Ada' });
    expect(audit?.newValues).toMatchObject({ firstName: 'Grace', country: 'GB' });
    expect(await server.prisma.auditEvent.count({ where: { userId: after.body.id, subcategory: 'USER_CREATED' } })).toBe(1);
  });

  it('gives a new session id at every sign-in and revokes the presented one', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const browser = new TestBrowser(server);
    await browser.post('/api/auth/login', { username: user.email, password: 'Secret123' });
    const first = sessionToken(browser)!;
    await browser.post('/api/auth/login', { username: user.email, password: 'Secret123' });
    const second = sessionToken(browser)!;
    expect(second).not.toBe(first);
    const old = await server.prisma.session.findUnique({ where: { id: hashToken(first) } });
    expect(old?.revokedAt).not.toBeNull();
    expect((await browser.get('/api/users/current-user-info', { cookie: `cadence_session=${first}` })).status).toBe(401);
    expect((await browser.get('/api/users/current-user-info')).status).toBe(200);
  });

  it('answers bad credentials with 401 and the same body for unknown and known emails', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const browser = new TestBrowser(server);
    const wrong = await browser.post('/api/auth/login', { username: user.email, password: 'Wrong1234' });
    const unknown = await browser.post('/api/auth/login', { username: 'nobody-here@example.com', password: 'Wrong1234' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });
});

describe('the same journey over GraphQL', () => {
  it('signs up (cookie set), reads the viewer, confirms the email and signs out', async () => {
    const browser = new TestBrowser(server);
    const body = signUpBody();
    const up = await browser.gql(`mutation($i: SignUpInput!) { signUp(input: $i) { viewer { id email emailVerified birthday onboarding { firstIncompleteStep } viewerCan { changePassword } } } }`, { i: body });
    expect(up.data.signUp.viewer).toMatchObject({ email: body.email, emailVerified: false, birthday: '1990-05-01', onboarding: { firstIncompleteStep: 1 }, viewerCan: { changePassword: true } });
    expect(browser.cookies.get('cadence_session')).toBeDefined();
    const mails = await browser.gql(`query($to: String!) { outbox(to: $to) { template links } }`, { to: body.email });
    expect(mails.data.outbox[0].template).toBe('verify-email');
    const confirmed = await browser.gql(`mutation($i: ConfirmEmailInput!) { confirmEmail(input: $i) { confirmed } }`, { i: { token: tokenOf(mails.data.outbox[0].links[0]) } });
    expect(confirmed.data.confirmEmail.confirmed).toBe(true);
    expect((await browser.gql(`{ viewer { emailVerified activeSubscription taxVerificationStatus status role isLocked impersonatedBy { id } } }`)).data.viewer).toEqual({
      emailVerified: true,
      activeSubscription: 'FREE',
      taxVerificationStatus: 'NOT_REQUIRED',
      status: 'ACTIVE',
      role: 'USER',
      isLocked: false,
      impersonatedBy: null,
    });
    const cookie = browser.cookieHeader();
    expect((await browser.gql(`mutation { signOut { signedOut } }`)).data.signOut.signedOut).toBe(true);
    expect(browser.cookies.get('cadence_session')).toBeUndefined();
    expect((await browser.gql(`{ viewer { id } }`, undefined, { cookie })).data.viewer).toBeNull();
  });

  it('changes the password after checking the current one and ends the other sessions', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const a = new TestBrowser(server);
    const b = new TestBrowser(server);
    await a.post('/api/auth/login', { username: user.email, password: 'Secret123' });
    await b.post('/api/auth/login', { username: user.email, password: 'Secret123' });
    const wrong = await a.gql(`mutation { changePassword(input: { currentPassword: "Nope1234", newPassword: "Another123" }) { changed } }`);
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'currentPassword', key: 'current-password' }] });
    const weak = await a.gql(`mutation { changePassword(input: { currentPassword: "Secret123", newPassword: "alllowercase1" }) { changed } }`);
    expect(weak.errors?.[0]?.extensions).toMatchObject({ fieldErrors: [{ field: 'newPassword', key: 'password-uppercase' }] });
    expect((await a.gql(`mutation { changePassword(input: { currentPassword: "Secret123", newPassword: "Another123" }) { changed } }`)).data.changePassword.changed).toBe(true);
    expect((await a.get('/api/users/current-user-info')).status).toBe(200);
    expect((await b.get('/api/users/current-user-info')).status).toBe(401);
  });
});

describe('age rules at sign-up', () => {
  it('refuses under 13 and sets the age_restricted cookie', async () => {
    const browser = new TestBrowser(server);
    const year = new Date().getUTCFullYear() - 10;
    const res = await browser.post('/api/users', signUpBody({ birthday: `${year}-01-01` }));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ key: 'age-restricted', status: 'age_restricted' });
    expect(browser.cookies.get('age_restricted')).toBe('true');
    expect(browser.cookies.get('cadence_session')).toBeUndefined();
  });

  it('requires a parent email and the privacy agreement for a minor who accepts distribution', async () => {
    const browser = new TestBrowser(server);
    const year = new Date().getUTCFullYear() - 16;
    const res = await browser.post('/api/users', signUpBody({ birthday: `${year}-01-01` }));
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.map((e: { field: string }) => e.field).sort()).toEqual(['parentEmail', 'privacyPolicyAgreement']);
    const ok = await browser.post('/api/users', signUpBody({ birthday: `${year}-01-01`, parentEmail: 'parent@example.com', privacyPolicyAgreement: true }));
    expect(ok.status).toBe(201);
    expect(ok.body.onboarding.distribution).toBe(true);
  });

  it('the distribution step over GraphQL refuses a minor without a parent email, then accepts it', async () => {
    const browser = new TestBrowser(server);
    const year = new Date().getUTCFullYear() - 16;
    await browser.post('/api/users', signUpBody({ birthday: `${year}-03-03`, distributionAgreement: false }));
    const m = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { viewer { distributionAgreement parentEmail onboarding { distribution } } fieldErrors { field key } } }`;
    const refused = await browser.gql(m, { input: { distributionAgreement: true } });
    expect(refused.data.updateProfile.fieldErrors.map((e: { field: string }) => e.field).sort()).toEqual(['parentEmail', 'privacyPolicyAgreement']);
    expect(refused.data.updateProfile.viewer.distributionAgreement).toBe(false);
    const accepted = await browser.gql(m, { input: { distributionAgreement: true, parentEmail: 'mum@example.com', privacyPolicyAgreement: true } });
    expect(accepted.data.updateProfile.fieldErrors).toEqual([]);
    expect(accepted.data.updateProfile.viewer).toMatchObject({ distributionAgreement: true, parentEmail: 'mum@example.com', onboarding: { distribution: true } });
    // the parent is asked to confirm consent by mail
    const link = await latestLink(server, 'mum@example.com', 'parent-consent');
    expect(new URL(link).pathname).toBe('/parent-consent');
    expect((await new TestBrowser(server).post('/api/users/parent-consent', { token: tokenOf(link) })).status).toBe(200);
    expect((await browser.gql(`{ viewer { parentConsentConfirmed } }`)).data.viewer.parentConsentConfirmed).toBe(true);
  });

  it('keeps a locked birthday', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123'), birthdayDisabled: true });
    const browser = new TestBrowser(server);
    await browser.post('/api/auth/login', { username: user.email, password: 'Secret123' });
    const res = await browser.put('/api/users/current-user-info', { birthday: '1991-02-02' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[0]).toEqual({ field: 'birthday', key: 'birthday-locked', message: 'contact us to change this date' });
    expect(res.body.user.birthday).toBe('1990-01-01');
  });

  it('does not save a US address without a valid state, and clears the state for other countries', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const browser = new TestBrowser(server);
    await browser.post('/api/auth/login', { username: user.email, password: 'Secret123' });
    const bad = await browser.put('/api/users/current-user-info', { state: 'XX', city: 'Boston' });
    expect(bad.status).toBe(400);
    expect(bad.body.user).toMatchObject({ state: 'NY', city: 'New York' });
    const gb = await browser.put('/api/users/current-user-info', { country: 'GB' });
    expect(gb.status).toBe(200);
    expect(gb.body).toMatchObject({ country: 'GB', state: null });
  });
});

describe('password reset and email change', () => {
  it('resets the password with a single-use link and answers the same for unknown emails', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const browser = new TestBrowser(server);
    await browser.post('/api/auth/login', { username: user.email, password: 'Secret123' });
    const anon = new TestBrowser(server);
    const known = await anon.post('/api/users/reset-password', { email: user.email });
    const unknown = await anon.post('/api/users/reset-password', { email: 'ghost-user@example.com' });
    expect(known.status).toBe(200);
    expect(unknown).toMatchObject({ status: known.status, body: known.body });
    const link = await latestLink(server, user.email, 'reset-password');
    expect(new URL(link).pathname).toBe('/reset-password');
    expect((await anon.post('/api/users/reset-password/confirm', { token: tokenOf(link), password: 'weak' })).status).toBe(400);
    expect((await anon.post('/api/users/reset-password/confirm', { token: tokenOf(link), password: 'NewSecret1' })).status).toBe(200);
    expect((await anon.post('/api/users/reset-password/confirm', { token: tokenOf(link), password: 'NewSecret2' })).status).toBe(400);
    // every session ended
    expect((await browser.get('/api/users/current-user-info')).status).toBe(401);
    expect((await anon.post('/api/auth/login', { username: user.email, password: 'NewSecret1' })).status).toBe(200);
    expect(await server.prisma.auditEvent.count({ where: { userId: user.id, subcategory: 'PASSWORD_RESET' } })).toBe(1);
  });

  it("changes email after confirmation at the new address; a taken address answers 'User exists'", async () => {
    const other = await buildUser(server.prisma);
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const browser = new TestBrowser(server);
    await browser.post('/api/auth/login', { username: user.email, password: 'Secret123' });
    const taken = await browser.post('/api/users/update-email', { newEmail: other.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toBe('User exists');
    const gqlTaken = await browser.gql(`mutation { requestEmailChange(input: { newEmail: "${other.email}" }) { message } }`);
    expect(gqlTaken.errors?.[0]).toMatchObject({ message: 'Please use a different email address.', extensions: { code: 'CONFLICT' } });

    const newEmail = `changed-${Date.now()}@example.com`;
    const ok = await browser.post('/api/users/update-email', { newEmail });
    expect(ok).toMatchObject({ status: 200, body: true });
    expect((await browser.get('/api/users/current-user-info')).body.email).toBe(user.email);
    const link = await latestLink(server, newEmail, 'confirm-email-change');
    const done = await browser.gql(`mutation($i: ConfirmEmailChangeInput!) { confirmEmailChange(input: $i) { confirmed } }`, { i: { token: tokenOf(link) } });
    expect(done.data.confirmEmailChange.confirmed).toBe(true);
    expect((await browser.get('/api/users/current-user-info')).body).toMatchObject({ email: newEmail, emailVerified: true });
    const saved = await server.prisma.auditEvent.findFirst({ where: { userId: user.id, subcategory: 'EMAIL_SAVED' } });
    expect(saved).toMatchObject({ oldValues: { email: user.email }, newValues: { email: newEmail } });
    expect(await server.prisma.auditEvent.count({ where: { userId: user.id, subcategory: 'EMAIL_SENT' } })).toBeGreaterThanOrEqual(2);
  });
});

describe('account deletion', () => {
  it('is refused while a release is past draft, allowed otherwise; then sign-in fails and personal data is gone', async () => {
    const user = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const browser = new TestBrowser(server);
    await browser.post('/api/auth/login', { username: user.email, password: 'Secret123' });
    const live = await server.prisma.release.create({ data: { userId: user.id, title: 'Live one', status: statusOrder('LIVE') } });
    const refused = await browser.delete('/api/users/me');
    expect(refused.status).toBe(403);
    expect(refused.body.key).toBe('account-not-deletable');
    await server.prisma.release.update({ where: { id: live.id }, data: { status: statusOrder('NOT_COMPLETED') } });
    const stored = await storageFor(server.config).put(`audio/test/${user.id}.wav`, Readable.from([Buffer.from('RIFF')]));
    const file = await server.prisma.storedFile.create({
      data: { userId: user.id, kind: 'TRACK', storageKey: stored.key, originalName: 'demo.wav', mimeType: 'audio/wav', sizeBytes: stored.size, sha256: stored.sha256, md5: stored.md5 },
    });
    await server.prisma.track.create({ data: { releaseId: live.id, userId: user.id, title: 'Demo', audioFileId: file.id } });
    await server.prisma.apiToken.create({ data: { userId: user.id, name: 't', tokenHash: hashToken(`x${user.id}`), prefix: 'cad_x' } });
    const deleted = await browser.delete('/api/users/me');
    expect(deleted.status).toBe(200);
    expect((await browser.get('/api/users/current-user-info')).status).toBe(401);
    expect((await new TestBrowser(server).post('/api/auth/login', { username: user.email, password: 'Secret123' })).status).toBe(401);
    const row = await server.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ firstName: null, lastName: null, passwordHash: null, address1: null, primaryArtists: [] });
    expect(row.email).not.toBe(user.email);
    expect(row.deletedAt).not.toBeNull();
    expect(await server.prisma.apiToken.count({ where: { userId: user.id } })).toBe(0);
    expect(await server.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await server.prisma.auditEvent.count({ where: { userId: user.id, subcategory: 'USER_REMOVED' } })).toBe(1);
    // Drafts and their files are personal data too.
    expect(await server.prisma.release.count({ where: { userId: user.id } })).toBe(0);
    expect(await server.prisma.storedFile.count({ where: { userId: user.id } })).toBe(0);
    expect(await storageFor(server.config).head(stored.key)).toBeNull();
  });
});

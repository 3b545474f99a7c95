/** PayPal linking over both transports: verification, notices verbatim, audit, acting refusal, bad input. */
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function verify(cookie: string | null, body: unknown) {
  const res = await fetch(`${server.url}/api/paypal/verify`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

test('a verified account is linked with the success notice; the change is audited', async () => {
  const user = await buildUser(server.prisma);
  const cookie = await sessionCookieFor(server.prisma, user.id);
  const res = await verify(cookie, { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@paypal.test', matchCriteria: 'NAME' });
  expect(res).toEqual({ status: 200, body: { accountStatus: 'VERIFIED', message: 'Your PayPal account has been successfully verified and linked to your Cadence profile.', paypalEmail: 'ada@paypal.test', paypalFirstName: 'Ada', paypalLastName: 'Lovelace' } });
  const audit = await server.prisma.auditEvent.findMany({ where: { userId: user.id, subcategory: 'PAYPAL_EMAIL_UPDATE' } });
  expect(audit.map((a) => a.newValues)).toEqual([{ paypalEmail: 'ada@paypal.test' }]);
  const gql = await server.gql<{ viewer: { payPalAccount: { linked: boolean; email: string } } }>('{ viewer { payPalAccount { linked email } } }', {}, { cookie });
  expect(gql.body.data?.viewer.payPalAccount).toEqual({ linked: true, email: 'ada@paypal.test' });
  const unlinked = await server.gql<{ unlinkPayPal: { account: { linked: boolean } } }>('mutation { unlinkPayPal { account { linked } } }', {}, { cookie });
  expect(unlinked.body.data?.unlinkPayPal.account.linked).toBe(false);
  expect(await server.prisma.auditEvent.count({ where: { userId: user.id, subcategory: 'PAYPAL_EMAIL_UPDATE' } })).toBe(2);
  const cfg = await fetch(`${server.url}/api/paypal/config`, { headers: { cookie } });
  expect(await cfg.json()).toMatchObject({ linkUrl: 'https://www.paypal.com/signin', mode: 'sandbox', account: { linked: false } });
});

test('an account PayPal cannot find: 400 with err [{message}] verbatim; nothing is linked', async () => {
  const user = await buildUser(server.prisma);
  const cookie = await sessionCookieFor(server.prisma, user.id);
  const res = await verify(cookie, { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'notfound@paypal.test', matchCriteria: 'NAME' });
  const notice = 'Your PayPal account could not be found. Please check if the information below matches the information on your PayPal account and try again.';
  expect(res.status).toBe(400);
  expect(res.body.err).toEqual([{ message: notice }]);
  expect((await server.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).paypalEmail).toBeNull();
  const gql = await server.gql('mutation { linkPayPal(input: {firstName: "A", lastName: "B", emailAddress: "notfound@x.test"}) { message } }', {}, { cookie });
  expect(gql.body.errors?.[0]?.message).toBe(notice);
  expect((await verify(cookie, { firstName: 'A', lastName: 'B', emailAddress: 'paypal-down@x.test' })).status).toBe(503);
});

test('bad input gets the form messages; signed out and acting support are refused', async () => {
  const user = await buildUser(server.prisma);
  const cookie = await sessionCookieFor(server.prisma, user.id);
  expect((await verify(cookie, {})).body).toMatchObject({ message: 'First Name is required' });
  expect((await verify(cookie, { firstName: 'A', lastName: 'B' })).body).toMatchObject({ message: 'PayPal Email is required' });
  expect((await verify(cookie, { firstName: 'A', lastName: 'B', emailAddress: 'nope' })).body).toMatchObject({ message: 'Invalid PayPal Email Address' });
  expect((await verify(cookie, { firstName: 'A', lastName: 'B', emailAddress: 'a@b.test', matchCriteria: 'EMAIL' })).status).toBe(400);
  expect((await verify(cookie, { firstName: 'A'.repeat(500), lastName: 'B', emailAddress: 'a@b.test' })).status).toBe(400);
  expect(await verify(cookie, { firstName: { name: 'A' }, lastName: 'B', emailAddress: 'a@b.test' })).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT', message: 'firstName must be text', fieldErrors: [{ field: 'firstName', key: 'invalid-type' }] } });
  expect((await verify(cookie, ['A', 'B'])).body).toMatchObject({ message: 'First Name is required' });
  expect((await verify(null, { firstName: 'A', lastName: 'B', emailAddress: 'a@b.test' })).status).toBe(401);
  const staff = await buildUser(server.prisma, { role: 'SUPPORT' });
  const acting = await sessionCookieFor(server.prisma, user.id, staff.id);
  expect((await verify(acting, { firstName: 'A', lastName: 'B', emailAddress: 'a@b.test' })).status).toBe(403);
  expect((await server.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).paypalEmail).toBeNull();
});

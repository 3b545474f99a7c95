import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PAGE_SIZE_MAX, TEXT_LIMITS } from '@cadence/domain/text-limits';
import type { TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { wav } from '../../integrations/media/__test-support__/media-fixtures.ts';
import { clientFor, releaseVersion, signedInUser, startReleaseServer } from './__test-support__/release-kit.ts';

let server: TestServer & { storageDir: string };
beforeAll(async () => {
  server = await startReleaseServer();
});
afterAll(async () => {
  await server.close();
});

const HUGE = 'x'.repeat(900_000);
// The message people read has no field-name prefix (issue 19); fieldErrors name the field.
const TITLE_ERROR = `Length should be less or equal to ${TEXT_LIMITS.releaseTitle}`;

describe('a 900 KB release title', () => {
  it('is refused on create and edit, over REST and GraphQL, naming the limit (fieldErrors name the field)', async () => {
    const client = await signedInUser(server);
    const created = await client.rest('POST', '/releases', { title: HUGE });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 'BAD_USER_INPUT', message: TITLE_ERROR });
    expect(created.body.fieldErrors).toEqual([{ field: 'title', key: 'maxlength', message: `Length should be less or equal to ${TEXT_LIMITS.releaseTitle}` }]);

    const gql = await client.gql(`mutation($i: CreateReleaseInput!) { createRelease(input: $i) { release { id } } }`, { i: { title: HUGE } });
    expect(gql.body.errors[0]).toMatchObject({ message: TITLE_ERROR, extensions: { code: 'BAD_USER_INPUT' } });
    expect(await server.prisma.release.count({ where: { userId: client.user.id } })).toBe(0);

    const id = (await client.rest('POST', '/releases', { title: 'x'.repeat(TEXT_LIMITS.releaseTitle) })).body.id as string;
    expect(id).toEqual(expect.any(String));
    const put = await client.rest('PUT', `/releases/${id}`, { title: `${'y'.repeat(TEXT_LIMITS.releaseTitle)}z` });
    expect(put.status).toBe(400);
    expect(put.body.message).toBe(TITLE_ERROR);
    const update = await client.gql(`mutation($i: UpdateReleaseInput!) { updateRelease(input: $i) { release { id } } }`, { i: { id, title: HUGE, version: await releaseVersion(server, id) } });
    expect(update.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect((await server.prisma.release.findUniqueOrThrow({ where: { id } })).title).toBe('x'.repeat(TEXT_LIMITS.releaseTitle));
  });
});

describe('other free-text fields', () => {
  it('refuses a long track title, artist list, API token name, profile field and sign-up password with a 400 naming the field', async () => {
    const client = await signedInUser(server);
    const id = (await client.rest('POST', '/releases', { title: 'Fine' })).body.id as string;
    const up = await client.upload('/track/upload', { releaseId: id }, { data: wav({ sampleRate: 44_100, bitDepth: 16 }), name: 'a.wav' });
    const track = await client.rest('PUT', `/track/${up.body.id}`, { title: 't'.repeat(TEXT_LIMITS.trackTitle + 1) });
    expect(track.status).toBe(400);
    expect(track.body.message).toBe(`Length should be less or equal to ${TEXT_LIMITS.trackTitle}`);

    const credit = await client.gql(`mutation($i: AddArtistCreditInput!) { addArtistCredit(input: $i) { release { id } } }`, { i: { releaseId: id, artistName: 'a,'.repeat(1000), role: 'FEATURED', version: await releaseVersion(server, id) } });
    expect(credit.body.errors[0]).toMatchObject({ message: `artistName: Length should be less or equal to ${TEXT_LIMITS.artistNameList}`, extensions: { code: 'BAD_USER_INPUT' } });

    const token = await client.gql(`mutation($n: String!) { createApiToken(input: { name: $n }) { token } }`, { n: 'n'.repeat(TEXT_LIMITS.label + 1) });
    expect(token.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(token.body.errors[0].message).toContain(String(TEXT_LIMITS.label));

    const profile = await client.rest('PUT', '/users/current-user-info', { postalCode: '1'.repeat(5000) });
    expect(profile.status).toBe(400);
    expect(profile.body.message).toBe(`postalCode: Length should be less or equal to ${TEXT_LIMITS.anyField}`);
    const postal = await client.rest('PUT', '/users/current-user-info', { postalCode: '1'.repeat(21) });
    expect(postal.body.fieldErrors).toEqual([{ field: 'postalCode', key: 'maxlength', message: 'Length should be less or equal to 20' }]);

    const signUp = await fetch(`${server.url}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'long@example.com', password: `Aa1${'x'.repeat(TEXT_LIMITS.password)}`, firstName: 'A', lastName: 'B', birthday: '1990-01-01', distributionAgreement: true }) });
    expect(signUp.status).toBe(400);
    expect(((await signUp.json()) as { message: string }).message).toBe(`password: Length should be less or equal to ${TEXT_LIMITS.password}`);
    const change = await client.gql(`mutation($i: ChangePasswordInput!) { changePassword(input: $i) { changed } }`, { i: { currentPassword: 'Secret123', newPassword: `Aa1${'x'.repeat(TEXT_LIMITS.password)}` } });
    expect(change.body.errors[0]).toMatchObject({ message: `newPassword: Length should be less or equal to ${TEXT_LIMITS.password}`, extensions: { code: 'BAD_USER_INPUT' } });
    const longEmail = await fetch(`${server.url}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `${'a'.repeat(300)}@example.com`, password: 'Secret123', birthday: '1990-01-01', distributionAgreement: true }) });
    expect(longEmail.status).toBe(400);
    expect(await server.prisma.user.count({ where: { email: 'long@example.com' } })).toBe(0);
  });

  it('refuses an over-long sign-in address or password with a 400 before counting it as a guess, over REST and GraphQL', async () => {
    const user = await buildUser(server.prisma);
    const login = (body: unknown) => fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const longPassword = await login({ username: user.email, password: 'x'.repeat(TEXT_LIMITS.password + 1) });
    expect(longPassword.status).toBe(400);
    expect(((await longPassword.json()) as { message: string }).message).toBe(`password: Length should be less or equal to ${TEXT_LIMITS.password}`);
    const longAddress = await login({ username: `${'a'.repeat(TEXT_LIMITS.email)}@example.com`, password: 'Secret123' });
    expect(longAddress.status).toBe(400);
    const gql = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'mutation($i: SignInInput!) { signIn(input: $i) { viewer { id } } }', variables: { i: { username: user.email, password: 'x'.repeat(900_000) } } }) });
    const body = (await gql.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]).toMatchObject({ message: `password: Length should be less or equal to ${TEXT_LIMITS.password}`, extensions: { code: 'BAD_USER_INPUT' } });
    // None of them counted as a failed guess.
    expect((await server.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).failedSignInCount).toBe(0);
  });

  it('refuses a long block reason from staff and a long support search', async () => {
    const staff = await buildUser(server.prisma, { role: 'SUPPORT' });
    const target = await buildUser(server.prisma);
    const agent = clientFor(server, await sessionCookieFor(server.prisma, staff.id));
    const block = await agent.gql(`mutation($i: BlockUserInput!) { blockUser(input: $i) { user { status } } }`, { i: { userId: target.id, reason: 'r'.repeat(TEXT_LIMITS.message + 1) } });
    expect(block.body.errors[0]).toMatchObject({ message: `reason: Length should be less or equal to ${TEXT_LIMITS.message}`, extensions: { code: 'BAD_USER_INPUT' } });
    expect((await server.prisma.user.findUniqueOrThrow({ where: { id: target.id } })).status).toBe('ACTIVE');
    const search = await agent.gql(`query($q: String!) { searchUsers(query: $q) { id } }`, { q: 'q'.repeat(TEXT_LIMITS.search + 1) });
    expect(search.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('page sizes', () => {
  it('caps every list: releases over REST and GraphQL, and the outbox', async () => {
    const client = await signedInUser(server);
    expect((await client.rest('GET', `/releases?limit=${PAGE_SIZE_MAX + 1}`)).status).toBe(400);
    expect((await client.rest('GET', `/releases?limit=${PAGE_SIZE_MAX}`)).status).toBe(200);
    const many = await server.prisma.release.createMany({ data: Array.from({ length: PAGE_SIZE_MAX + 5 }, (_, i) => ({ userId: client.user.id, title: `R${i}`, languageId: 'EN' })) });
    expect(many.count).toBe(PAGE_SIZE_MAX + 5);
    // A page past the cap is cut to the cap; one so large that its cost estimate passes the GraphQL cost limit is refused outright.
    const page = await client.gql(`{ releases(first: 150) { edges { node { id } } pageInfo { hasNextPage } } }`);
    expect(page.body.data.releases.edges).toHaveLength(PAGE_SIZE_MAX);
    const huge = await client.gql(`{ releases(first: 1000) { edges { node { id } } pageInfo { hasNextPage } } }`);
    expect(huge.status).toBe(400);
    expect(huge.body.errors?.[0]?.message).toMatch(/Query Cost limit of 5000 exceeded/);
    expect(page.body.data.releases.pageInfo.hasNextPage).toBe(true);

    const staff = await buildUser(server.prisma, { role: 'SUPPORT' });
    await server.prisma.outboxEmail.createMany({ data: Array.from({ length: PAGE_SIZE_MAX + 5 }, (_, i) => ({ to: `m${i}@example.com`, subject: 's', text: 't', status: 'LOCAL' as const })) });
    const agent = clientFor(server, await sessionCookieFor(server.prisma, staff.id));
    expect((await agent.gql(`{ outbox(limit: 999) { id } }`)).body.data.outbox).toHaveLength(PAGE_SIZE_MAX);
  });
});

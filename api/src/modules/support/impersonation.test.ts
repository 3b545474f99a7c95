import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { png, wav } from '../../integrations/media/__test-support__/media-fixtures.ts';
import { clientFor, releaseVersion, startReleaseServer } from '../releases/__test-support__/release-kit.ts';
import { ACTING_REFUSALS, mayWhileActing, refuseWhileActing, type PersonalAction } from './impersonation.policy.ts';

let server: TestServer & { storageDir: string };
beforeAll(async () => {
  server = await startReleaseServer();
});
afterAll(async () => {
  await server.close();
});

/** A user, a support agent acting as them (session with impersonator), and the user's own client. */
async function actingPair() {
  const staff = await buildUser(server.prisma, { role: 'SUPPORT' });
  const artist = await buildUser(server.prisma, { distributionAgreement: true, privacyPolicyAgreement: false });
  const agent = clientFor(server, await sessionCookieFor(server.prisma, artist.id, staff.id));
  const self = clientFor(server, await sessionCookieFor(server.prisma, artist.id));
  return { staff, artist, agent, self };
}

const code = (res: { body: { errors?: { extensions?: { code?: string } }[] } }) => res.body.errors?.[0]?.extensions?.code;
const message = (res: { body: { errors?: { message?: string }[] } }) => res.body.errors?.[0]?.message;

describe('the impersonation policy', () => {
  const actions = Object.keys(ACTING_REFUSALS) as PersonalAction[];
  it.each(actions)('refuses %s only while acting', (action) => {
    expect(mayWhileActing({ userId: 'u', role: 'USER' }, action)).toBe(true);
    expect(mayWhileActing(null, action)).toBe(true);
    expect(mayWhileActing({ userId: 'u', role: 'USER', impersonatorId: 's' }, action)).toBe(false);
    expect(() => refuseWhileActing({ userId: 'u', role: 'USER', impersonatorId: 's' }, action)).toThrow(ACTING_REFUSALS[action]);
    expect(() => refuseWhileActing({ userId: 'u', role: 'USER' }, action)).not.toThrow();
  });
});

describe('support acting as a user is refused', () => {
  it('API tokens: creating and revoking, over GraphQL and whatever the token', async () => {
    const { artist, agent, self } = await actingPair();
    const mine = await self.gql(`mutation { createApiToken(input: { name: "ci" }) { apiToken { id } } }`);
    const tokenId = mine.body.data.createApiToken.apiToken.id as string;
    const create = await agent.gql(`mutation { createApiToken(input: { name: "sneaky" }) { token } }`);
    expect(code(create)).toBe('FORBIDDEN');
    expect(message(create)).toBe(ACTING_REFUSALS['api-tokens']);
    const revoke = await agent.gql(`mutation($id: ID!) { revokeApiToken(input: { id: $id }) { apiToken { id revokedAt } } }`, { id: tokenId });
    expect(code(revoke)).toBe('FORBIDDEN');
    expect(message(revoke)).toBe(ACTING_REFUSALS['api-tokens']);
    expect(await server.prisma.apiToken.count({ where: { userId: artist.id, revokedAt: null } })).toBe(1);
  });

  it('consents: accepting the agreement and changing agreements or the parent email', async () => {
    const { artist, agent } = await actingPair();
    const accept = await agent.rest('POST', '/users/accept-agreement');
    expect(accept.status).toBe(403);
    expect(accept.body.message ?? JSON.stringify(accept.body)).toContain(ACTING_REFUSALS.consents);
    expect((await agent.rest('PUT', '/users/current-user-info', { privacyPolicyAgreement: true })).status).toBe(403);
    expect((await agent.rest('PUT', '/users/current-user-info', { distributionAgreement: false })).status).toBe(403);
    const gql = await agent.gql(`mutation { updateProfile(input: { parentEmail: "parent@example.com" }) { fieldErrors { field } } }`);
    expect(code(gql)).toBe('FORBIDDEN');
    const row = await server.prisma.user.findUniqueOrThrow({ where: { id: artist.id } });
    expect(row).toMatchObject({ agreementAcceptedAt: null, privacyPolicyAgreement: false, distributionAgreement: true, parentEmail: null });
    // sending an agreement unchanged (a whole settings form) is not a consent, so it passes
    expect((await agent.rest('PUT', '/users/current-user-info', { distributionAgreement: true, city: 'Lyon' })).status).toBe(200);
  });

  it('money, credentials and deletion', async () => {
    const { artist, agent } = await actingPair();
    const paypal = await agent.rest('PUT', '/users/current-user-info', { paypalEmail: 'thief@example.com' });
    expect(paypal.status).toBe(403);
    expect(JSON.stringify(paypal.body)).toContain(ACTING_REFUSALS.money);
    const pw = await agent.gql(`mutation { changePassword(input: { currentPassword: "Secret123", newPassword: "Another123" }) { changed } }`);
    expect(message(pw)).toBe(ACTING_REFUSALS.credentials);
    expect((await agent.rest('POST', '/users/update-email', { newEmail: 'taken@example.com' })).status).toBe(403);
    const del = await agent.rest('DELETE', '/users/me');
    expect(del.status).toBe(403);
    expect(JSON.stringify(del.body)).toContain(ACTING_REFUSALS['account-deletion']);
    expect(await server.prisma.user.findUniqueOrThrow({ where: { id: artist.id } })).toMatchObject({ email: artist.email, paypalEmail: null, deletedAt: null });
  });
});

describe('the audit trail of catalogue edits', () => {
  it('records a release edit made while acting with both people, old and new values, and the acting write itself', async () => {
    const { staff, artist, agent } = await actingPair();
    const created = await agent.rest('POST', '/releases', { title: 'Old Title' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const edit = await agent.gql(`mutation($i: UpdateReleaseInput!) { updateRelease(input: $i) { release { id } } }`, { i: { id, title: 'New Title', version: await releaseVersion(server, id) } });
    expect(edit.body.errors).toBeUndefined();
    const event = await server.prisma.auditEvent.findFirstOrThrow({ where: { subcategory: 'RELEASE_EDITED', entityId: id } });
    expect(event).toMatchObject({ category: 'RELEASE', userId: artist.id, actorId: staff.id, impersonatorId: staff.id, entityType: 'Release', oldValues: { title: 'Old Title' }, newValues: { title: 'New Title' } });
    const acting = await server.prisma.auditEvent.findMany({ where: { subcategory: 'ACTED_AS_USER', userId: artist.id }, orderBy: { createdAt: 'asc' } });
    expect(acting.map((a) => [a.entityType, a.entityId, a.actorId, a.impersonatorId, (a.newValues as { outcome: string }).outcome])).toEqual([
      ['REST', 'POST /api/releases', staff.id, staff.id, 'ok'],
      ['GraphQL', 'updateRelease', staff.id, staff.id, 'ok'],
    ]);
    // a refused write is audited as refused; reads are not audited
    await agent.gql(`mutation { createApiToken(input: { name: "x" }) { token } }`);
    await agent.rest('GET', '/users/current-user-info');
    await agent.gql(`{ viewer { id } }`);
    const after = await server.prisma.auditEvent.findMany({ where: { subcategory: 'ACTED_AS_USER', userId: artist.id }, orderBy: { createdAt: 'asc' } });
    expect(after).toHaveLength(3);
    expect(after[2]).toMatchObject({ entityId: 'createApiToken', newValues: expect.objectContaining({ outcome: 'refused', actingAsUserId: artist.id, staffUserId: staff.id }) });
  });

  it("records a user's own track, cover and credit edits with old and new values and no impersonator", async () => {
    const { artist, self } = await actingPair();
    const id = (await self.rest('POST', '/releases', { title: 'Mine' })).body.id as string;
    const up = await self.upload('/track/upload', { releaseId: id }, { data: wav({ sampleRate: 44_100, bitDepth: 16 }), name: 'Demo.wav' });
    expect(up.status).toBe(201);
    const trackId = up.body.id as string;
    expect((await self.rest('PUT', `/track/${trackId}`, { title: 'Final Mix', explicitLyrics: true })).status).toBe(200);
    const cover = await self.upload('/releases/cover-upload', { releaseId: id }, { data: await png(1600, 1600), name: 'cover.png', type: 'image/png' });
    expect(cover.status).toBe(200);
    const credit = await self.gql(`mutation($i: AddArtistCreditInput!) { addArtistCredit(input: $i) { release { id } } }`, { i: { releaseId: id, trackId, artistName: 'Guest Star', role: 'FEATURED', version: await releaseVersion(server, id) } });
    expect(credit.body.errors).toBeUndefined();

    const events = await server.prisma.auditEvent.findMany({ where: { userId: artist.id, category: 'RELEASE', subcategory: { in: ['TRACK_EDITED', 'COVER_EDITED', 'CREDIT_EDITED'] } }, orderBy: { createdAt: 'asc' } });
    for (const e of events) expect(e).toMatchObject({ actorId: artist.id, impersonatorId: null });
    expect(events.map((e) => [e.subcategory, e.entityType, e.oldValues, e.newValues])).toEqual([
      ['TRACK_EDITED', 'Track', { title: null, fileName: null, position: null }, { title: 'Demo', fileName: 'Demo.wav', position: 0 }],
      ['TRACK_EDITED', 'Track', { title: 'Demo', explicitLyrics: false }, { title: 'Final Mix', explicitLyrics: true }],
      ['COVER_EDITED', 'Cover', expect.objectContaining({ coverArtFileId: null }), expect.objectContaining({ coverArtFileId: expect.any(String), width: 1600, height: 1600 })],
      ['CREDIT_EDITED', 'Credit', { credits: [] }, { credits: [expect.stringMatching(/^Guest Star \(\d+\)$/)] }],
    ]);
    expect(await server.prisma.auditEvent.count({ where: { userId: artist.id, subcategory: 'ACTED_AS_USER' } })).toBe(0);
  });
});

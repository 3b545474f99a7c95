import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser } from '../../test/factories.ts';
import { hashPassword } from '../auth/password.ts';
import { TestBrowser } from '../../test/test-browser.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function signedIn(email: string) {
  const b = new TestBrowser(server);
  const res = await b.post('/api/auth/login', { username: email, password: 'Secret123' });
  expect(res.status).toBe(200);
  return b;
}

describe('support acting as a user', () => {
  it('finds the user, acts as them with force_login, is refused credential changes, and stops', async () => {
    const staff = await buildUser(server.prisma, { role: 'SUPPORT', firstName: 'Sam', lastName: 'Support', passwordHash: await hashPassword('Secret123') });
    const artist = await buildUser(server.prisma, { firstName: 'Zed', lastName: 'Findme', passwordHash: await hashPassword('Secret123') });
    const agent = await signedIn(staff.email);

    const found = await agent.gql(`query($q: String!) { searchUsers(query: $q) { id email status } }`, { q: 'findme' });
    expect(found.data.searchUsers).toEqual([{ id: artist.id, email: artist.email, status: 'ACTIVE' }]);

    const acted = await agent.gql(`mutation($i: ActAsUserInput!) { actAsUser(input: $i) { viewer { id email impersonatedBy { id email name } viewerCan { changePassword changeEmail withdraw deleteAccount } } } }`, { i: { userId: artist.id } });
    expect(acted.data.actAsUser.viewer).toEqual({
      id: artist.id,
      email: artist.email,
      impersonatedBy: { id: staff.id, email: staff.email, name: 'Sam Support' },
      viewerCan: { changePassword: false, changeEmail: false, withdraw: false, deleteAccount: false },
    });
    expect(agent.cookies.get('force_login')).toBe(artist.id);
    expect(agent.cookies.get('cadence_staff_session')).toBeDefined();

    const viewer = await agent.get('/api/users/current-user-info');
    expect(viewer.body).toMatchObject({ id: artist.id, impersonatedBy: { id: staff.id } });

    const audit = await server.prisma.auditEvent.findFirstOrThrow({ where: { subcategory: 'IMPERSONATION_START', userId: artist.id } });
    expect(audit).toMatchObject({ category: 'SUPPORT', actorId: staff.id, impersonatorId: staff.id });

    const pw = await agent.gql(`mutation { changePassword(input: { currentPassword: "Secret123", newPassword: "Another123" }) { changed } }`);
    expect(pw.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await agent.post('/api/users/change-password', { currentPassword: 'Secret123', newPassword: 'Another123' })).status).toBe(403);
    expect((await agent.post('/api/users/update-email', { newEmail: 'taken-over@example.com' })).status).toBe(403);
    expect((await agent.put('/api/users/current-user-info', { paypalEmail: 'thief@example.com' })).status).toBe(403);
    expect((await agent.delete('/api/users/me')).status).toBe(403);
    // ordinary edits are allowed and audited as done by the agent
    expect((await agent.put('/api/users/current-user-info', { city: 'Paris' })).status).toBe(200);
    const edit = await server.prisma.auditEvent.findFirstOrThrow({ where: { subcategory: 'USER_EDITED', userId: artist.id } });
    expect(edit).toMatchObject({ actorId: staff.id, impersonatorId: staff.id });
    // staff tools are not available while acting as a user
    expect((await agent.gql(`{ searchUsers(query: "findme") { id } }`)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const stopped = await agent.gql(`mutation { stopActingAsUser { restored } }`);
    expect(stopped.data.stopActingAsUser.restored).toBe(true);
    expect(agent.cookies.get('force_login')).toBeUndefined();
    expect((await agent.get('/api/users/current-user-info')).body.id).toBe(staff.id);
    expect(await server.prisma.auditEvent.count({ where: { subcategory: 'IMPERSONATION_END', userId: artist.id, actorId: staff.id } })).toBe(1);
  });

  it('is staff only', async () => {
    const artist = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const other = await buildUser(server.prisma);
    const browser = await signedIn(artist.email);
    const res = await browser.gql(`mutation($i: ActAsUserInput!) { actAsUser(input: $i) { viewer { id } } }`, { i: { userId: other.id } });
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await browser.gql(`{ searchUsers(query: "artist") { id } }`)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('blocking ends the sessions at once; unblocking lets the user back in', async () => {
    const staff = await buildUser(server.prisma, { role: 'SUPPORT', passwordHash: await hashPassword('Secret123') });
    const artist = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    const agent = await signedIn(staff.email);
    const user = await signedIn(artist.email);
    const blocked = await agent.gql(`mutation($i: BlockUserInput!) { blockUser(input: $i) { user { status } } }`, { i: { userId: artist.id, reason: 'fraud' } });
    expect(blocked.data.blockUser.user.status).toBe('BLOCKED');
    expect((await user.get('/api/users/current-user-info')).status).toBe(401);
    expect((await user.post('/api/auth/login', { username: artist.email, password: 'Secret123' })).body.status).toBe('blocked');
    await agent.gql(`mutation($i: UnblockUserInput!) { unblockUser(input: $i) { user { status } } }`, { i: { userId: artist.id } });
    expect((await user.post('/api/auth/login', { username: artist.email, password: 'Secret123' })).status).toBe(200);
    const events = await server.prisma.auditEvent.findMany({ where: { userId: artist.id, category: 'ACCOUNT' }, orderBy: { createdAt: 'asc' } });
    expect(events.map((e) => e.subcategory)).toEqual(['BLOCK_ACCOUNT', 'UNBLOCK_ACCOUNT']);
    expect(events[0]).toMatchObject({ actorId: staff.id, oldValues: { status: 'ACTIVE' }, newValues: { status: 'BLOCKED', reason: 'fraud' } });
  });
});

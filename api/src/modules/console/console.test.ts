import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { png, wav } from '../../integrations/media/__test-support__/media-fixtures.ts';
import { hashPassword } from '../auth/password.ts';
import { ensureAccount, postTransaction, walletAccount } from '../ledger/ledger.service.ts';
import { clientFor, startReleaseServer } from '../releases/__test-support__/release-kit.ts';
import { DELIVER_RELEASE_JOB } from '../releases/release-review.service.ts';
import { statusOrder } from '@cadence/domain/release-status';

let server: TestServer & { storageDir: string };
beforeAll(async () => {
  server = await startReleaseServer();
});
afterAll(async () => {
  await server.close();
});


async function staff(role: 'SUPPORT' | 'ADMIN' = 'SUPPORT') {
  const user = await buildUser(server.prisma, { role, firstName: role === 'ADMIN' ? 'Ada' : 'Sam', lastName: 'Staff' });
  return { user, client: clientFor(server, await sessionCookieFor(server.prisma, user.id)) };
}

/** An artist with a release of two tracks and a cover, put in VALIDATED (as the validation job leaves it). */
async function validatedRelease(opts: { title?: string; submittedAt?: Date } = {}) {
  const artist = await buildUser(server.prisma, { primaryArtists: ['Review Artist'] });
  const client = clientFor(server, await sessionCookieFor(server.prisma, artist.id));
  const created = await client.rest('POST', '/releases', { title: opts.title ?? 'In Review' });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const trackIds: string[] = [];
  for (const name of ['One.wav', 'Two.wav']) {
    const up = await client.upload('/track/upload', { releaseId: id }, { data: wav({ sampleRate: 44_100, bitDepth: 16, frames: 44_100 }), name });
    expect(up.status).toBe(201);
    trackIds.push(up.body.id as string);
  }
  const cover = await client.upload('/releases/cover-upload', { releaseId: id }, { data: await png(1600, 1600), name: 'cover.png', type: 'image/png' });
  expect(cover.status).toBe(200);
  await server.prisma.release.update({ where: { id }, data: { status: statusOrder('VALIDATED'), submittedAt: opts.submittedAt ?? new Date(), statusChangedAt: new Date() } });
  return { artist, client, id, trackIds };
}

const code = (res: { body: { errors?: { extensions?: { code?: string } }[] } }) => res.body.errors?.[0]?.extensions?.code;

describe('the review queue', () => {
  it('lists VALIDATED releases oldest first with tracks, credits, cover and the check, over GraphQL and REST', async () => {
    const { client: support } = await staff();
    const newer = await validatedRelease({ title: 'Newer', submittedAt: new Date('2031-01-02T00:00:00Z') });
    const older = await validatedRelease({ title: 'Older', submittedAt: new Date('2020-01-01T00:00:00Z') });
    const res = await support.gql(
      `query($i: ReviewQueueInput) { reviewQueue(input: $i) { totalCount hasMore endCursor releases { id title status coverUrl owner { email artistName } credits { artistName role } checkIssues { key } tracks { number title audioUrl durationMs } } } }`,
      { i: { first: 100 } },
    );
    expect(res.body.errors).toBeUndefined();
    const ids = (res.body.data.reviewQueue.releases as { id: string }[]).map((r) => r.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    const row = res.body.data.reviewQueue.releases.find((r: { id: string }) => r.id === older.id);
    expect(row).toMatchObject({
      title: 'Older',
      status: 'VALIDATED',
      coverUrl: `/api/admin/releases/${older.id}/cover`,
      owner: { email: older.artist.email, artistName: 'Review Artist' },
      credits: [{ artistName: 'Review Artist', role: 'PRIMARY' }],
      tracks: [
        { number: 1, title: 'One', audioUrl: `/api/admin/tracks/${older.trackIds[0]}/audio`, durationMs: 1000 },
        { number: 2, title: 'Two', audioUrl: `/api/admin/tracks/${older.trackIds[1]}/audio`, durationMs: 1000 },
      ],
    });
    expect(row.checkIssues.map((i: { key: string }) => i.key)).toContain('required'); // no genre: the check says so

    const rest = await support.rest('GET', '/admin/releases?status=VALIDATED&first=100');
    expect(rest.status).toBe(200);
    expect(rest.body.releases.map((r: { id: string }) => r.id)).toEqual(ids);
    expect((await support.rest('GET', '/admin/releases?status=NOPE')).status).toBe(400);
    expect((await support.rest('GET', '/admin/releases?first=0')).status).toBe(400);

    const page = await support.gql(`query($i: ReviewQueueInput) { reviewQueue(input: $i) { hasMore endCursor releases { id } } }`, { i: { first: 1 } });
    const next = await support.gql(`query($i: ReviewQueueInput) { reviewQueue(input: $i) { releases { id } } }`, { i: { first: 1, after: page.body.data.reviewQueue.endCursor } });
    expect(page.body.data.reviewQueue.hasMore).toBe(true);
    expect(next.body.data.reviewQueue.releases[0].id).toBe(ids[1]);
  });

  it('streams a track to staff with range requests, and the cover', async () => {
    const { client: support } = await staff();
    const { id, trackIds } = await validatedRelease();
    const stored = await server.prisma.storedFile.findFirstOrThrow({ where: { audioOf: { id: trackIds[0] } } });
    const size = Number(stored.sizeBytes);
    const url = `/admin/tracks/${trackIds[0]}/audio`;
    const whole = await support.rest('GET', url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(size));

    const sessionCookie = await sessionCookieFor(server.prisma, (await buildUser(server.prisma, { role: 'SUPPORT' })).id);
    const part = await fetch(`${server.url}/api${url}`, { headers: { cookie: sessionCookie, range: 'bytes=0-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-11/${size}`);
    const bytes = Buffer.from(await part.arrayBuffer());
    expect(bytes.length).toBe(12);
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString()).toBe('WAVE');

    const tail = await fetch(`${server.url}/api${url}`, { headers: { cookie: sessionCookie, range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(Buffer.from(await tail.arrayBuffer()).length).toBe(10);

    const beyond = await fetch(`${server.url}/api${url}`, { headers: { cookie: sessionCookie, range: `bytes=${size + 10}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);

    const malformed = await fetch(`${server.url}/api${url}`, { headers: { cookie: sessionCookie, range: 'pages=1-2' } });
    expect(malformed.status).toBe(200);

    const cover = await support.rest('GET', `/admin/releases/${id}/cover`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    expect(cover.headers.get('content-disposition')).toMatch(/^inline/);
  });
});

describe('approve and reject', () => {
  it('rejects with release-level and per-track reasons that the artist reads as "Track N: reason", audited with the reviewer', async () => {
    const { user: reviewer, client: support } = await staff();
    const { client: artist, id, trackIds } = await validatedRelease();
    const res = await support.gql(
      `mutation($i: RejectReleaseInput!) { rejectRelease(input: $i) { release { status rejectionReasons } } }`,
      { i: { releaseId: id, reasons: [{ reason: 'Cover art is blurry' }, { trackId: trackIds[1], reason: 'Clipping at 1:20 ; too loud' }] } },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.rejectRelease.release).toEqual({ status: 'REJECTED', rejectionReasons: ['Cover art is blurry', 'Track 2: Clipping at 1:20; too loud'] });
    const mine = await artist.gql(`query($id: ID!) { release(id: $id) { status displayStatus rejectionReasons } }`, { id });
    expect(mine.body.data.release).toMatchObject({ status: 'REJECTED', rejectionReasons: ['Cover art is blurry', 'Track 2: Clipping at 1:20; too loud'] });
    const event = await server.prisma.auditEvent.findFirstOrThrow({ where: { entityId: id, subcategory: 'STATUS_CHANGE' }, orderBy: { id: 'desc' } });
    expect(event).toMatchObject({ actorId: reviewer.id, impersonatorId: null, oldValues: { status: 'VALIDATED' }, newValues: { status: 'REJECTED' } });
    // a second decision on the same release is a conflict
    const again = await support.rest('POST', `/admin/releases/${id}/approve`, {});
    expect(again.status).toBe(409);
  });

  it('refuses a rejection without reasons, with an empty reason or with another release’s track (400)', async () => {
    const { client: support } = await staff();
    const { id } = await validatedRelease();
    const other = await validatedRelease();
    expect((await support.rest('POST', `/admin/releases/${id}/reject`, { reasons: [] })).status).toBe(400);
    expect((await support.rest('POST', `/admin/releases/${id}/reject`, {})).status).toBe(400);
    expect((await support.rest('POST', `/admin/releases/${id}/reject`, { reasons: [{ reason: '   ' }] })).status).toBe(400);
    const foreign = await support.rest('POST', `/admin/releases/${id}/reject`, { reasons: [{ trackId: other.trackIds[0], reason: 'x' }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('That track is not on this release');
    expect((await support.rest('POST', `/admin/releases/${id}/reject`, { reasons: 'no' })).status).toBe(400);
    expect((await support.rest('POST', '/admin/releases/not-a-release/reject', { reasons: [{ reason: 'x' }] })).status).toBe(404);
    expect((await server.prisma.release.findUniqueOrThrow({ where: { id } })).status).toBe(statusOrder('VALIDATED'));
    const rest = await support.rest('POST', `/admin/releases/${id}/reject`, { reasons: [{ trackId: (await server.prisma.track.findFirstOrThrow({ where: { releaseId: id, position: 0 } })).id, reason: 'Silence at the start' }] });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ status: 'REJECTED', rejectionReasons: ['Track 1: Silence at the start'] });
  });

  it('approves over REST: APPROVED, and the delivery job is queued for the release', async () => {
    const { user: reviewer, client: support } = await staff();
    const { client: artist, id } = await validatedRelease();
    const version = (await server.prisma.release.findUniqueOrThrow({ where: { id } })).version;
    expect((await support.rest('POST', `/admin/releases/${id}/approve`, { version: version - 1 })).status).toBe(409);
    const res = await support.rest('POST', `/admin/releases/${id}/approve`, { version });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('APPROVED');
    const job = await server.prisma.job.findFirstOrThrow({ where: { name: DELIVER_RELEASE_JOB, payload: { path: ['releaseId'], equals: id } } });
    expect(job.payload).toEqual({ releaseId: id });
    expect((await artist.rest('GET', `/releases/${id}`)).body.status).toBe('APPROVED');
    expect(await server.prisma.auditEvent.count({ where: { entityId: id, subcategory: 'STATUS_CHANGE', actorId: reviewer.id, newValues: { equals: { status: 'APPROVED' } } } })).toBe(1);
  });

  it('ADMIN_EDIT: staff correct metadata in review, audited with old and new values, and the release stays in the queue', async () => {
    const { user: reviewer, client: support } = await staff();
    const { id } = await validatedRelease({ title: 'Typo Titel' });
    const res = await support.gql(`mutation($i: AdminEditReleaseInput!) { adminEditRelease(input: $i) { release { title status } } }`, { i: { releaseId: id, title: 'Typo Title' } });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.adminEditRelease.release).toEqual({ title: 'Typo Title', status: 'VALIDATED' });
    const edit = await server.prisma.auditEvent.findFirstOrThrow({ where: { entityId: id, subcategory: 'RELEASE_EDITED' } });
    expect(edit).toMatchObject({ actorId: reviewer.id, oldValues: { title: 'Typo Titel' }, newValues: { title: 'Typo Title' } });
    const moves = await server.prisma.auditEvent.findMany({ where: { entityId: id, subcategory: 'STATUS_CHANGE' }, orderBy: { id: 'asc' } });
    expect(moves.map((m) => m.newValues)).toEqual([{ status: 'ADMIN_EDIT' }, { status: 'VALIDATED' }]);
    const bad = await support.gql(`mutation($i: AdminEditReleaseInput!) { adminEditRelease(input: $i) { release { title } } }`, { i: { releaseId: id, title: 'x'.repeat(500) } });
    expect(code(bad)).toBe('BAD_USER_INPUT');
  });
});

describe('users', () => {
  it('finds people case-insensitively and in part, by full name, last name or artist name', async () => {
    const { client: support } = await staff();
    const nova = await buildUser(server.prisma, { firstName: 'Nova', lastName: 'Lane', primaryArtists: ['Nova Lane Music'] });
    const stage = await buildUser(server.prisma, { firstName: 'Pat', lastName: 'Quill', primaryArtists: ['Stage Name Zebra'] });
    const find = async (q: string) => ((await support.gql(`query($q: String!) { searchUsers(query: $q) { id } }`, { q })).body.data.searchUsers as { id: string }[]).map((u) => u.id);
    for (const q of ['nova lane', 'Lane', 'NOVA', 'lane nova', 'ova la']) expect({ q, found: (await find(q)).includes(nova.id) }).toEqual({ q, found: true });
    expect(await find('name zeb')).toContain(stage.id);
    expect(await find('100%')).toEqual([]);
  });

  it('blocks with a reason, super-blocks (only an admin lifts it), and shows the account page with releases and audit history', async () => {
    const { client: support } = await staff();
    const { user: admin, client: adminClient } = await staff('ADMIN');
    const person = await buildUser(server.prisma, { passwordHash: await hashPassword('Secret123') });
    expect((await support.rest('POST', `/admin/users/${person.id}/block`, {})).status).toBe(400);
    const blocked = await support.rest('POST', `/admin/users/${person.id}/block`, { reason: 'Chargeback fraud', superBlock: true });
    expect(blocked.status).toBe(200);
    expect(blocked.body.status).toBe('SUPER_BLOCKED');
    const signIn = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: person.email, password: 'Secret123' }) });
    expect(signIn.status).toBe(403);
    expect(await signIn.json()).toMatchObject({ status: 'super_blocked' });
    const refused = await support.rest('POST', `/admin/users/${person.id}/unblock`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only an admin can lift a super block');
    expect((await adminClient.rest('POST', `/admin/users/${person.id}/unblock`, { reason: 'Resolved' })).body.status).toBe('ACTIVE');

    const page = await support.gql(`query($id: ID!) { staffAccount(userId: $id) { account { email status plan balance } releases { id } } }`, { id: person.id });
    expect(page.body.data.staffAccount).toEqual({ account: { email: person.email, status: 'ACTIVE', plan: 'FREE', balance: '$0.00' }, releases: [] });
    // The balance is the wallet's, read from the ledger (reading never creates a wallet).
    const wallet = await walletAccount(server.prisma, person.id);
    const sales = await ensureAccount(server.prisma, { kind: 'SALES_CLEARING' });
    await postTransaction(server.prisma, { kind: 'SALES_POSTING', idempotencyKey: `console-balance:${person.id}`, description: 'Royalties', entries: [{ accountId: sales.id, amountMinor: -123_456n }, { accountId: wallet.id, amountMinor: 123_456n }] });
    const paid = await support.gql(`query($id: ID!) { staffAccount(userId: $id) { account { balance } } }`, { id: person.id });
    expect(paid.body.data.staffAccount.account.balance).toBe('$1,234.56');
    const log = await support.gql(`query($i: UserAuditLogInput!) { userAuditLog(input: $i) { hasMore endCursor events { subcategory actor { id } newValues } } }`, { i: { userId: person.id, first: 1 } });
    expect(log.body.data.userAuditLog).toMatchObject({ hasMore: true, events: [{ subcategory: 'UNBLOCK_ACCOUNT', actor: { id: admin.id } }] });
    expect(JSON.parse(log.body.data.userAuditLog.events[0].newValues)).toEqual({ status: 'ACTIVE', reason: 'Resolved' });
    const older = await support.gql(`query($i: UserAuditLogInput!) { userAuditLog(input: $i) { hasMore events { subcategory newValues } } }`, { i: { userId: person.id, first: 10, after: log.body.data.userAuditLog.endCursor } });
    expect(older.body.data.userAuditLog.events.map((e: { subcategory: string }) => e.subcategory)).toEqual(['BLOCK_ACCOUNT']);
    expect(JSON.parse(older.body.data.userAuditLog.events[0].newValues)).toEqual({ status: 'SUPER_BLOCKED', reason: 'Chargeback fraud' });
  });

  it('the audit log of a release lists its moves, newest first', async () => {
    const { client: support } = await staff();
    const { id, trackIds } = await validatedRelease();
    await support.rest('POST', `/admin/releases/${id}/reject`, { reasons: [{ trackId: trackIds[0], reason: 'Noise' }] });
    const log = await support.gql(`query($i: ReleaseAuditLogInput!) { releaseAuditLog(input: $i) { events { subcategory entityType } } }`, { i: { releaseId: id } });
    const events = log.body.data.releaseAuditLog.events as { subcategory: string; entityType: string }[];
    expect(events[0]).toEqual({ subcategory: 'STATUS_CHANGE', entityType: 'Release' });
    expect(events.map((e) => e.subcategory)).toEqual(expect.arrayContaining(['RELEASE_START', 'TRACK_EDITED', 'COVER_EDITED']));
  });
});

describe('staff roles', () => {
  it('only an admin changes roles (never their own), audited with old and new role; the person’s sessions end', async () => {
    const { client: support } = await staff();
    const { user: admin, client: adminClient } = await staff('ADMIN');
    const person = await buildUser(server.prisma);
    const personClient = clientFor(server, await sessionCookieFor(server.prisma, person.id));
    const mutation = `mutation($i: ChangeUserRoleInput!) { changeUserRole(input: $i) { user { id role } } }`;
    expect(code(await support.gql(mutation, { i: { userId: person.id, role: 'SUPPORT' } }))).toBe('FORBIDDEN');
    expect(code(await adminClient.gql(mutation, { i: { userId: admin.id, role: 'USER' } }))).toBe('FORBIDDEN');
    const made = await adminClient.gql(mutation, { i: { userId: person.id, role: 'SUPPORT' } });
    expect(made.body.data.changeUserRole.user).toEqual({ id: person.id, role: 'SUPPORT' });
    expect((await personClient.rest('GET', '/users/current-user-info')).status).toBe(401);
    expect(await server.prisma.auditEvent.findFirstOrThrow({ where: { userId: person.id, subcategory: 'ROLE_CHANGED' } })).toMatchObject({ actorId: admin.id, oldValues: { role: 'USER' }, newValues: { role: 'SUPPORT' } });
    // over REST too, for partner tools; a role outside the three is a 400
    expect((await adminClient.rest('POST', `/admin/users/${person.id}/role`, { role: 'OWNER' })).status).toBe(400);
    const back = await adminClient.rest('POST', `/admin/users/${person.id}/role`, { role: 'USER' });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: person.id, role: 'USER' });
    expect((await support.rest('POST', `/admin/users/${person.id}/role`, { role: 'ADMIN' })).status).toBe(403);
    const abilities = await support.gql(`{ consoleAbilities { reviewReleases manageAccounts manageStaff manageStoreEndpoints importSales liftSuperBlock } }`);
    expect(abilities.body.data.consoleAbilities).toEqual({ reviewReleases: true, manageAccounts: true, manageStaff: false, manageStoreEndpoints: false, importSales: false, liftSuperBlock: false });
    const adminAbilities = await adminClient.gql(`{ consoleAbilities { manageStaff manageStoreEndpoints importSales liftSuperBlock } }`);
    expect(adminAbilities.body.data.consoleAbilities).toEqual({ manageStaff: true, manageStoreEndpoints: true, importSales: true, liftSuperBlock: true });
  });
});

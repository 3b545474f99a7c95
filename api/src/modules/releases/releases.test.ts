import { readdir } from 'node:fs/promises';
import { wav, png } from '../../integrations/media/__test-support__/media-fixtures.ts';
import { storageFor } from '../uploads/storage.ts';
import { daysFromToday, runJobs, signedInUser, startReleaseServer } from './__test-support__/release-kit.ts';
import { statusOrder } from '@cadence/domain/release-status';

let server: Awaited<ReturnType<typeof startReleaseServer>>;
let cover: Buffer;

beforeAll(async () => {
  server = await startReleaseServer();
  cover = await png(1600, 1600);
});
afterAll(async () => {
  await server.close();
});

const completeFields = () => ({
  title: 'Night Drive',
  genreId: '2751',
  languageId: 'EN',
  releaseDate: daysFromToday(14),
  outletUris: ['spotify'],
});

async function dspUri(): Promise<string> {
  const dsp = await server.prisma.dsp.findFirstOrThrow({ where: { enabled: true }, orderBy: { id: 'asc' } });
  return dsp.uri;
}

/** Creates a complete release with one uploaded WAV and a cover, through REST. */
async function completeRelease(client: Awaited<ReturnType<typeof signedInUser>>, tracks = 1) {
  const created = await client.rest('POST', '/releases', { ...completeFields(), outletUris: [await dspUri()] });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  for (let i = 0; i < tracks; i++) {
    const up = await client.upload('/track/upload', { releaseId: id }, { data: wav({ sampleRate: 44_100, bitDepth: 16 }), name: `Song ${i + 1}.wav` });
    expect(up.status).toBe(201);
  }
  const coverUp = await client.upload('/releases/cover-upload', { releaseId: id }, { data: cover, name: 'cover.png', type: 'image/png' });
  expect(coverUp.status).toBe(200);
  return id;
}

describe('release lifecycle over REST', () => {
  it('creates, uploads audio and cover, checks, submits, and the job validates it', async () => {
    const client = await signedInUser(server);
    const created = await client.rest('POST', '/releases', { title: 'Night Drive' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'NOT_COMPLETED', displayStatus: 'Draft', releaseDateText: 'ASAP', languageId: 'EN', version: 1 });
    expect(created.body.artistName).toBe(client.user.primaryArtists[0]);
    const id = created.body.id as string;

    const before = await client.rest('GET', `/releases/check/${id}`);
    expect(before.status).toBe(200);
    expect(before.body.valid).toBe(false);
    expect(before.body.fields).toMatchObject({ genreId: { key: 'required' }, coverArt: { key: 'required' }, outletUris: { key: 'missingDSP' }, tracks: { key: 'required' } });

    const up = await client.upload('/track/upload', { releaseId: id }, { data: wav({ sampleRate: 48_000, bitDepth: 24, channels: 2, frames: 48_000 }), name: 'First Light.wav' });
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ title: 'First Light', fileName: 'First Light.wav', audio: { sampleRate: 48_000, bitDepth: 24, channels: 2, durationMs: 1000 } });
    const stored = await server.prisma.storedFile.findFirstOrThrow({ where: { audioOf: { id: up.body.id } } });
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.md5).toMatch(/^[0-9a-f]{32}$/);
    expect(stored.storageKey).not.toContain('First');
    const audio = await fetch(`${server.url}${up.body.audioUrl}`, { headers: { cookie: client.cookie } });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-disposition')).toMatch(/^attachment; filename="First Light.wav"/);
    expect(audio.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await audio.arrayBuffer()).length).toBe(Number(stored.sizeBytes));

    const coverUp = await client.upload('/releases/cover-upload', { releaseId: id }, { data: cover, name: 'cover.png', type: 'image/png' });
    expect(coverUp.status).toBe(200);
    expect(coverUp.body.coverArtUrl).toMatch(new RegExp(`^/api/releases/${id}/cover\\?v=`));
    const image = await fetch(`${server.url}${coverUp.body.coverArtUrl}`, { headers: { cookie: client.cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(cover)).toBe(true);

    const put = await client.rest('PUT', `/releases/${id}`, { ...completeFields(), outletUris: [await dspUri()], version: coverUp.body.version });
    expect(put.status).toBe(200);
    expect(put.body.releaseDate).toBe(completeFields().releaseDate);

    const check = await client.rest('POST', '/releases/check', [id]);
    expect(check.status).toBe(200);
    expect(check.body[0]).toMatchObject({ id, valid: true, issues: [] });

    const submitted = await client.rest('POST', `/releases/${id}/submit`);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'OK', displayStatus: 'Pending' });
    expect(submitted.body.tracks[0].isrc).toMatch(/^QZCAD\d{7}$/);
    expect(submitted.body.upc).toMatch(/^\d{12}$/);
    // Submitting twice queues one job.
    expect((await client.rest('POST', `/releases/${id}/submit`)).status).toBe(200);
    expect(await server.prisma.job.count({ where: { name: 'release.validate', payload: { path: ['releaseId'], equals: id } } })).toBe(1);

    expect(await runJobs(server)).toBe(1);
    const after = await client.rest('GET', `/releases/${id}`);
    expect(after.body).toMatchObject({ status: 'VALIDATED', displayStatus: 'Pending', comment: null });
    const statuses = await client.rest('GET', '/releases/status');
    expect(statuses.body[id]).toBe('VALIDATED');
    // A validated release waits in the review queue: submitting it again keeps its place (issue 19).
    expect((await client.rest('POST', `/releases/${id}/submit`)).status).toBe(200);
    expect((await client.rest('GET', `/releases/${id}`)).body).toMatchObject({ status: 'VALIDATED' });
    expect(await server.prisma.job.count({ where: { name: 'release.validate', payload: { path: ['releaseId'], equals: id } } })).toBe(1);

    const audit = await server.prisma.auditEvent.findMany({ where: { entityId: id }, orderBy: { createdAt: 'asc' } });
    // issue 11: cover and release edits are audited too (old and new values)
    expect(audit.map((a) => a.subcategory)).toEqual(['RELEASE_START', 'COVER_EDITED', 'RELEASE_EDITED', 'SUBMIT', 'STATUS_CHANGE']);
    expect(audit[4]?.newValues).toEqual({ status: 'VALIDATED' });
  });

  it('rejects in the job with per-track reasons when a stored file turns out damaged', async () => {
    const client = await signedInUser(server);
    const id = await completeRelease(client, 2);
    const submitted = await client.rest('POST', `/releases/${id}/submit`);
    expect(submitted.status).toBe(200);
    // The second track's stored audio is cut short behind the platform's back.
    const track = await server.prisma.track.findFirstOrThrow({ where: { releaseId: id, position: 1 }, include: { audioFile: true } });
    const key = track.audioFile!.storageKey;
    const storage = storageFor(server.config);
    const { Readable } = await import('node:stream');
    await storage.put(key, Readable.from([wav().subarray(0, 60)]));
    await server.prisma.storedFile.update({ where: { id: track.audioFileId! }, data: { sizeBytes: 60n } });

    await runJobs(server);
    const after = await client.rest('GET', `/releases/${id}`);
    expect(after.body.status).toBe('REJECTED');
    expect(after.body.displayStatus).toBe('Denied');
    expect(after.body.rejectDate).not.toBeNull();
    expect(after.body.rejectionReasons).toHaveLength(1);
    expect(after.body.rejectionReasons[0]).toMatch(/^Track 2: .*truncated/i);

    // Editing a denied release makes it a draft again (reasons still shown); reopening clears them.
    const reopened = await client.rest('POST', `/releases/status/change/notCompleted/${id}`);
    expect(reopened.body).toMatchObject({ status: 'NOT_COMPLETED', displayStatus: 'Draft', rejectionReasons: [] });
  });

  it('takes down a LIVE release, and refuses to take down a draft', async () => {
    const client = await signedInUser(server);
    const live = await server.prisma.release.create({ data: { userId: client.user.id, title: 'Live One', status: statusOrder('LIVE') } });
    const res = await client.rest('POST', `/releases/takedown/${live.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'AWAITING_TAKEDOWN', displayStatus: 'Takedown Submitted' });
    const audit = await server.prisma.auditEvent.findFirstOrThrow({ where: { entityId: live.id } });
    expect(audit).toMatchObject({ subcategory: 'TAKEDOWN_AWAITING', actorId: client.user.id, oldValues: { status: 'LIVE' } });

    const draft = await client.rest('POST', '/releases', { title: 'Draft' });
    const refused = await client.rest('POST', `/releases/takedown/${draft.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only a live or delivered release can be taken down');
  });

  it('deletes per the deletable rule and refuses a stale version', async () => {
    const client = await signedInUser(server);
    const created = await client.rest('POST', '/releases', { title: 'Two Tabs' });
    const id = created.body.id;
    expect((await client.rest('PUT', `/releases/${id}`, { title: 'Tab A', version: 1 })).status).toBe(200);
    const stale = await client.rest('PUT', `/releases/${id}`, { title: 'Tab B', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.key).toBe('stale-version');

    expect((await client.rest('DELETE', `/releases/${id}`)).status).toBe(204);
    expect((await client.rest('GET', `/releases/${id}`)).status).toBe(404);
    const live = await server.prisma.release.create({ data: { userId: client.user.id, title: 'Live', status: statusOrder('LIVE') } });
    expect((await client.rest('DELETE', `/releases/${live.id}`)).status).toBe(409);
  });

  it('paginates the list and counts only counted statuses', async () => {
    const client = await signedInUser(server);
    const statuses = [0, 0, 20, 70, 90];
    for (const [i, status] of statuses.entries()) {
      const r = await server.prisma.release.create({ data: { userId: client.user.id, title: `R${i}`, status } });
      await server.prisma.track.create({ data: { releaseId: r.id, userId: client.user.id, title: 'T' } });
    }
    const first = await client.rest('GET', '/releases?limit=2');
    expect(first.body.totalCount).toBe(5);
    expect(first.body.releases.map((r: { title: string }) => r.title)).toEqual(['R4', 'R3']);
    const second = await client.rest('GET', `/releases?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.releases.map((r: { title: string }) => r.title)).toEqual(['R2', 'R1']);
    const third = await client.rest('GET', `/releases?limit=2&cursor=${second.body.nextCursor}`);
    expect(third.body.releases.map((r: { title: string }) => r.title)).toEqual(['R0']);
    expect(third.body.nextCursor).toBeNull();
    expect((await client.rest('GET', '/releases?status=LIVE')).body.totalCount).toBe(1);

    const page = await client.gql(`query { releases(first: 2) { totalCount edges { node { title } } pageInfo { hasNextPage endCursor } } }`);
    expect(page.body.data.releases.totalCount).toBe(5);
    expect(page.body.data.releases.edges.map((e: { node: { title: string } }) => e.node.title)).toEqual(['R4', 'R3']);
    const next = await client.gql(`query($after: String) { releases(first: 10, after: $after) { edges { node { title } } pageInfo { hasNextPage } } }`, { after: page.body.data.releases.pageInfo.endCursor });
    expect(next.body.data.releases.edges).toHaveLength(3);
    expect(next.body.data.releases.pageInfo.hasNextPage).toBe(false);

    const counts = await client.gql(`query { releaseCounts { releases tracks byDisplayStatus { displayStatus count } } }`);
    expect(counts.body.data.releaseCounts).toMatchObject({ releases: 2, tracks: 2 });
    const byStatus = Object.fromEntries(counts.body.data.releaseCounts.byDisplayStatus.map((d: { displayStatus: string; count: number }) => [d.displayStatus, d.count]));
    expect(byStatus).toMatchObject({ Draft: 2, Pending: 1, Published: 1, Denied: 1 });
  });

  it('serves a download link for an eligible release as a tar with nosniff', async () => {
    const client = await signedInUser(server);
    const id = await completeRelease(client, 1);
    await server.prisma.release.update({ where: { id }, data: { status: statusOrder('LIVE') } });
    const link = await client.gql(`mutation($i: CreateDownloadLinkInput!) { createDownloadLink(input: $i) { downloadLink { url expiresAt } } }`, { i: { releaseId: id } });
    expect(link.body.errors).toBeUndefined();
    const res = await fetch(`${server.url}${link.body.data.createDownloadLink.downloadLink.url}`, { headers: { cookie: client.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Night Drive.tar"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const tar = Buffer.from(await res.arrayBuffer());
    expect(tar.toString('latin1', 257, 262)).toBe('ustar');
    expect(tar.includes(Buffer.from('01 - Song 1.wav'))).toBe(true);

    const all = await client.rest('GET', '/releases/download-all');
    expect(all.status).toBe(200);
    expect(all.body.releaseCount).toBe(1);
    expect((await client.rest('GET', '/releases/download-all')).status).toBe(429);
    expect((await client.rest('GET', '/releases/download-all?skipTimeLimit=true')).status).toBe(200);

    const draft = await client.rest('POST', '/releases', { title: 'Not yet' });
    const refused = await client.gql(`mutation($i: CreateDownloadLinkInput!) { createDownloadLink(input: $i) { downloadLink { url } } }`, { i: { releaseId: draft.body.id } });
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('lists a newly created release first (ids are time-ordered UUIDv7), over both transports', async () => {
    const client = await signedInUser(server);
    const older = await client.rest('POST', '/releases', { title: 'Older' });
    const newer = await client.rest('POST', '/releases', { title: 'Newer' });
    expect(older.body.id < newer.body.id).toBe(true);
    const list = await client.rest('GET', '/releases');
    expect(list.body.releases.map((r: { id: string }) => r.id)).toEqual([newer.body.id, older.body.id]);
    const page = await client.gql(`query { releases(first: 1) { edges { node { id title } } } }`);
    expect(page.body.data.releases.edges).toEqual([{ node: { id: newer.body.id, title: 'Newer' } }]);
  });

  it('leaves no temporary or orphan files in storage after the uploads above', async () => {
    const walk = async (dir: string): Promise<string[]> => {
      const out: string[] = [];
      for (const e of await readdir(dir, { withFileTypes: true })) {
        if (e.isDirectory()) out.push(...(await walk(`${dir}/${e.name}`)));
        else out.push(`${dir}/${e.name}`.slice(server.storageDir.length + 1));
      }
      return out;
    };
    const files = await walk(server.storageDir);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const keys = (await server.prisma.storedFile.findMany({ select: { storageKey: true } })).map((f) => f.storageKey);
    expect(files.sort()).toEqual(keys.sort());
  });
});

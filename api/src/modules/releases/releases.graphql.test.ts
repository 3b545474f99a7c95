import { statusOrder, type ReleaseStatus } from '@cadence/domain/release-status';
import { png, wav } from '../../integrations/media/__test-support__/media-fixtures.ts';
import { countStatements, daysFromToday, releaseVersion, runJobs, signedInUser, startReleaseServer } from './__test-support__/release-kit.ts';

let server: Awaited<ReturnType<typeof startReleaseServer>>;
beforeAll(async () => {
  server = await startReleaseServer();
});
afterAll(async () => {
  await server.close();
});

const RELEASE_FIELDS = `
  id title status statusOrder displayStatus isDraft isPending version releaseDate releaseDateText artistName trackCount coverArtUrl
  viewerCan { edit delete takedown viewTracks download }
  territory { allowed countryCodes text }
  outlets { uri }
  rejectionReasons
  tracks { id title position isrc isRemix audio { fileName sampleRate bitDepth channels durationMs } credits { artistName role artistRelationTypeId } }
`;

describe('releases over GraphQL', () => {
  it('builds, credits, checks, submits and validates a release', async () => {
    const client = await signedInUser(server);
    const dsp = await server.prisma.dsp.findFirstOrThrow({ where: { enabled: true } });
    const created = await client.gql(`mutation($input: CreateReleaseInput!) { createRelease(input: $input) { release { ${RELEASE_FIELDS} } } }`, {
      input: { title: 'Glass', genreId: '2751', releaseDate: daysFromToday(10), outletUris: [dsp.uri], territory: { allowed: false, countryCodes: ['FR', 'DE'] } },
    });
    expect(created.body.errors).toBeUndefined();
    const release = created.body.data.createRelease.release;
    expect(release).toMatchObject({
      status: 'NOT_COMPLETED',
      statusOrder: 0,
      displayStatus: 'Draft',
      isDraft: true,
      viewerCan: { edit: true, delete: true, takedown: false, viewTracks: false, download: false },
      territory: { allowed: false, countryCodes: ['FR', 'DE'], text: 'Everywhere except FR, DE' },
      outlets: [{ uri: dsp.uri }],
      trackCount: 0,
    });

    const upload = `mutation($input: UploadTrackInput!) { uploadTrack(input: $input) { track { id title audio { sampleRate bitDepth } } release { trackCount } } }`;
    const t1 = await client.gqlUpload(upload, { releaseId: release.id }, { data: wav(), name: 'Opening.wav' });
    expect(t1.body.errors).toBeUndefined();
    expect(t1.body.data.uploadTrack).toMatchObject({ track: { title: 'Opening', audio: { sampleRate: 44_100, bitDepth: 16 } }, release: { trackCount: 1 } });
    const t2 = await client.gqlUpload(upload, { releaseId: release.id }, { data: wav(), name: 'Closing (Remix).wav' });
    const track2 = t2.body.data.uploadTrack.track.id;
    const coverRes = await client.gqlUpload(
      `mutation($input: UploadCoverArtInput!) { uploadCoverArt(input: $input) { release { coverArtUrl } } }`,
      { releaseId: release.id, version: await releaseVersion(server, release.id) },
      { data: await png(1600, 1600), name: 'c.png' },
    );
    expect(coverRes.body.data.uploadCoverArt.release.coverArtUrl).toContain('/cover');

    // Same ISRC on both tracks, and a remix without a remixer: the check reports both per track.
    for (const id of [t1.body.data.uploadTrack.track.id, track2]) {
      const u = await client.gql(`mutation($input: UpdateTrackInput!) { updateTrack(input: $input) { track { isrc } } }`, { input: { id, isrc: 'us-abc-25-00001', version: await releaseVersion(server, release.id) } });
      expect(u.body.data.updateTrack.track.isrc).toBe('USABC2500001');
    }
    const check = await client.gql(`query($id: ID!) { checkRelease(id: $id) { ok issues { field key trackNumber } } }`, { id: release.id });
    expect(check.body.data.checkRelease.ok).toBe(false);
    expect(check.body.data.checkRelease.issues).toEqual([
      { field: 'isrc', key: 'isrc-duplicate', trackNumber: 2 },
      { field: 'artists', key: 'remixer-not-added', trackNumber: 2 },
    ]);
    const refused = await client.gql(`mutation($id: ID!) { submitRelease(input: { id: $id }) { release { status } } }`, { id: release.id });
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'release-incomplete' });

    await client.gql(`mutation($input: UpdateTrackInput!) { updateTrack(input: $input) { track { id } } }`, { input: { id: track2, isrc: 'USABC2500002', version: await releaseVersion(server, release.id) } });
    const credit = await client.gql(`mutation($input: AddArtistCreditInput!) { addArtistCredit(input: $input) { credits { artistName role artistRelationTypeId } } }`, {
      input: { trackId: track2, artistName: 'DJ Night, Ana Lima', role: 'REMIXER', version: await releaseVersion(server, release.id) },
    });
    expect(credit.body.data.addArtistCredit.credits).toEqual([
      { artistName: 'DJ Night', role: 'REMIXER', artistRelationTypeId: 24 },
      { artistName: 'Ana Lima', role: 'REMIXER', artistRelationTypeId: 24 },
    ]);
    const badComposer = await client.gql(`mutation($input: AddArtistCreditInput!) { addArtistCredit(input: $input) { credits { id } } }`, {
      input: { trackId: track2, artistName: 'Prince (the artist)', role: 'COMPOSER', version: await releaseVersion(server, release.id) },
    });
    expect(badComposer.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'artist-no-parentheses' });

    const submitted = await client.gql(`mutation($id: ID!) { submitRelease(input: { id: $id }) { release { status displayStatus viewerCan { edit delete } } } }`, { id: release.id });
    expect(submitted.body.errors).toBeUndefined();
    expect(submitted.body.data.submitRelease.release).toEqual({ status: 'OK', displayStatus: 'Pending', viewerCan: { edit: false, delete: true } });
    await runJobs(server);
    const after = await client.gql(`query($id: ID!) { release(id: $id) { status tracks { position credits { role } } } releaseStatuses { id status } }`, { id: release.id });
    expect(after.body.data.release.status).toBe('VALIDATED');
    expect(after.body.data.releaseStatuses).toContainEqual({ id: release.id, status: 'VALIDATED' });

    const reorder = await client.gql(`mutation($i: ReorderTracksInput!) { reorderTracks(input: $i) { release { status tracks { id } } } }`, {
      i: { releaseId: release.id, version: await releaseVersion(server, release.id), trackIds: [track2, t1.body.data.uploadTrack.track.id] },
    });
    expect(reorder.body.data.reorderTracks.release.status).toBe('NOT_COMPLETED');
    expect(reorder.body.data.reorderTracks.release.tracks.map((t: { id: string }) => t.id)).toEqual([track2, t1.body.data.uploadTrack.track.id]);

    const applied = await client.gql(`mutation($i: ApplyToAllTracksInput!) { applyToAllTracks(input: $i) { release { tracks { credits { artistName } } } } }`, {
      i: { trackId: track2, version: await releaseVersion(server, release.id) },
    });
    expect(applied.body.data.applyToAllTracks.release.tracks.map((t: { credits: unknown[] }) => t.credits.length)).toEqual([2, 2]);
  });

  it('answers a release lock with who holds it', async () => {
    const client = await signedInUser(server);
    const r = await client.rest('POST', '/releases', { title: 'Locked' });
    const first = await client.rest('POST', '/check-release-lock', { albumId: r.body.id, lockTypes: ['release', 'tracks'] });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ locked: false, locks: [{ lockType: 'release', acquired: true, heldBy: 'THIS_SESSION' }, { lockType: 'tracks', acquired: true }] });
    // A second tab (another session of the same user) is told the lock is taken.
    const { sessionCookieFor } = await import('../../test/factories.ts');
    const { clientFor } = await import('./__test-support__/release-kit.ts');
    const tab2 = clientFor(server, await sessionCookieFor(server.prisma, client.user.id));
    const second = await tab2.gql(`mutation($i: AcquireReleaseLockInput!) { acquireReleaseLock(input: $i) { locks { lockType acquired heldBy } } }`, { i: { releaseId: r.body.id, lockTypes: ['release'] } });
    expect(second.body.data.acquireReleaseLock.locks).toEqual([{ lockType: 'release', acquired: false, heldBy: 'OTHER_SESSION' }]);
    const bad = await client.rest('POST', '/check-release-lock', { albumId: r.body.id, lockTypes: 'x'.repeat(100) });
    expect(bad.status).toBe(400);
  });

  it('says with viewerCan.reopen whether the release may go back to draft, by the status table (BEFORE_CREATED too)', async () => {
    const client = await signedInUser(server);
    const stranger = await signedInUser(server);
    const r = await client.rest('POST', '/releases', { title: 'Reopen me' });
    const ask = async (status: ReleaseStatus, who = client) => {
      await server.prisma.release.update({ where: { id: r.body.id }, data: { status: statusOrder(status) } });
      const res = await who.gql(`query($id: ID!) { release(id: $id) { viewerCan { edit reopen } } }`, { id: r.body.id });
      return res.body.data?.release?.viewerCan;
    };
    expect(await ask('BEFORE_CREATED')).toEqual({ edit: true, reopen: true });
    expect(await ask('NOT_COMPLETED')).toEqual({ edit: true, reopen: false });
    expect(await ask('VALIDATED')).toEqual({ edit: true, reopen: true });
    expect(await ask('REJECTED')).toEqual({ edit: true, reopen: true });
    expect(await ask('LIVE')).toEqual({ edit: false, reopen: false });
    expect(await ask('REJECTED', stranger)).toBeUndefined();
    // and the REST shape carries the same abilities
    const rest = await client.rest('GET', `/releases/${r.body.id}`);
    expect(rest.body.viewerCan).toMatchObject({ reopen: true });
  });
});

describe('N+1', () => {
  async function releaseWithTracks(userId: string, tracks: number) {
    const r = await server.prisma.release.create({ data: { userId, title: `With ${tracks}`, genreId: '2751', status: statusOrder('LIVE') } });
    for (let i = 0; i < tracks; i++) {
      const t = await server.prisma.track.create({ data: { releaseId: r.id, userId, title: `T${i}`, position: i } });
      await server.prisma.artistCredit.createMany({
        data: [
          { releaseId: r.id, trackId: t.id, userId, artistName: 'Main', artistRelationTypeId: 1 },
          { releaseId: r.id, trackId: t.id, userId, artistName: 'Writer', artistRelationTypeId: 4 },
        ],
      });
    }
    return r.id;
  }

  it('reads a release with 50 tracks and credits in as many statements as with 1 track', async () => {
    const client = await signedInUser(server);
    const one = await releaseWithTracks(client.user.id, 1);
    const fifty = await releaseWithTracks(client.user.id, 50);
    const query = `query($id: ID!) { release(id: $id) { ${RELEASE_FIELDS} } }`;
    await client.gql(query, { id: one }); // warm-up (session lookup caches etc.)
    const gqlOne = await countStatements(async () => expect((await client.gql(query, { id: one })).body.data.release.tracks).toHaveLength(1));
    const gqlFifty = await countStatements(async () => {
      const res = await client.gql(query, { id: fifty });
      expect(res.body.data.release.tracks).toHaveLength(50);
      expect(res.body.data.release.tracks[49].credits).toHaveLength(2);
    });
    expect(gqlOne).toBeGreaterThan(0);
    expect(gqlFifty).toBe(gqlOne);
    expect(gqlFifty).toBeLessThanOrEqual(12);

    const restOne = await countStatements(() => client.rest('GET', `/releases/${one}`));
    const restFifty = await countStatements(async () => expect((await client.rest('GET', `/releases/${fifty}`)).body.tracks).toHaveLength(50));
    expect(restOne).toBeGreaterThan(0);
    expect(restFifty).toBe(restOne);

    const listOne = await countStatements(() => client.gql(`query { releases(first: 1) { edges { node { ${RELEASE_FIELDS} } } } }`));
    const listTwenty = await countStatements(() => client.gql(`query { releases(first: 20) { edges { node { ${RELEASE_FIELDS} } } } }`));
    expect(listOne).toBeGreaterThan(0);
    expect(listTwenty).toBe(listOne);
  });
});

import { png, wav } from '../../integrations/media/__test-support__/media-fixtures.ts';
import { clientFor, signedInUser, startReleaseServer } from './__test-support__/release-kit.ts';
import { statusOrder } from '@cadence/domain/release-status';

let server: Awaited<ReturnType<typeof startReleaseServer>>;
beforeAll(async () => {
  server = await startReleaseServer();
});
afterAll(async () => {
  await server.close();
});

describe('owner-only: another user reaches nothing of a release', () => {
  it('refuses every GraphQL field and REST path, and changes nothing', async () => {
    const owner = await signedInUser(server);
    const other = await signedInUser(server);
    const live = await server.prisma.release.create({ data: { userId: owner.user.id, title: 'Mine', status: statusOrder('LIVE') } });
    const draft = await owner.rest('POST', '/releases', { title: 'Draft' });
    const draftId = draft.body.id as string;
    const track = await owner.upload('/track/upload', { releaseId: draftId }, { data: wav(), name: 'a.wav' });
    const trackId = track.body.id as string;
    const credit = await server.prisma.artistCredit.findFirstOrThrow({ where: { releaseId: draftId } });
    const link = await owner.gql(`mutation($i: CreateDownloadLinkInput!) { createDownloadLink(input: $i) { downloadLink { url } } }`, { i: { releaseId: live.id } });
    const linkUrl = link.body.data.createDownloadLink.downloadLink.url as string;
    const before = await server.prisma.release.findMany({ where: { userId: owner.user.id }, orderBy: { id: 'asc' } });

    const gqlCalls: [string, Record<string, unknown>][] = [
      ['query($id: ID!) { release(id: $id) { id } }', { id: live.id }],
      ['query($id: ID!) { checkRelease(id: $id) { ok } }', { id: draftId }],
      ['mutation($id: ID!) { updateRelease(input: { id: $id, version: 1, title: "x" }) { release { id } } }', { id: draftId }],
      ['mutation($id: ID!) { deleteRelease(input: { id: $id }) { deletedReleaseId } }', { id: draftId }],
      ['mutation($id: ID!) { submitRelease(input: { id: $id }) { release { id } } }', { id: draftId }],
      ['mutation($id: ID!) { takedownRelease(input: { id: $id }) { release { id } } }', { id: live.id }],
      ['mutation($id: ID!) { reopenRelease(input: { id: $id }) { release { id } } }', { id: draftId }],
      ['mutation($id: ID!) { updateTrack(input: { id: $id, version: 1, title: "x" }) { track { id } } }', { id: trackId }],
      ['mutation($i: DeleteTrackInput!) { deleteTrack(input: $i) { deletedTrackId } }', { i: { id: trackId, version: 1 } }],
      ['mutation($i: ReorderTracksInput!) { reorderTracks(input: $i) { release { id } } }', { i: { releaseId: draftId, trackIds: [trackId], version: 1 } }],
      ['mutation($i: ApplyToAllTracksInput!) { applyToAllTracks(input: $i) { release { id } } }', { i: { trackId, version: 1 } }],
      ['mutation($t: ID!) { addArtistCredit(input: { trackId: $t, artistName: "Z", role: FEATURED, version: 1 }) { credits { id } } }', { t: trackId }],
      ['mutation($r: ID!) { addArtistCredit(input: { releaseId: $r, artistName: "Z", role: PRIMARY, version: 1 }) { credits { id } } }', { r: draftId }],
      ['mutation($i: RemoveArtistCreditInput!) { removeArtistCredit(input: $i) { removedCreditId } }', { i: { id: credit.id, version: 1 } }],
      ['mutation($i: AcquireReleaseLockInput!) { acquireReleaseLock(input: $i) { locks { acquired } } }', { i: { releaseId: draftId, lockTypes: ['release'] } }],
      ['query($id: ID!) { releaseLockStatus(releaseId: $id, lockTypes: ["release"]) { acquired } }', { id: draftId }],
      ['mutation($i: CreateDownloadLinkInput!) { createDownloadLink(input: $i) { downloadLink { url } } }', { i: { releaseId: live.id } }],
    ];
    for (const [query, variables] of gqlCalls) {
      const res = await other.gql(query, variables);
      expect({ query, code: res.body.errors?.[0]?.extensions?.code }).toEqual({ query, code: 'NOT_FOUND' });
    }
    const list = await other.gql('query { releases(first: 50) { totalCount edges { node { id } } } releaseStatuses { id } releaseCounts { releases tracks } }');
    expect(list.body.data.releases.totalCount).toBe(0);
    expect(list.body.data.releaseStatuses).toEqual([]);
    expect(list.body.data.releaseCounts).toMatchObject({ releases: 0, tracks: 0 });

    const uploadGql = await other.gqlUpload('mutation($input: UploadTrackInput!) { uploadTrack(input: $input) { track { id } } }', { releaseId: draftId }, { data: wav(), name: 'x.wav' });
    expect(uploadGql.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const coverGql = await other.gqlUpload('mutation($input: UploadCoverArtInput!) { uploadCoverArt(input: $input) { release { id } } }', { releaseId: draftId, version: 1 }, { data: await png(1600, 1600), name: 'x.png' });
    expect(coverGql.body.errors[0].extensions.code).toBe('NOT_FOUND');

    const restCalls: [string, string, unknown?][] = [
      ['GET', `/releases/${live.id}`],
      ['PUT', `/releases/${draftId}`, { title: 'x' }],
      ['DELETE', `/releases/${draftId}`],
      ['POST', `/releases/takedown/${live.id}`],
      ['POST', `/releases/status/change/notCompleted/${draftId}`],
      ['GET', `/releases/check/${draftId}`],
      ['POST', '/releases/check', [draftId]],
      ['POST', `/releases/${draftId}/submit`],
      ['GET', `/releases/${draftId}/cover`],
      ['POST', `/releases/${live.id}/download-link`],
      ['GET', linkUrl.replace(/^\/api/, '')],
      ['POST', '/check-release-lock', { albumId: draftId, lockTypes: ['release'] }],
      ['PUT', `/track/${trackId}`, { title: 'x' }],
      ['DELETE', `/track/${trackId}`],
      ['GET', `/track/${trackId}/audio`],
      ['POST', '/artists', { trackId, artistName: 'Z', artistRelationTypeId: 12 }],
      ['DELETE', `/artists?artistName=${encodeURIComponent(credit.artistName)}&trackId=${trackId}`],
      ['DELETE', `/artists?artistName=${encodeURIComponent(credit.artistName)}&trackId=${trackId}&userId=${owner.user.id}`],
    ];
    for (const [method, url, body] of restCalls) {
      const res = await other.rest(method, url, body);
      expect({ method, url, status: res.status }).toEqual({ method, url, status: 404 });
    }
    const own = await other.rest('GET', '/releases');
    expect(own.body).toMatchObject({ releases: [], totalCount: 0 });
    expect(await other.rest('GET', '/releases/status')).toMatchObject({ status: 200, body: {} });
    const up = await other.upload('/track/upload', { releaseId: draftId }, { data: wav(), name: 'x.wav' });
    expect(up.status).toBe(404);
    const cov = await other.upload('/releases/cover-upload', { releaseId: draftId }, { data: await png(1600, 1600), name: 'x.png' });
    expect(cov.status).toBe(404);

    // Signed out: 401 / UNAUTHENTICATED.
    const anon = clientFor(server, '');
    expect((await anon.rest('GET', `/releases/${live.id}`)).status).toBe(401);
    expect((await anon.gql('query($id: ID!) { release(id: $id) { id } }', { id: live.id })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');

    const after = await server.prisma.release.findMany({ where: { userId: owner.user.id }, orderBy: { id: 'asc' } });
    expect(after).toEqual(before);
    expect(await server.prisma.track.count({ where: { releaseId: draftId } })).toBe(1);
    expect(await server.prisma.artistCredit.count({ where: { releaseId: draftId } })).toBe(1);
    expect(await server.prisma.storedFile.count({ where: { userId: other.user.id } })).toBe(0);
  });
});

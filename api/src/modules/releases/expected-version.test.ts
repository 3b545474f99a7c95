import { ARTIST_ROLE } from '@cadence/domain/constants';
import { png, wav } from '../../integrations/media/__test-support__/media-fixtures.ts';
import { uploadCoverArt } from './cover-art.service.ts';
import { heldUpload, releaseVersion, serviceCtx, signedInUser, startReleaseServer, storedObjects, type Json } from './__test-support__/release-kit.ts';

let server: Awaited<ReturnType<typeof startReleaseServer>>;
let cover: Buffer;

beforeAll(async () => {
  server = await startReleaseServer();
  cover = await png(1600, 1600);
});
afterAll(async () => {
  await server.close();
});

const STALE = { code: 'CONFLICT', key: 'stale-version', message: 'This release was changed in another tab or by someone else. Reload to see the latest version.' };

type Client = Awaited<ReturnType<typeof signedInUser>>;
interface Draft {
  client: Client;
  releaseId: string;
  tracks: [string, string];
  /** A featured credit 'Guest' on the first track. */
  creditId: string;
}

/** A draft with two tracks, a cover and a featured artist on the first track. */
async function draft(): Promise<Draft> {
  const client = await signedInUser(server);
  const releaseId = (await client.rest('POST', '/releases', { title: 'Two Tabs' })).body.id as string;
  const first = await client.upload('/track/upload', { releaseId }, { data: wav(), name: 'One.wav' });
  const second = await client.upload('/track/upload', { releaseId }, { data: wav(), name: 'Two.wav' });
  expect((await client.upload('/releases/cover-upload', { releaseId }, { data: cover, name: 'c.png', type: 'image/png' })).status).toBe(200);
  const credit = await client.rest('POST', '/artists', { trackId: first.body.id, artistName: 'Guest', artistRelationTypeId: ARTIST_ROLE.FEATURED });
  expect(credit.status).toBe(201);
  return { client, releaseId, tracks: [first.body.id, second.body.id], creditId: credit.body.creditIds[0] };
}

/** Everything these edits can change: a refused edit must leave all of it as it was. */
async function stateOf(d: Draft) {
  const release = await server.prisma.release.findUniqueOrThrow({
    where: { id: d.releaseId },
    select: {
      version: true,
      status: true,
      coverArtFileId: true,
      tracks: { orderBy: { position: 'asc' }, select: { id: true, position: true, genreId: true, languageId: true, audioFileId: true } },
      artistCredits: { orderBy: { id: 'asc' }, select: { id: true, trackId: true, artistName: true, artistRelationTypeId: true } },
    },
  });
  const files = await server.prisma.storedFile.findMany({ where: { userId: d.client.user.id }, orderBy: { id: 'asc' }, select: { storageKey: true } });
  return { release, files, objects: (await storedObjects(server)).sort() };
}

const gqlOk = (res: Json) => {
  expect(res.body.errors).toBeUndefined();
};
const gqlStale = (res: Json) => expect(res.body.errors[0]).toMatchObject({ message: STALE.message, extensions: { code: STALE.code, key: STALE.key } });
const restStale = (res: Json) => {
  expect(res.status).toBe(409);
  expect(res.body).toMatchObject(STALE);
};

interface Edit {
  name: string;
  send: (d: Draft, version: number) => Promise<Json>;
  ok: (res: Json) => void;
  stale: (res: Json) => void;
}

const restEdit = (name: string, send: Edit['send'], status: number): Edit => ({ name, send, ok: (res) => expect(res.status).toBe(status), stale: restStale });
const gqlEdit = (name: string, send: Edit['send']): Edit => ({ name, send, ok: gqlOk, stale: gqlStale });

const EDITS: Edit[] = [
  restEdit('REST POST /api/artists', (d, version) => d.client.rest('POST', '/artists', { trackId: d.tracks[0], artistName: 'Second Guest', artistRelationTypeId: ARTIST_ROLE.FEATURED, version }), 201),
  restEdit('REST DELETE /api/artists', (d, version) => d.client.rest('DELETE', `/artists?artistName=Guest&trackId=${d.tracks[0]}&version=${version}`), 200),
  restEdit('REST DELETE /api/track/{id}', (d, version) => d.client.rest('DELETE', `/track/${d.tracks[1]}?version=${version}`), 204),
  restEdit('REST POST /api/releases/cover-upload', (d, version) => d.client.upload('/releases/cover-upload', { releaseId: d.releaseId, version: String(version) }, { data: cover, name: 'new.png', type: 'image/png' }), 200),
  gqlEdit('GraphQL addArtistCredit', (d, version) =>
    d.client.gql(`mutation($input: AddArtistCreditInput!) { addArtistCredit(input: $input) { credits { id } } }`, { input: { trackId: d.tracks[0], artistName: 'Second Guest', role: 'FEATURED', version } }),
  ),
  gqlEdit('GraphQL removeArtistCredit', (d, version) => d.client.gql(`mutation($i: RemoveArtistCreditInput!) { removeArtistCredit(input: $i) { removedCreditId } }`, { i: { id: d.creditId, version } })),
  gqlEdit('GraphQL reorderTracks', (d, version) =>
    d.client.gql(`mutation($i: ReorderTracksInput!) { reorderTracks(input: $i) { release { id } } }`, { i: { releaseId: d.releaseId, trackIds: [d.tracks[1], d.tracks[0]], version } }),
  ),
  gqlEdit('GraphQL applyToAllTracks', (d, version) => d.client.gql(`mutation($i: ApplyToAllTracksInput!) { applyToAllTracks(input: $i) { release { id } } }`, { i: { trackId: d.tracks[0], version } })),
  gqlEdit('GraphQL deleteTrack', (d, version) => d.client.gql(`mutation($i: DeleteTrackInput!) { deleteTrack(input: $i) { deletedTrackId } }`, { i: { id: d.tracks[1], version } })),
  gqlEdit('GraphQL uploadCoverArt', (d, version) =>
    d.client.gqlUpload(`mutation($input: UploadCoverArtInput!) { uploadCoverArt(input: $input) { release { id } } }`, { releaseId: d.releaseId, version }, { data: cover, name: 'new.png' }),
  ),
];

describe('credit, track order, track removal and cover edits carry the release version', () => {
  it.each(EDITS.map((e) => [e.name, e] as const))('%s: refuses the version another tab made stale and changes nothing; takes the current one and bumps it', async (_name, edit) => {
    const d = await draft();
    const read = await releaseVersion(server, d.releaseId);
    // Another tab saves the details meanwhile.
    expect((await d.client.rest('PUT', `/releases/${d.releaseId}`, { title: 'Other tab', version: read })).status).toBe(200);
    const before = await stateOf(d);
    expect(before.release.version).toBe(read + 1);

    edit.stale(await edit.send(d, read));
    expect(await stateOf(d)).toEqual(before);

    edit.ok(await edit.send(d, read + 1));
    expect(await releaseVersion(server, d.releaseId)).toBe(read + 2);
  });

  it('keeps last-write-wins on the legacy REST paths when no version is sent, and answers a malformed one with 400', async () => {
    const d = await draft();
    const v = await releaseVersion(server, d.releaseId);
    expect((await d.client.rest('POST', '/artists', { trackId: d.tracks[0], artistName: 'Legacy', artistRelationTypeId: ARTIST_ROLE.FEATURED })).status).toBe(201);
    expect((await d.client.rest('DELETE', `/artists?artistName=Legacy&trackId=${d.tracks[0]}`)).status).toBe(200);
    expect(await releaseVersion(server, d.releaseId)).toBe(v + 2);

    for (const res of [
      await d.client.rest('POST', '/artists', { trackId: d.tracks[0], artistName: 'X', artistRelationTypeId: ARTIST_ROLE.FEATURED, version: 'two' }),
      await d.client.rest('DELETE', `/artists?artistName=Guest&trackId=${d.tracks[0]}&version=-1`),
      await d.client.rest('DELETE', `/track/${d.tracks[1]}?version=1.5`),
      await d.client.upload('/releases/cover-upload', { releaseId: d.releaseId, version: 'latest' }, { data: cover, name: 'c.png', type: 'image/png' }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ key: 'invalid-type', message: 'version must be a whole number' });
    }
    expect(await releaseVersion(server, d.releaseId)).toBe(v + 2);
  });

  it('requires the version over GraphQL', async () => {
    const d = await draft();
    const res = await d.client.gql(`mutation($id: ID!) { removeArtistCredit(input: { id: $id }) { removedCreditId } }`, { id: d.creditId });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(await server.prisma.artistCredit.count({ where: { id: d.creditId } })).toBe(1);
  });

  it('refuses a cover whose release changed while the file was on its way, and removes the stored file', async () => {
    const d = await draft();
    const read = await releaseVersion(server, d.releaseId);
    const held = heldUpload(cover);
    const upload = uploadCoverArt(serviceCtx(server, d.client.user.id), d.releaseId, { stream: held.stream, fileName: 'late.png' }, read);
    // The early version check has passed once the upload reads the body; then another tab saves.
    await held.reading;
    expect((await d.client.rest('PUT', `/releases/${d.releaseId}`, { title: 'Other tab', version: read })).status).toBe(200);
    const before = await stateOf(d);
    held.send();

    await expect(upload).rejects.toMatchObject({ code: 'CONFLICT', details: { key: 'stale-version' } });
    expect(await stateOf(d)).toEqual(before);
  });
});

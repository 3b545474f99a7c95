import { ARTIST_ROLE } from '@cadence/domain/constants';
import { wav } from '../../integrations/media/__test-support__/media-fixtures.ts';
import { releaseVersion, signedInUser, startReleaseServer } from '../releases/__test-support__/release-kit.ts';

let server: Awaited<ReturnType<typeof startReleaseServer>>;

beforeAll(async () => {
  server = await startReleaseServer();
});
afterAll(async () => {
  await server.close();
});

const IN_LIST = { key: 'artist-in-artists-list', message: 'Artist already exists in artists list.' };
const ADD = `mutation($input: AddArtistCreditInput!) { addArtistCredit(input: $input) { credits { artistName role } } }`;

async function trackOfNewRelease(client: Awaited<ReturnType<typeof signedInUser>>) {
  const created = await client.rest('POST', '/releases', { title: 'Credits' });
  const up = await client.upload('/track/upload', { releaseId: created.body.id }, { data: wav({ sampleRate: 44_100, bitDepth: 16 }), name: 'Song.wav' });
  expect(up.status).toBe(201);
  return { releaseId: created.body.id as string, trackId: up.body.id as string };
}

describe("artist credits and the account's primary artists", () => {
  it("refuses a featured or remixer credit that repeats one of the account's primary artists, and allows it as composer (REST)", async () => {
    const client = await signedInUser(server);
    await server.prisma.user.update({ where: { id: client.user.id }, data: { primaryArtists: ['Nova Lane', 'The Echoes'] } });
    const { trackId } = await trackOfNewRelease(client);

    const featured = await client.rest('POST', '/artists', { trackId, artistName: '  nova lane ', artistRelationTypeId: ARTIST_ROLE.FEATURED });
    expect(featured.status).toBe(400);
    expect(featured.body).toMatchObject(IN_LIST);
    expect(featured.body.fieldErrors).toEqual([{ field: 'artistName', ...IN_LIST }]);

    const remixer = await client.rest('POST', '/artists', { trackId, artistName: 'Jo Smith, THE ECHOES', artistRelationTypeId: ARTIST_ROLE.REMIXER });
    expect(remixer.status).toBe(400);
    expect(remixer.body).toMatchObject(IN_LIST);
    expect(await server.prisma.artistCredit.count({ where: { trackId } })).toBe(0);

    // Composer, lyricist and producer are not performer roles: the artist may credit themselves.
    const composer = await client.rest('POST', '/artists', { trackId, artistName: 'Nova Lane', artistRelationTypeId: ARTIST_ROLE.COMPOSER });
    expect(composer.status).toBe(201);

    const other = await client.rest('POST', '/artists', { trackId, artistName: 'Guest Star', artistRelationTypeId: ARTIST_ROLE.FEATURED });
    expect(other.status).toBe(201);
  });

  it('refuses it over GraphQL too, on a release-level featured credit, and allows the account as producer', async () => {
    const client = await signedInUser(server);
    const { releaseId } = await trackOfNewRelease(client);
    const own = client.user.primaryArtists[0] ?? '';
    expect(own).not.toBe('');
    const res = await client.gql(ADD, { input: { releaseId, artistName: own.toUpperCase(), role: 'FEATURED', version: await releaseVersion(server, releaseId) } });
    expect(res.body.errors[0]).toMatchObject({ message: IN_LIST.message, extensions: { code: 'BAD_USER_INPUT', key: IN_LIST.key } });
    const producer = await client.gql(ADD, { input: { releaseId, artistName: own, role: 'PRODUCER', version: await releaseVersion(server, releaseId) } });
    expect(producer.body.errors).toBeUndefined();
  });

  it('still lets the account credit its own primary artist as a primary artist (that list is where primary credits come from)', async () => {
    const client = await signedInUser(server);
    const { releaseId, trackId } = await trackOfNewRelease(client);
    const own = client.user.primaryArtists[0];
    const res = await client.gql(ADD, { input: { trackId, artistName: own, role: 'PRIMARY', version: await releaseVersion(server, releaseId) } });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.addArtistCredit.credits).toEqual([{ artistName: own, role: 'PRIMARY' }]);
    // A second time on the same track is a duplicate within the list.
    const again = await client.gql(ADD, { input: { trackId, artistName: own, role: 'PRIMARY', version: await releaseVersion(server, releaseId) } });
    expect(again.body.errors[0].extensions.key).toBe('artist-duplicate');
  });

  it("checks against the viewer's own primary artists, not another account's", async () => {
    const client = await signedInUser(server);
    const stranger = await signedInUser(server);
    const { trackId } = await trackOfNewRelease(client);
    const res = await client.rest('POST', '/artists', { trackId, artistName: stranger.user.primaryArtists[0], artistRelationTypeId: ARTIST_ROLE.FEATURED });
    expect(res.status).toBe(201);
  });
});

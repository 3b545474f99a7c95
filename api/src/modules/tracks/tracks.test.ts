import { ARTIST_ROLE } from '@cadence/domain/constants';
import { png, wav } from '../../integrations/media/__test-support__/media-fixtures.ts';
import { draftCreditedTo as draftFor, releaseVersion, seedRecordings as seed, signedInUser, startReleaseServer, subscribe as subscribeTo } from '../releases/__test-support__/release-kit.ts';
import { statusOrder } from '@cadence/domain/release-status';

let server: Awaited<ReturnType<typeof startReleaseServer>>;

beforeAll(async () => {
  server = await startReleaseServer();
});
afterAll(async () => {
  await server.close();
});

const STALE_MESSAGE = 'This release was changed in another tab or by someone else. Reload to see the latest version.';
type Client = Awaited<ReturnType<typeof signedInUser>>;

const audio = () => ({ data: wav({ sampleRate: 44_100, bitDepth: 16 }), name: 'Song.wav' });
const seedRecordings = (userId: string, artist: string | null, count: number) => seed(server, userId, artist, count);
const subscribe = (userId: string, planName: 'VIP' | 'FREE') => subscribeTo(server, userId, planName);
const draftCreditedTo = (client: Client, artist: string) => draftFor(server, client, artist);
const versionOf = (id: string) => releaseVersion(server, id);

async function releaseWithTrack(client: Client) {
  const created = await client.rest('POST', '/releases', { title: 'Two Tabs' });
  expect(created.status).toBe(201);
  const up = await client.upload('/track/upload', { releaseId: created.body.id }, audio());
  expect(up.status).toBe(201);
  return { releaseId: created.body.id as string, trackId: up.body.id as string };
}

const UPDATE_TRACK = `mutation($input: UpdateTrackInput!) { updateTrack(input: $input) { track { title } release { version } } }`;

describe('track titles at upload', () => {
  it("takes the file's title tag (RIFF INFO) before the file name, and the file name without one", async () => {
    const client = await signedInUser(server);
    const created = await client.rest('POST', '/releases', { title: 'Tagged' });
    const name = Buffer.from('Morning Tide (Radio Edit)\0', 'utf8');
    const info = Buffer.concat([Buffer.from('INFO'), Buffer.from('INAM'), Buffer.from([name.length, 0, 0, 0]), name]);
    const tagged = await client.upload('/track/upload', { releaseId: created.body.id }, { data: wav({ before: [{ id: 'LIST', body: info }] }), name: 'track01.wav' });
    expect(tagged.status).toBe(201);
    const plain = await client.upload('/track/upload', { releaseId: created.body.id }, audio());
    const titles = await server.prisma.track.findMany({ where: { releaseId: created.body.id }, orderBy: { position: 'asc' }, select: { title: true } });
    expect(titles.map((t) => t.title)).toEqual(['Morning Tide (Radio Edit)', 'Song']);
    expect(plain.status).toBe(201);
  });
});

describe('release lock on track edits', () => {
  it('bumps the release version on every track, credit and cover change', async () => {
    const client = await signedInUser(server);
    const created = await client.rest('POST', '/releases', { title: 'Versions' });
    const id = created.body.id as string;
    let v = await versionOf(id);
    const bumped = async () => {
      const now = await versionOf(id);
      expect(now).toBe(v + 1);
      v = now;
    };
    const first = await client.upload('/track/upload', { releaseId: id }, audio());
    await bumped();
    const second = await client.upload('/track/upload', { releaseId: id }, audio());
    await bumped();
    expect((await client.rest('PUT', `/track/${first.body.id}`, { title: 'Renamed' })).status).toBe(200);
    await bumped();
    const credit = await client.gql(`mutation($t: ID!, $v: Int!) { addArtistCredit(input: { trackId: $t, artistName: "Guest", role: FEATURED, version: $v }) { credits { id } } }`, { t: first.body.id, v });
    expect(credit.body.errors).toBeUndefined();
    await bumped();
    expect((await client.gql(`mutation($i: RemoveArtistCreditInput!) { removeArtistCredit(input: $i) { removedCreditId } }`, { i: { id: credit.body.data.addArtistCredit.credits[0].id, version: v } })).body.errors).toBeUndefined();
    await bumped();
    expect((await client.gql(`mutation($i: ReorderTracksInput!) { reorderTracks(input: $i) { release { id } } }`, { i: { releaseId: id, trackIds: [second.body.id, first.body.id], version: v } })).body.errors).toBeUndefined();
    await bumped();
    expect((await client.gql(`mutation($i: ApplyToAllTracksInput!) { applyToAllTracks(input: $i) { release { id } } }`, { i: { trackId: first.body.id, version: v } })).body.errors).toBeUndefined();
    await bumped();
    expect((await client.upload('/releases/cover-upload', { releaseId: id }, { data: await png(1600, 1600), name: 'c.png', type: 'image/png' })).status).toBe(200);
    await bumped();
    expect((await client.rest('DELETE', `/track/${second.body.id}`)).status).toBe(204);
    await bumped();
  });

  it('refuses a stale version over REST, accepts the current one, and keeps last-write-wins when version is omitted', async () => {
    const client = await signedInUser(server);
    const { releaseId, trackId } = await releaseWithTrack(client);
    const read = await client.rest('GET', `/releases/${releaseId}`);
    const version = read.body.version as number;

    const tabA = await client.rest('PUT', `/track/${trackId}`, { title: 'Tab A', version });
    expect(tabA.status).toBe(200);
    expect(tabA.body.title).toBe('Tab A');
    expect(await versionOf(releaseId)).toBe(version + 1);
    expect(tabA.body.releaseVersion).toBe(version + 1);

    const tabB = await client.rest('PUT', `/track/${trackId}`, { title: 'Tab B', version });
    expect(tabB.status).toBe(409);
    expect(tabB.body).toMatchObject({ code: 'CONFLICT', key: 'stale-version', message: STALE_MESSAGE });
    expect((await server.prisma.track.findUniqueOrThrow({ where: { id: trackId } })).title).toBe('Tab A');

    const legacy = await client.rest('PUT', `/track/${trackId}`, { title: 'Legacy' });
    expect(legacy.status).toBe(200);
    expect(legacy.body.title).toBe('Legacy');

    const badVersion = await client.rest('PUT', `/track/${trackId}`, { title: 'X', version: 'one' });
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.key).toBe('invalid-type');
  });

  it('refuses a stale version over GraphQL and answers the new version on success', async () => {
    const client = await signedInUser(server);
    const { releaseId, trackId } = await releaseWithTrack(client);
    const version = await versionOf(releaseId);

    const ok = await client.gql(UPDATE_TRACK, { input: { id: trackId, version, title: 'Tab A' } });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.updateTrack).toEqual({ track: { title: 'Tab A' }, release: { version: version + 1 } });

    const stale = await client.gql(UPDATE_TRACK, { input: { id: trackId, version, title: 'Tab B' } });
    expect(stale.body.errors[0]).toMatchObject({ message: STALE_MESSAGE, extensions: { code: 'CONFLICT', key: 'stale-version' } });
    expect((await server.prisma.track.findUniqueOrThrow({ where: { id: trackId } })).title).toBe('Tab A');

    // A change to the release itself (another tab editing the details) also makes the track edit stale.
    expect((await client.rest('PUT', `/releases/${releaseId}`, { title: 'Other tab', version: version + 1 })).status).toBe(200);
    const afterRelease = await client.gql(UPDATE_TRACK, { input: { id: trackId, version: version + 1, title: 'Tab C' } });
    expect(afterRelease.body.errors[0].extensions.key).toBe('stale-version');
  });

  it("does not reveal or change another user's track, with or without a version", async () => {
    const owner = await signedInUser(server);
    const other = await signedInUser(server);
    const { releaseId, trackId } = await releaseWithTrack(owner);
    const version = await versionOf(releaseId);
    expect((await other.rest('PUT', `/track/${trackId}`, { title: 'Mine', version })).status).toBe(404);
    expect((await other.gql(UPDATE_TRACK, { input: { id: trackId, version, title: 'Mine' } })).body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(await versionOf(releaseId)).toBe(version);
  });
});

describe('plan limits per primary artist', () => {
  it('refuses a track once the release’s primary artist has 200 recordings, while another artist still has room', async () => {
    const client = await signedInUser(server);
    await seedRecordings(client.user.id, 'Full Artist', 200);
    await seedRecordings(client.user.id, 'Roomy Artist', 199);

    const full = await draftCreditedTo(client, 'full artist');
    const refused = await client.upload('/track/upload', { releaseId: full }, audio());
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', key: 'plan-artist-recording-limit', message: "full artist has reached your plan's limit of 200 recordings per artist. Upgrade your plan to add more" });
    expect(await server.prisma.track.count({ where: { releaseId: full } })).toBe(0);

    const gql = await client.gqlUpload(`mutation($input: UploadTrackInput!) { uploadTrack(input: $input) { track { id } } }`, { releaseId: full }, audio());
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', key: 'plan-artist-recording-limit' });

    const roomy = await draftCreditedTo(client, 'Roomy Artist');
    expect((await client.upload('/track/upload', { releaseId: roomy }, audio())).status).toBe(201);
    // That was Roomy Artist's 200th recording.
    expect((await client.upload('/track/upload', { releaseId: roomy }, audio())).body.key).toBe('plan-artist-recording-limit');
  });

  it('counts a deleted release’s tracks for nobody', async () => {
    const client = await signedInUser(server);
    const old = await seedRecordings(client.user.id, 'Phoenix', 200);
    await server.prisma.release.update({ where: { id: old }, data: { status: statusOrder('DELETED') } });
    const fresh = await draftCreditedTo(client, 'Phoenix');
    expect((await client.upload('/track/upload', { releaseId: fresh }, audio())).status).toBe(201);
  });

  it('refuses a track when the account has 1000 tracks, and VIP lifts the per-artist limit', async () => {
    const client = await signedInUser(server);
    await seedRecordings(client.user.id, null, 1000);
    const draft = await draftCreditedTo(client, 'Anyone');
    const refused = await client.upload('/track/upload', { releaseId: draft }, audio());
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ key: 'plan-track-limit', message: 'Your plan allows 1000 tracks on the account. Upgrade your plan to add more' });

    const vip = await signedInUser(server);
    await subscribe(vip.user.id, 'VIP');
    await seedRecordings(vip.user.id, 'Big Star', 1000);
    const vipDraft = await draftCreditedTo(vip, 'Big Star');
    expect((await vip.upload('/track/upload', { releaseId: vipDraft }, audio())).status).toBe(201);
  });

  it('refuses crediting a primary artist whose recordings would go over the limit', async () => {
    const client = await signedInUser(server);
    await seedRecordings(client.user.id, 'Nearly Full', 200);
    const { releaseId, trackId } = await releaseWithTrack(client);
    const res = await client.rest('POST', '/artists', { releaseId, artistName: 'Nearly Full', artistRelationTypeId: ARTIST_ROLE.PRIMARY });
    expect(res.status).toBe(403);
    expect(res.body.key).toBe('plan-artist-recording-limit');
    const onTrack = await client.rest('POST', '/artists', { trackId, artistName: 'Nearly Full', artistRelationTypeId: ARTIST_ROLE.PRIMARY });
    expect(onTrack.body.key).toBe('plan-artist-recording-limit');
    expect(await server.prisma.artistCredit.count({ where: { releaseId, artistName: 'Nearly Full' } })).toBe(0);
  });

  it('allows 5 primary artists on a free plan and 6 on VIP', async () => {
    const client = await signedInUser(server);
    const { releaseId } = await releaseWithTrack(client);
    // The account's own artist is the first; four more fit.
    const four = await client.rest('POST', '/artists', { releaseId, artistName: 'B, C, D, E', artistRelationTypeId: ARTIST_ROLE.PRIMARY });
    expect(four.status).toBe(201);
    const sixth = await client.gql(`mutation($r: ID!, $v: Int!) { addArtistCredit(input: { releaseId: $r, artistName: "F", role: PRIMARY, version: $v }) { credits { id } } }`, {
      r: releaseId,
      v: await versionOf(releaseId),
    });
    expect(sixth.body.errors[0]).toMatchObject({ message: 'Your plan allows 5 primary artists. Upgrade your plan to add more', extensions: { code: 'FORBIDDEN', key: 'plan-artist-limit' } });

    const vip = await signedInUser(server);
    await subscribe(vip.user.id, 'VIP');
    const vipRelease = await releaseWithTrack(vip);
    expect((await vip.rest('POST', '/artists', { releaseId: vipRelease.releaseId, artistName: 'B, C, D, E, F', artistRelationTypeId: ARTIST_ROLE.PRIMARY })).status).toBe(201);
    expect((await vip.rest('POST', '/artists', { releaseId: vipRelease.releaseId, artistName: 'G', artistRelationTypeId: ARTIST_ROLE.PRIMARY })).body.key).toBe('plan-artist-limit');
  });
});

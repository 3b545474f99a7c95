import { ARTIST_ROLE } from '@cadence/domain/constants';
import { wav } from '../../integrations/media/__test-support__/media-fixtures.ts';
import { draftCreditedTo, heldUpload, seedRecordings, serviceCtx, signedInUser, startReleaseServer, storedObjects, type Json } from '../releases/__test-support__/release-kit.ts';
import { uploadTrack } from './tracks.service.ts';

let server: Awaited<ReturnType<typeof startReleaseServer>>;

beforeAll(async () => {
  server = await startReleaseServer();
});
afterAll(async () => {
  await server.close();
});

const audio = (name = 'Song.wav') => ({ data: wav({ sampleRate: 44_100, bitDepth: 16 }), name });
const UPLOAD = `mutation($input: UploadTrackInput!) { uploadTrack(input: $input) { track { id } } }`;

/** The key of a refusal, whichever transport answered. */
const keyOf = (res: Json) => (res.body?.errors ? res.body.errors[0].extensions.key : res.body?.key) as string | undefined;
const succeeded = (res: Json) => res.status === 201 || (res.status === 200 && !res.body.errors);

/** Rows and stored objects of the user: what a refused upload must not leave behind. */
async function leftovers(userId: string) {
  const [tracks, files] = await Promise.all([
    server.prisma.track.count({ where: { userId, audioFileId: { not: null } } }),
    server.prisma.storedFile.findMany({ where: { userId }, select: { storageKey: true } }),
  ]);
  return { tracks, files: files.map((f) => f.storageKey).sort() };
}

describe('plan limits hold under concurrent uploads', () => {
  it('lets exactly the allowed number of simultaneous uploads to one release through (REST and GraphQL), leaving no orphans', async () => {
    const client = await signedInUser(server);
    await seedRecordings(server, client.user.id, 'Almost There', 197);
    const releaseId = await draftCreditedTo(server, client, 'Almost There');
    const objectsBefore = await storedObjects(server);

    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0 ? client.upload('/track/upload', { releaseId }, audio(`rest-${i}.wav`)) : client.gqlUpload(UPLOAD, { releaseId }, audio(`gql-${i}.wav`)),
      ),
    );

    expect(results.filter(succeeded)).toHaveLength(3);
    expect(results.filter((r) => !succeeded(r)).map(keyOf)).toEqual(['plan-artist-recording-limit', 'plan-artist-recording-limit', 'plan-artist-recording-limit']);
    expect(await server.prisma.track.count({ where: { releaseId } })).toBe(3);
    const left = await leftovers(client.user.id);
    expect(left.tracks).toBe(3);
    expect(left.files).toHaveLength(3);
    const objectsNow = await storedObjects(server);
    expect(objectsNow.filter((o) => !objectsBefore.includes(o)).sort()).toEqual(left.files);
    // The tracks that got in are numbered without gaps, and the release version counted each of them once.
    const positions = (await server.prisma.track.findMany({ where: { releaseId }, select: { position: true }, orderBy: { position: 'asc' } })).map((t) => t.position);
    expect(positions).toEqual([0, 1, 2]);
  });

  it("holds the account-wide track limit across two releases uploaded to at once", async () => {
    const client = await signedInUser(server);
    await seedRecordings(server, client.user.id, null, 998);
    const first = await draftCreditedTo(server, client, 'Artist One');
    const second = await draftCreditedTo(server, client, 'Artist Two');

    const results = await Promise.all([first, second, first, second, first, second].map((releaseId, i) => client.upload('/track/upload', { releaseId }, audio(`t${i}.wav`))));

    expect(results.filter(succeeded)).toHaveLength(2);
    expect(results.filter((r) => !succeeded(r)).map((r) => [r.status, keyOf(r)])).toEqual(Array.from({ length: 4 }, () => [403, 'plan-track-limit']));
    const left = await leftovers(client.user.id);
    expect(left).toEqual({ tracks: 2, files: expect.any(Array) });
    expect(left.files).toHaveLength(2);
  });

  it('refuses in the transaction when the plan filled up while the file was streaming, and removes the stored file', async () => {
    const client = await signedInUser(server);
    await seedRecordings(server, client.user.id, 'Slow Upload', 199);
    const releaseId = await draftCreditedTo(server, client, 'Slow Upload');
    const objectsBefore = await storedObjects(server);

    const held = heldUpload(audio().data);
    const upload = uploadTrack(serviceCtx(server, client.user.id), releaseId, { stream: held.stream, fileName: 'late.wav' });
    // The early check has passed once the upload reads the body.
    await held.reading;
    // Another upload (another tab) takes the last place meanwhile.
    const other = await seedRecordings(server, client.user.id, null, 0);
    await server.prisma.artistCredit.create({ data: { releaseId: other, userId: client.user.id, artistName: 'Slow Upload', artistRelationTypeId: ARTIST_ROLE.PRIMARY } });
    await server.prisma.track.create({ data: { releaseId: other, userId: client.user.id, title: 'Last place', position: 0 } });
    held.send();

    await expect(upload).rejects.toMatchObject({ code: 'FORBIDDEN', details: { key: 'plan-artist-recording-limit' } });
    expect(await server.prisma.track.count({ where: { releaseId } })).toBe(0);
    expect(await server.prisma.storedFile.count({ where: { userId: client.user.id } })).toBe(0);
    expect(await storedObjects(server)).toEqual(objectsBefore);
  });

  it('lets exactly the allowed number of simultaneous new primary artists in', async () => {
    const client = await signedInUser(server);
    const releaseId = (await client.rest('POST', '/releases', { title: 'Many Artists' })).body.id as string;
    // The account's own artist is the first of 5; four more fit.
    const results = await Promise.all(['B', 'C', 'D', 'E', 'F', 'G'].map((name) => client.rest('POST', '/artists', { releaseId, artistName: name, artistRelationTypeId: ARTIST_ROLE.PRIMARY })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    expect(results.filter((r) => r.status !== 201).map((r) => [r.status, r.body.key])).toEqual([
      [403, 'plan-artist-limit'],
      [403, 'plan-artist-limit'],
    ]);
    expect(await server.prisma.artistCredit.count({ where: { releaseId, artistRelationTypeId: ARTIST_ROLE.PRIMARY } })).toBe(5);
  });
});

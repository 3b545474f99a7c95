/** Malformed REST input to /api/artists is a 400 with the legacy wording, never a 500 (issue 17). */
import { ARTIST_ROLE } from '@cadence/domain/constants';
import { wav } from '../../integrations/media/__test-support__/media-fixtures.ts';
import { signedInUser, startReleaseServer } from '../releases/__test-support__/release-kit.ts';

let server: Awaited<ReturnType<typeof startReleaseServer>>;
let client: Awaited<ReturnType<typeof signedInUser>>;
let releaseId: string;
let trackId: string;

beforeAll(async () => {
  server = await startReleaseServer();
  client = await signedInUser(server);
  const created = await client.rest('POST', '/releases', { title: 'Credits' });
  releaseId = created.body.id as string;
  const up = await client.upload('/track/upload', { releaseId }, { data: wav({ sampleRate: 44_100, bitDepth: 16 }), name: 'Song.wav' });
  trackId = up.body.id as string;
});
afterAll(async () => {
  await server.close();
});

const refusal = (field: string, key: string, message: string) => ({ code: 'BAD_USER_INPUT', key, message, fieldErrors: [{ field, key, message }] });

it.each([
  [{ trackId: 5, artistName: 'Guest' }, refusal('trackId', 'required', 'trackId is required')],
  [{ releaseId: '  ', artistName: 'Guest' }, refusal('releaseId', 'required', 'releaseId is required')],
  [{ albumId: 12, artistName: 'Guest' }, refusal('albumId', 'required', 'albumId is required')],
  [{ trackId: 'x' }, refusal('artistName', 'required', 'artistName is required')],
  [{ trackId: 'x', artistName: ['Guest'] }, refusal('artistName', 'required', 'artistName is required')],
  [{ trackId: 'x', artistName: 'Guest', version: 'v2' }, refusal('version', 'invalid-type', 'version must be a whole number')],
])('POST /artists %j is a 400 naming the field', async (body, expected) => {
  const res = await client.rest('POST', '/artists', body);
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject(expected);
});

it.each([
  ['trackId=x', refusal('artistName', 'required', 'artistName is required')],
  ['artistName=Guest', refusal('trackId', 'required', 'trackId is required')],
  ['artistName=Guest&trackId=a&trackId=b', refusal('trackId', 'required', 'trackId is required')],
  ['artistName=Guest&trackId=x&version=-1', refusal('version', 'invalid-type', 'version must be a whole number')],
])('DELETE /artists?%s is a 400 naming the field', async (query, expected) => {
  const res = await client.rest('DELETE', `/artists?${query}`);
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject(expected);
});

it('a legacy albumId credits the release; a falsy one is absent, and the role defaults to primary', async () => {
  const added = await client.rest('POST', '/artists', { albumId: releaseId, artistName: 'Album Guest', artistRelationTypeId: String(ARTIST_ROLE.FEATURED) });
  expect(added.status).toBe(201);
  expect(added.body.release).toMatchObject({ id: releaseId });
  const onTrack = await client.rest('POST', '/artists', { trackId, albumId: '', artistName: 'Track Guest' });
  expect(onTrack.status).toBe(201);
  const removed = await client.rest('DELETE', `/artists?artistName=Track%20Guest&trackId=${trackId}&userId=`);
  expect(removed.status).toBe(200);
  expect(removed.body).toMatchObject({ removed: 1 });
});

it('a list body reads as an object without fields: artistName is required', async () => {
  const res = await client.rest('POST', '/artists', [{ trackId, artistName: 'Guest' }]);
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject(refusal('artistName', 'required', 'artistName is required'));
});

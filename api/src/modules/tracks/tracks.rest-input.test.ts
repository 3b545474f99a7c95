/** Malformed REST input to the track paths is a 400 with the legacy wording, never a 500 (issue 17). */
import { wav } from '../../integrations/media/__test-support__/media-fixtures.ts';
import { signedInUser, startReleaseServer } from '../releases/__test-support__/release-kit.ts';

let server: Awaited<ReturnType<typeof startReleaseServer>>;
let client: Awaited<ReturnType<typeof signedInUser>>;
let trackId: string;

beforeAll(async () => {
  server = await startReleaseServer();
  client = await signedInUser(server);
  const created = await client.rest('POST', '/releases', { title: 'Input checks' });
  const up = await client.upload('/track/upload', { releaseId: created.body.id as string }, { data: wav({ sampleRate: 44_100, bitDepth: 16 }), name: 'Song.wav' });
  trackId = up.body.id as string;
});
afterAll(async () => {
  await server.close();
});

const versionError = { code: 'BAD_USER_INPUT', key: 'invalid-type', message: 'version must be a whole number', fieldErrors: [{ field: 'version', key: 'invalid-type', message: 'version must be a whole number' }] };

it('an edit that is a list, not an object, is a 400 without field errors', async () => {
  const res = await client.rest('PUT', `/track/${trackId}`, [{ title: 'x' }]);
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ code: 'BAD_USER_INPUT', message: 'The track must be an object', fieldErrors: [] });
});

it.each([['one'], [-2], [1.5], [true]])('an edit with version %j is a 400 naming version', async (version) => {
  const res = await client.rest('PUT', `/track/${trackId}`, { title: 'x', version });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject(versionError);
});

it('a delete with a version that is not digits is a 400 naming version', async () => {
  const res = await client.rest('DELETE', `/track/${trackId}?version=1e3`);
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject(versionError);
  expect((await client.rest('GET', `/track/${trackId}/audio`)).status).toBe(200);
});

it('an edit without a version, or with it as digits, is read as before', async () => {
  expect((await client.rest('PUT', `/track/${trackId}`, { title: 'First' })).status).toBe(200);
  const version = (await client.rest('PUT', `/track/${trackId}`, { title: 'Second' })).body.releaseVersion as number;
  const res = await client.rest('PUT', `/track/${trackId}`, { title: 'Third', version: String(version) });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ title: 'Third', releaseVersion: version + 1 });
});

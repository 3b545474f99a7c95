/** Malformed REST input to /api/check-release-lock is a 400 with the legacy wording, never a 500 (issue 17). */
import { signedInUser, startReleaseServer } from '../releases/__test-support__/release-kit.ts';

let server: Awaited<ReturnType<typeof startReleaseServer>>;
let client: Awaited<ReturnType<typeof signedInUser>>;
let releaseId: string;

beforeAll(async () => {
  server = await startReleaseServer();
  client = await signedInUser(server);
  releaseId = (await client.rest('POST', '/releases', { title: 'Locks' })).body.id as string;
});
afterAll(async () => {
  await server.close();
});

const albumIdRequired = { code: 'BAD_USER_INPUT', key: 'required', message: 'albumId is required', fieldErrors: [{ field: 'albumId', key: 'required', message: 'albumId is required' }] };
const badList = { code: 'BAD_USER_INPUT', key: 'invalid', message: 'lockTypes must be a list of 1 to 10 lock names' };

it.each([[{ lockTypes: ['release'] }], [{ albumId: '', lockTypes: ['release'] }], [{ albumId: 7, lockTypes: ['release'] }], [['release']]])('%j is a 400: albumId is required', async (body) => {
  const res = await client.rest('POST', '/check-release-lock', body);
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject(albumIdRequired);
});

it.each([[undefined], [[]], [{ release: true }], [['ok', 3]]])('lockTypes %j is a 400 naming lockTypes', async (lockTypes) => {
  const res = await client.rest('POST', '/check-release-lock', { albumId: releaseId, lockTypes });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject(badList);
});

it('takes lock names as a list or as comma-separated text', async () => {
  const res = await client.rest('POST', '/check-release-lock', { albumId: releaseId, lockTypes: 'release, tracks' });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ albumId: releaseId, locked: false });
  expect((res.body.locks as { lockType?: string }[]).length).toBe(2);
});

/** Malformed REST input to the release paths is a 400 with the legacy wording, never a 500 (issue 17). */
import { PAGE_SIZE_MAX } from '@cadence/domain/text-limits';
import { signedInUser, startReleaseServer } from './__test-support__/release-kit.ts';

let server: Awaited<ReturnType<typeof startReleaseServer>>;
let client: Awaited<ReturnType<typeof signedInUser>>;
let releaseId: string;

beforeAll(async () => {
  server = await startReleaseServer();
  client = await signedInUser(server);
  const created = await client.rest('POST', '/releases', { title: 'Input checks' });
  releaseId = created.body.id as string;
});
afterAll(async () => {
  await server.close();
});

const limitSentence = `limit must be a whole number from 1 to ${PAGE_SIZE_MAX}`;
const oneField = (field: string, key: string, message: string) => [{ field, key, message }];

describe('malformed input is a 400 naming the field', () => {
  it.each([
    ['GET', '/releases?limit=abc', undefined, limitSentence, 'range', oneField('limit', 'range', `limit must be from 1 to ${PAGE_SIZE_MAX}`)],
    ['GET', `/releases?limit=${PAGE_SIZE_MAX + 1}`, undefined, limitSentence, 'range', oneField('limit', 'range', `limit must be from 1 to ${PAGE_SIZE_MAX}`)],
    ['GET', '/releases?limit=', undefined, limitSentence, 'range', oneField('limit', 'range', `limit must be from 1 to ${PAGE_SIZE_MAX}`)],
    ['GET', '/releases?cursor=a&cursor=b', undefined, 'cursor must be a string', 'invalid-type', oneField('cursor', 'invalid-type', 'cursor must be a string')],
    ['GET', '/releases?status=LIVE,NOPE', undefined, 'Unknown status', 'invalid', oneField('status', 'invalid', 'Unknown status')],
    ['POST', '/releases/check', { ids: [] }, 'Send a list of 1 to 100 release ids', 'invalid', oneField('ids', 'invalid', 'Send a list of 1 to 100 release ids')],
    ['POST', '/releases/check', [1, 2], 'Send a list of 1 to 100 release ids', 'invalid', oneField('ids', 'invalid', 'Send a list of 1 to 100 release ids')],
    ['POST', '/releases/check', { ids: 'x' }, 'Send a list of 1 to 100 release ids', 'invalid', oneField('ids', 'invalid', 'Send a list of 1 to 100 release ids')],
    ['POST', '/releases/check', { ids: Array.from({ length: 101 }, (_, i) => String(i)) }, 'Send a list of 1 to 100 release ids', 'invalid', oneField('ids', 'invalid', 'Send a list of 1 to 100 release ids')],
    ['GET', '/releases/download-all?skipTimeLimit=yes', undefined, 'skipTimeLimit must be true or false', undefined, oneField('skipTimeLimit', 'invalid', 'skipTimeLimit must be true or false')],
  ])('%s %s', async (method, url, body, message, key, fieldErrors) => {
    const res = await client.rest(method, url, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', message, fieldErrors });
    expect((res.body as { key?: string }).key).toBe(key);
  });

  it.each([
    ['PUT', () => `/releases/${releaseId}`, { title: 'x', version: 'one' }],
    ['PUT', () => `/releases/${releaseId}`, { version: -1 }],
    ['POST', () => `/releases/${releaseId}/transfer`, { version: 1.5 }],
  ])('%s a release with a version that is not a whole number', async (method, url, body) => {
    const res = await client.rest(method, url(), body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', key: 'invalid-type', message: 'version must be a whole number', fieldErrors: oneField('version', 'invalid-type', 'version must be a whole number') });
  });

  it('a release edit that is not an object is a 400, not a 500', async () => {
    const res = await client.rest('PUT', `/releases/${releaseId}`, ['title']);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});

describe('well-formed input is read as before', () => {
  it('lists with a limit, a cursor and statuses given as text', async () => {
    const res = await client.rest('GET', '/releases?limit=1&status=NOT_COMPLETED,%20LIVE');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalCount: 1, nextCursor: null, releases: [{ id: releaseId }] });
  });

  it('checks ids given bare or as {ids}', async () => {
    const bare = await client.rest('POST', '/releases/check', [releaseId]);
    const wrapped = await client.rest('POST', '/releases/check', { ids: [releaseId] });
    expect(bare.status).toBe(200);
    expect(wrapped.body).toEqual(bare.body);
  });

  it('takes a version given as digits', async () => {
    const version = (await client.rest('GET', `/releases/${releaseId}`)).body.version as number;
    const res = await client.rest('PUT', `/releases/${releaseId}`, { title: 'Renamed', version: String(version) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Renamed', version: version + 1 });
  });
});

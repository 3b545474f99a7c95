import { flac, png, pngHeader, wav } from '../../integrations/media/__test-support__/media-fixtures.ts';
import { daysFromToday, releaseVersion, signedInUser, startReleaseServer, storedObjects } from '../releases/__test-support__/release-kit.ts';

let server: Awaited<ReturnType<typeof startReleaseServer>>;
let client: Awaited<ReturnType<typeof signedInUser>>;
let releaseId: string;

beforeAll(async () => {
  server = await startReleaseServer({ MAX_AUDIO_UPLOAD_BYTES: '200000' });
  client = await signedInUser(server);
  releaseId = (await client.rest('POST', '/releases', { title: 'Bad Inputs' })).body.id;
});
afterAll(async () => {
  await server.close();
});

describe('bad input gets a 4xx with a clear reason and leaves nothing behind', () => {
  it.each([
    ['a truncated WAV', wav().subarray(0, 200), 'x.wav', 400, /truncated/i],
    ['a corrupt FLAC', flac({ noFrames: true, totalSamples: 0 }).subarray(0, 20), 'x.flac', 400, /FLAC/],
    ['a PNG renamed .wav', pngHeader(1600, 1600), 'song.wav', 415, /WAV or FLAC/],
    ['a text file', Buffer.from('hello, this is not audio at all'), 'notes.wav', 415, /WAV or FLAC/],
    ['22.05 kHz audio', wav({ sampleRate: 22_050 }), 'low.wav', 400, /Sample rate must be at least 44\.1 kHz/],
    ['8-bit audio', wav({ bitDepth: 8 }), 'low.wav', 400, /Bit depth must be at least 16 bit/],
    ['float (non-PCM) WAV', wav({ formatTag: 3, bitDepth: 32 }), 'float.wav', 415, /PCM/],
    ['an empty file', Buffer.alloc(0), 'empty.wav', 400, /empty/],
  ])('audio: %s', async (_name, data, fileName, status, reason) => {
    const res = await client.upload('/track/upload', { releaseId }, { data, name: fileName });
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(reason);
  });

  it('answers an audio file over the size limit with the LIMIT_FILE_SIZE / MULTER_ERROR shape', async () => {
    const res = await client.upload('/track/upload', { releaseId }, { data: wav({ frames: 100_000 }), name: 'big.wav' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'LIMIT_FILE_SIZE', type: 'MULTER_ERROR' });
    expect(res.body.message).toMatch(/too large/i);
  });

  it.each([
    ['20000x20000 PNG (decompression bomb)', () => Promise.resolve(pngHeader(20_000, 20_000)), /too large to process/],
    ['too small', () => png(1000, 1000), /^Image too small\. Minimum height allowed is 1600 pixels$/],
    ['too narrow', () => png(1000, 1700), /^Image too small\. Minimum width allowed is 1600 pixels$/],
    ['not square', () => png(1700, 1600), /^Your image must be a perfect square and at least 1600x1600 pixels$/],
    ['a WAV renamed .png', () => Promise.resolve(wav()), /^Invalid file type\. Must be \*\.jpg or \*\.png$/],
    ['the 33-byte PNG header with no pixel data', () => Promise.resolve(pngHeader(1600, 1600)), /^Invalid file type\. Must be \*\.jpg or \*\.png$/],
  ])('cover: %s', async (_name, make, reason) => {
    const res = await client.upload('/releases/cover-upload', { releaseId }, { data: await make(), name: 'cover.png', type: 'image/png' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.message).toMatch(reason);
    expect(res.body.fieldErrors[0].field).toBe('file');
  });

  it('refuses a multipart body of 10,000 parts quickly', async () => {
    const boundary = 'X-CADENCE-BOUNDARY';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="f"\r\n\r\nv\r\n`;
    const body = part.repeat(10_000) + `--${boundary}--\r\n`;
    const started = Date.now();
    const res = await fetch(`${server.url}/api/track/upload`, {
      method: 'POST',
      headers: { cookie: client.cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^The form has too many (parts|fields)$/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses a multipart request without a boundary, and one without a file', async () => {
    const res = await fetch(`${server.url}/api/track/upload`, {
      method: 'POST',
      headers: { cookie: client.cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'multipart/form-data' },
      body: 'whatever',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/boundary/i);
    const noFile = await client.upload('/track/upload', { releaseId });
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('No file was sent');
  });

  it.each([
    ['title of the wrong type', { title: 5 }, 'title', 'invalid-type'],
    ['an unknown genre id', { genreId: '999999' }, 'genreId', 'unknown-genre'],
    ['a release date in the past', { releaseDate: daysFromToday(-3) }, 'releaseDate', 'releaseDate'],
    ['an invalid date', { releaseDate: '2026-02-30' }, 'releaseDate', 'invalidDate'],
    ['a UPC with a wrong check digit', { upc: '036000291453' }, 'upc', 'bad-upc-format'],
    ['an empty territory', { territory: { allowed: true, countryCodes: [] } }, 'territory', 'missingCountries'],
    ['no stores', { outletUris: [] }, 'outletUris', 'missingDSP'],
    ['an unknown store', { outletUris: ['no-such-store'] }, 'outletUris', 'unknown-dsp'],
  ])('release: %s', async (_name, body, field, key) => {
    const res = await client.rest('PUT', `/releases/${releaseId}`, body);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toContainEqual(expect.objectContaining({ field, key }));
  });

  it('track: an ISRC with the wrong shape, and an unknown genre', async () => {
    const track = await client.upload('/track/upload', { releaseId }, { data: wav(), name: 'ok.wav' });
    expect(track.status).toBe(201);
    const isrc = await client.rest('PUT', `/track/${track.body.id}`, { isrc: 'US-AB-25-1' });
    expect(isrc.status).toBe(400);
    expect(isrc.body.fieldErrors).toEqual([{ field: 'isrc', key: 'bad-isrc-format', message: 'ISRC must look like CC-XXX-YY-NNNNN' }]);
    const version = await releaseVersion(server, releaseId);
    const genre = await client.gql('mutation($id: ID!, $v: Int!) { updateTrack(input: { id: $id, version: $v, genreId: "nope" }) { track { id } } }', { id: track.body.id, v: version });
    expect(genre.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'unknown-genre' });
    const wrongType = await client.gql('mutation($id: ID!, $v: Int!) { updateTrack(input: { id: $id, version: $v, isCover: "yes" }) { track { id } } }', { id: track.body.id, v: version });
    expect(wrongType.status).toBe(400);
    expect((await client.rest('DELETE', `/track/${track.body.id}`)).status).toBe(204);
  });

  it('left no rows and no files behind', async () => {
    expect(await server.prisma.track.count({ where: { releaseId } })).toBe(0);
    expect(await server.prisma.storedFile.count()).toBe(0);
    expect(await storedObjects(server)).toEqual([]);
    const release = await client.rest('GET', `/releases/${releaseId}`);
    expect(release.body).toMatchObject({ title: 'Bad Inputs', genreId: null, releaseDate: null, upc: null, coverArtUrl: null });
  });
});

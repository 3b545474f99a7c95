/** Shared helpers of the e2e journeys (new journeys use these rather than copying them). */
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';

/** The demo accounts of the seed (README). */
export const DEMO_ARTIST = { username: 'artist@cadence.test', password: 'Cadence123' };
export const DEMO_SUPPORT = { username: 'support@cadence.test', password: 'Cadence123' };

/** Signs in through the GraphQL signIn mutation; the session cookie lands in the page's context. */
export async function signInAs(page: Page, who: { username: string; password: string }): Promise<void> {
  const response = await page.request.post('/graphql', {
    data: { query: 'mutation SignIn($input: SignInInput!) { signIn(input: $input) { viewer { id } } }', variables: { input: who } },
  });
  expect(response.ok()).toBe(true);
  expect((await response.json()).errors).toBeUndefined();
}

/** The newest link to `path` mailed to `to`, read from the dev outbox as support in its own request context (the page keeps its session). */
export async function mailedLink(to: string, path: string): Promise<string> {
  const staff = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    expect((await staff.post('/api/auth/login', { data: DEMO_SUPPORT })).status()).toBe(200);
    let link: string | undefined;
    await expect
      .poll(async () => {
        const mails = (await (await staff.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as { links: string[] }[];
        link = mails.flatMap((m) => m.links).find((l) => l.includes(path));
        return link;
      })
      .toBeTruthy();
    return new URL(link!).pathname + new URL(link!).search;
  } finally {
    await staff.dispose();
  }
}

/** A short PCM WAV (44.1 kHz, 16 bit, stereo) of a quiet tone. */
export function wav(seconds: number, frequency: number): Buffer {
  const sampleRate = 44_100;
  const frames = Math.round(seconds * sampleRate);
  const dataSize = frames * 4;
  const buffer = Buffer.alloc(44 + dataSize);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataSize, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(2, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 4, 28);
  buffer.writeUInt16LE(4, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataSize, 40);
  for (let i = 0; i < frames; i += 1) {
    const sample = Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 8000);
    buffer.writeInt16LE(sample, 44 + i * 4);
    buffer.writeInt16LE(sample, 46 + i * 4);
  }
  return buffer;
}

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** The release's status as the REST API reports it to `request`'s user. */
export async function releaseStatus(request: APIRequestContext, id: string): Promise<string> {
  return ((await (await request.get(`/api/releases/${id}`)).json()) as { status: string }).status;
}

/** A complete two-track release with a cover, for one store, dated today (so it may go live once acknowledged); not yet submitted. */
export async function completeDraft(request: APIRequestContext, title: string, outletUri: string): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const created = await request.post('/api/releases', { data: { title, genreId: '2751', languageId: 'EN', releaseDate: today, outletUris: [outletUri] } });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  for (const [name, hz] of [['first-song.wav', 440], ['second-song.wav', 660]] as const) {
    const up = await request.post('/api/track/upload', { headers: XHR, multipart: { releaseId: id, file: { name, mimeType: 'audio/wav', buffer: wav(1, hz) } } });
    expect(up.status()).toBe(201);
  }
  const png = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: { r: 40, g: 90, b: 200 } } }).png().toBuffer();
  const cover = await request.post('/api/releases/cover-upload', { headers: XHR, multipart: { releaseId: id, file: { name: 'cover.png', mimeType: 'image/png', buffer: png } } });
  expect(cover.status()).toBe(200);
  return id;
}

/**
 * A release of `request`'s user built for the journey that needs it: complete, submitted, approved
 * by support and sent by the delivery job to the first store (the local simulator), so it is
 * DELIVERED (or already LIVE) and can be taken down. Returns its id.
 */
export async function deliveredRelease(request: APIRequestContext, title: string): Promise<string> {
  const dsps = (await (await request.get('/api/dictionary/dsps')).json()) as { uri: string }[];
  const id = await completeDraft(request, title, dsps[0]!.uri);
  expect((await request.post(`/api/releases/${id}/submit`)).ok()).toBe(true);
  await expect.poll(() => releaseStatus(request, id), { timeout: 30_000 }).toBe('VALIDATED');
  const staff = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    expect((await staff.post('/api/auth/login', { data: DEMO_SUPPORT })).status()).toBe(200);
    const approved = await staff.post('/graphql', {
      data: { query: 'mutation Approve($input: ApproveReleaseInput!) { approveRelease(input: $input) { __typename } }', variables: { input: { releaseId: id } } },
    });
    expect((await approved.json()).errors).toBeUndefined();
  } finally {
    await staff.dispose();
  }
  await expect.poll(() => releaseStatus(request, id), { timeout: 30_000 }).toMatch(/^(DELIVERED|LIVE)$/);
  return id;
}

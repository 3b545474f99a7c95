/** Shared helpers of the e2e journeys (new journeys use these rather than copying them). */
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { completeUpc } from '../domain/src/upc.ts';

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

/** A request context of its own signed in as `who` (the caller disposes of it). */
export async function requestAs(who: { username: string; password: string }): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const response = await context.post('/graphql', {
    data: { query: 'mutation SignIn($input: SignInInput!) { signIn(input: $input) { viewer { id } } }', variables: { input: who } },
  });
  expect(response.ok()).toBe(true);
  expect((await response.json()).errors).toBeUndefined();
  return context;
}

/** The id of the account with this email, found by support staff's user search. */
export async function userIdOf(email: string): Promise<string> {
  const staff = await requestAs(DEMO_SUPPORT);
  try {
    const response = await staff.post('/graphql', { data: { query: 'query Find($q: String!) { searchUsers(query: $q) { id email } }', variables: { q: email } } });
    const users = ((await response.json()) as { data: { searchUsers: { id: string; email: string }[] } }).data.searchUsers;
    const user = users.find((u) => u.email === email);
    expect(user, `an account with the email ${email}`).toBeDefined();
    return user!.id;
  } finally {
    await staff.dispose();
  }
}

/**
 * A catalogue import of `request`'s user, run to its end: a CSV sheet of one release (new UPC and
 * ISRC, its audio file still to come) and one refused row (a wrong UPC check digit), so the job's
 * page shows a result, a problem and a waiting audio file. Returns the job's id.
 */
export async function catalogImportJob(request: APIRequestContext, title: string): Promise<string> {
  const run = `${Date.now()}`.slice(-8);
  const upc = completeUpc(`08${run}${Math.floor(Math.random() * 10)}`);
  const wrongUpc = `${upc.slice(0, -1)}${(Number(upc.at(-1)) + 1) % 10}`;
  const isrc = `GBRFL26${run.slice(-5)}`;
  const csv = [
    'upc,release_title,release_date,original_release_date,isrc,track_title,artists,genre,explicit,audio_file',
    `${upc},${title},2024-01-05,2010-01-05,${isrc},First Song,Nova Lane (primary); Guest (featured),Pop,no,${isrc}.wav`,
    `${wrongUpc},${title} (refused),2024-01-05,,GBRFL27${run.slice(-5)},Second Song,Nova Lane,Pop,no,`,
  ].join('\n');
  const uploaded = await request.post('/api/releases/import', { headers: XHR, multipart: { file: { name: `catalogue-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`${csv}\n`) } } });
  expect(uploaded.status(), await uploaded.text()).toBe(202);
  const id = ((await uploaded.json()) as { id: string }).id;
  await expect
    .poll(async () => ((await (await request.get(`/api/releases/import/${id}`)).json()) as { status: string }).status, { timeout: 30_000 })
    .toMatch(/^(SUCCEEDED|PARTIAL|FAILED)$/);
  return id;
}

/** Splits `request`'s release 30% with a new email address and returns the mailed invitation's path (with its token). */
export async function splitInvitationLink(request: APIRequestContext, releaseId: string): Promise<string> {
  const invitee = `split-${Date.now()}-${Math.floor(Math.random() * 1e6)}@cadence-mail.com`;
  const saved = await request.put(`/api/releases/${releaseId}/splits`, { data: { shares: [{ email: invitee, basisPoints: 3000 }], version: 0 } });
  expect(saved.ok(), await saved.text()).toBe(true);
  return mailedLink(invitee, '/split-invitation');
}

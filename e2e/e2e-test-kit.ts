/** Shared helpers of the e2e journeys (new journeys use these rather than copying them). */
import { expect, request, test, type Page } from '@playwright/test';

/** The demo accounts of the seed (README). */
export const DEMO_ARTIST = { username: 'artist@cadence.test', password: 'Cadence123' };
export const DEMO_SUPPORT = { username: 'support@cadence.test', password: 'Cadence123' };

/** Signs in through the GraphQL signIn mutation; the session cookie lands in the page's context. */
export async function signInAs(page: Page, who: { username: string; password: string }): Promise<void> {
  const response = await page.request.post('/graphql', {
    data: { query: 'mutation SignIn($input: SignInInput!) { signIn(input: $input) { id } }', variables: { input: who } },
  });
  expect(response.ok()).toBe(true);
  expect((await response.json()).errors).toBeUndefined();
}

/** The newest link to `path` mailed to `to`, read from the dev outbox as support in its own request context (the page keeps its session). */
export async function mailedLink(to: string, path: string): Promise<string> {
  const staff = await request.newContext({ baseURL: test.info().project.use.baseURL });
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

import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';

const ARTIST = { username: 'artist@cadence.test', password: 'Cadence123' };

/** A PCM WAV (44.1 kHz, 16 bit, stereo) holding a quiet sine tone: header and samples written by hand. */
function wav(seconds: number, frequency: number): Buffer {
  const sampleRate = 44_100;
  const channels = 2;
  const bytesPerSample = 2;
  const frames = Math.round(seconds * sampleRate);
  const dataSize = frames * channels * bytesPerSample;
  const buffer = Buffer.alloc(44 + dataSize);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataSize, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(channels, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * channels * bytesPerSample, 28);
  buffer.writeUInt16LE(channels * bytesPerSample, 32);
  buffer.writeUInt16LE(bytesPerSample * 8, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataSize, 40);
  for (let i = 0; i < frames; i += 1) {
    const sample = Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 8000);
    for (let c = 0; c < channels; c += 1) buffer.writeInt16LE(sample, 44 + (i * channels + c) * bytesPerSample);
  }
  return buffer;
}

/** Signs in through the GraphQL signIn mutation; the session cookie lands in the page's context. */
async function signIn(page: Page) {
  const response = await page.request.post('/graphql', {
    data: { query: 'mutation SignIn($input: SignInInput!) { signIn(input: $input) { id } }', variables: { input: ARTIST } },
  });
  expect(response.ok()).toBe(true);
  expect((await response.json()).errors).toBeUndefined();
}

test('an artist creates a release with two tracks, credits, cover art, fixes an ISRC duplicate and submits it', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const title = `Night Drive ${Date.now()}`;

  await page.goto('/releases');
  await page.getByRole('link', { name: 'New release' }).click();
  // Single or album first; the draft is saved with its title (issue 19).
  await page.getByRole('button', { name: 'Album', exact: true }).click();
  await page.getByRole('textbox', { name: 'Title of the album' }).fill(title);
  await page.getByRole('button', { name: 'Create album' }).click();
  await expect(page).toHaveURL(/\/releases\/[0-9a-f-]+$/);

  const details = page.getByRole('form', { name: 'Release details' });
  await details.getByLabel('Release title').fill(title);
  await details.getByLabel('Genre').selectOption({ index: 1 });
  await details.getByRole('button', { name: 'Select all stores' }).click();
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const primary = page.getByRole('textbox', { name: 'Primary artists of the release' });
  await primary.fill('Nova Lights');
  await primary.press('Enter');
  await expect(page.getByRole('list', { name: 'Primary artists of the release' })).toContainText('Nova Lights');

  const png = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: { r: 30, g: 60, b: 200 } } }).png().toBuffer();
  await page.getByLabel('Choose cover art').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Cover art preview' })).toHaveAttribute('src', /\/api\/releases\/.+\/cover/);

  await page.getByLabel('Choose audio files').setInputFiles([
    { name: 'first-song.wav', mimeType: 'audio/wav', buffer: wav(1, 440) },
    { name: 'second-song.wav', mimeType: 'audio/wav', buffer: wav(1, 660) },
  ]);
  const tracks = page.getByRole('list', { name: 'Tracks in order' });
  await expect(tracks.getByRole('listitem').filter({ hasText: /^\d\./ })).toHaveCount(2);

  // Track 2 takes an ISRC first, then track 1 the same one: the rule marks the later track.
  await page.getByRole('button', { name: 'Edit track 2' }).click();
  let pane = page.getByRole('region', { name: /^Track 2:/ });
  await pane.getByLabel('ISRC').fill('US-CAD-26-00001');
  await pane.getByRole('button', { name: 'Save track' }).click();
  await expect(tracks).toContainText('USCAD2600001');
  await pane.getByRole('button', { name: 'CLOSE' }).click();

  await page.getByRole('button', { name: 'Edit track 1' }).click();
  pane = page.getByRole('region', { name: /^Track 1:/ });
  await pane.getByLabel('ISRC').fill('uscad2600001');
  await pane.getByRole('button', { name: 'Save track' }).click();
  await expect(tracks.getByRole('listitem').first()).toContainText('USCAD2600001');
  const featured = pane.getByRole('textbox', { name: 'Featured artists' });
  await featured.fill('Guest Star');
  await featured.press('Enter');
  await expect(pane.getByRole('list', { name: 'Featured artists' })).toContainText('Guest Star');
  const composers = pane.getByRole('textbox', { name: 'Composers' });
  await composers.fill('Jane Doe');
  await composers.press('Enter');
  await expect(pane.getByRole('list', { name: 'Composers' })).toContainText('Jane Doe');
  await pane.getByRole('button', { name: 'CLOSE' }).click();

  // The check reports the duplicate on track 2; the user fixes it there.
  await page.getByRole('button', { name: 'Check release' }).click();
  const issues = page.getByRole('region', { name: 'Fix these before you submit' });
  await expect(issues).toContainText('Track 2: This ISRC is already used in this release');
  await page.getByRole('button', { name: 'Edit track 2' }).click();
  pane = page.getByRole('region', { name: /^Track 2:/ });
  await expect(pane.getByRole('alert')).toContainText('This ISRC is already used in this release');
  await pane.getByLabel('ISRC').fill('US-CAD-26-00002');
  await pane.getByRole('button', { name: 'Save track' }).click();
  await expect(tracks).toContainText('USCAD2600002');
  // The check runs again after the change: nothing is left to fix.
  await expect(issues).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Everything is ready to submit.' })).toBeVisible();

  await page.getByRole('button', { name: 'Submit release' }).click();
  await expect(page).toHaveURL(/\/releases\/submitted$/);
  await expect(page.getByRole('heading', { name: 'Release submitted' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to your releases' }).click();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(row).toContainText('Pending');
});

test('an artist takes down a live release and sees Takedown Submitted', async ({ page }) => {
  await signIn(page);
  await page.goto('/releases');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Midnight Signals' }) });
  await expect(row).toContainText('Published');
  await row.getByRole('button', { name: 'Take down Midnight Signals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take down this release?' });
  await dialog.getByRole('button', { name: 'Take down' }).click();
  await expect(row).toContainText('Takedown Submitted');
  await expect(row.getByRole('button', { name: /Take down/ })).toHaveCount(0);

  // The status is the server's, not only the page's: it survives a reload. By then the takedown
  // delivery may already have completed (this demo release was sent to no store).
  await page.reload();
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Midnight Signals' }) })).toContainText(/Takedown (Submitted|Complete)/);
});

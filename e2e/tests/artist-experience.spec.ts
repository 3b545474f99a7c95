import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';

// Issue 19: the artist's experience. Each journey reproduces one defect and fails before its fix.

const ARTIST = { username: 'artist@cadence.test', password: 'Cadence123' };

async function signIn(page: Page) {
  const response = await page.request.post('/api/auth/login', { data: ARTIST });
  expect(response.ok()).toBe(true);
}

/** A PCM WAV (44.1 kHz, 16 bit, stereo) of a quiet tone. */
function wav(seconds: number, frequency: number): Buffer {
  const rate = 44_100;
  const frames = Math.round(seconds * rate);
  const size = frames * 4;
  const b = Buffer.alloc(44 + size);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + size, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(2, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 4, 28);
  b.writeUInt16LE(4, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(size, 40);
  for (let i = 0; i < frames; i += 1) {
    const s = Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * 8000);
    b.writeInt16LE(s, 44 + i * 4);
    b.writeInt16LE(s, 46 + i * 4);
  }
  return b;
}

const cover = () => sharp({ create: { width: 1600, height: 1600, channels: 3, background: { r: 30, g: 60, b: 200 } } }).png().toBuffer();

/** axe on the page as it is: no violations. */
async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A new draft album, opened in the editor; answers the details form. */
async function newAlbum(page: Page) {
  await page.goto('/releases');
  await page.getByRole('button', { name: 'New release' }).click();
  const kind = page.getByRole('dialog', { name: /single or an album/i });
  if (await kind.isVisible().catch(() => false)) await kind.getByRole('button', { name: 'Album' }).click();
  const details = page.getByRole('form', { name: 'Release details' });
  await expect(details).toBeVisible();
  return details;
}

test.describe('the release editor never loses typed work', () => {
  test('a typed title survives a cover upload', async ({ page }) => {
    await signIn(page);
    const details = await newAlbum(page);
    await details.getByLabel('Release title').fill('Unsaved Title One');
    await details.getByLabel('Catalog number').fill('CAT-001');
    await page.getByLabel('Choose cover art').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await cover() });
    await expect(page.getByRole('img', { name: 'Cover art preview' })).toHaveAttribute('src', /\/api\/releases\/.+\/cover/);
    await expect(details.getByLabel('Release title')).toHaveValue('Unsaved Title One');
    await expect(details.getByLabel('Catalog number')).toHaveValue('CAT-001');
  });

  test('typed title and genre survive a track upload', async ({ page }) => {
    await signIn(page);
    const details = await newAlbum(page);
    await details.getByLabel('Release title').fill('Unsaved Title Two');
    await details.getByLabel('Genre').selectOption({ index: 2 });
    const genre = await details.getByLabel('Genre').inputValue();
    await page.getByLabel('Choose audio files').setInputFiles([{ name: 'song.wav', mimeType: 'audio/wav', buffer: wav(1, 440) }]);
    await expect(page.getByRole('list', { name: 'Tracks in order' }).getByRole('listitem')).toHaveCount(1);
    await expect(details.getByLabel('Release title')).toHaveValue('Unsaved Title Two');
    await expect(details.getByLabel('Genre')).toHaveValue(genre);
  });

  test('a ticked store and a catalog number survive adding an artist chip', async ({ page }) => {
    await signIn(page);
    const details = await newAlbum(page);
    const firstStore = details.getByRole('group', { name: 'Stores' }).getByRole('checkbox').first();
    await firstStore.check();
    await details.getByLabel('Catalog number').fill('CAT-777');
    const primary = page.getByRole('textbox', { name: 'Primary artists of the release' });
    await primary.fill('Chip Artist');
    await primary.press('Enter');
    await expect(page.getByRole('list', { name: 'Primary artists of the release' })).toContainText('Chip Artist');
    await expect(firstStore).toBeChecked();
    await expect(details.getByLabel('Catalog number')).toHaveValue('CAT-777');
  });

  test('leaving with unsaved edits asks first', async ({ page }) => {
    await signIn(page);
    const details = await newAlbum(page);
    await details.getByLabel('Release title').fill('Do Not Lose Me');
    await page.getByRole('link', { name: '← Your releases' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(ask).toBeVisible();
    await expectNoAxeViolations(page);
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(details.getByLabel('Release title')).toHaveValue('Do Not Lose Me');
    await page.getByRole('link', { name: '← Your releases' }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/releases$/);
  });
});

test('a track is renamed without an ISRC, and no error names a field', async ({ page }) => {
  await signIn(page);
  await newAlbum(page);
  await page.getByLabel('Choose audio files').setInputFiles([{ name: 'track1.wav', mimeType: 'audio/wav', buffer: wav(1, 440) }]);
  const tracks = page.getByRole('list', { name: 'Tracks in order' });
  await expect(tracks.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Edit track 1' }).click();
  const pane = page.getByRole('region', { name: /^Track 1/ });
  await pane.getByLabel('Track title').fill('Morning Light');
  await expect(pane.getByLabel('ISRC')).toHaveValue('');
  await pane.getByRole('button', { name: 'Save track' }).click();
  await expect(tracks).toContainText('Morning Light');
  await expect(page.getByText(/isrc:/i)).toHaveCount(0);
  await expect(page.getByText('ISRC is required')).toHaveCount(0);
});

test('an artist credits themselves as composer, lyricist and producer, but not as featured', async ({ page }) => {
  await signIn(page);
  await newAlbum(page);
  await page.getByLabel('Choose audio files').setInputFiles([{ name: 'a.wav', mimeType: 'audio/wav', buffer: wav(1, 330) }]);
  await expect(page.getByRole('list', { name: 'Tracks in order' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Edit track 1' }).click();
  const pane = page.getByRole('region', { name: /^Track 1/ });
  for (const role of ['Composers', 'Lyricists', 'Producers']) {
    const input = pane.getByRole('textbox', { name: role });
    await input.fill('Nova Lane');
    await input.press('Enter');
    await expect(pane.getByRole('list', { name: role })).toContainText('Nova Lane');
  }
  const featured = pane.getByRole('textbox', { name: 'Featured artists' });
  await featured.fill('Nova Lane');
  await featured.press('Enter');
  await expect(pane.getByText('Artist already exists in artists list.')).toBeVisible();
  await expectNoAxeViolations(page);
});

import path from 'node:path';
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
async function newAlbum(page: Page, title = `Album ${Date.now()}`) {
  await page.goto('/releases');
  await page.getByRole('link', { name: 'New release' }).click();
  await page.getByRole('button', { name: 'Album', exact: true }).click();
  await page.getByRole('textbox', { name: 'Title of the album' }).fill(title);
  await page.getByRole('button', { name: 'Create album' }).click();
  await expect(page).toHaveURL(/\/releases\/[0-9a-f-]+$/);
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

test('"New release" asks single or album first and saves nothing until the release is named', async ({ page }) => {
  await signIn(page);
  await page.goto('/releases');
  const totals = await page.locator('.releases__totals').textContent();
  const drafts = async () => {
    const res = await page.request.post('/graphql', { data: { query: '{ releaseCounts { byDisplayStatus { displayStatus count } } }' } });
    const body = (await res.json()) as { data: { releaseCounts: { byDisplayStatus: { displayStatus: string; count: number }[] } } };
    return body.data.releaseCounts.byDisplayStatus.find((c) => c.displayStatus === 'Draft')?.count ?? 0;
  };
  const before = await drafts();
  await page.getByRole('link', { name: 'New release' }).click();
  await expect(page.getByRole('group', { name: 'Is this a single or an album?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Single', exact: true }).click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/releases$/);
  expect(await drafts()).toBe(before);
  expect(totals).not.toMatch(/\b1 releases\b|\b1 tracks\b/);

  await page.getByRole('link', { name: 'New release' }).click();
  await page.getByRole('button', { name: 'Single', exact: true }).click();
  await page.getByRole('textbox', { name: 'Title of the single' }).fill('First Light');
  await page.getByRole('button', { name: 'Create single' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'First Light' })).toBeVisible();
  expect(await drafts()).toBe(before + 1);
});

/** Today minus `years` and a month, as MM/DD/YYYY. */
function birthdayYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 30);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

test('on-boarding: one click on Next right after typing moves on, and the review shows the details as text', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `onboard-${Date.now()}-${Math.floor(Math.random() * 1e6)}@cadence-mail.com`;
  await page.goto('/?login=signup');
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password').fill('Secret123');
  await dialog.getByLabel('First Name').fill('Robin');
  await dialog.getByLabel('Last Name').fill('Lane');
  const birthday = birthdayYearsAgo(30);
  await dialog.getByLabel('Birth Date').fill(birthday);
  await dialog.getByLabel(/distribution agreement/).check();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/on-boarding$/);

  await expect(page.getByRole('heading', { name: 'Step 1 of 3: Name' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Artist Name').fill('Robin Lane Trio');
  // No blur first: the click itself must count.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Contact' })).toBeVisible();

  await page.getByLabel('Country').selectOption('US');
  await page.getByLabel('State/Province').selectOption('CA');
  await page.getByLabel('Address Line 1').fill('1 Main Street');
  await page.getByLabel('City').fill('Los Angeles');
  await page.getByLabel('Zip/Postal Code').fill('90001');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' }).first()).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 3 of 3: Distribution' })).toBeVisible();
  await page.getByLabel(/distribution agreement/).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/on-boarding\/review$/);
  const details = page.locator('dl');
  await expect(details).toContainText('Robin Lane Trio');
  await expect(details).toContainText('Robin');
  await expect(details).toContainText('Lane');
  await expect(details).toContainText(birthday);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'You are all set' })).toBeVisible();
});

test('the track pane opens in view with the focus in it; tracks show their duration and a preview', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 600 });
  await newAlbum(page);
  await page.getByLabel('Choose audio files').setInputFiles([
    { name: 'one.wav', mimeType: 'audio/wav', buffer: wav(2, 440) },
    { name: 'two.wav', mimeType: 'audio/wav', buffer: wav(1, 550) },
  ]);
  const tracks = page.getByRole('list', { name: 'Tracks in order' });
  await expect(tracks.getByRole('listitem')).toHaveCount(2);
  // Each file of the drop says it arrived.
  await expect(page.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: 'Uploaded' })).toHaveCount(2);
  await expect(tracks).toContainText('0:02');
  await expect(page.locator('audio[aria-label^="Listen to"]')).toHaveCount(2);
  const edit = page.getByRole('button', { name: 'Edit track 2' });
  await edit.click();
  const pane = page.getByRole('region', { name: /^Track 2:/ });
  await expect(pane.getByRole('heading', { level: 3, name: /^Track 2/ })).toBeFocused();
  await expect(pane).toBeInViewport();
  await expectNoAxeViolations(page);
  await pane.getByRole('button', { name: 'CLOSE' }).click();
  await expect(edit).toBeFocused();
});

test('a release waiting for review cannot be submitted again and says what an edit does to its place', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const title = `Queue ${Date.now()}`;
  const details = await newAlbum(page, title);
  await details.getByLabel('Genre').selectOption({ index: 1 });
  await details.getByRole('button', { name: 'Select all stores' }).click();
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Release details saved.' }).or(page.getByText('Release details saved.'))).toBeVisible();
  const primary = page.getByRole('textbox', { name: 'Primary artists of the release' });
  await primary.fill('Nova Lane');
  await primary.press('Enter');
  await expect(page.getByRole('list', { name: 'Primary artists of the release' })).toContainText('Nova Lane');
  await page.getByLabel('Choose cover art').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await cover() });
  await expect(page.getByRole('img', { name: 'Cover art preview' })).toHaveAttribute('src', /\/api\/releases\/.+\/cover/);
  await page.getByLabel('Choose audio files').setInputFiles([{ name: 'song.wav', mimeType: 'audio/wav', buffer: wav(1, 440) }]);
  await expect(page.getByRole('list', { name: 'Tracks in order' }).getByRole('listitem')).toHaveCount(1);
  const url = page.url();
  await page.getByRole('button', { name: 'Submit release' }).click();
  await expect(page).toHaveURL(/\/releases\/submitted$/);

  // The validation job moves it to the review queue (VALIDATED, shown as Pending).
  await expect
    .poll(
      async () => {
        await page.goto(url);
        // The page renders once its loader has the release (after the document's load event).
        return page
          .getByRole('heading', { name: 'Waiting for review' })
          .waitFor({ timeout: 5_000 })
          .then(() => true, () => false);
      },
      { timeout: 45_000, intervals: [1000, 2000, 3000] },
    )
    .toBe(true);
  await expect(page.getByText('saving any change takes it out of the queue')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit release' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

/** Every signed-in screen of the artist, at desktop and phone widths: axe finds nothing; screenshots for review. */
test('every signed-in route passes axe at 1280 and 375 px, and the main screens are photographed', async ({ page }) => {
  // 18 full axe runs and 10 full-page photographs; /settings now holds plans, tokens and webhooks.
  test.setTimeout(480_000);
  await signIn(page);
  await page.goto('/releases');
  const firstRelease = await page.getByRole('list', { name: 'Your releases' }).getByRole('link').first().getAttribute('href');
  const routes: [string, string][] = [
    ['start', '/'],
    ['releases', '/releases'],
    ['new-release', '/releases/edit'],
    ['editor', firstRelease ?? '/releases'],
    ['settings', '/settings'],
    ['sales', '/sales'],
    ['trends', '/trends'],
    ['support', '/support'],
    ['on-boarding', '/on-boarding'],
  ];
  // Kept for review after the run (gitignored), one file per screen and width.
  const shotsDir = path.resolve(import.meta.dirname, '..', '..', '.test-results', 'screenshots');
  for (const [width, label] of [
    [1280, 'desktop'],
    [375, 'mobile'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of routes) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${label} ${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      if (['start', 'releases', 'editor', 'settings', 'support'].includes(name)) {
        await page.screenshot({ path: `${shotsDir}/${name}-${label}.png`, fullPage: true });
      }
    }
  }

  // The support area, as support staff see it.
  await page.context().clearCookies();
  const staff = await page.request.post('/api/auth/login', { data: { username: 'support@cadence.test', password: 'Cadence123' } });
  expect(staff.ok()).toBe(true);
  for (const [width, label] of [
    [1280, 'desktop'],
    [375, 'mobile'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${label} /support (staff) ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}/support-staff-${label}.png`, fullPage: true });
  }
});

test('settings: autosaved fields say "Saved", sessions name the browser, the agreement is explained, deleting looks destructive', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings');
  const city = page.getByLabel('City');
  await city.fill(`Springfield ${Date.now() % 1000}`);
  await city.blur();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' }).first()).toBeVisible();

  const sessions = page.getByRole('table', { name: 'Signed-in browsers' });
  await expect(sessions).toContainText(/Chrome \d+ on \w+ \(this browser\)/);
  await expect(sessions).not.toContainText('Mozilla/5.0');

  await expect(page.getByText(/sets out how we deliver your releases/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'distribution agreement' })).toHaveAttribute('href', '/distribution-terms');
  const remove = page.getByRole('region', { name: 'Delete account' }).getByRole('button').first();
  await expect(remove).toHaveClass(/button--danger/);
  const red = await remove.evaluate((el) => getComputedStyle(el).backgroundColor);
  const save = await page.getByRole('button', { name: /^(Save|Change password)/ }).first().evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(red).not.toBe(save);
  await expectNoAxeViolations(page);
});

test('the small things: counts, status chips, start page, footer, one copyright line, the logo, demo covers', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute('href', '/?login=signup');
  await expect(page.getByText(/Free to start/)).toBeVisible();
  await page.goto('/distribution-terms');
  await expect(page.locator('main')).toContainText('© ');
  const copyrights = await page.getByText(/^© \d{4} /).evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.textContent));
  expect(copyrights).toHaveLength(1);
  expect(await page.locator('body').textContent()).not.toContain('Ltd..');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms-of-use');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');

  await signIn(page);
  await page.goto('/releases');
  await expect(page.locator('.releases__totals')).not.toContainText(/\b1 releases\b|\b1 tracks\b/);
  const chips = page.getByRole('group', { name: 'Filter by status' }).getByRole('button');
  for (const text of await chips.allTextContents()) expect(text).not.toMatch(/\(0\)$/);
  const logo = page.locator('.site-header__brand img');
  const box = await logo.boundingBox();
  expect(box && box.width / box.height).toBeGreaterThan(3);
  // The demo releases show real covers: every thumbnail image loaded with pixels.
  const covers = page.getByRole('list', { name: 'Your releases' }).locator('img');
  await expect(covers.first()).toBeVisible();
  // Waited for: a cover still loading has no pixels yet; one that failed to load never gets any.
  expect(await covers.count()).toBeGreaterThan(0);
  await expect.poll(() => covers.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth === 0).length)).toBe(0);
});

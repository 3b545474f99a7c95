import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_ARTIST, deliveredRelease, signInAs, wav } from '../e2e-test-kit.ts';

test('an artist creates a release with two tracks, credits, cover art, fixes an ISRC duplicate and submits it', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, DEMO_ARTIST);
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
  // They went up one after another, in the order chosen (side by side, the later answer could hide the other track).
  await expect(tracks.getByRole('listitem').filter({ hasText: /^\d\./ })).toContainText(['1. first-song', '2. second-song']);

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

test('an artist takes down a delivered release and sees Takedown Submitted', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, DEMO_ARTIST);
  // Its own release, so that a retry finds one to take down and the demo catalogue stays as seeded.
  const title = `Takedown ${Date.now()}`;
  await deliveredRelease(page.request, title);
  await page.goto('/releases');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(row).toContainText(/Delivered|Published/);
  await row.getByRole('button', { name: `Take down ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Take down this release?' });
  await dialog.getByRole('button', { name: 'Take down' }).click();
  await expect(row).toContainText('Takedown Submitted');
  await expect(row.getByRole('button', { name: /Take down/ })).toHaveCount(0);

  // The status is the server's, not only the page's: it survives a reload. By then the takedown
  // delivery may already have completed.
  await page.reload();
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) })).toContainText(/Takedown (Submitted|Complete)/);
});

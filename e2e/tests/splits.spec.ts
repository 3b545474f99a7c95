import { expect, test, type Page } from '@playwright/test';
import { DEMO_ARTIST as ARTIST, DEMO_SUPPORT as SUPPORT, mailedLink, signInAs as signIn, wav } from '../e2e-test-kit';

/**
 * Royalty splits (issue #16): the demo artist splits a track of a new release 30% with a new email;
 * staff import a report; the invitee follows the mailed invitation, signs up, verifies the email
 * and finds the accrued 30% in their balance; the owner received the other 70%.
 */
async function balance(page: Page): Promise<number> {
  const res = await page.request.get('/api/financial/balance');
  expect(res.ok()).toBe(true);
  return Math.round(Number(((await res.json()) as { amount: string }).amount) * 100);
}

test('a track split 30% with a new email: the invitee signs up, verifies and receives 30%; the owner 70%', async ({ page }) => {
  test.setTimeout(120_000);
  const run = `${Date.now()}`.slice(-5);
  const isrc = `USSPL26${run}`;
  const invitee = `split-${run}-${Math.floor(Math.random() * 1e6)}@cadence-mail.com`;
  const title = `Split Session ${run}`;

  // The artist makes a release with one track and an ISRC of its own.
  await signIn(page, ARTIST);
  await page.goto('/releases');
  await page.getByRole('link', { name: 'New release' }).click();
  await page.getByRole('button', { name: 'Album', exact: true }).click();
  await page.getByRole('textbox', { name: 'Title of the album' }).fill(title);
  await page.getByRole('button', { name: 'Create album' }).click();
  await expect(page).toHaveURL(/\/releases\/[0-9a-f-]+$/);
  await page.getByLabel('Choose audio files').setInputFiles([{ name: 'shared-song.wav', mimeType: 'audio/wav', buffer: wav(1, 440) }]);
  const tracks = page.getByRole('list', { name: 'Tracks in order' });
  await expect(tracks.getByRole('listitem').filter({ hasText: /^\d\./ })).toHaveCount(1);
  await page.getByRole('button', { name: 'Edit track 1' }).click();
  const pane = page.getByRole('region', { name: /^Track 1:/ });
  await pane.getByLabel('ISRC').fill(isrc);
  await pane.getByRole('button', { name: 'Save track' }).click();
  await expect(tracks).toContainText(isrc);
  await pane.getByRole('button', { name: 'CLOSE' }).click();

  // The Splits panel: 30% of the track to a new email.
  const splits = page.getByRole('region', { name: 'Splits' });
  await splits.getByLabel('Split applies to').selectOption({ index: 1 });
  await splits.getByRole('button', { name: 'Add collaborator' }).click();
  await splits.getByLabel('Collaborator 1 email').fill(invitee);
  await splits.getByLabel('Collaborator 1 share (%)').fill('150');
  await splits.getByRole('button', { name: 'Save splits' }).click();
  await expect(splits.getByRole('alert').first()).toBeVisible();
  await splits.getByLabel('Collaborator 1 share (%)').fill('30');
  await splits.getByRole('button', { name: 'Save splits' }).click();
  await expect(splits.getByRole('status')).toHaveText('Splits saved. New collaborators were emailed an invitation.');
  await expect(splits.getByText('You keep 70%.')).toBeVisible();
  await expect(splits.getByRole('table', { name: 'Split versions' })).toContainText(`You 70%, ${invitee} 30%`);
  await expect(splits.getByText('Invited, accrued $0.00')).toBeVisible();
  const ownerBefore = await balance(page);

  // Staff import a report with one line of 100.00 on that track.
  await page.context().clearCookies();
  await signIn(page, SUPPORT);
  const today = new Date().toISOString().slice(0, 10);
  const report = ['Sale Date,Store,ISRC,Country,Units,Amount,Currency', `${today},Tidal,${isrc},NO,1000,100.00,USD`].join('\n');
  await page.goto('/support');
  const panel = page.getByRole('region', { name: 'Sales reports' });
  await panel.getByLabel('Report file (CSV, TSV, DDEX DSR or gzip)').setInputFiles({ name: `split-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(report) });
  await panel.getByLabel('Period').fill(today.slice(0, 7));
  await panel.getByLabel('Source').fill('Tidal');
  await panel.getByRole('button', { name: 'Import report' }).click();
  await expect(panel.getByRole('row').filter({ hasText: `split-${run}.csv` })).toContainText('POSTED', { timeout: 30_000 });

  // The owner got 70%.
  await page.context().clearCookies();
  await signIn(page, ARTIST);
  expect((await balance(page)) - ownerBefore).toBe(7000);

  // The invitee opens the mailed invitation (signed out), accepts, signs up and verifies.
  await page.context().clearCookies();
  await page.goto(await mailedLink(invitee, '/split-invitation'));
  await expect(page.getByRole('heading', { name: 'Split invitation' })).toBeVisible();
  await expect(page.getByText(`30% of the track`)).toBeVisible();
  await page.getByRole('button', { name: 'Accept split' }).click();
  await expect(page.getByRole('status')).toContainText('You accepted the split.');

  await page.goto('/?login=signup');
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByLabel('Email', { exact: true }).fill(invitee);
  await dialog.getByLabel('Password').fill('Secret123');
  await dialog.getByLabel('First Name').fill('Sam');
  await dialog.getByLabel('Last Name').fill('Split');
  await dialog.getByLabel('Birth Date').fill('01/15/1990');
  await dialog.getByLabel(/distribution agreement/).check();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/on-boarding$/);
  await page.goto(await mailedLink(invitee, '/verify-email'));
  await expect(page.getByText('Thank you, your email address is verified.')).toBeVisible();

  // Their own session reads the balance: the accrued 30% moved to their wallet.
  expect(await balance(page)).toBe(3000);
});

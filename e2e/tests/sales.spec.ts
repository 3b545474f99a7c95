import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';

const ARTIST = { username: 'artist@cadence.test', password: 'Cadence123' };
const SUPPORT = { username: 'support@cadence.test', password: 'Cadence123' };

/** Signs in through the GraphQL signIn mutation; the session cookie lands in the page's context. */
async function signIn(page: Page, who: { username: string; password: string }) {
  const response = await page.request.post('/graphql', {
    data: { query: 'mutation SignIn($input: SignInInput!) { signIn(input: $input) { viewer { id } } }', variables: { input: who } },
  });
  expect(response.ok()).toBe(true);
  expect((await response.json()).errors).toBeUndefined();
}

function lastMonth(): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
}

test('staff import a small report; the demo artist sees the new rows, sorts by Payable USD, filters by service and downloads the CSV', async ({ page }) => {
  const period = lastMonth();
  const report = [
    'Sale Date,Store,ISRC,Country,Units,Amount,Currency',
    `${period}-05,Qobuz Streaming,USCDN2400001,FR,120,98.1234,USD`,
    `${period}-06,Qobuz,USCDN2400002,IT,40,1.5,USD`,
    `${period}-06,Qobuz,ZZ9999999999,IT,40,1.5,USD`,
  ].join('\n');

  await signIn(page, SUPPORT);
  await page.goto('/support');
  const panel = page.getByRole('region', { name: 'Sales reports' });
  await panel.getByLabel('Report file (CSV, TSV, DDEX DSR or gzip)').setInputFiles({ name: 'qobuz.csv', mimeType: 'text/csv', buffer: Buffer.from(report) });
  await panel.getByLabel('Period').fill(period);
  await panel.getByLabel('Source').fill('Qobuz');
  await panel.getByRole('button', { name: 'Import report' }).click();
  await expect(panel.getByRole('status')).toHaveText('Report received: the import has started.');
  const row = panel.getByRole('row').filter({ hasText: 'qobuz.csv' });
  await expect(row).toContainText('POSTED', { timeout: 20_000 });
  await expect(row.getByRole('cell')).toHaveText(['qobuz.csv', period, 'POSTED', '3', '2', '1', '0', /^\d+\.\d\d$/, 'Review qobuz.csv']);
  // The unmatched line waits in the report's review list.
  await row.getByRole('button', { name: 'Review qobuz.csv' }).click();
  await expect(panel.getByRole('table', { name: 'Lines waiting for review in qobuz.csv' })).toContainText('ISRC ZZ9999999999');

  await page.context().clearCookies();
  await signIn(page, ARTIST);
  await page.goto('/sales');
  const table = page.getByRole('table', { name: '' }).filter({ has: page.getByRole('columnheader', { name: 'Payable USD' }) });
  await expect(table.getByRole('columnheader')).toHaveText(['Period', 'Artist', 'Release', 'Service', 'Track Title', 'Units', 'Country', 'Payable USD']);

  // Sort by Payable USD: first ascending, then descending puts the new 98 USD row first.
  await page.getByRole('button', { name: 'Payable USD' }).click();
  await expect(page.getByRole('columnheader', { name: 'Payable USD' })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('button', { name: 'Payable USD' }).click();
  await expect(page.getByRole('columnheader', { name: 'Payable USD' })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(1)).toContainText('Qobuz');
  await expect(table.getByRole('row').nth(1)).toContainText('$98.');

  await page.getByLabel('Service').selectOption('Qobuz');
  await expect(page.getByText('2 rows, page 1 of 1')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const lines = csv.trim().split(/\r\n/);
  expect(lines[0]).toBe('Period,Artist,Release,Service,Track Title,Units,Country,Payable USD');
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).every((l) => l.includes(',Qobuz,'))).toBe(true);
  expect(lines[1]).toContain(`${period},,Midnight Signals,Qobuz,Afterglow,120,FR,98.`);

  // The financial summary draws the year with its table.
  await expect(page.getByRole('table', { name: /Revenue per month in/ })).toBeVisible();
});

test('the demo artist sees the trends charts with their tables', async ({ page }) => {
  await signIn(page, ARTIST);
  await page.goto('/trends');
  await expect(page.getByRole('heading', { name: 'Streams per store' })).toBeVisible();
  const stores = page.getByRole('table', { name: /Streams per store/ });
  await expect(stores.getByRole('rowheader')).toHaveCount(3);
  await expect(stores.getByRole('rowheader').first()).toHaveText('Spotify');
  await expect(page.getByRole('table', { name: 'Streams per country' }).getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('img', { name: /Streams per day/ })).toBeVisible();
  await page.getByLabel('Date range').selectOption('month');
  await expect(page.getByText(/streams$/)).toBeVisible();
});

test('a user without a published release sees the empty state', async ({ page }) => {
  await signIn(page, SUPPORT);
  await page.goto('/trends');
  await expect(page.getByRole('heading', { name: 'No analytics yet' })).toBeVisible();
});

test('/sales and /trends do not scroll sideways at 320 px', async ({ page }) => {
  await signIn(page, ARTIST);
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ['/sales', '/trends']) {
    await page.goto(path);
    await expect(page.getByRole('table').first()).toBeVisible();
    // The page's own content fits; the wide sales table scrolls inside its own region. (The shell's
    // navigation is measured by the shell's journeys.)
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('main *')].filter((e) => !e.closest('.table-region') && e.getBoundingClientRect().right > 321).map((e) => e.tagName),
    );
    expect(overflowing).toEqual([]);
  }
});

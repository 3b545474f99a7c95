import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { wav } from '../e2e-test-kit.ts';

// Issue 14: support reviews a release the artist submitted. Each journey builds its own release.
const ARTIST = { username: 'artist@cadence.test', password: 'Cadence123' };
const SUPPORT = { username: 'support@cadence.test', password: 'Cadence123' };

async function signIn(request: APIRequestContext, input: { username: string; password: string }) {
  const response = await request.post('/graphql', { data: { query: 'mutation SignIn($input: SignInInput!) { signIn(input: $input) { viewer { id } } }', variables: { input } } });
  expect(response.ok()).toBe(true);
  expect((await response.json()).errors).toBeUndefined();
}

function inDays(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

/** The demo artist submits a complete two-track release through the API; the validation job puts it in the review queue. */
async function submittedRelease(request: APIRequestContext, title: string): Promise<string> {
  const dsps = (await (await request.get('/api/dictionary/dsps')).json()) as { uri: string }[];
  const created = await request.post('/api/releases', { data: { title, genreId: '2751', languageId: 'EN', releaseDate: inDays(21), outletUris: [dsps[0]!.uri] } });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  for (const [name, hz] of [['first-song.wav', 440], ['second-song.wav', 660]] as const) {
    const up = await request.post('/api/track/upload', { headers, multipart: { releaseId: id, file: { name, mimeType: 'audio/wav', buffer: wav(1, hz) } } });
    expect(up.status()).toBe(201);
  }
  const png = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
  const cover = await request.post('/api/releases/cover-upload', { headers, multipart: { releaseId: id, file: { name: 'cover.png', mimeType: 'image/png', buffer: png } } });
  expect(cover.status()).toBe(200);
  const submitted = await request.post(`/api/releases/${id}/submit`);
  expect(submitted.status()).toBe(200);
  await expect.poll(async () => ((await (await request.get(`/api/releases/${id}`)).json()) as { status: string }).status, { timeout: 20_000 }).toBe('VALIDATED');
  return id;
}

async function pageAs(browser: Browser, who: { username: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page.request, who);
  return page;
}

/** At 320 px the page never scrolls sideways: wide tables scroll inside their own regions. */
async function expectNoSidewaysScroll(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  if (size) await page.setViewportSize(size);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Support opens the review queue and the release's review page from it. */
async function openFromQueue(support: Page, title: string) {
  await support.goto('/support');
  await support.getByRole('navigation', { name: 'Support area' }).getByRole('link', { name: 'Review queue' }).click();
  await expect(support).toHaveURL(/\/support\/review$/);
  const queue = support.getByRole('region', { name: 'Waiting for review, oldest first' });
  await expect(queue).toBeVisible();
  await expectNoAxeViolations(support);
  await queue.getByRole('link', { name: title }).click();
  await expect(support.getByRole('heading', { level: 1, name: `Review: ${title}` })).toBeVisible();
  await expect(support.getByText('Status:')).toContainText('Validated');
}

test('support rejects a release with a reason for track 1, and the artist reads "Track 1: reason"', async ({ browser }) => {
  test.setTimeout(90_000);
  const artist = await pageAs(browser, ARTIST);
  const title = `Review Me ${Date.now()}`;
  const id = await submittedRelease(artist.request, title);

  const support = await pageAs(browser, SUPPORT);
  await openFromQueue(support, title);
  // a player per track, streamed from the staff audio path
  await expect(support.getByLabel(/^Play track 1: /)).toHaveAttribute('src', /\/api\/admin\/tracks\/.+\/audio$/);
  const audioUrl = await support.getByLabel(/^Play track 1: /).getAttribute('src');
  const ranged = await support.request.get(audioUrl!, { headers: { range: 'bytes=0-3' } });
  expect(ranged.status()).toBe(206);
  expect((await ranged.body()).toString()).toBe('RIFF');
  await expectNoAxeViolations(support);

  await support.getByRole('button', { name: 'Reject release' }).click();
  await expect(support.getByRole('alert')).toContainText('Give at least one reason');
  await support.getByLabel(/^Reason for track 1: /).fill('Audio clips at 0:01, please remaster');
  await support.getByRole('button', { name: 'Reject release' }).click();
  await expect(support.getByRole('status').filter({ hasText: 'Rejected' })).toBeVisible();
  await expect(support.getByText('Status:')).toContainText('Rejected');

  await artist.goto(`/releases/${id}`);
  const denied = artist.getByRole('region', { name: 'Why this release was denied' });
  await expect(denied).toContainText('Track 1: Audio clips at 0:01, please remaster');
});

test('support approves a release and it shows Approved', async ({ browser }) => {
  test.setTimeout(90_000);
  const artist = await pageAs(browser, ARTIST);
  const title = `Approve Me ${Date.now()}`;
  const id = await submittedRelease(artist.request, title);

  const support = await pageAs(browser, SUPPORT);
  await openFromQueue(support, title);
  await expectNoSidewaysScroll(support);
  await support.getByRole('button', { name: 'Approve release' }).click();
  await expect(support.getByRole('status').filter({ hasText: 'Approved' })).toBeVisible();
  // The page shows the stored status, which the delivery job may already have moved on (below).
  await expect(support.getByText('Status:')).toContainText(/Approved|Delivered|Live/);
  // the release left the queue; its audit log names the reviewer
  await expect(support.getByRole('region', { name: 'Audit log of this release' })).toContainText('STATUS_CHANGE');
  // Approval is stored; the delivery job may already have moved it on (APPROVED -> DELIVERED -> LIVE
  // are the only ways forward from APPROVED), on a slow machine before this line runs.
  const api = await artist.request.get(`/api/releases/${id}`);
  expect(['APPROVED', 'DELIVERED', 'LIVE']).toContain(((await api.json()) as { status: string }).status);
});

test('support finds Nova Lane by "nova lane" and "Lane", opens the account page and signs out', async ({ browser }) => {
  const support = await pageAs(browser, SUPPORT);
  await support.goto('/support');
  for (const q of ['nova lane', 'Lane']) {
    await support.getByLabel(/Find a user/).fill(q);
    await support.getByRole('button', { name: 'Search' }).click();
    await expect(support.getByRole('link', { name: 'Open the account of artist@cadence.test' })).toBeVisible();
  }
  await support.getByRole('link', { name: 'Open the account of artist@cadence.test' }).click();
  await expect(support.getByRole('heading', { level: 1, name: /^Account: / })).toBeVisible();
  await expect(support.getByRole('region', { name: 'Audit history' }).or(support.getByText('No events yet.'))).toBeVisible();
  await expectNoAxeViolations(support);
  await expectNoSidewaysScroll(support);
  await support.getByRole('button', { name: 'Sign Out' }).click();
  await expect(support).toHaveURL(/\/$|\/\?/);
});

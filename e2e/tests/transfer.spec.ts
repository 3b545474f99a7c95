import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { completeUpc } from '../../domain/src/upc.ts';
import { DEMO_ARTIST as ARTIST, DEMO_SUPPORT as SUPPORT, mailedLink, signInAs, wav } from '../e2e-test-kit.ts';

// Issue 23, catalogue transfer: the demo artist transfers a single with its existing UPC and ISRC and
// sees "Importing"; staff approve it from the Transfers view; a catalogue holder uploads DDEX's sample
// album and watches the job to the end, then sends one waiting audio file; staff import a label's
// roster. Every run makes its own release, codes and people.
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const SAMPLE_ALBUM = path.resolve(import.meta.dirname, '../../api/src/integrations/ddex/xsd/sample-audio-album.xml');

async function pageAs(browser: Browser, who: { username: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, who);
  return page;
}

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A complete one-track single with a cover, not submitted: what an artist has before saying it is already in stores. */
async function completeSingle(request: APIRequestContext, title: string): Promise<string> {
  const dsps = (await (await request.get('/api/dictionary/dsps')).json()) as { uri: string }[];
  const created = await request.post('/api/releases', { data: { title, genreId: '2751', languageId: 'EN', releaseDate: inDays(21), outletUris: [dsps[0]!.uri] } });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const up = await request.post('/api/track/upload', { headers: XHR, multipart: { releaseId: id, file: { name: 'old-hit.wav', mimeType: 'audio/wav', buffer: wav(1, 440) } } });
  expect(up.status()).toBe(201);
  const png = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: { r: 30, g: 140, b: 90 } } }).png().toBuffer();
  const cover = await request.post('/api/releases/cover-upload', { headers: XHR, multipart: { releaseId: id, file: { name: 'cover.png', mimeType: 'image/png', buffer: png } } });
  expect(cover.status()).toBe(200);
  return id;
}

test('the demo artist transfers a single with its UPC and ISRC and sees Importing; staff approve it from the Transfers view', async ({ browser }) => {
  test.setTimeout(120_000);
  const run = `${Date.now()}`.slice(-7);
  // Codes from outside our own prefixes, new each run, so no other release holds them.
  const upc = completeUpc(`05${run}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`);
  const isrc = `GBXFR26${run.slice(-5)}`;
  const title = `Transferred Single ${run}`;
  const artist = await pageAs(browser, ARTIST);
  const support = await pageAs(browser, SUPPORT);
  try {
    const id = await completeSingle(artist.request, title);
    await artist.goto(`/releases/${id}`);
    const panel = artist.getByRole('region', { name: 'Transfer', exact: true });
    await panel.getByRole('checkbox', { name: 'This release is already in stores' }).check();
    await expect(panel.getByText(/Keep this release live at your previous distributor/)).toBeVisible();
    // A wrong check digit is refused before anything is sent.
    const wrong = `${upc.slice(0, -1)}${(Number(upc.at(-1)) + 1) % 10}`;
    await panel.getByLabel('Existing UPC/EAN').fill(wrong);
    await panel.getByLabel('Original release date').fill('2019-03-01');
    await panel.getByLabel('Previous distributor').fill('TuneWave');
    await panel.getByLabel('Where it is live').fill('Spotify, Deezer');
    await panel.getByLabel(/^ISRC of track 1/).fill(isrc);
    await panel.getByRole('button', { name: 'Submit as a transfer' }).click();
    await expect(panel.getByRole('alert')).toHaveText('The UPC/EAN check digit is wrong');
    await panel.getByLabel('Existing UPC/EAN').fill(upc);
    await panel.getByRole('button', { name: 'Submit as a transfer' }).click();

    await expect(artist.getByRole('heading', { name: 'Transfer from TuneWave' })).toBeVisible();
    await expect(artist.getByText('Importing', { exact: true }).first()).toBeVisible();
    await expect(artist.getByText('Waiting for us to confirm the transfer.')).toBeVisible();
    const stored = (await (await artist.request.get(`/api/releases/${id}`)).json()) as { status: string; upc: string };
    expect(stored).toMatchObject({ status: 'IMPORTING', upc });

    // Staff: the Transfers view names the previous distributor; approving sends it on with its codes.
    await support.goto('/support/review');
    await support.getByRole('button', { name: 'Transfers' }).click();
    const queue = support.getByRole('region', { name: 'Waiting for review, oldest first' });
    const row = queue.getByRole('row').filter({ hasText: title });
    await expect(row.getByRole('cell', { name: 'From TuneWave' })).toBeVisible();
    await row.getByRole('link', { name: title }).click();
    await expect(support.getByRole('heading', { level: 1, name: `Review: ${title}` })).toBeVisible();
    await expect(support.getByRole('region', { name: 'Transfer', exact: true })).toContainText('No code conflict.');
    await support.getByRole('button', { name: 'Approve release' }).click();
    await expect(support.getByText('Approved: the release is queued for delivery.')).toBeVisible();
    const approved = (await (await artist.request.get(`/api/releases/${id}`)).json()) as { status: string; upc: string };
    expect(approved.upc).toBe(upc);
    expect(approved.status).not.toBe('IMPORTING');
  } finally {
    await artist.context().close();
    await support.context().close();
  }
});

test("a catalogue holder uploads DDEX's sample album, watches the import to the end, and sends a waiting audio file later", async ({ browser }) => {
  test.setTimeout(120_000);
  const label = await pageAs(browser, ARTIST);
  try {
    await label.goto('/releases');
    await label.getByRole('link', { name: 'Import a catalogue' }).click();
    await expect(label.getByRole('heading', { level: 1, name: 'Import a catalogue' })).toBeVisible();
    await label.getByLabel('Catalogue file (XML or CSV)').setInputFiles(SAMPLE_ALBUM);
    await label.getByLabel('Previous distributor').fill('EMI');
    await label.getByRole('button', { name: 'Upload and import' }).click();

    const job = label.getByRole('region', { name: 'sample-audio-album.xml' });
    await expect(job.getByRole('status').first()).toHaveText('Import finished: 1 of 1 releases', { timeout: 60_000 });
    await expect(job.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '1');
    // Its 21 tracks came without audio: they wait, named, and take the files later.
    const audio = job.getByRole('region', { name: 'Audio still to come' });
    await expect(audio.getByRole('list', { name: 'Audio files waited for' }).getByRole('listitem')).toHaveCount(21);
    await audio.getByLabel('Audio files (WAV or FLAC)').setInputFiles([{ name: '0094631432057_01_001.wav', mimeType: 'audio/wav', buffer: wav(1, 330) }]);
    await audio.getByRole('button', { name: 'Send the audio' }).click();
    await expect(audio.getByText('Attached: 0094631432057_01_001.wav.')).toBeVisible();
    await expect(audio.getByText('20 tracks wait', { exact: false })).toBeVisible();

    // The release is there, Importing, with the album's ICPN and ISRCs kept.
    const imports = (await (await label.request.get('/api/releases?status=IMPORTING&limit=100')).json()) as { releases: { title: string; upc: string }[] };
    expect(imports.releases.find((r) => r.title === 'Yume no Hajmari')).toMatchObject({ upc: '0094631432057' });

    // The same file again changes nothing.
    await label.reload();
    await label.getByLabel('Catalogue file (XML or CSV)').setInputFiles(SAMPLE_ALBUM);
    await label.getByRole('button', { name: 'Upload and import' }).click();
    await expect(label.getByText('This file was uploaded before: nothing changed.')).toBeVisible();
    await expect(label.getByRole('region', { name: 'Your imports (table)' }).getByRole('link', { name: 'sample-audio-album.xml' })).toHaveCount(1);
  } finally {
    await label.context().close();
  }
});

test("staff import a label's roster; each new person is invited and sets a password from the mailed link", async ({ browser }) => {
  test.setTimeout(90_000);
  const run = `${Date.now()}`.slice(-7);
  const email = `roster-${run}@label-mail.com`;
  const support = await pageAs(browser, SUPPORT);
  try {
    await support.goto('/support');
    await support.getByRole('navigation', { name: 'Support area' }).getByRole('link', { name: 'Roster import' }).click();
    await expect(support.getByRole('heading', { level: 1, name: "Import a label's roster" })).toBeVisible();
    const csv = ['email,first_name,last_name,artist_names', `${email},Rae,Lark,Rae Lark;The Larks`, 'not-an-email,Bo,Bay,Bo Bay', `${email},Rae,Lark,Rae Lark`].join('\n');
    await support.getByLabel('Roster (CSV)').setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await support.getByRole('button', { name: 'Import roster' }).click();
    await expect(support.getByRole('status').filter({ hasText: 'invited' })).toHaveText('1 person invited, 2 rows refused.');
    const result = support.getByRole('region', { name: 'Roster result (table)' });
    await expect(result.getByRole('row').nth(1)).toContainText(`2${email}Invited`);
    await expect(result.getByRole('row').nth(2)).toContainText('3not-an-email');
    await expect(result.getByRole('row').nth(3)).toContainText('This email already has an account');

    const invited = await (await browser.newContext()).newPage();
    await invited.goto(await mailedLink(email, '/reset-password'));
    await invited.getByLabel('New password', { exact: true }).fill('Imported456');
    await invited.getByLabel('Repeat the new password').fill('Imported456');
    await invited.getByRole('button', { name: 'Change password' }).click();
    await expect(invited.getByText('Your password has been changed.')).toBeVisible();
    await invited.context().close();
  } finally {
    await support.context().close();
  }
});

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startFakeSftpServer, type FakeSftpServer } from '../../api/src/integrations/stores/__test-support__/fake-sftp-server.ts';
import { ernSchemaErrors } from '../../api/src/integrations/ddex/__test-support__/ern-kit.ts';
import { completeDraft, releaseStatus } from '../e2e-test-kit.ts';

// Issue 14, the whole chain: the artist submits; support approves in the console; the delivery job
// writes a schema-valid ERN, the audio and the cover to a real SFTP server (in this process); the
// release is delivered, goes live once staff mark the store's acknowledgement, is taken down; and a
// second release is rejected with a reason for track 1. Builds its own releases.
const ARTIST = { username: 'artist@cadence.test', password: 'Cadence123' };
const SUPPORT = { username: 'support@cadence.test', password: 'Cadence123' };
const ADMIN = { username: 'admin@cadence.test', password: 'Cadence123' };

async function pageAs(browser: Browser, who: { username: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const response = await page.request.post('/graphql', { data: { query: 'mutation SignIn($input: SignInInput!) { signIn(input: $input) { viewer { id } } }', variables: { input: who } } });
  expect(response.ok()).toBe(true);
  expect((await response.json()).errors).toBeUndefined();
  return page;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Support opens the release's review page from the queue. */
async function openFromQueue(support: Page, title: string) {
  await support.goto('/support/review');
  await support.getByRole('region', { name: 'Waiting for review, oldest first' }).getByRole('link', { name: title }).click();
  await expect(support.getByRole('heading', { level: 1, name: `Review: ${title}` })).toBeVisible();
}

/** Every file under a folder, as paths relative to it. */
function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(root, f)).isFile());
}

let sftp: FakeSftpServer;
let sftpRoot: string;

test.beforeAll(async () => {
  sftpRoot = mkdtempSync(path.join(tmpdir(), 'cadence-e2e-sftp-'));
  sftp = await startFakeSftpServer(sftpRoot);
});

test.afterAll(async () => {
  await sftp.stop();
  rmSync(sftpRoot, { recursive: true, force: true });
});

test('submitted, approved in the console, delivered as a valid ERN over SFTP, live after the acknowledgement, taken down', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await pageAs(browser, ADMIN);
  const artist = await pageAs(browser, ARTIST);
  const support = await pageAs(browser, SUPPORT);

  // The admin points one store at the SFTP server on the console's store endpoints screen; the release selects only it.
  const dsps = (await (await artist.request.get('/api/dictionary/dsps')).json()) as { id: string; uri: string; name: string }[];
  const store = dsps[dsps.length - 1]!;
  await admin.goto('/support/store-endpoints');
  await expect(admin.getByRole('navigation', { name: 'Support area' }).getByRole('link', { name: 'Store endpoints' })).toBeVisible();
  await admin.getByRole('button', { name: `Change the endpoint of ${store.name}` }).click();
  const form = admin.getByRole('form', { name: `Change the endpoint of ${store.name}` });
  await form.getByLabel('Kind').selectOption('SFTP');
  await form.getByLabel('Host').fill('127.0.0.1');
  await form.getByLabel('Port').fill(String(sftp.port));
  await form.getByLabel('User').fill(sftp.username);
  await form.getByLabel('Private key (OpenSSH)').fill(sftp.clientPrivateKey);
  await form.getByLabel('Folder on the server').fill('/incoming');
  await form.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(admin.getByRole('status')).toHaveText(`Saved the endpoint of ${store.name}.`);
  await expect(admin.getByText(`sftp://${sftp.username}@127.0.0.1:${sftp.port}/incoming`)).toBeVisible();
  await admin.setViewportSize({ width: 320, height: 800 });
  await expect.poll(() => admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  try {
    const title = `Chain Single ${Date.now()}`;
    const id = await completeDraft(artist.request, title, store.uri);

    // The artist submits in the editor; the check puts it in the review queue.
    await artist.goto(`/releases/${id}`);
    await artist.getByRole('button', { name: 'Submit release' }).click();
    await expect.poll(() => releaseStatus(artist.request, id), { timeout: 20_000 }).toBe('VALIDATED');

    // Support approves in the console.
    await openFromQueue(support, title);
    await support.getByRole('button', { name: 'Approve release' }).click();
    await expect(support.getByRole('status').filter({ hasText: 'Approved' })).toBeVisible();

    // The delivery job sends the batch to the SFTP server: ERN, audio, cover, then the marker.
    await expect.poll(() => releaseStatus(artist.request, id), { timeout: 30_000 }).toBe('DELIVERED');
    const files = filesUnder(path.join(sftpRoot, 'incoming'));
    const marker = files.find((f) => path.basename(f).startsWith('BatchComplete_'));
    expect(marker).toBeDefined();
    const batch = path.dirname(marker!);
    const inBatch = files.filter((f) => f.startsWith(`${batch}${path.sep}`));
    const ern = inBatch.filter((f) => f.endsWith('.xml') && f !== marker);
    expect(ern).toHaveLength(1);
    expect(inBatch.filter((f) => /\.(wav|flac)$/i.test(f))).toHaveLength(2);
    expect(inBatch.filter((f) => /\.(jpe?g|png)$/i.test(f))).toHaveLength(1);
    const xml = readFileSync(path.join(sftpRoot, 'incoming', ern[0]!), 'utf8');
    expect(xml).toContain('<ern:NewReleaseMessage');
    expect(xml).toContain(title);
    expect(await ernSchemaErrors(xml)).toEqual([]);

    // The artist sees the store's package sent.
    await artist.goto(`/releases/${id}`);
    const stores = artist.getByRole('region', { name: 'Stores' });
    await expect(stores.getByRole('listitem')).toHaveCount(1);
    await expect(stores.getByRole('listitem')).toContainText(store.name);
    await expect(stores.getByRole('listitem')).toContainText('Sent');
    // At 320 px the release page (editor summary and Stores panel) does not scroll sideways.
    await artist.setViewportSize({ width: 320, height: 800 });
    await expect.poll(() => artist.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await artist.setViewportSize({ width: 1280, height: 720 });

    // Staff mark the store's acknowledgement in the console: the release (dated today) goes LIVE.
    await support.reload();
    await support.getByRole('button', { name: /^Mark acknowledged: / }).click();
    await expect(support.getByRole('status').filter({ hasText: 'Marked acknowledged' })).toBeVisible();
    await expect.poll(() => releaseStatus(artist.request, id), { timeout: 10_000 }).toBe('LIVE');
    await artist.reload();
    await expect(artist.getByText('Published', { exact: true }).first()).toBeVisible();
    await expect(artist.getByRole('region', { name: 'Stores' }).getByRole('listitem')).toContainText('Live');

    // The artist asks for a takedown; the takedown message reaches the store; Takedown Complete.
    await artist.getByRole('button', { name: 'Take down' }).click();
    await artist.getByRole('dialog').getByRole('button', { name: 'Take down' }).click();
    await expect.poll(() => releaseStatus(artist.request, id), { timeout: 30_000 }).toBe('TAKEDOWN_COMPLETED');
    const takedowns = filesUnder(path.join(sftpRoot, 'incoming')).filter((f) => f.endsWith('.xml') && !path.basename(f).startsWith('BatchComplete_') && !f.startsWith(`${batch}${path.sep}`));
    expect(takedowns).toHaveLength(1);
    const takedownXml = readFileSync(path.join(sftpRoot, 'incoming', takedowns[0]!), 'utf8');
    // A takedown is the same release with every deal ended, and no files.
    expect(takedownXml).toContain(`<EndDate>${today()}</EndDate>`);
    expect(takedownXml).not.toContain('<TechnicalDetails');
    expect(await ernSchemaErrors(takedownXml)).toEqual([]);
    await artist.reload();
    await expect(artist.getByText('Takedown Complete', { exact: true }).first()).toBeVisible();
    await expect(artist.getByRole('region', { name: 'Stores' }).getByRole('listitem')).toContainText('Taken down');
  } finally {
    expect((await admin.request.delete(`/api/admin/store-endpoints/${store.id}`)).status()).toBe(200);
  }
});

test('support rejects a release with a reason for track 1, and the artist reads "Track 1: reason"', async ({ browser }) => {
  const artist = await pageAs(browser, ARTIST);
  const support = await pageAs(browser, SUPPORT);
  const dsps = (await (await artist.request.get('/api/dictionary/dsps')).json()) as { uri: string }[];
  const title = `Chain Rejected ${Date.now()}`;
  const id = await completeDraft(artist.request, title, dsps[0]!.uri);
  await artist.goto(`/releases/${id}`);
  await artist.getByRole('button', { name: 'Submit release' }).click();
  await expect.poll(() => releaseStatus(artist.request, id), { timeout: 20_000 }).toBe('VALIDATED');

  // Support has no store endpoints screen: the refusal is announced and the link is hidden.
  await support.goto('/support/store-endpoints');
  await expect(support.getByRole('alert')).toContainText('Only administrators can manage store endpoints');
  await expect(support.getByRole('link', { name: 'Store endpoints' })).toHaveCount(0);

  await openFromQueue(support, title);
  await support.getByLabel(/^Reason for track 1: /).fill('The fade-out is cut short');
  await support.getByRole('button', { name: 'Reject release' }).click();
  await expect(support.getByRole('status').filter({ hasText: 'Rejected' })).toBeVisible();

  await artist.goto(`/releases/${id}`);
  await expect(artist.getByRole('region', { name: 'Why this release was denied' })).toContainText('Track 1: The fade-out is cut short');
});

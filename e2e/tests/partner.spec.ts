import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_ARTIST, signInAs, wav } from '../e2e-test-kit';

// Issue 18: a partner's journey. In /settings the artist makes a scoped API token and a webhook
// endpoint (a local HTTP server in this test), reads the REST reference at /api/docs, and a tool
// holding only the token (its own request context, no session cookie) builds and submits a release
// over REST and reads it over GraphQL; the endpoint receives the signed release.status_changed
// event, and the delivery shows in the log in /settings. Everything is its own: the token, the
// endpoint and the release are made here and removed or left untouched by other journeys.

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Standard Webhooks, as docs/webhooks.md documents it: HMAC-SHA256 keyed with the secret after whsec_, over id.timestamp.body. */
function signatureValid(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${String(r.headers['webhook-id'])}.${String(r.headers['webhook-timestamp'])}.${r.body}`).digest();
  return String(r.headers['webhook-signature'] ?? '')
    .split(' ')
    .some((part) => {
      const [version, value] = part.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

function inDays(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

/** A complete two-track release with a cover, built and submitted with the token alone. */
async function submitWithToken(api: APIRequestContext, title: string): Promise<string> {
  const dsps = (await (await api.get('/api/dictionary/dsps')).json()) as { uri: string }[];
  const created = await api.post('/api/releases', { data: { title, genreId: '2751', languageId: 'EN', releaseDate: inDays(21), outletUris: [dsps[0]!.uri] } });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  for (const [name, hz] of [['partner-one.wav', 440], ['partner-two.wav', 550]] as const) {
    const up = await api.post('/api/track/upload', { multipart: { releaseId: id, file: { name, mimeType: 'audio/wav', buffer: wav(1, hz) } } });
    expect(up.status()).toBe(201);
  }
  const png = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: { r: 20, g: 140, b: 90 } } }).png().toBuffer();
  const cover = await api.post('/api/releases/cover-upload', { multipart: { releaseId: id, file: { name: 'cover.png', mimeType: 'image/png', buffer: png } } });
  expect(cover.status()).toBe(200);
  const submitted = await api.post(`/api/releases/${id}/submit`);
  expect(submitted.status()).toBe(200);
  return id;
}

test('a partner makes a scoped token and a webhook in /settings, reads the reference, and hears about a release it submits', async ({ page }) => {
  // Uploads, the validation job and the webhook job take a while on a loaded machine.
  test.setTimeout(180_000);
  const received: Received[] = [];
  const hook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/cadence-events`;
  const stamp = Date.now();
  const tokenName = `Label tool ${stamp}`;
  let api: APIRequestContext | undefined;

  try {
    await signInAs(page, DEMO_ARTIST);
    await page.goto('/settings');

    // A token that may read and change releases and manage webhooks (the form starts with profile and release reads).
    const tokens = page.getByRole('form', { name: 'Create an API token' });
    await tokens.getByLabel('Token name').fill(tokenName);
    await tokens.getByLabel('Change releases (releases:write)').check();
    await tokens.getByLabel('Manage webhooks (webhooks:manage)').check();
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const secret = (await page.getByTestId('api-token-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^cad_/);
    const tokenRow = page.getByRole('region', { name: 'Your API tokens' }).getByRole('row').filter({ hasText: tokenName });
    await expect(tokenRow).toContainText('profile:read, releases:read, releases:write, webhooks:manage');
    const lastUsed = tokenRow.getByRole('cell').nth(4);
    await expect(lastUsed).toHaveText('Never');

    // A webhook endpoint for release status changes; its signing secret is shown once.
    const hooks = page.getByRole('form', { name: 'Add a webhook endpoint' });
    await hooks.getByLabel('Endpoint URL').fill(hookUrl);
    await hooks.getByRole('button', { name: 'Add endpoint' }).click();
    const signingSecret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(signingSecret).toMatch(/^whsec_/);
    const endpoint = page.getByRole('region', { name: `Endpoint ${hookUrl}` });
    await expect(endpoint).toContainText('Events: release.status_changed');
    await expect(endpoint).toContainText('No deliveries yet.');

    // The REST reference, served from our own origin.
    await page.goto('/api/docs');
    // swagger-ui renders the document's title (with its version) once it has loaded /api/openapi.json.
    await expect(page.getByRole('heading', { name: /^Cadence REST API 1/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('/api/webhooks').first()).toBeVisible();

    // The partner's tool: the token and nothing else (no session cookie).
    api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
    const me = await api.post('/graphql', { data: { query: '{ viewer { email } }' } });
    expect(me.status()).toBe(200);
    expect(await me.json()).toEqual({ data: { viewer: { email: DEMO_ARTIST.username } } });
    expect(me.headers()['ratelimit-limit']).toBeTruthy();
    // Not a scope it holds, and never a token's business whatever its scopes.
    const sales = await api.get('/api/sales');
    expect(sales.status()).toBe(403);
    expect(await sales.json()).toMatchObject({ code: 'FORBIDDEN', key: 'insufficient-scope' });
    const withdraw = await api.post('/api/financial/withdraw', { data: { amount: '1.00' } });
    expect(withdraw.status()).toBe(403);

    const title = `Partner Release ${stamp}`;
    const releaseId = await submitWithToken(api, title);
    const read = await api.post('/graphql', { data: { query: 'query($id: ID!) { release(id: $id) { id title } }', variables: { id: releaseId } } });
    expect(await read.json()).toEqual({ data: { release: { id: releaseId, title } } });

    // The endpoint hears the release move, signed with its secret.
    const ofRelease = () =>
      received.filter((r) => {
        const event = JSON.parse(r.body) as { type: string; data: { releaseId?: string } };
        return event.type === 'release.status_changed' && event.data.releaseId === releaseId;
      });
    await expect.poll(() => ofRelease().length, { timeout: 30_000 }).toBeGreaterThan(0);
    for (const r of ofRelease()) expect(signatureValid(signingSecret, r)).toBe(true);
    // Submitting moves it out of NOT_COMPLETED (the validation job may move it on again).
    const submittedEvent = ofRelease().find((r) => (JSON.parse(r.body) as { data: { from: string } }).data.from === 'NOT_COMPLETED');
    expect(submittedEvent).toBeDefined();
    const event = JSON.parse(submittedEvent!.body) as { id: string; type: string; data: { from: string; to: string } };
    expect(event.id).toBe(submittedEvent!.headers['webhook-id']);

    // Back in /settings: the delivery is in the log with the endpoint's answer, and the token's last use shows.
    await page.goto('/settings');
    await expect(endpoint.getByRole('row').filter({ hasText: event.id })).toContainText('204', { timeout: 15_000 });
    await expect(endpoint.getByRole('row').filter({ hasText: event.id })).toContainText('release.status_changed');
    await expect(lastUsed).toContainText('from 127.0.0.1');
    const results = await new AxeBuilder({ page }).include('section[aria-labelledby="settings-tokens"]').include('section[aria-labelledby="settings-webhooks"]').analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);

    // Revoking the token stops the tool at once; the endpoint is removed so later journeys send it nothing.
    await page.getByRole('button', { name: `Revoke ${tokenName}` }).click();
    await expect(tokenRow).toHaveCount(0);
    expect((await api.get(`/api/releases/${releaseId}`)).status()).toBe(401);
    await endpoint.getByRole('button', { name: `Remove ${hookUrl}` }).click();
    await expect(endpoint).toHaveCount(0);
  } finally {
    await api?.dispose();
    await new Promise((resolve) => hook.close(resolve));
  }
});

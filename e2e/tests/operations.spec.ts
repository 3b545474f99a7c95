import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';

// Issue 24: without a Sentry DSN, uncaught browser errors reach /api/logstash/log with the
// signed-in session; staff read the system page.
const ARTIST = { username: 'artist@cadence.test', password: 'Cadence123' };
const SUPPORT = { username: 'support@cadence.test', password: 'Cadence123' };

async function signIn(request: APIRequestContext, input: { username: string; password: string }) {
  const response = await request.post('/graphql', { data: { query: 'mutation SignIn($input: SignInInput!) { signIn(input: $input) { viewer { id } } }', variables: { input } } });
  expect(response.ok()).toBe(true);
  expect((await response.json()).errors).toBeUndefined();
}

test('an error thrown in the browser and an unhandled rejection reach the log endpoint with the session', async ({ page }) => {
  await signIn(page.request, ARTIST);
  await page.goto('/releases');
  await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
  const reports = (marker: string) =>
    page.waitForResponse((r) => r.url().endsWith('/api/logstash/log') && (r.request().postData() ?? '').includes(marker));
  const thrown = reports('ops-e2e thrown');
  await page.evaluate(() => setTimeout(() => { throw new Error('ops-e2e thrown'); }));
  const thrownResponse = await thrown;
  expect(thrownResponse.status()).toBe(204);
  const body = thrownResponse.request().postDataJSON() as { type: string; message: string; url: string };
  expect(body).toEqual(expect.objectContaining({ type: 'GLOBAL_ERROR', url: expect.stringContaining('/releases') }));
  // The server knows who it was from the session cookie the report carries.
  expect(await thrownResponse.request().headerValue('cookie')).toBeTruthy();

  const rejected = reports('ops-e2e rejected');
  await page.evaluate(() => { void Promise.reject(new Error('ops-e2e rejected')); });
  expect((await rejected).status()).toBe(204);
});

test('support reads the system page: jobs, failed jobs, server errors, failing deliveries and payouts', async ({ page }) => {
  // axe over a page of tables takes a while on a loaded machine.
  test.setTimeout(90_000);
  await signIn(page.request, SUPPORT);
  await page.goto('/support');
  await page.getByRole('navigation', { name: 'Support area' }).getByRole('link', { name: 'System' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'System' })).toBeVisible();
  for (const name of ['Jobs', 'Failed jobs', 'Latest server errors', 'Failing deliveries', 'Failing payouts']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Jobs by kind and status' })).toBeVisible();
  await page.setViewportSize({ width: 320, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

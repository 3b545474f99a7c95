import { expect, test, type Page } from '@playwright/test';

const ARTIST = { username: 'artist@cadence.test', password: 'Cadence123' };

async function signIn(page: Page) {
  const response = await page.request.post('/graphql', {
    data: { query: 'mutation SignIn($input: SignInInput!) { signIn(input: $input) { viewer { id } } }', variables: { input: ARTIST } },
  });
  expect(response.ok()).toBe(true);
  expect((await response.json()).errors).toBeUndefined();
}

test('the demo single is delivered to the local stores, acknowledged by the simulator, and the artist sees it live per store with its DDEX message', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page);
  await page.goto('/releases');
  await page.getByRole('link', { name: /Morning Tide/ }).first().click();
  await expect(page).toHaveURL(/\/releases\/[^/]+$/);
  const releaseId = page.url().split('/').pop()!;

  const stores = page.getByRole('region', { name: 'Stores' });
  await expect(stores).toBeVisible({ timeout: 30_000 });
  await expect(stores.getByRole('listitem')).toHaveCount(2);
  // The simulator answers on the next acknowledgement poll (every minute); the panel polls too.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Stores' }).getByRole('listitem').filter({ hasText: /Live on/ })).toHaveCount(2, { timeout: 2_000 });
  }).toPass({ timeout: 120_000, intervals: [5_000] });

  const message = await page.request.get(`/api/releases/${releaseId}/ddex`);
  expect(message.status()).toBe(200);
  expect(message.headers()['content-type']).toContain('application/xml');
  const xml = await message.text();
  expect(xml).toContain('<ern:NewReleaseMessage');
  expect(xml).toContain('<ICPN>859700000038</ICPN>');

  // The panel fits a 320 px screen: nothing in it is wider than the screen.
  await page.setViewportSize({ width: 320, height: 800 });
  const widest = await page.getByRole('region', { name: 'Stores' }).evaluate((el) => Math.max(...[el, ...el.querySelectorAll('*')].map((c) => c.getBoundingClientRect().right)));
  expect(widest).toBeLessThanOrEqual(320);
});

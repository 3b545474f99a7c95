import { expect, test, type Page } from '@playwright/test';
import { DEMO_ARTIST, signInAs } from '../e2e-test-kit.ts';

test('a visitor opens the start page and sees the brand', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Cadence/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the features page lists the stores Cadence delivers to, from the dictionary', async ({ page }) => {
  await page.goto('/features');
  const stores = page.getByRole('list', { name: 'Stores we deliver to' });
  await expect(stores.getByRole('listitem').filter({ hasText: 'Spotify' })).toBeVisible();
  expect(await stores.getByRole('listitem').count()).toBeGreaterThan(5);
});

test('an unknown path sends the visitor to the start page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});

test('/splash says "Just a sec..." with a spinner', async ({ page }) => {
  await page.goto('/splash');
  await expect(page.getByText('Just a sec...')).toBeVisible();
  await expect(page.getByRole('status')).toBeVisible();
});

/** Counts the page's GraphQL requests (the viewer probe, and Apollo with it, send them). */
function countGraphql(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/graphql') seen.count++;
  });
  return seen;
}

test('a public page without a session cookie asks nobody who is signed in; with one it asks and shows the way back to the app', async ({ page }) => {
  const visitor = countGraphql(page);
  await page.goto('/terms-of-use', { waitUntil: 'networkidle' });
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(visitor.count).toBe(0);

  await signInAs(page, DEMO_ARTIST);
  await page.goto('/terms-of-use', { waitUntil: 'networkidle' });
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My releases' })).toBeVisible();
  expect(visitor.count).toBeGreaterThan(0);
});

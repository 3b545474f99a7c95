import { expect, test } from '@playwright/test';

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

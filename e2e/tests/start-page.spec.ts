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
  await expect(page.locator('#root')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(visitor.count).toBe(0);

  await signInAs(page, DEMO_ARTIST);
  await page.goto('/terms-of-use', { waitUntil: 'networkidle' });
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My releases' })).toBeVisible();
  expect(visitor.count).toBeGreaterThan(0);
});

/**
 * Markers of the two libraries in their built code (minified or not): Apollo Client keys its
 * internals by `Symbol.for("apollo.…")` and registers itself as `__APOLLO_CLIENT__`; final-form's
 * error keys start `FINAL_FORM/`, and react-final-form names its component `ReactFinalForm`.
 */
const LIBRARIES = { 'Apollo Client': /Symbol\.for\(\s*[`'"]apollo\.|__APOLLO_CLIENT__/, 'react-final-form': /FINAL_FORM\/|ReactFinalForm/ } as const;

/** Every JavaScript file the page receives (scripts and modulepreloads), with the libraries found in it. */
function scriptsOf(page: Page): Promise<{ url: string; libraries: string[] }>[] {
  const seen: Promise<{ url: string; libraries: string[] }>[] = [];
  page.on('response', (r) => {
    if (!/javascript/.test(r.headers()['content-type'] ?? '')) return;
    seen.push(
      r.text().then((text) => ({ url: new URL(r.url()).pathname, libraries: Object.entries(LIBRARIES).filter(([, marker]) => marker.test(text)).map(([name]) => name) })),
    );
  });
  return seen;
}

test('a public page without a session cookie downloads neither Apollo Client nor react-final-form; the sign-in dialog brings both', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/features', { waitUntil: 'networkidle' });
  await expect(page.getByRole('list', { name: 'Stores we deliver to' }).getByRole('listitem').first()).toBeVisible();
  // Work the page starts once it is idle would show here too.
  await page.waitForTimeout(1000);
  const features = await Promise.all(scripts.splice(0));
  expect(features.length, 'the page ran its scripts').toBeGreaterThan(0);
  expect(features.filter((s) => s.libraries.length > 0)).toEqual([]);

  // The markers still find both libraries in this build: the sign-in dialog needs them.
  await page.goto('/?login=login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('dialog')).toBeVisible();
  const dialog = (await Promise.all(scripts)).flatMap((s) => s.libraries);
  expect(new Set(dialog)).toEqual(new Set(Object.keys(LIBRARIES)));
});

/**
 * Issue 22, WCAG 2.2 reflow (1.4.10): every route fits 320 and 375 CSS px without sideways
 * scrolling, for visitors, the demo artist and support staff; on the signed-in pages the account
 * menu and its Sign Out are reachable (through the mobile menu at these widths).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const WIDTHS = [320, 375];

// Each test walks many routes (a page load and a measurement each), more than the default 30 s allows.
test.describe.configure({ timeout: 120_000 });

/** Every route of core §2 (guards may send a visitor elsewhere: the page they land on is checked). */
const PUBLIC_ROUTES = ['/', '/about', '/features', '/why-level', '/terms-of-use', '/privacy-policy', '/cookies-policy', '/distribution-terms', '/splash', '/disabled', '/reset-password', '/verify-email', '/confirm-email-change', '/captcha', '/choose-your-plan', '/single-signup', '/?login=login'];
const SIGNED_IN_NAV_ROUTES = ['/releases', '/sales', '/trends', '/settings'];
const APP_ROUTES = [...SIGNED_IN_NAV_ROUTES, '/releases/edit', '/releases/submitted', '/on-boarding', '/on-boarding/review', '/on-boarding/congrats', '/choose-your-plan', '/single-signup', '/', '/features'];

async function signIn(request: APIRequestContext, username: string): Promise<void> {
  const res = await request.post('/api/auth/login', { data: { username, password: 'Cadence123' } });
  expect(res.ok(), `sign-in of ${username}: ${res.status()}`).toBeTruthy();
}

/** Fails when the document is wider than the window, naming the elements that stick out. */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const result = await page.evaluate(() => {
    const width = window.innerWidth;
    const overflowing = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 1 && !e.closest('.table-region'))
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? `.${e.className.split(' ').join('.')}` : ''}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, path: location.pathname + location.search, overflowing };
  });
  expect(result.scrollWidth, `${label} (landed on ${result.path}) is ${result.scrollWidth} px wide in a ${result.width} px window: ${result.overflowing.join(', ')}`).toBeLessThanOrEqual(result.width);
}

/** Opens the mobile menu when it shows, then the account menu; Sign Out must be on screen. */
async function expectSignOutReachable(page: Page, width: number, label: string): Promise<void> {
  const header = page.locator('header.site-header--app');
  await expect(header, `${label}: the signed-in navigation`).toBeVisible();
  const menu = header.getByRole('button', { name: 'Menu' });
  if (width <= 768) {
    await expect(menu, `${label}: the mobile menu toggle`).toBeVisible();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(await page.evaluate(() => document.body.style.overflow), `${label}: scrolling locked while the menu is open`).toBe('hidden');
  }
  const account = header.getByRole('button', { name: 'Account' });
  await expect(account).toBeInViewport({ ratio: 1 });
  await account.click();
  const signOut = header.getByRole('button', { name: 'Sign Out' });
  await expect(signOut, `${label}: Sign Out`).toBeInViewport({ ratio: 1 });
  await expect(header.getByRole('link', { name: 'Profile + Preferences' })).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page, `${label} with the menu open`);
  // A link closes the menu and unlocks scrolling.
  await header.getByRole('link', { name: 'Profile + Preferences' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  if (width <= 768) await expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 } });

    test('every public page fits the window', async ({ page }) => {
      for (const route of PUBLIC_ROUTES) {
        await page.goto(route);
        await expectNoSidewaysScroll(page, `visitor on ${route}`);
      }
    });

    test('every signed-in page fits the window, and the account menu and Sign Out are reachable', async ({ page }) => {
      await signIn(page.request, 'artist@cadence.test');
      const list = ((await (await page.request.get('/api/releases')).json()) as { releases: { id: string }[] }).releases;
      expect(list.length).toBeGreaterThan(0);
      const routes = [...APP_ROUTES, ...list.slice(0, 2).map((r) => `/releases/${r.id}`), ...list.slice(0, 1).map((r) => `/releases/edit?id=${r.id}`)];
      for (const route of routes) {
        await page.goto(route);
        await expectNoSidewaysScroll(page, `artist on ${route}`);
      }
      for (const route of SIGNED_IN_NAV_ROUTES) {
        await page.goto(route);
        await expectSignOutReachable(page, width, `artist on ${route}`);
      }
    });

    test('the support console fits the window, its results table scrolls in its own labelled region', async ({ page }) => {
      await signIn(page.request, 'support@cadence.test');
      await page.goto('/support');
      await expectNoSidewaysScroll(page, 'support on /support');
      await page.getByRole('searchbox').fill('cadence');
      await page.getByRole('button', { name: 'Search' }).click();
      const region = page.getByRole('region', { name: 'Users found' });
      await expect(region).toBeVisible();
      await expect(region.getByRole('table')).toBeVisible();
      await expectNoSidewaysScroll(page, 'support with search results');
      await page.goto('/settings');
      await expectNoSidewaysScroll(page, 'support on /settings');
    });
  });
}

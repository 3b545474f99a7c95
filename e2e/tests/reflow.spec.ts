/**
 * Issue 22, WCAG 2.2 reflow (1.4.10): every route of the client's route table (client/src/app/
 * router.tsx, read by route-table.ts) fits 320 and 375 CSS px without sideways scrolling, for
 * visitors, the demo artist and support staff. Each route needs a visit recipe below (who visits,
 * with what data); a route without one fails the run, so a new route cannot go unchecked. On every
 * signed-in page Sign Out is reachable on screen: through the account menu (inside the mobile
 * menu at these widths) where the signed-in navigation shows, through the staff navigation in the
 * support area. One page load per route and width does both checks.
 */
import { expect, test, type Page } from '@playwright/test';
import { isSignedInNavPath } from '../../domain/src/shell.ts';
import { catalogImportJob, completeDraft, DEMO_ARTIST, DEMO_SUPPORT, releaseStatus, requestAs, signInAs, splitInvitationLink, userIdOf } from '../e2e-test-kit.ts';
import { clientRoutePaths } from '../route-table.ts';

const WIDTHS = [320, 375] as const;
const DEMO_ADMIN = { username: 'admin@cadence.test', password: 'Cadence123' };
const PERSONAS = { visitor: null, artist: DEMO_ARTIST, support: DEMO_SUPPORT, admin: DEMO_ADMIN } as const;
type Persona = keyof typeof PERSONAS;

/** What the parameterised routes need, made by this file for itself (beforeAll). */
interface Data {
  /** A complete draft of the demo artist. */
  draftId: string;
  /** A release of the demo artist, submitted and validated: in the review queue. */
  submittedId: string;
  /** A finished catalogue import of the demo artist. */
  importJobId: string;
  /** The mailed split invitation's path, with its token. */
  invitation: string;
  /** The demo artist's account id. */
  artistUserId: string;
}

interface Visit {
  as: Persona;
  url: string | ((data: Data) => string);
  /** Where the page's guard or the page itself sends this person (default: it stays on the path it asked for). */
  lands?: string;
}

/** How to visit each route of the table: who, and the URL with its data. */
const VISITS: Record<string, Visit[]> = {
  '/': [{ as: 'visitor', url: '/' }, { as: 'visitor', url: '/?login=login' }, { as: 'artist', url: '/' }],
  '/about': [{ as: 'visitor', url: '/about' }],
  '/features': [{ as: 'visitor', url: '/features' }, { as: 'artist', url: '/features' }],
  '/why-level': [{ as: 'visitor', url: '/why-level' }],
  '/terms-of-use': [{ as: 'visitor', url: '/terms-of-use' }],
  '/privacy-policy': [{ as: 'visitor', url: '/privacy-policy' }],
  '/cookies-policy': [{ as: 'visitor', url: '/cookies-policy' }],
  '/distribution-terms': [{ as: 'visitor', url: '/distribution-terms' }],
  '/reset-password': [{ as: 'visitor', url: '/reset-password' }],
  '/verify-email': [{ as: 'visitor', url: '/verify-email' }],
  '/split-invitation': [{ as: 'visitor', url: (d) => d.invitation }],
  '/confirm-email-change': [{ as: 'visitor', url: '/confirm-email-change' }],
  '/support': [{ as: 'support', url: '/support' }],
  '/support/review': [{ as: 'support', url: '/support/review' }],
  '/support/system': [{ as: 'support', url: '/support/system' }],
  '/support/roster': [{ as: 'support', url: '/support/roster' }],
  '/support/review/:id': [{ as: 'support', url: (d) => `/support/review/${d.submittedId}` }],
  '/support/users/:id': [{ as: 'support', url: (d) => `/support/users/${d.artistUserId}` }, { as: 'admin', url: (d) => `/support/users/${d.artistUserId}` }],
  '/support/store-endpoints': [{ as: 'admin', url: '/support/store-endpoints' }],
  '/captcha': [{ as: 'visitor', url: '/captcha' }],
  '/on-boarding': [{ as: 'artist', url: '/on-boarding' }],
  '/on-boarding/review': [{ as: 'artist', url: '/on-boarding/review' }],
  '/on-boarding/congrats': [{ as: 'artist', url: '/on-boarding/congrats' }],
  '/releases': [{ as: 'artist', url: '/releases' }],
  '/releases/edit': [{ as: 'artist', url: '/releases/edit' }, { as: 'artist', url: (d) => `/releases/edit?id=${d.draftId}` }],
  '/releases/submitted': [{ as: 'artist', url: '/releases/submitted' }],
  '/releases/import': [{ as: 'artist', url: '/releases/import' }],
  '/releases/import/:jobId': [{ as: 'artist', url: (d) => `/releases/import/${d.importJobId}` }],
  '/releases/:id': [{ as: 'artist', url: (d) => `/releases/${d.draftId}` }, { as: 'artist', url: (d) => `/releases/${d.submittedId}` }],
  '/sales': [{ as: 'artist', url: '/sales' }],
  '/trends': [{ as: 'artist', url: '/trends' }],
  '/settings': [{ as: 'artist', url: '/settings' }, { as: 'support', url: '/settings' }],
  '/single-signup': [{ as: 'visitor', url: '/single-signup' }, { as: 'artist', url: '/single-signup' }],
  '/choose-your-plan': [{ as: 'visitor', url: '/choose-your-plan' }, { as: 'artist', url: '/choose-your-plan' }],
  '/disabled': [{ as: 'visitor', url: '/disabled' }],
  '/splash': [{ as: 'visitor', url: '/splash' }],
  '*': [{ as: 'visitor', url: '/no/such/page', lands: '/' }],
};

// Each test walks many routes (a page load and a measurement or two each).
test.describe.configure({ timeout: 240_000 });

test('every route of the client route table has a visit recipe, and every recipe a route', () => {
  const table = clientRoutePaths();
  // The parser found the table (a broken reading would find almost nothing).
  expect(table.length).toBeGreaterThan(30);
  expect(table.filter((route) => !VISITS[route]), 'routes without a visit recipe in reflow.spec.ts').toEqual([]);
  expect(Object.keys(VISITS).filter((route) => !table.includes(route)), 'recipes for routes no longer in the table').toEqual([]);
});

let data: Data;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const artist = await requestAs(DEMO_ARTIST);
  try {
    const run = Date.now();
    const dsps = (await (await artist.get('/api/dictionary/dsps')).json()) as { uri: string }[];
    const draftId = await completeDraft(artist, `Reflow Draft ${run}`, dsps[0]!.uri);
    const submittedId = await completeDraft(artist, `Reflow Submitted ${run}`, dsps[0]!.uri);
    expect((await artist.post(`/api/releases/${submittedId}/submit`)).ok()).toBe(true);
    await expect.poll(() => releaseStatus(artist, submittedId), { timeout: 30_000 }).toBe('VALIDATED');
    data = {
      draftId,
      submittedId,
      importJobId: await catalogImportJob(artist, `Reflow Catalogue ${run}`),
      invitation: await splitInvitationLink(artist, draftId),
      artistUserId: await userIdOf(DEMO_ARTIST.username),
    };
  } finally {
    await artist.dispose();
  }
});

/** Fails when the document is wider than the window, naming the elements that stick out. */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const result = await page.evaluate(() => {
    const width = window.innerWidth;
    const overflowing = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 1 && !e.closest('.table-region'))
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? `.${e.className.split(' ').join('.')}` : ''}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, overflowing };
  });
  expect(result.scrollWidth, `${label} is ${result.scrollWidth} px wide in a ${result.width} px window: ${result.overflowing.join(', ')}`).toBeLessThanOrEqual(result.width);
}

const bodyOverflow = (page: Page) => page.evaluate(() => document.body.style.overflow);

/** Presses a button by keyboard (focus, Enter) or with the pointer. */
async function press(page: Page, button: ReturnType<Page['getByRole']>, how: 'keyboard' | 'click'): Promise<void> {
  if (how === 'click') return button.click();
  await button.focus();
  await page.keyboard.press('Enter');
}

/**
 * The signed-in navigation: the mobile menu (at 768 px or less) and the account menu inside it open
 * by keyboard or pointer, Sign Out shows inside the window, nothing sticks out sideways with the
 * menus open, scrolling is locked meanwhile; Escape closes both and unlocks scrolling.
 */
async function expectAccountMenuSignOut(page: Page, width: number, how: 'keyboard' | 'click', label: string): Promise<void> {
  const header = page.locator('header.site-header--app');
  await expect(header, `${label}: the signed-in navigation`).toBeVisible();
  const menu = header.getByRole('button', { name: 'Menu' });
  if (width <= 768) {
    await expect(menu, `${label}: the mobile menu toggle`).toBeInViewport({ ratio: 1 });
    await press(page, menu, how);
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(await bodyOverflow(page), `${label}: scrolling locked while the menu is open`).toBe('hidden');
  }
  // Hidden again (inside the closed mobile menu) once Escape has closed the menus.
  const account = header.getByRole('button', { name: 'Account', includeHidden: true });
  await expect(account, `${label}: the account menu`).toBeInViewport({ ratio: 1 });
  await press(page, account, how);
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  await expect(header.getByRole('button', { name: 'Sign Out' }), `${label}: Sign Out`).toBeInViewport({ ratio: 1 });
  await expect(header.getByRole('link', { name: 'Profile + Preferences' })).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page, `${label} with the account menu open`);
  await page.keyboard.press('Escape');
  await expect(account).toHaveAttribute('aria-expanded', 'false');
  if (width <= 768) await expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(await bodyOverflow(page), `${label}: scrolling unlocked once the menu is closed`).toBe('');
}

/** The support area's own navigation holds Sign Out: it takes the focus and lies inside the window. */
async function expectStaffSignOut(page: Page, label: string): Promise<void> {
  const signOut = page.getByRole('navigation', { name: 'Support area' }).getByRole('button', { name: 'Sign Out' });
  await signOut.focus();
  await expect(signOut, `${label}: Sign Out`).toBeFocused();
  await expect(signOut, `${label}: Sign Out`).toBeInViewport({ ratio: 1 });
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 } });
    // One width opens the menus by keyboard, the other with the pointer.
    const how = width === 320 ? 'keyboard' : 'click';

    for (const persona of Object.keys(PERSONAS) as Persona[]) {
      const visits = Object.entries(VISITS).flatMap(([route, list]) => list.filter((v) => v.as === persona).map((v) => ({ route, ...v })));
      const signedIn = persona !== 'visitor';
      test(`as ${persona}, every page of theirs fits the window${signedIn ? ', and Sign Out is reachable on it' : ''}`, async ({ page }) => {
        const who = PERSONAS[persona];
        if (who) await signInAs(page, who);
        for (const visit of visits) {
          const url = typeof visit.url === 'function' ? visit.url(data) : visit.url;
          const label = `${persona} on ${url} (route ${visit.route})`;
          await page.goto(url);
          await page.waitForLoadState('networkidle');
          const landed = new URL(page.url()).pathname;
          expect(landed, `${label}: where the page landed`).toBe(visit.lands ?? new URL(url, 'http://x').pathname);
          await expectNoSidewaysScroll(page, label);
          if (signedIn && isSignedInNavPath(landed)) await expectAccountMenuSignOut(page, width, how, label);
          else if (signedIn && landed.startsWith('/support')) await expectStaffSignOut(page, label);
        }
      });
    }

    test('the support search results table scrolls in its own labelled region, not the page', async ({ page }) => {
      await signInAs(page, DEMO_SUPPORT);
      await page.goto('/support');
      await page.getByRole('searchbox').fill('cadence');
      await page.getByRole('button', { name: 'Search' }).click();
      const region = page.getByRole('region', { name: 'Users found' });
      await expect(region).toBeVisible();
      await expect(region.getByRole('table')).toBeVisible();
      await expectNoSidewaysScroll(page, 'support with search results');
    });

    test('a link in the mobile menu closes it and unlocks scrolling', async ({ page }) => {
      await signInAs(page, DEMO_ARTIST);
      await page.goto('/releases');
      const header = page.locator('header.site-header--app');
      const menu = header.getByRole('button', { name: 'Menu' });
      await press(page, menu, how);
      await press(page, header.getByRole('button', { name: 'Account' }), how);
      await header.getByRole('link', { name: 'Profile + Preferences' }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      expect(await bodyOverflow(page)).toBe('');
    });
  });
}

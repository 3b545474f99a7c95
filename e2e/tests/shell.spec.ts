import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import sharp from 'sharp';

/** The public pages that layout-shift.spec.ts does not already scan with axe (it loads the others at two widths). */
const AXE_HERE = ['/splash', '/disabled'];

async function signIn(request: APIRequestContext, username: string): Promise<void> {
  const res = await request.post('/api/auth/login', { data: { username, password: 'Cadence123' } });
  expect(res.ok(), `sign-in of ${username}: ${res.status()}`).toBeTruthy();
}

async function gql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await request.post('/graphql', { data: { query, variables }, headers: { 'content-type': 'application/json' } });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

/** Support staff's API session, to write messages the way the support area does. */
async function asSupport(playwright: PlaywrightWorkerArgs['playwright']['request'], baseURL: string): Promise<APIRequestContext> {
  const request = await playwright.newContext({ baseURL });
  await signIn(request, 'support@cadence.test');
  return request;
}

async function createMessage(support: APIRequestContext, input: Record<string, unknown>): Promise<string> {
  const data = await gql<{ createInAppMessage: { inAppMessage: { id: string } } }>(
    support,
    'mutation($input: CreateInAppMessageInput!) { createInAppMessage(input: $input) { inAppMessage { id } } }',
    { input },
  );
  return data.createInAppMessage.inAppMessage.id;
}

/** Earlier runs on the same data directory may have left messages behind; start from none. */
async function deleteAllMessages(support: APIRequestContext): Promise<void> {
  const { inAppMessages } = await gql<{ inAppMessages: { id: string }[] }>(support, '{ inAppMessages { id } }');
  for (const { id } of inAppMessages) await gql(support, 'mutation($i: DeleteInAppMessageInput!) { deleteInAppMessage(input: $i) { deletedId } }', { i: { id } });
}

test.describe('brand and server rendering', () => {
  test('the FR header changes the brand in the HTML the server sends', async ({ request }) => {
    const fr = await (await request.get('/about', { headers: { 'x-country': 'FR', accept: 'text/html' } })).text();
    expect(fr).toMatch(/<title>About \| Cadence France<\/title>/);
    expect(fr).toContain('Cadence France</h1>');
    expect(fr).toContain('href="/favicon-fr.svg"');
    const other = await (await request.get('/about', { headers: { accept: 'text/html' } })).text();
    expect(other).toMatch(/<title>About \| Cadence<\/title>/);
    expect(other).not.toContain('Cadence France');
  });

  test('public pages read without JavaScript, then hydrate without errors', async ({ browser }) => {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const page = await noJs.newPage();
    await page.goto('/distribution-terms');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await noJs.close();

    const js = await browser.newPage();
    const errors: string[] = [];
    js.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    js.on('pageerror', (e) => errors.push(e.message));
    await js.goto('/about');
    await expect(js.getByRole('heading', { level: 1, name: /About/ })).toBeVisible();
    await js.getByRole('link', { name: 'Features' }).first().click();
    await expect(js).toHaveURL(/\/features$/);
    expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
  });
});

/** Collects every Content-Security-Policy violation the page reports (event and console alike). */
async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`));
  });
  page.on('console', (m) => {
    if (/CSP violation|Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate)/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

test.describe('Content-Security-Policy', () => {
  test('the start page, sign-in and the release editor run under the CSP without a violation', async ({ page }) => {
    test.setTimeout(90_000);
    const violations = await recordCspViolations(page);
    const start = await page.goto('/');
    expect(start?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(start?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Hydration ran: the server-rendered page reacts to a client-side navigation.
    await page.getByRole('link', { name: 'Features' }).first().click();
    await expect(page).toHaveURL(/\/features$/);

    await page.goto('/?login=login');
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('Email').fill('artist@cadence.test');
    await dialog.getByLabel('Password').fill('Cadence123');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/releases$/);

    await page.getByRole('link', { name: 'New release' }).click();
    await page.getByRole('button', { name: 'Album', exact: true }).click();
    await page.getByRole('textbox', { name: 'Title of the album' }).fill('Under the CSP');
    await page.getByRole('button', { name: 'Create album' }).click();
    await expect(page).toHaveURL(/\/releases\/[0-9a-f-]+$/);
    await expect(page.getByRole('form', { name: 'Release details' })).toBeVisible({ timeout: 20_000 });
    const png = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: { r: 30, g: 60, b: 200 } } }).png().toBuffer();
    await page.getByLabel('Choose cover art').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('img', { name: 'Cover art preview' })).toHaveAttribute('src', /\/api\/releases\/.+\/cover/, { timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  test('an inline script without the nonce is refused, so the policy is really in force', async ({ page }) => {
    const violations = await recordCspViolations(page);
    await page.goto('/about');
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.body.append(s);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  });
});

test.describe('axe', () => {
  for (const path of AXE_HERE) {
    test(`no accessibility violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});

test.describe.serial('in-app messages', () => {
  let support: APIRequestContext;
  test.beforeAll(async ({ playwright, baseURL }) => {
    support = await asSupport(playwright.request, baseURL!);
    await deleteAllMessages(support);
  });
  test.afterAll(async () => {
    await deleteAllMessages(support);
    await support.dispose();
  });

  async function signedInPage(page: Page) {
    await signIn(page.request, 'artist@cadence.test');
  }

  test('a popup targeted at /releases shows after its delay, is dismissed, and does not show again', async ({ page }) => {
    await createMessage(support, { type: 'POPUP_MODAL', headline: 'New: faster delivery', bodyText: '<p>Releases now reach stores <b>faster</b>.</p>', pages: ['releases'], delay: 2 });
    await signedInPage(page);
    await page.goto('/releases');
    await expect(page).toHaveURL(/\/releases$/);
    const popup = page.getByRole('dialog', { name: 'New: faster delivery' });
    await page.waitForTimeout(1000);
    await expect(popup).toHaveCount(0);
    await expect(popup).toBeVisible({ timeout: 10_000 });
    await expect(popup.getByRole('button', { name: 'Close message' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);

    await page.reload();
    await page.waitForTimeout(3000);
    await expect(popup).toHaveCount(0);
  });

  test('a forced message shows alone', async ({ page }) => {
    await createMessage(support, { type: 'BLUE_BANNER', bodyText: 'Everyday news', pages: ['all'] });
    await createMessage(support, { type: 'STICKY_BAR', bodyText: 'Scheduled maintenance tonight', pages: ['settings'], force: true });
    await signedInPage(page);
    await page.goto('/releases');
    await expect(page.getByRole('complementary', { name: 'Announcement' })).toContainText('Scheduled maintenance tonight');
    await page.waitForTimeout(500);
    await expect(page.getByText('Everyday news')).toHaveCount(0);
  });
});

test('the signed-in frame has no accessibility violations, with its menu open too, and works by keyboard', async ({ page }) => {
  await signIn(page.request, 'artist@cadence.test');
  await page.goto('/releases');
  const toggle = page.getByRole('button', { name: 'Account' });
  await expect(toggle).toBeVisible();
  const frame = () => new AxeBuilder({ page }).include('header').include('footer').analyze();
  expect((await frame()).violations.map((v) => v.id)).toEqual([]);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Profile + Preferences' })).toBeVisible();
  expect((await frame()).violations.map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Profile + Preferences' })).toBeHidden();
  await expect(toggle).toBeFocused();
});

test('the screen saver appears after 5 idle minutes and a key wakes it', async ({ page }) => {
  await page.clock.install();
  await page.goto('/about');
  // The heading is in the server's HTML; wait until the app has hydrated and watches for activity
  // (not for a quiet network: the page's chunks are asked for only after the first paint).
  await expect(page.locator('#root')).toHaveAttribute('data-hydrated', 'true');
  const saver = page.getByRole('dialog', { name: 'Screen saver' });
  await page.clock.runFor('04:50');
  await expect(saver).toHaveCount(0);
  await page.clock.runFor('00:15');
  await expect(saver).toBeVisible();
  await expect(saver).toContainText('BPM');
  await page.keyboard.press('Space');
  await expect(saver).toHaveCount(0);
});

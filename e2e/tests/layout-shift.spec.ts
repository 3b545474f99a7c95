/**
 * Issue 22: the server's HTML is what the client's first render produces. Each public page is
 * loaded at a phone and a desktop width; a `layout-shift` PerformanceObserver, registered before
 * the page's first byte, must total 0.02 or less once the page has hydrated and settled, and the
 * console must report no hydration mismatch. The server's HTML must hold no Suspense boundary that
 * failed on the server (`<!--$!-->`), which the client would have to render itself. The settled
 * page is then scanned with axe at both widths (the public pages' accessibility check: one load of
 * each page serves both).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { completeDraft, DEMO_ARTIST, signInAs } from '../e2e-test-kit.ts';

const PUBLIC_PAGES = ['/', '/features', '/about', '/why-level', '/terms-of-use', '/privacy-policy', '/cookies-policy', '/distribution-terms'];
const WIDTHS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];
const MAX_CLS = 0.02;

declare global {
  interface Window {
    __layoutShift: { total: number; shifts: { value: number; sources: string[] }[] };
  }
}

/** Registers the layout-shift observer before the page's first byte (shifts right after an input are left out, as CLS does). */
async function observeLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__layoutShift = { total: 0, shifts: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        if (entry.hadRecentInput) continue;
        window.__layoutShift.total += entry.value;
        window.__layoutShift.shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName))) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of PUBLIC_PAGES) {
      test(`${path} does not shift, hydrates without a mismatch and has no accessibility violations`, async ({ page, request }) => {
        const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
        expect(html, 'the server rendered the page').toContain('data-ssr="true"');
        expect(html, 'a Suspense boundary failed on the server').not.toContain('<!--$!-->');

        const problems = watchHydration(page);
        await observeLayoutShifts(page);
        await page.goto(path, { waitUntil: 'networkidle' });
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // Let late work (the viewer probe, lazily loaded parts of the frame) land before measuring.
        await page.waitForTimeout(750);
        const shift = await page.evaluate(() => window.__layoutShift);
        expect(shift.total, `layout shifts on ${path}: ${JSON.stringify(shift.shifts)}`).toBeLessThanOrEqual(MAX_CLS);
        expect(problems).toEqual([]);

        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((v) => `${viewport.width} px ${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  });
}

/** Collects the console's hydration complaints and the page's errors. */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/hydrat|did not match|server rendered|Switched to client rendering/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/**
 * /releases, signed in (the server sends the app's empty shell for it): the frame shows first, the
 * navigation's place held by its placeholder and the footer below the fold; then the page's own
 * chunk and its data arrive, held back a second as on a slow network, and the list appears
 * without moving anything that was already shown.
 */
for (const viewport of WIDTHS) {
  test(`/releases shows its list without a shift and without a hydration mismatch, at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAs(page, DEMO_ARTIST);
    // At least one release of this journey's own in the list.
    const title = `Steady list ${viewport.width} ${Date.now()}`;
    expect((await page.request.post('/api/releases', { data: { title } })).status()).toBe(201);
    // A slow network: the page's own chunk and its data come a second after the frame has shown.
    const held = { chunk: 0, queries: 0 };
    await page.route(/\/assets\/ReleasesPage-[^/]*\.js$/, async (route) => {
      held.chunk++;
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    await page.route('**/graphql', async (route) => {
      if (/"operationName":"(ReleasesPage|ReleaseCounts)"/.test(route.request().postData() ?? '')) {
        held.queries++;
        await new Promise((r) => setTimeout(r, 1000));
      }
      await route.continue();
    });
    const problems = watchHydration(page);
    await observeLayoutShifts(page);
    await page.goto('/releases', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your releases' }).getByText(title)).toBeVisible();
    await page.waitForTimeout(750);
    expect(held, 'the page loaded its own chunk and its two queries, each held back').toEqual({ chunk: 1, queries: 2 });
    const shift = await page.evaluate(() => window.__layoutShift);
    expect(shift.total, `layout shifts on /releases: ${JSON.stringify(shift.shifts)}`).toBeLessThanOrEqual(MAX_CLS);
    expect(problems).toEqual([]);
  });
}

/** Holds the release check's answer back a second (a slow network): past the half second after the click in which CLS forgives movement. */
async function slowReleaseCheck(page: Page): Promise<void> {
  await page.route('**/graphql', async (route) => {
    if (/"operationName":"CheckRelease"/.test(route.request().postData() ?? '')) await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
}

/** Opens the editor at `path` with the observer on, presses "Check release" and returns the shifts once `answer` shows. */
async function editorShifts(page: Page, path: string, answer: (page: Page) => ReturnType<Page['getByRole']>): Promise<Window['__layoutShift']> {
  await slowReleaseCheck(page);
  await observeLayoutShifts(page);
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Check release' })).toBeVisible();
  await page.getByRole('button', { name: 'Check release' }).click();
  await expect(answer(page)).toBeVisible();
  await page.waitForTimeout(500);
  return page.evaluate(() => window.__layoutShift);
}

/**
 * The release editor: its panels below (splits, deliveries) wait for it, so they do not jump as it
 * arrives, and the check's answer comes last in the side column, so it pushes nothing down.
 */
for (const viewport of WIDTHS) {
  test(`the release editor does not shift when it loads or when the check answers, at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAs(page, DEMO_ARTIST);
    const dsps = (await (await page.request.get('/api/dictionary/dsps')).json()) as { uri: string }[];
    const id = await completeDraft(page.request, `Steady ${viewport.width} ${Date.now()}`, dsps[0]!.uri);
    const shift = await editorShifts(page, `/releases/${id}`, (p) => p.getByRole('status').filter({ hasText: 'Everything is ready to submit.' }));
    expect(shift.total, `layout shifts in the release editor: ${JSON.stringify(shift.shifts)}`).toBeLessThanOrEqual(MAX_CLS);
  });
}

/**
 * A new draft's check lists what is missing and marks the fields. At 1280 px the list, last in the
 * side column, moves nothing; at one column (375 px) the marked fields lie above the buttons, and
 * each keeps its message line from the start (releases.css), so the messages push nothing down.
 */
for (const viewport of WIDTHS) {
  test(`the release check's issue list does not push the editor down, at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAs(page, DEMO_ARTIST);
    await page.goto('/releases/edit');
    await page.getByRole('button', { name: 'Single', exact: true }).click();
    await page.getByRole('textbox', { name: 'Title of the single' }).fill(`Steady issues ${viewport.width} ${Date.now()}`);
    await page.getByRole('button', { name: 'Create single' }).click();
    await expect(page).toHaveURL(/\/releases\/[0-9a-f-]+$/);
    const shift = await editorShifts(page, new URL(page.url()).pathname, (p) => p.getByRole('region', { name: 'Fix these before you submit' }));
    // The check marked the fields (genre, stores, tracks, cover art), so their lines were really filled.
    await expect(page.locator('.release-editor .field__error')).toHaveCount(4);
    expect(shift.total, `layout shifts in the release editor: ${JSON.stringify(shift.shifts)}`).toBeLessThanOrEqual(MAX_CLS);
  });
}

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
      test(`${path} does not shift, hydrates without a mismatch, loads its own chunks after the first paint and has no accessibility violations`, async ({ page, request }) => {
        const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
        expect(html, 'the server rendered the page').toContain('data-ssr="true"');
        expect(html, 'a Suspense boundary failed on the server').not.toContain('<!--$!-->');

        const problems = watchHydration(page);
        await observeLayoutShifts(page);
        await page.goto(path, { waitUntil: 'networkidle' });
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('#root')).toHaveAttribute('data-hydrated', 'true');
        // Let late work (the viewer probe, lazily loaded parts of the frame) land before measuring.
        await page.waitForTimeout(750);
        const shift = await page.evaluate(() => window.__layoutShift);
        expect(shift.total, `layout shifts on ${path}: ${JSON.stringify(shift.shifts)}`).toBeLessThanOrEqual(MAX_CLS);
        expect(problems).toEqual([]);

        // Only the scripts the HTML names load before the first contentful paint; the page's own
        // chunks are asked for once the browser has reported it (client/src/lib/first-paint.ts).
        const named = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map((m) => m[1]!);
        expect(named.length, 'the HTML names its entry script').toBeGreaterThan(0);
        const timing = await page.evaluate(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
          scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((r) => r.initiatorType === 'script' || r.initiatorType === 'link' || /\.js$/.test(new URL(r.name).pathname))
            .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime })),
        }));
        expect(timing.fcp, 'the browser reported a first contentful paint').not.toBeNull();
        const later = timing.scripts.filter((s) => s.path.endsWith('.js') && !named.includes(s.path));
        expect(later.length, 'the page loaded chunks of its own').toBeGreaterThan(0);
        expect(later.filter((s) => s.start < timing.fcp!), `scripts asked for before the first contentful paint at ${timing.fcp} ms`).toEqual([]);

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

/** The skeleton cases add the narrowest width the app supports (WCAG reflow). */
const SKELETON_WIDTHS = [{ width: 320, height: 640 }, ...WIDTHS];

/**
 * One place on the first screen, found in the skeleton and in the page that replaced it, and the
 * sides of its box that must be equal (the others depend on the person's data, e.g. a title's length).
 */
interface Anchor {
  skeleton: string;
  page: string;
  sides: readonly ('x' | 'y' | 'width' | 'height')[];
}

type Box = { x: number; y: number; width: number; height: number } | null;

/** The boxes of the anchors' `side` selectors, in the viewport (both are measured unscrolled). */
function boxesOf(page: Page, anchors: readonly Anchor[], side: 'skeleton' | 'page'): Promise<Box[]> {
  return page.evaluate(
    ({ selectors }) =>
      selectors.map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return box ? { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) } : null;
      }),
    { selectors: anchors.map((a) => a[side]) },
  );
}

/** Every anchor the page shows on its first screen sits exactly where its skeleton drew it (1 px of rounding). */
function expectSamePlaces(anchors: readonly Anchor[], drawn: Box[], shown: Box[], viewportHeight: number): void {
  let compared = 0;
  anchors.forEach((anchor, i) => {
    const [was, is] = [drawn[i], shown[i]];
    expect(is, `the page has ${anchor.page}`).not.toBeNull();
    if (!is || is.y >= viewportHeight) return;
    expect(was, `the skeleton draws ${anchor.skeleton}`).not.toBeNull();
    for (const side of anchor.sides) expect(Math.abs(was![side] - is[side]), `${side} of ${anchor.page}: skeleton ${JSON.stringify(was)}, page ${JSON.stringify(is)}`).toBeLessThanOrEqual(1);
    compared++;
  });
  expect(compared, 'anchors on the first screen').toBeGreaterThanOrEqual(4);
}

const SKELETON = 'main [aria-busy="true"]';
const DRAWING = `${SKELETON} > [aria-hidden="true"]`;
const same = (selector: string, sides: Anchor['sides']): Anchor => ({ skeleton: `${DRAWING} ${selector}`, page: `main section.page ${selector}`, sides });

/** The list's first screen: heading and buttons exactly; the totals line and the filters start where drawn (their length is the account's). */
const LIST_ANCHORS: readonly Anchor[] = [
  same('.releases__header h1', ['x', 'y', 'width', 'height']),
  same('.releases__header .button--primary', ['x', 'y', 'width', 'height']),
  same('.releases__header .button--secondary', ['x', 'y', 'width', 'height']),
  same('.releases__totals', ['x', 'y', 'width']),
  same('.releases__filters', ['x', 'y', 'width']),
  same('.release-list', ['x', 'width']),
];

/** The editor's first screen, for a draft whose title fits one line. */
const EDITOR_ANCHORS: readonly Anchor[] = [
  { skeleton: `${DRAWING} > p:first-child`, page: 'main section.page > p:first-of-type', sides: ['x', 'y', 'height'] },
  same('.releases__header h1', ['x', 'y', 'height']),
  same('.releases__header .badge', ['x', 'y', 'width', 'height']),
  same('.release-row__artist', ['x', 'y', 'width']),
  same('.release-editor', ['x', 'y', 'width']),
  same('.release-editor .field', ['x', 'y', 'width', 'height']),
  same('.cover-art h2', ['x', 'y']),
  same('.drop-area', ['x', 'y', 'width', 'height']),
  same('.release-editor .button-row', ['x', 'y', 'width']),
];

/** A gate the test opens once it has looked at the skeleton, so the held chunk cannot outrun the look. */
function gate(): { passed: Promise<void>; open: () => void } {
  let open!: () => void;
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { passed, open };
}

const aSecond = () => new Promise((r) => setTimeout(r, 1000));

/**
 * Holds back, as on a slow network, the page's chunk (a second, and until the test has looked at
 * the skeleton) and its queries (a second); counts what was held.
 */
async function holdBack(page: Page, chunk: RegExp, operations: RegExp | null): Promise<{ held: { chunk: number; queries: number }; looked: () => void }> {
  const held = { chunk: 0, queries: 0 };
  const look = gate();
  await page.route(chunk, async (route) => {
    held.chunk++;
    await Promise.all([aSecond(), look.passed]);
    await route.continue();
  });
  await page.route('**/graphql', async (route) => {
    const operation = /"operationName":"(\w+)"/.exec(route.request().postData() ?? '')?.[1] ?? '';
    if (operations?.test(operation)) {
      held.queries++;
      await aSecond();
    }
    await route.continue();
  });
  return { held, looked: look.open };
}

/** Opens `path` and waits for its skeleton: the busy region with its status line for screen readers. */
async function skeletonOf(page: Page, path: string, status: string): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
  const skeleton = page.locator(SKELETON);
  await expect(skeleton).toBeVisible();
  await expect(skeleton.getByRole('status')).toHaveText(status);
  await expect(skeleton.getByRole('status')).toHaveClass(/visually-hidden/);
}

/**
 * /releases, signed in (the server sends the app's empty shell for it): the frame shows first, the
 * navigation's place held by its placeholder, the footer below the fold, and the list's skeleton in
 * the main area; then the page's own chunk and its data arrive, held back a second as on a slow
 * network, and the list replaces the skeleton without moving anything that was already shown: the
 * heading and its buttons, the totals line and the filters are where the skeleton drew them.
 */
for (const viewport of SKELETON_WIDTHS) {
  test(`/releases shows its skeleton, then its list without a shift and without a hydration mismatch, at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAs(page, DEMO_ARTIST);
    // At least one release of this journey's own in the list.
    const title = `Steady list ${viewport.width} ${Date.now()}`;
    expect((await page.request.post('/api/releases', { data: { title } })).status()).toBe(201);
    const { held, looked } = await holdBack(page, /\/assets\/ReleasesPage-[^/]*\.js$/, /^(ReleasesPage|ReleaseCounts)$/);
    const problems = watchHydration(page);
    await observeLayoutShifts(page);

    await skeletonOf(page, '/releases', 'Loading your releases…');
    const drawn = await boxesOf(page, LIST_ANCHORS, 'skeleton');
    looked();

    await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your releases' }).getByText(title)).toBeVisible();
    await expect(page.locator(SKELETON)).toHaveCount(0);
    await page.waitForTimeout(750);
    expect(held, 'the page loaded its own chunk and its two queries, each held back').toEqual({ chunk: 1, queries: 2 });
    const shift = await page.evaluate(() => window.__layoutShift);
    expect(shift.total, `layout shifts on /releases: ${JSON.stringify(shift.shifts)}`).toBeLessThanOrEqual(MAX_CLS);
    expect(problems).toEqual([]);
    expectSamePlaces(LIST_ANCHORS, drawn, await boxesOf(page, LIST_ANCHORS, 'page'), viewport.height);
  });
}

/**
 * The release editor of a draft of the test's own (a title that fits one line: the skeleton draws
 * one), loaded first at its address: its skeleton, then the editor, its chunk and its query held back
 * a second; the editor takes the skeleton's place without a shift.
 */
for (const viewport of SKELETON_WIDTHS) {
  test(`the release editor shows its skeleton, then the draft without a shift, at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAs(page, DEMO_ARTIST);
    const title = `Skeleton ${viewport.width}`;
    const created = await page.request.post('/api/releases', { data: { title } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const { held, looked } = await holdBack(page, /\/assets\/ReleasePage-[^/]*\.js$/, /^ReleaseEditor$/);
    const problems = watchHydration(page);
    await observeLayoutShifts(page);

    await skeletonOf(page, `/releases/${id}`, 'Loading the release…');
    const drawn = await boxesOf(page, EDITOR_ANCHORS, 'skeleton');
    looked();

    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check release' })).toBeVisible();
    await expect(page.locator(SKELETON)).toHaveCount(0);
    await page.waitForTimeout(750);
    expect(held, 'the page loaded its own chunk and its query, each held back').toEqual({ chunk: 1, queries: 1 });
    const shift = await page.evaluate(() => window.__layoutShift);
    expect(shift.total, `layout shifts in the release editor: ${JSON.stringify(shift.shifts)}`).toBeLessThanOrEqual(MAX_CLS);
    expect(problems).toEqual([]);
    expectSamePlaces(EDITOR_ANCHORS, drawn, await boxesOf(page, EDITOR_ANCHORS, 'page'), viewport.height);
  });
}

/**
 * The skeleton itself: no accessibility violation while it shows, and its pulse only for people who
 * have not asked their system for reduced motion.
 */
for (const reducedMotion of ['no-preference', 'reduce'] as const) {
  test(`the releases skeleton has no accessibility violations and ${reducedMotion === 'reduce' ? 'stays still with' : 'pulses without'} reduced motion`, async ({ page }) => {
    await page.setViewportSize(WIDTHS[0]!);
    await page.emulateMedia({ reducedMotion });
    await signInAs(page, DEMO_ARTIST);
    const { looked } = await holdBack(page, /\/assets\/ReleasesPage-[^/]*\.js$/, null);
    await skeletonOf(page, '/releases', 'Loading your releases…');
    const animations = await page.locator(`${DRAWING} .skeleton__block, ${DRAWING} .skeleton__text`).evaluateAll((boxes) => [...new Set(boxes.map((b) => getComputedStyle(b).animationName))]);
    expect(animations).toEqual([reducedMotion === 'reduce' ? 'none' : 'skeleton-pulse']);
    const results = await new AxeBuilder({ page }).include('main').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    looked();
    await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
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

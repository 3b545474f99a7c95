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
import { expect, test } from '@playwright/test';

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

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of PUBLIC_PAGES) {
      test(`${path} does not shift, hydrates without a mismatch and has no accessibility violations`, async ({ page, request }) => {
        const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
        expect(html, 'the server rendered the page').toContain('data-ssr="true"');
        expect(html, 'a Suspense boundary failed on the server').not.toContain('<!--$!-->');

        const problems: string[] = [];
        page.on('console', (m) => {
          if (/hydrat|did not match|server rendered|Switched to client rendering/i.test(m.text())) problems.push(m.text());
        });
        page.on('pageerror', (e) => problems.push(e.message));
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

/**
 * Issue 22's script budget, from the built files alone (no browser, no server): the JavaScript a
 * public page makes the browser fetch before its first paint is what the built index.html names,
 * the entry `<script type="module">` and its `<link rel="modulepreload">`s (the server fills the same
 * template for every page, server-rendered or not). Each counts as served (api/src/http/compression.ts):
 * the build's `.br` file where there is one, the plain file otherwise (files under 1 KB stay plain).
 * Page chunks load once the browser reports the first contentful paint (client/src/lib/first-paint.ts),
 * so they never count here, however fast the connection.
 *
 *   npx vite build client && npx tsx bench/js-budget.ts      prints each file and the total beside the target; exits 1 over it
 *
 * client/src/first-load-budget.test.ts builds the client and runs the same check.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Issue 22: at most 100 KB of JavaScript, compressed as served, before the first paint. */
export const JS_BEFORE_PAINT_BUDGET_BYTES = 100 * 1024;

export interface FirstLoadScript {
  /** The path the page asks for, e.g. /assets/index-abc.js. */
  url: string;
  /** Bytes on the wire for a browser that accepts brotli. */
  bytes: number;
  encoding: 'br' | 'identity';
}

/** The scripts the built index.html makes every page fetch at once, with their served sizes. */
export function firstLoadScripts(distDir: string): FirstLoadScript[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const tags = html.match(/<script\b[^>]*>|<link\b[^>]*>/g) ?? [];
  const urls = tags.flatMap((tag) => {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    if (tag.startsWith('<script')) return attr('src') ? [attr('src')!] : [];
    return attr('rel') === 'modulepreload' && attr('href') ? [attr('href')!] : [];
  });
  return [...new Set(urls)].map((url) => {
    const file = path.join(distDir, url.replace(/^\//, ''));
    if (!existsSync(file)) throw new Error(`index.html names ${url}, which the build does not hold`);
    const br = `${file}.br`;
    return existsSync(br) ? { url, bytes: statSync(br).size, encoding: 'br' } : { url, bytes: statSync(file).size, encoding: 'identity' };
  });
}

export function totalBytes(scripts: readonly FirstLoadScript[]): number {
  return scripts.reduce((sum, s) => sum + s.bytes, 0);
}

/** Lines for a report: each file, then the total beside the target. */
export function budgetReport(scripts: readonly FirstLoadScript[]): string[] {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const total = totalBytes(scripts);
  return [
    ...scripts.map((s) => `  ${s.url.padEnd(44)} ${kb(s.bytes).padStart(9)}  ${s.encoding}`),
    `  JS before paint (from the build): ${kb(total)}  (target ≤ ${kb(JS_BEFORE_PAINT_BUDGET_BYTES)}: ${total <= JS_BEFORE_PAINT_BUDGET_BYTES ? 'met' : 'NOT met'})`,
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const dist = path.resolve(import.meta.dirname, '../client/dist');
  const scripts = firstLoadScripts(dist);
  console.log(budgetReport(scripts).join('\n'));
  process.exit(totalBytes(scripts) <= JS_BEFORE_PAINT_BUDGET_BYTES ? 0 : 1);
}

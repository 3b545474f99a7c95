/**
 * @jest-environment node
 */
import { render, SERVER_RENDERED_PATHS } from './entry-server';

const boot = (brandName: string) => ({
  brandId: brandName === 'Cadence France' ? 'fr' : 'default',
  brandName,
  companyName: 'Cadence Music Ltd.',
  supportEmail: 'support@cadence.test',
  helpCenterUrl: null,
  logo: '/logo.svg',
});

test.each(SERVER_RENDERED_PATHS)('%s renders on the server with its title and the brand filled in', async (path) => {
  const result = await render(`http://localhost${path}`, boot('Cadence France'));
  if (result.kind !== 'page') throw new Error(`unexpected ${result.kind}`);
  expect(result.status).toBe(200);
  expect(result.html).toContain('<main id="main"');
  expect(result.html).toMatch(/<h1[^>]*>/);
  expect(result.title).toMatch(/Cadence France/);
  expect(result.title).not.toContain('{appName}');
  expect(result.description).not.toContain('{appName}');
  // The router's hydration data, so the browser starts from the same state.
  expect(result.html).toContain('__staticRouterHydrationData');
});

test('the brand the server injects is the brand of the HTML, request by request', async () => {
  const fr = await render('http://localhost/about', boot('Cadence France'));
  const other = await render('http://localhost/about', boot('Cadence'));
  if (fr.kind !== 'page' || other.kind !== 'page') throw new Error('expected pages');
  expect(fr.html.replaceAll('<!-- -->', '')).toContain('About Cadence France');
  expect(other.html.replaceAll('<!-- -->', '')).toContain('About Cadence<');
  expect(other.html).not.toContain('Cadence France');
});

test('the visitors menu is in the HTML of a public page, and no browser-only part is', async () => {
  const result = await render('http://localhost/features', boot('Cadence'));
  if (result.kind !== 'page') throw new Error('expected a page');
  expect(result.html).toContain('aria-label="Main"');
  expect(result.html).not.toContain('Screen saver');
  expect(result.html).not.toContain('role="dialog"');
});

test('an unknown path answers with a redirect to the start page', async () => {
  const result = await render('http://localhost/no/such/page', boot('Cadence'));
  expect(result).toEqual({ kind: 'redirect', status: 302, location: '/' });
});

test('every inline script of a rendered page carries the CSP nonce it is given', async () => {
  const result = await render('http://localhost/about', boot('Cadence'), { nonce: 'n0nce+/=' });
  if (result.kind !== 'page') throw new Error('expected a page');
  const scripts = [...result.html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain('nonce="n0nce+/="');
});

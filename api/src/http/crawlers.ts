/**
 * Issue 22: what search engines read. `/robots.txt` lets crawlers in to the public pages, keeps them
 * out of the API and the signed-in app, and names the sitemap; `/sitemap.xml` lists the public pages
 * (the ones the server renders for visitors) with absolute addresses under PUBLIC_URL.
 */
import { Router } from 'express';
import { create } from 'xmlbuilder2';
import type { Config } from '../config.ts';

/** The pages a visitor can read without an account: the start page, the marketing and the legal pages. */
export const PUBLIC_PAGES: readonly string[] = [
  '/',
  '/features',
  '/about',
  '/why-level',
  '/terms-of-use',
  '/privacy-policy',
  '/cookies-policy',
  '/distribution-terms',
];

/** Paths that are no use in a search result: the API and the pages behind sign-in or a token. */
const DISALLOWED = ['/api/', '/graphql', '/releases', '/sales', '/trends', '/settings', '/support', '/on-boarding', '/reset-password', '/verify-email', '/confirm-email-change', '/captcha'];

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

export function sitemapXml(publicUrl: string): string {
  const urlset = create({ version: '1.0', encoding: 'UTF-8' }).ele('http://www.sitemaps.org/schemas/sitemap/0.9', 'urlset');
  for (const p of PUBLIC_PAGES) urlset.ele('url').ele('loc').txt(`${publicUrl}${p === '/' ? '/' : p}`);
  return urlset.end({ prettyPrint: true });
}

/** GET /robots.txt and /sitemap.xml (an hour in caches: they change only with a release). */
export function crawlerFiles(config: Pick<Config, 'publicUrl'>): Router {
  const r = Router();
  const robots = robotsTxt(config.publicUrl);
  const sitemap = sitemapXml(config.publicUrl);
  r.get('/robots.txt', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(robots);
  });
  r.get('/sitemap.xml', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/xml').send(sitemap);
  });
  return r;
}

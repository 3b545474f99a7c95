/**
 * Serves the built browser app. Assets are immutable; every other GET that wants HTML gets
 * index.html with the request's brand (name, favicon, title, description) already filled in,
 * so the first paint is right before any script runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Router, type Request } from 'express';
import type { Config } from '../config.ts';
import { brandFor, brandIdFor } from './brand.ts';
import { loadSsrRenderer, type SsrBoot } from './ssr.ts';
import { cspNonce } from './security-headers.ts';
import { staticFiles } from './compression.ts';
import { crawlerFiles } from './crawlers.ts';
import { readCookie } from './auth.ts';

const DEFAULT_TITLE = '{appName} | Music distribution for independent artists';
const DEFAULT_DESCRIPTION =
  '{appName} delivers your music to Spotify, Apple Music and every major store. Keep 100% of your net receipts.';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The brand values the page gets as window.__CADENCE__ (and server rendering uses). */
export function bootConfigFor(config: Config, req: Pick<Request, 'headers'>): SsrBoot {
  const brand = brandFor(config, brandIdFor(req));
  return {
    brandId: brand.id,
    brandName: brand.name,
    companyName: config.brand.companyName,
    supportEmail: config.brand.supportEmail,
    helpCenterUrl: config.brand.helpCenterUrl,
    logo: brand.logo,
  };
}

/**
 * Whether the request carried a session cookie. The cookie is HttpOnly, so only the server can
 * tell the page; without one the public pages never load the data layer to ask who is signed in.
 */
export interface SessionHint {
  sessionCookie: string;
}

/** A server-rendered page: its HTML and its route's filled title and description. */
export interface RenderedPage {
  html: string;
  title: string | null;
  description: string | null;
}

/**
 * Fills the brand (and the server-rendered page, when there is one) into the client build's HTML.
 * The inline boot script carries `nonce`, the answer's CSP nonce (http/security-headers.ts).
 */
export function renderIndexHtml(template: string, config: Config, req: Pick<Request, 'headers'>, page?: RenderedPage, nonce?: string, hint?: SessionHint): string {
  const brand = brandFor(config, brandIdFor(req));
  const fill = (s: string) => s.replaceAll('{appName}', brand.name);
  // `session` is left out when the server cannot tell (no hint): the page then asks, as before.
  const boot = hint ? { ...bootConfigFor(config, req), session: readCookie(req, hint.sessionCookie) !== undefined } : bootConfigFor(config, req);
  const title = page?.title ?? fill(DEFAULT_TITLE);
  const description = page?.description ?? fill(DEFAULT_DESCRIPTION);
  const nonceAttr = nonce ? ` nonce="${escapeHtml(nonce)}"` : '';
  const bootScript = `<script${nonceAttr}>window.__CADENCE__=${JSON.stringify(boot).replace(/</g, '\\u003c')}</script>`;
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, () => `<meta name="description" content="${escapeHtml(description)}">`)
    .replace(/<link\s+rel="icon"[^>]*>/, `<link rel="icon" type="image/svg+xml" href="${brand.favicon}">`)
    .replaceAll('%CADENCE_BRAND%', escapeHtml(brand.name))
    .replace('<!--cadence-boot-->', () => bootScript)
    // data-ssr tells main.tsx to hydrate instead of rendering from scratch.
    .replace('<div id="root"><!--app-html--></div>', () => (page ? `<div id="root" data-ssr="true">${page.html}</div>` : '<div id="root"></div>'));
}

/** Static files plus the HTML fallback for client-side routes; public pages rendered on the server. */
export function clientHandler(config: Config, hint?: SessionHint): Router {
  const r = Router();
  // Loaded once, from start-up on; requests wait for it only the first time.
  const ssr = loadSsrRenderer(config);
  let loadErrorLogged = false;
  const indexPath = path.join(config.clientDistDir, 'index.html');
  let template: string | undefined;
  const load = () => (template ??= existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined);

  r.use(crawlerFiles(config));
  r.use('/assets', staticFiles(path.join(config.clientDistDir, 'assets'), { immutable: true, maxAge: '1y' }));
  // A missing asset (a page from an older build) is a plain 404, never the app's HTML.
  r.use('/assets', (_req, res) => {
    res.removeHeader('Content-Encoding');
    res.status(404).type('text').send('Not found');
  });
  r.use(staticFiles(config.clientDistDir, { maxAge: '1h' }));
  r.get(/.*/, async (req, res, next) => {
    if (!req.accepts('html')) return next();
    const html = load();
    res.setHeader('Cache-Control', 'no-cache');
    if (!html) {
      res
        .status(503)
        .type('html')
        .send('<!doctype html><title>Cadence</title><p>The browser app is not built yet: run <code>npm run build</code>, or use <code>npm start</code> which builds it.</p>');
      return;
    }
    const renderer = await ssr;
    if (renderer instanceof Error && !loadErrorLogged) {
      loadErrorLogged = true;
      req.ctx?.logger.error('server rendering bundle failed to load; serving client-only pages', { err: renderer });
    }
    if (renderer && !(renderer instanceof Error) && renderer.paths.has(req.path)) {
      try {
        const url = new URL(req.originalUrl, `http://${req.headers.host ?? 'localhost'}`).href;
        const result = await renderer.render(url, bootConfigFor(config, req), { nonce: cspNonce(res) });
        if (result.kind === 'redirect') return res.redirect(result.status, result.location);
        return res.status(result.status).type('html').send(renderIndexHtml(html, config, req, result, cspNonce(res), hint));
      } catch (err) {
        // A page that fails on the server still works in the browser.
        req.ctx?.logger.error('server rendering failed; sending the client-only page', { err: err instanceof Error ? err : new Error(String(err)), path: req.path });
      }
    }
    res.type('html').send(renderIndexHtml(html, config, req, undefined, cspNonce(res), hint));
  });
  return r;
}

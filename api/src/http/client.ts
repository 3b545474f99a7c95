/**
 * Serves the built browser app. Assets are immutable; every other GET that wants HTML gets
 * index.html with the request's brand (name, favicon, title, description) already filled in,
 * so the first paint is right before any script runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type Request } from 'express';
import type { Config } from '../config.ts';
import { brandFor, brandIdFor } from './brand.ts';

const DEFAULT_TITLE = '{appName} | Music distribution for independent artists';
const DEFAULT_DESCRIPTION =
  '{appName} delivers your music to Spotify, Apple Music and every major store. Keep 100% of your net receipts.';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Fills the brand into the HTML template the client build produced. */
export function renderIndexHtml(template: string, config: Config, req: Pick<Request, 'headers'>): string {
  const brand = brandFor(config, brandIdFor(req));
  const fill = (s: string) => s.replaceAll('{appName}', brand.name);
  const boot = {
    brandId: brand.id,
    brandName: brand.name,
    companyName: config.brand.companyName,
    supportEmail: config.brand.supportEmail,
    helpCenterUrl: config.brand.helpCenterUrl,
    logo: brand.logo,
  };
  const bootScript = `<script>window.__CADENCE__=${JSON.stringify(boot).replace(/</g, '\\u003c')}</script>`;
  return template
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(fill(DEFAULT_TITLE))}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, `<meta name="description" content="${escapeHtml(fill(DEFAULT_DESCRIPTION))}">`)
    .replace(/<link\s+rel="icon"[^>]*>/, `<link rel="icon" type="image/svg+xml" href="${brand.favicon}">`)
    .replace('</head>', `${bootScript}</head>`);
}

/** Static files plus the HTML fallback for client-side routes. */
export function clientHandler(config: Config): Router {
  const r = Router();
  const indexPath = path.join(config.clientDistDir, 'index.html');
  let template: string | undefined;
  const load = () => (template ??= existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined);

  r.use('/assets', express.static(path.join(config.clientDistDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
  r.use(express.static(config.clientDistDir, { index: false, maxAge: '1h' }));
  r.get(/.*/, (req, res, next) => {
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
    res.type('html').send(renderIndexHtml(html, config, req));
  });
  return r;
}

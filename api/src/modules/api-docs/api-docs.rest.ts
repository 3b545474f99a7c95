/**
 * The REST reference (issue 18): GET /api/openapi.json (http/openapi.ts) and a reading page at
 * /api/docs with swagger-ui from node_modules, so it works offline and under our CSP (its scripts
 * are files from our origin; no inline script, no CDN).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Router, type Express } from 'express';
import { buildOpenApi } from '../../http/openapi.ts';
import { pathParam } from '../../http/rest-helpers.ts';
import { restRequirement } from '../api-tokens/token-scopes.ts';

const uiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const UI_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js']);

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Cadence REST API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><main><h1 class="visually-hidden">Cadence REST API reference</h1><div id="swagger-ui"></div></main>
<script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body></html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

function scopeOf(method: string, routePath: string): string | null {
  const req = restRequirement(method, routePath);
  return 'scope' in req ? req.scope : 'never' in req ? 'never' : null;
}

export function apiDocsRouter(): Router {
  const r = Router();
  r.get('/openapi.json', (req, res) => {
    res.json(buildOpenApi(req.app as Express, { serverUrl: req.ctx.config.publicUrl, scopeOf }));
  });
  r.get('/docs', (_req, res) => {
    res.type('html').send(PAGE);
  });
  r.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(INIT);
  });
  r.get('/docs/:file', (req, res, next) => {
    const file = pathParam(req, 'file');
    if (!UI_FILES.has(file)) return next();
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.sendFile(path.join(uiDir, file));
  });
  return r;
}

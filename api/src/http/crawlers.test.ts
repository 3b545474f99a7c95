/** Issue 22: a real robots.txt and sitemap.xml, with absolute addresses under PUBLIC_URL. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { loadConfig } from '../config.ts';
import { clientHandler } from './client.ts';
import { PUBLIC_PAGES } from './crawlers.ts';

let root: string;
let server: http.Server;
let url: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'cadence-crawlers-'));
  mkdirSync(path.join(root, 'dist'));
  writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html><html><head><title>x</title><!--cadence-boot--></head><body><div id="root"><!--app-html--></div></body></html>');
  const config = { ...loadConfig({ LOG_LEVEL: 'error', PUBLIC_URL: 'https://music.example.com/' }), clientDistDir: path.join(root, 'dist') };
  const app = express();
  app.use(clientHandler(config));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(root, { recursive: true, force: true });
});

describe('crawlers', () => {
  it('robots.txt is plain text that keeps crawlers out of the API and the app and names the sitemap', async () => {
    const res = await fetch(`${url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Disallow: \/releases$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/music\.example\.com\/sitemap\.xml$/m);
    expect(text).not.toContain('<html');
  });

  it('sitemap.xml lists every public page once, as an absolute address under PUBLIC_URL', async () => {
    const res = await fetch(`${url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PUBLIC_PAGES.map((p) => `https://music.example.com${p}`));
    expect(locs).toEqual(expect.arrayContaining(['https://music.example.com/', 'https://music.example.com/features', 'https://music.example.com/terms-of-use']));
  });

  it('an unknown path still gets the app, whose router sends it to the start page', async () => {
    const res = await fetch(`${url}/robots`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root"></div>');
  });
});

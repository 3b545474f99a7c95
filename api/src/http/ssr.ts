/**
 * Server rendering of the public pages. The client build also produces client/dist-ssr/entry-server.js
 * (client/vite.config.ts); it is imported once at start-up. When it is missing or fails to load,
 * pages are served client-only as before.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from '../config.ts';

/** What the server-rendering bundle needs to know about the brand (the same values the page gets). */
export interface SsrBoot {
  brandId: string;
  brandName: string;
  companyName: string;
  supportEmail: string;
  helpCenterUrl: string | null;
  logo: string;
}

export type SsrResult =
  | { kind: 'page'; status: number; html: string; title: string | null; description: string | null }
  | { kind: 'redirect'; status: number; location: string };

/** Per-request rendering options: the CSP nonce that the page's inline scripts must carry. */
export interface SsrOptions {
  nonce?: string;
}

export interface SsrRenderer {
  /** Paths (without query) rendered on the server. */
  paths: ReadonlySet<string>;
  render(url: string, boot: SsrBoot, options?: SsrOptions): Promise<SsrResult>;
}

interface EntryServerModule {
  render(url: string, boot: SsrBoot, options?: SsrOptions): Promise<SsrResult>;
  SERVER_RENDERED_PATHS: readonly string[];
}

/** The bundle's location: next to the browser build. */
export function ssrEntryPath(config: Pick<Config, 'clientDistDir'>): string {
  return path.join(path.dirname(config.clientDistDir), 'dist-ssr', 'entry-server.js');
}

/**
 * Imports the server-rendering bundle. Without one (client-only HTML) it resolves to null; when
 * it fails to load, to the error, which the first request logs.
 */
export async function loadSsrRenderer(config: Pick<Config, 'clientDistDir'>): Promise<SsrRenderer | Error | null> {
  const entry = ssrEntryPath(config);
  if (!existsSync(entry)) return null;
  try {
    const mod = (await import(pathToFileURL(entry).href)) as EntryServerModule;
    return { paths: new Set(mod.SERVER_RENDERED_PATHS), render: (url, boot, options) => mod.render(url, boot, options) };
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

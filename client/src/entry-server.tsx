/**
 * Server rendering of the public pages (built by `vite build` into client/dist-ssr, imported by
 * api/src/http/ssr.ts). Renders the route with react-router's static handler so the HTML the
 * server sends already holds the page's text, title and description for the request's brand.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { withServerBootConfig, type BootConfig } from './lib/boot-config';
import { deepestPageHandle, fillAppName } from './lib/page-meta';
import { routes } from './app/router';

/** The paths rendered on the server: pages readable without the app's data (issue 6). */
export const SERVER_RENDERED_PATHS: readonly string[] = [
  '/',
  '/about',
  '/features',
  '/why-level',
  '/terms-of-use',
  '/privacy-policy',
  '/cookies-policy',
  '/distribution-terms',
  '/splash',
  '/disabled',
];

export type RenderResult =
  | { kind: 'page'; status: number; html: string; title: string | null; description: string | null }
  | { kind: 'redirect'; status: number; location: string };

const handler = createStaticHandler(routes);

/** Per-request options: the CSP nonce the page's inline hydration script must carry. */
export interface RenderOptions {
  nonce?: string;
}

/** Renders one public page for the brand the server will inject into the document. */
export async function render(url: string, boot: Omit<BootConfig, 'injected'>, options: RenderOptions = {}): Promise<RenderResult> {
  const request = new Request(url, { method: 'GET' });
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  // No Apollo, as in the browser's first render: the public pages load no data layer (issue 22).
  const html = withServerBootConfig(boot, () =>
    renderToString(
      <StrictMode>
        <StaticRouterProvider router={router} context={context} nonce={options.nonce} />
      </StrictMode>,
    ),
  );
  const handle = deepestPageHandle(context.matches.map((m) => ({ handle: m.route.handle })));
  return {
    kind: 'page',
    status: context.statusCode,
    html,
    title: handle ? fillAppName(handle.pageTitle, boot.brandName) : null,
    description: handle ? fillAppName(handle.pageDescription, boot.brandName) : null,
  };
}

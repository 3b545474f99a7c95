import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type HydrationState } from 'react-router-dom';
import { App } from './app/App';
import { loadClientConfigsOnce } from './lib/environment';
import { createAppRouter, routes } from './app/router';
import { trackFetchActivity } from './app/shell/activity';
import { installErrorReports, startErrorReports } from './lib/error-reports/error-reports';
import './app/global.css';
// Issue 22: the public pages' styles come with the first stylesheet, so the server-rendered page is
// laid out right in its first frame (loaded with their page chunk, they moved everything on arrival).
import './features/marketing/marketing.css';
import './features/legal/legal.css';

// Every request counts for the global spinner (supporting §4); wrap fetch before anything fetches.
trackFetchActivity();

// Issue 24: uncaught errors are caught from the start and reported once the configuration says where.
installErrorReports();

// Core §8: load the client configuration once; the first render does not wait for it.
void loadClientConfigsOnce().then(startErrorReports);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

declare global {
  interface Window {
    /** Written by the server-rendered page (react-router's StaticRouterProvider). */
    __staticRouterHydrationData?: HydrationState;
  }
}

/**
 * A server-rendered page is hydrated: its lazy route modules are loaded first, so the first
 * client render produces the same HTML as the server did (no blank flash, no mismatch).
 */
async function hydrate(root: HTMLElement): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  const router = createBrowserRouter(routes, { hydrationData: window.__staticRouterHydrationData });
  // Issue 22: hydrating in a transition lets React yield to the browser every few milliseconds
  // instead of adopting the whole page in one long task (TBT on a slow phone); the server's HTML is
  // already on screen meanwhile, and a click on a part not yet hydrated hydrates that part first.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
  // The server lets every public page through; the browser's guards (age, force_login, lock)
  // still decide once the page is live.
  void router.revalidate();
}

if (container.dataset.ssr === 'true') {
  void hydrate(container);
} else {
  createRoot(container).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}

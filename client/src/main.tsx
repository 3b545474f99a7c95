import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type HydrationState } from 'react-router-dom';
import { App } from './app/App';
import { loadClientConfigsOnce } from './lib/environment';
import { createAppRouter, routes } from './app/router';
import { guardLoader, guardsMayAct } from './app/guards';
import { trackFetchActivity } from './app/shell/activity';
import { installErrorReports, startErrorReports } from './lib/error-reports/error-reports';
import { setHydratingServerHtml } from './ui/useHydrated';
import { afterFirstContentfulPaint } from './lib/first-paint';
import './app/global.css';
// Issue 22: the public pages' styles come with the first stylesheet, so the server-rendered page is
// laid out right in its first frame (loaded with their page chunk, they moved everything on arrival).
import './features/marketing/marketing.css';
import './features/legal/legal.css';

// Every request counts for the global spinner (supporting §4); wrap fetch before anything fetches.
trackFetchActivity();

// Issue 24: uncaught errors are caught from the start and reported once the configuration says where.
installErrorReports();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

declare global {
  interface Window {
    /** Written by the server-rendered page (react-router's StaticRouterProvider). */
    __staticRouterHydrationData?: HydrationState;
  }
}

/**
 * Gives the browser a turn (input, rendering) before going on. Issue 22: the start-up of a
 * server-rendered page runs as several short tasks instead of a few long ones, which on a slow phone
 * each blocked the page for 60 to 150 ms (Lighthouse's Total Blocking Time counts every task over 50 ms).
 */
function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `run` once, after the tree it is part of has committed (hydration included). */
function AfterCommit({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/**
 * A server-rendered page is hydrated: its lazy route modules are loaded first, so the first
 * client render produces the same HTML as the server did (no blank flash, no mismatch).
 * Each step is its own task (yieldToMain): matching and loading the page's module, creating the
 * router, hydrating (which React splits further), then the guards' revalidation.
 */
async function hydrate(root: HTMLElement): Promise<void> {
  // Issue 22: the server's page is painted before any more script is fetched; until then only the
  // entry has been asked for, so what the browser receives before the first paint is the entry
  // alone (bench/js-budget.ts), however fast the connection.
  await afterFirstContentfulPaint();
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  // The server lets every public page through; the browser's guards (age, force_login, lock) still
  // decide once the page is live, as do the loaders of a page that has one. Issue 22: only when they
  // can change something (guardsMayAct), since the revalidation re-renders the whole page.
  const mustRevalidate = guardsMayAct(window.location.pathname) || matches.some(({ route }) => route.loader && route.loader !== guardLoader);
  await yieldToMain();
  const router = createBrowserRouter(routes, { hydrationData: window.__staticRouterHydrationData });
  await yieldToMain();
  const served = router.state.location;
  let revalidated = !mustRevalidate;
  const afterHydration = () => {
    // Runs after the effects of the whole app (this component comes last), useHydrated's included.
    setHydratingServerHtml(false);
    // Says the server's page is now the app's (its handlers and watchers are live). Since the page's
    // chunks wait for the first paint, the network can fall quiet before that: e2e waits for this.
    root.dataset.hydrated = 'true';
    if (revalidated) return;
    revalidated = true;
    // Issue 22: after hydration has committed and the browser had a turn, so that its render does
    // not join hydration's last task. A navigation started meanwhile (the account layer's first-page
    // guards, a click) runs the guards itself.
    void yieldToMain().then(() => {
      if (router.state.location === served && router.state.navigation.state === 'idle') void router.revalidate();
    });
  };
  // Issue 22: hydrating in a transition lets React yield to the browser every few milliseconds
  // instead of adopting the whole page in one long task (TBT on a slow phone); the server's HTML is
  // already on screen meanwhile, and a click on a part not yet hydrated hydrates that part first.
  setHydratingServerHtml(true);
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={router} />
        <AfterCommit run={afterHydration} />
      </StrictMode>,
    );
  });
}

/** Start-up, after the entry module has been evaluated (issue 22: not in the same task). */
async function start(root: HTMLElement): Promise<void> {
  await yieldToMain();
  // Core §8: load the client configuration once; the first render does not wait for it. The
  // error reporter it chooses (Sentry's chunk, where configured) loads after the first paint.
  void loadClientConfigsOnce()
    .then(() => afterFirstContentfulPaint())
    .then(startErrorReports);
  await yieldToMain();
  if (root.dataset.ssr === 'true') await hydrate(root);
  else render(root);
}

function render(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}

void start(container);

import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, redirect, type LoaderFunction, type RouteObject } from 'react-router-dom';
import type { PageHandle } from '../lib/page-meta';
import { loadDataRuntime, withData } from '../lib/data-layer';
import { RouteError } from './RouteError';
import { AccountLayer } from './AccountLayer';
import { afterGuards, guardLoader, guardShouldRevalidate } from './guards';
import { Shell } from './Shell';

/**
 * What every page module exports: the page component (default) and its title and description; a
 * page with a main query also its loader, which preloads that query (lib/preload.ts).
 */
export interface PageModule {
  default: ComponentType;
  handle: PageHandle;
  loader?: LoaderFunction;
}

/**
 * Loads a page module on demand, so each area becomes its own chunk; with `data`, also the data
 * layer (Apollo Client), which the page gets through its own ApolloProvider (lib/data-layer.tsx).
 */
function lazyPage(load: () => Promise<PageModule>, data: boolean): RouteObject['lazy'] {
  return async () => {
    // The data layer first, then the page: the guards load the same data layer for this navigation
    // (one shared promise), and the page's own imports of Apollo then find it loaded.
    if (data) await loadDataRuntime();
    const module = await load();
    const Component = data ? await withData(Promise.resolve(module.default)) : module.default;
    return { Component, handle: module.handle, ...(module.loader ? { loader: afterGuards(module.loader) } : {}) };
  };
}

/** A page of the app: it loads with the data layer. */
const page = (load: () => Promise<PageModule>) => lazyPage(load, true);

/** A public page (issue 22): it queries nothing, so it ships with React and the router only. */
const publicPage = (load: () => Promise<PageModule>) => lazyPage(load, false);

/** Core §2 route table. Every path matches exactly; anything else goes to the start page. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Shell,
    // Issue 22: on a first load that the server did not render, the frame itself stands in until the
    // guards and the page's chunk are in (the same component, so it stays mounted when the page comes):
    // on the app's pages it shows with the page's skeleton, elsewhere nothing (Shell.tsx).
    HydrateFallback: Shell,
    ErrorBoundary: RouteError,
    children: [
      {
        // A page that fails keeps the frame (navigation, footer) around its error message.
        ErrorBoundary: RouteError,
        // Issue 4: the account layer (sign-in dialog, acting-as banner) and the route guards.
        Component: AccountLayer,
        loader: guardLoader,
        shouldRevalidate: guardShouldRevalidate,
        children: [
          { index: true, lazy: publicPage(() => import('../features/marketing/HomePage')) },
          { path: 'about', lazy: publicPage(() => import('../features/marketing/AboutPage')) },
          { path: 'features', lazy: publicPage(() => import('../features/marketing/FeaturesPage')) },
          { path: 'why-level', lazy: publicPage(() => import('../features/marketing/WhyLevelPage')) },
          { path: 'terms-of-use', lazy: publicPage(() => import('../features/legal/TermsOfUsePage')) },
          { path: 'privacy-policy', lazy: publicPage(() => import('../features/legal/PrivacyPolicyPage')) },
          { path: 'cookies-policy', lazy: publicPage(() => import('../features/legal/CookiesPolicyPage')) },
          { path: 'distribution-terms', lazy: publicPage(() => import('../features/legal/DistributionTermsPage')) },
          { path: 'reset-password', lazy: page(() => import('../features/auth/ResetPasswordPage')) },
          { path: 'verify-email', lazy: page(() => import('../features/auth/VerifyEmailPage')) },
          { path: 'split-invitation', lazy: page(() => import('../features/releases/SplitInvitationPage')) },
          { path: 'confirm-email-change', lazy: page(() => import('../features/auth/ConfirmEmailChangePage')) },
          { path: 'support', lazy: page(() => import('../features/support/SupportPage')) },
          { path: 'support/review', lazy: page(() => import('../features/support/review/ReviewQueuePage')) },
          { path: 'support/system', lazy: page(() => import('../features/support/SystemPage')) },
          { path: 'support/roster', lazy: page(() => import('../features/support/roster/RosterImportPage')) },
          { path: 'support/review/:id', lazy: page(() => import('../features/support/review/ReviewPage')) },
          { path: 'support/users/:id', lazy: page(() => import('../features/support/users/AccountPage')) },
          { path: 'support/store-endpoints', lazy: page(() => import('../features/support/admin/StoreEndpointsPage')) },
          { path: 'captcha', lazy: page(() => import('../features/auth/captcha/CaptchaPage')) },
          {
            path: 'on-boarding',
            children: [
              { index: true, lazy: page(() => import('../features/account/on-boarding/OnBoardingPage')) },
              { path: 'review', lazy: page(() => import('../features/account/on-boarding/OnBoardingReviewPage')) },
              { path: 'congrats', lazy: page(() => import('../features/account/on-boarding/OnBoardingCongratsPage')) },
            ],
          },
          {
            path: 'releases',
            // The ids name the routes whose first load shows a skeleton (shell/PendingPage.tsx).
            children: [
              { id: 'releases', index: true, lazy: page(() => import('../features/releases/ReleasesPage')) },
              { id: 'release-edit', path: 'edit', lazy: page(() => import('../features/releases/ReleaseEditPage')) },
              { path: 'submitted', lazy: page(() => import('../features/releases/ReleaseSubmittedPage')) },
              { path: 'import', lazy: page(() => import('../features/releases/ImportCatalogPage')) },
              { path: 'import/:jobId', lazy: page(() => import('../features/releases/CatalogImportPage')) },
              { id: 'release', path: ':id', lazy: page(() => import('../features/releases/ReleasePage')) },
            ],
          },
          { path: 'sales', lazy: page(() => import('../features/sales/SalesPage')) },
          { path: 'trends', lazy: page(() => import('../features/trends/TrendsPage')) },
          { path: 'settings', lazy: page(() => import('../features/account/settings/SettingsPage')) },
          { path: 'single-signup', lazy: page(() => import('../features/single-signup/SingleSignupPage')) },
          { path: 'choose-your-plan', lazy: page(() => import('../features/choose-your-plan/ChooseYourPlanPage')) },
          { path: 'disabled', lazy: publicPage(() => import('../features/disabled/DisabledPage')) },
          { path: 'splash', lazy: publicPage(() => import('../features/splash/SplashPage')) },
          // The loader redirects before anything renders (and lets a server answer with a redirect);
          // the element covers a render that happens before the loader has run.
          { path: '*', loader: () => redirect('/'), element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

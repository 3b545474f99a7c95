/**
 * Route guards (core §2, §4, §8): one loader on the layer around every page decides, from the path,
 * the person and a few cookies, whether the page may show or where to go instead. The decision is a
 * pure function (decideRoute) so every rule is tested without a browser.
 */
import { isPathAllowedWhenAgeRestricted } from '@cadence/domain/age';
import { onboardingRedirect } from '@cadence/domain/onboarding-steps';
import { redirect, type LoaderFunction, type LoaderFunctionArgs } from 'react-router-dom';
import {
  AGE_RESTRICTED_COOKIE,
  deleteCookie,
  FORCE_LOGIN_COOKIE,
  isLockRemembered,
  readCookie,
  rememberWantedUrl,
} from '../lib/session';
import type { GuardViewerQuery as GuardViewerResult } from '../gql/graphql';
import { loadDataRuntime } from '../lib/data-layer';
import { noteSessionStarted } from '../lib/session-hint';

export type GuardViewer = NonNullable<GuardViewerResult['viewer']>;

/** Where the sign-in dialog opens (core §2). */
export const LOGIN_URL = '/?login=login';

const startsWithSegment = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Pages that need a valid session (core §6): on-boarding, releases, sales, trends, settings, and the support area. */
export function isProtectedPath(pathname: string): boolean {
  return ['/on-boarding', '/releases', '/sales', '/trends', '/settings', '/support'].some((p) => startsWithSegment(pathname, p));
}

/** Pages the on-boarding guard watches: the app's own pages (settings stay reachable, e.g. to delete the account). */
function isOnboardingGuardedPath(pathname: string): boolean {
  return ['/releases', '/sales', '/trends'].some((p) => startsWithSegment(pathname, p));
}

export interface GuardInput {
  pathname: string;
  search: string;
  viewer: GuardViewer | null;
  ageRestricted: boolean;
  forceLogin: boolean;
  lockRemembered: boolean;
}

export interface GuardOutcome {
  /** Where to go instead; absent when the page may show. */
  redirect?: string;
  /** Remember this URL so sign-in can return to it. */
  rememberWanted?: string;
  /** Delete the force_login cookie (it has been acted on). */
  consumeForceLogin?: boolean;
}

function requestedStep(search: string): number {
  const value = new URLSearchParams(search).get('step');
  return value !== null && /^\d+$/.test(value) ? Number(value) : 1;
}

/**
 * The guards in order: under-13 (only /disabled), force_login (to /releases), locked (to /captcha),
 * blocked (only /disabled), valid token (remember the URL, open sign-in), staff-only support area,
 * on-boarding (first incomplete step), analytics (to /releases).
 */
export function decideRoute({ pathname, search, viewer, ageRestricted, forceLogin, lockRemembered }: GuardInput): GuardOutcome {
  const outcome: GuardOutcome = {};
  const go = (to: string): GuardOutcome => (to === `${pathname}${search}` ? outcome : { ...outcome, redirect: to });
  if (ageRestricted) return isPathAllowedWhenAgeRestricted(pathname) ? outcome : go('/disabled');
  if (forceLogin) {
    outcome.consumeForceLogin = true;
    if (viewer && pathname !== '/releases') return go('/releases');
  }
  if ((lockRemembered || viewer?.isLocked === true) && pathname !== '/captcha') return go('/captcha');
  if (viewer && viewer.status !== 'ACTIVE') return pathname === '/disabled' ? outcome : go('/disabled');
  if (!isProtectedPath(pathname)) return outcome;
  if (!viewer) return { ...go(LOGIN_URL), rememberWanted: `${pathname}${search}` };
  const isStaff = viewer.role !== 'USER';
  if (startsWithSegment(pathname, '/support')) return isStaff ? outcome : go('/releases');
  if (!isStaff) {
    const toOnboarding = onboardingRedirect(viewer.onboarding);
    if (toOnboarding !== null) {
      if (isOnboardingGuardedPath(pathname) || (startsWithSegment(pathname, '/on-boarding') && pathname !== '/on-boarding')) return go(toOnboarding);
      if (pathname === '/on-boarding') {
        const first = toOnboarding === '/on-boarding' ? 1 : requestedStep(toOnboarding.slice(toOnboarding.indexOf('?')));
        if (requestedStep(search) > first) return go(toOnboarding);
      }
    }
  }
  if (pathname === '/trends' && viewer.isAnalyticsDisabled) return go('/releases');
  return outcome;
}

/** What the loader needs from the browser; tests replace it. */
export interface GuardServices {
  loadViewer(): Promise<GuardViewer | null>;
  cookie(name: string): string | null;
  deleteCookie(name: string): void;
  lockRemembered(): boolean;
  rememberWantedUrl(url: string): void;
}

/**
 * The guard's question. Declared with the GraphQL magic comment (codegen types it as
 * GuardViewerDocument) and asked through the app's Apollo Client, which is loaded only when a guard
 * needs the viewer: the public pages' first load stays without the data layer (issue 22).
 */
export const GUARD_VIEWER_QUERY = /* GraphQL */ `
  query GuardViewer {
    viewer {
      id
      role
      status
      isLocked
      isAnalyticsDisabled
      onboarding {
        name
        contacts
        distribution
      }
    }
  }
`;

/** The browser's guard services: a fresh viewer through Apollo Client (a failure counts as signed out), real cookies and storage. */
export const browserGuardServices: GuardServices = {
  async loadViewer() {
    const { queryGuardViewer } = await loadDataRuntime();
    const viewer = await queryGuardViewer();
    // A session the page did not start with (a token link signed the person in): the frame asks too.
    if (viewer) noteSessionStarted();
    return viewer;
  },
  cookie: (name) => readCookie(name),
  deleteCookie,
  lockRemembered: isLockRemembered,
  rememberWantedUrl,
};

/** Each navigation's guard decision, so the page's loader can wait for it (afterGuards). */
const decisions = new WeakMap<Request, Promise<null>>();

/** Builds the guard loader. On the server (public pages only are rendered there) it lets everything through. */
export function createGuardLoader(services: GuardServices = browserGuardServices) {
  const decide = async ({ request }: LoaderFunctionArgs): Promise<null> => {
    if (typeof document === 'undefined') return null;
    const url = new URL(request.url);
    const forceLogin = services.cookie(FORCE_LOGIN_COOKIE) !== null;
    const ageRestricted = services.cookie(AGE_RESTRICTED_COOKIE) !== null;
    const needsViewer = !ageRestricted && (forceLogin || isProtectedPath(url.pathname));
    const viewer = needsViewer ? await services.loadViewer() : null;
    const outcome = decideRoute({
      pathname: url.pathname,
      search: url.search,
      viewer,
      ageRestricted,
      forceLogin,
      lockRemembered: services.lockRemembered(),
    });
    if (outcome.consumeForceLogin) services.deleteCookie(FORCE_LOGIN_COOKIE);
    if (outcome.rememberWanted) services.rememberWantedUrl(outcome.rememberWanted);
    if (outcome.redirect) throw redirect(outcome.redirect);
    return null;
  };
  return (args: LoaderFunctionArgs): Promise<null> => {
    const decision = decide(args);
    decisions.set(args.request, decision);
    return decision;
  };
}

/**
 * A page's loader, run once the guards let the page show: react-router runs a navigation's loaders
 * side by side (one request object), and a page's preloaded query must not go out for a visitor
 * the guards send elsewhere. On the server (public pages only) page loaders do nothing.
 */
export function afterGuards(loader: LoaderFunction): LoaderFunction {
  return async (args, context) => {
    if (typeof document === 'undefined') return null;
    try {
      await decisions.get(args.request);
    } catch {
      // The guard redirects: its loader's answer wins, nothing to preload.
      return null;
    }
    return loader(args, context);
  };
}

/**
 * Whether the guard loader, run in the browser on `pathname`, could do anything but let the page
 * through: only a force_login or age_restricted cookie, a remembered lock or a page that needs a
 * session can make it redirect, ask for the viewer or touch a cookie (decideRoute). Without them its
 * answer is the server's, and main.tsx does not revalidate a server-rendered page (issue 22: that
 * revalidation re-rendered the whole page after hydration).
 */
export function guardsMayAct(pathname: string, services: Pick<GuardServices, 'cookie' | 'lockRemembered'> = browserGuardServices): boolean {
  return (
    services.cookie(FORCE_LOGIN_COOKIE) !== null ||
    services.cookie(AGE_RESTRICTED_COOKIE) !== null ||
    services.lockRemembered() ||
    isProtectedPath(pathname)
  );
}

/** The app's guard loader. */
export const guardLoader = createGuardLoader();

/** Guards re-run on every navigation (core §2: "guards re-run always"), not only when params change. */
export const guardShouldRevalidate = () => true;

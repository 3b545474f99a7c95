import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { setUnauthenticatedHandler } from '../lib/unauthenticated';
import { useShellViewer, withData } from '../lib/data-layer';
import { useHydrated } from '../ui/useHydrated';
import { decideRoute, isProtectedPath, LOGIN_URL } from './guards';
import { setUnauthorizedHandler } from '../lib/rest';
import { AGE_RESTRICTED_COOKIE, clearLocalAccountData, FORCE_LOGIN_COOKIE, isLockRemembered, readCookie, reloadAt, rememberWantedUrl } from '../lib/session';

/**
 * Core §8: a 401 (or UNAUTHENTICATED) on any call except sign-in signs the person out: local data
 * is cleared; on a page that needs a session the URL is remembered and sign-in opens.
 */
export function handleSessionEnded(): void {
  clearLocalAccountData();
  const { pathname, search } = window.location;
  if (!isProtectedPath(pathname)) return;
  rememberWantedUrl(`${pathname}${search}`);
  reloadAt(LOGIN_URL);
}

// Loaded after the page shows: they bring forms, validators and GraphQL documents the start page
// does not need before its first paint.
// They exist only in the browser (after hydration), so the server's HTML holds no failed boundary.
const ImpersonationBanner = lazy(async () => ({ default: await withData(import('../features/support/ImpersonationBanner').then((m) => m.ImpersonationBanner)) }));
const AuthDialogHost = lazy(async () => ({ default: await withData(import('../features/auth/AuthDialog').then((m) => m.AuthDialogHost)) }));

setUnauthorizedHandler(handleSessionEnded);
setUnauthenticatedHandler(handleSessionEnded);

/**
 * The account layer around every page: the sign-in dialog, the acting-as banner, and for pages the
 * server rendered (whose loaders ran there) the cookie-driven guards once in the browser.
 */
export function AccountLayer() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // Each loads (with the data layer) only when it can show something: the sign-in dialog for
  // ?login=login or signup, the acting-as banner for a signed-in session (issue 22).
  const login = new URLSearchParams(search).get('login');
  const wantsAuthDialog = login === 'login' || login === 'signup';
  const signedIn = useShellViewer().status === 'signed-in';
  useEffect(() => {
    const outcome = decideRoute({
      pathname,
      search,
      viewer: null,
      ageRestricted: readCookie(AGE_RESTRICTED_COOKIE) !== null,
      forceLogin: false,
      lockRemembered: isLockRemembered(),
    });
    if (outcome.redirect && !isProtectedPath(pathname)) navigate(outcome.redirect, { replace: true });
    else if (readCookie(FORCE_LOGIN_COOKIE) !== null && pathname !== '/releases') navigate('/releases', { replace: true });
    // Only the first page: later navigations run the guard loader in the browser.
  }, []);
  return (
    <>
      {hydrated && signedIn && (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      )}
      <Outlet />
      {hydrated && wantsAuthDialog && (
        <Suspense fallback={null}>
          <AuthDialogHost />
        </Suspense>
      )}
    </>
  );
}

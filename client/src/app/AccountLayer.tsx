import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { setUnauthenticatedHandler } from '../lib/apollo';
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
const ImpersonationBanner = lazy(() => import('../features/support/ImpersonationBanner').then((m) => ({ default: m.ImpersonationBanner })));
const AuthDialogHost = lazy(() => import('../features/auth/AuthDialog').then((m) => ({ default: m.AuthDialogHost })));

setUnauthorizedHandler(handleSessionEnded);
setUnauthenticatedHandler(handleSessionEnded);

/**
 * The account layer around every page: the sign-in dialog, the acting-as banner, and for pages the
 * server rendered (whose loaders ran there) the cookie-driven guards once in the browser.
 */
export function AccountLayer() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
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
      <Suspense fallback={null}>
        <ImpersonationBanner />
      </Suspense>
      <Outlet />
      <Suspense fallback={null}>
        <AuthDialogHost />
      </Suspense>
    </>
  );
}

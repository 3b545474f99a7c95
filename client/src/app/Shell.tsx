import { isMainNavHidden, isSignedInNavPath } from '@cadence/domain/shell';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ScrollRestoration, useLocation, useOutlet, type Location } from 'react-router-dom';
import { AlertsList } from '../ui/alerts/AlertsList';
import { AlertsProvider } from '../ui/alerts/AlertsProvider';
import { BannersArea } from './shell/BannersArea';
import { InAppOverlays } from '../features/in-app-messages/InAppMessages';
import { InAppMessagesProvider } from '../features/in-app-messages/InAppMessagesProvider';
import { ScreenSaver } from '../features/screen-saver/ScreenSaver';
import { BrowserNotice } from './shell/BrowserNotice';
import { Footer } from './shell/Footer';
import { GlobalSpinner } from './shell/GlobalSpinner';
import { Nav } from './shell/Nav';
import { PendingPage } from './shell/PendingPage';
import { PageMeta } from './shell/PageMeta';
import { ScrollToTop } from './shell/ScrollToTop';
import { SkipLink } from './shell/SkipLink';
import { isExternalNavHidden, isFooterHidden } from './shell/visibility';
import type { ViewerState } from '../lib/viewer';
import { INITIAL_SHELL_DATA, ShellDataProvider, withData, type ShellData } from '../lib/data-layer';
import { useMaySignedIn } from '../lib/session-hint';
import { useHydrated } from '../ui/useHydrated';
import { setErrorReportViewer } from '../lib/error-reports/error-reports';
import './shell/shell.css';
import '../ui/ui.css';

// Only signed-in people on the app's pages need it: it stays out of the start page's first load.
const SignedInNav = lazy(async () => ({ default: await withData(import('./shell/SignedInNav').then((m) => m.SignedInNav)) }));
// Who is signed in: asked through the data layer once the page is live (issue 22).
const ShellDataProbe = lazy(async () => ({ default: (await import('../lib/data-runtime')).ShellDataProbe }));

/** The frame's data when the server said the request had no session: a visitor, no question asked. */
const VISITOR_DATA: ShellData = { viewer: { status: 'visitor', viewer: null }, brand: null };

/** Holds the signed-in navigation's place while it loads, so the page below does not move. */
function NavPlaceholder() {
  return <div className="site-header site-header--app" aria-hidden="true" />;
}

/** Saved positions are per path, so a change of query alone keeps the position (core §2). */
const scrollKey = (location: Location) => location.pathname;

/**
 * Core §2: the signed-in navigation on the app's pages, the external menu elsewhere (except where
 * it is hidden) and for visitors who reach an app page before its guard sends them away; nothing
 * on the home page, /disabled, /on-boarding and /splash.
 */
function Navigation({ pathname, viewer }: { pathname: string; viewer: ViewerState }) {
  if (isMainNavHidden(pathname)) return null;
  if (isSignedInNavPath(pathname)) {
    if (viewer.status === 'signed-in')
      return (
        <Suspense fallback={<NavPlaceholder />}>
          <SignedInNav viewer={viewer.viewer} />
        </Suspense>
      );
    // Until we know, hold the menu's place rather than flash "Sign in" at a signed-in person.
    if (viewer.status === 'loading') return <NavPlaceholder />;
  }
  if (isExternalNavHidden(pathname)) return null;
  return <Nav signedIn={viewer.status === 'signed-in'} />;
}

/**
 * The frame around every page: banners, navigation, alerts, main landmark, footer, overlays.
 *
 * It is also the root route's HydrateFallback (router.tsx): on a first load the server did not
 * render (the app's pages), the router renders it without a page until the guards, the page's chunk
 * and its data are in; its outlet is then null. On the app's pages, for someone who may be signed in,
 * the frame shows at once with the page's skeleton in its main area (its footer lies below the fold,
 * so nothing moves when the page comes); elsewhere nothing shows until the page can (issue 22). Being
 * the same component, the frame stays mounted when the page arrives.
 */
export function Shell() {
  const { pathname } = useLocation();
  const outlet = useOutlet();
  const firstLoad = outlet === null;
  const [probed, setData] = useState(INITIAL_SHELL_DATA);
  const hydrated = useHydrated();
  // Without a session cookie the data layer (Apollo, 41 KB, and its query) is not loaded at all:
  // on a public page its tasks were most of the mobile Total Blocking Time (issue 22).
  const maySignedIn = useMaySignedIn();
  const data = hydrated && !maySignedIn ? VISITOR_DATA : probed;
  const viewer = data.viewer;
  const viewerId = viewer.status === 'signed-in' ? viewer.viewer.id : null;
  // Error reports carry who is signed in (issue 24).
  useEffect(() => {
    if (viewer.status !== 'loading') setErrorReportViewer(viewerId);
  }, [viewer.status, viewerId]);
  if (firstLoad && !(isSignedInNavPath(pathname) && maySignedIn)) return null;
  return (
    <ShellDataProvider value={data}>
      <AlertsProvider>
        <InAppMessagesProvider>
          <SkipLink />
          <BannersArea viewer={viewer.viewer} />
          <Navigation pathname={pathname} viewer={viewer} />
          <AlertsList />
          {/* On the app's pages the footer starts below the fold, so it does not jump when the page's data arrives. */}
          <main id="main" tabIndex={-1} className={isSignedInNavPath(pathname) ? 'main--app' : undefined}>
            {firstLoad ? <PendingPage /> : outlet}
          </main>
          {!isFooterHidden(pathname) && <Footer />}
          <GlobalSpinner />
          <InAppOverlays />
          <ScreenSaver />
          <BrowserNotice />
          <PageMeta />
          {/* ScrollToTop must come after ScrollRestoration: its layout effect runs last and wins. */}
          <ScrollRestoration getKey={scrollKey} />
          <ScrollToTop />
          {hydrated && maySignedIn && (
            <Suspense fallback={null}>
              <ShellDataProbe onChange={setData} />
            </Suspense>
          )}
        </InAppMessagesProvider>
      </AlertsProvider>
    </ShellDataProvider>
  );
}

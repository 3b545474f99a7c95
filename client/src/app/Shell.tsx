import { isMainNavHidden, isSignedInNavPath } from '@cadence/domain/shell';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation, type Location } from 'react-router-dom';
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
import { PageMeta } from './shell/PageMeta';
import { ScrollToTop } from './shell/ScrollToTop';
import { SkipLink } from './shell/SkipLink';
import { isExternalNavHidden, isFooterHidden } from './shell/visibility';
import { useViewer, type ViewerState } from '../lib/viewer';
import './shell/shell.css';
import '../ui/ui.css';

// Only signed-in people on the app's pages need it: it stays out of the start page's first load.
const SignedInNav = lazy(() => import('./shell/SignedInNav').then((m) => ({ default: m.SignedInNav })));

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
        <Suspense fallback={<div className="site-header" aria-hidden="true" />}>
          <SignedInNav viewer={viewer.viewer} />
        </Suspense>
      );
    // Until we know, show no menu rather than flash "Sign in" at a signed-in person.
    if (viewer.status === 'loading') return null;
  }
  if (isExternalNavHidden(pathname)) return null;
  return <Nav signedIn={viewer.status === 'signed-in'} />;
}

/** The frame around every page: banners, navigation, alerts, main landmark, footer, overlays. */
export function Shell() {
  const { pathname } = useLocation();
  const viewer = useViewer();
  return (
    <AlertsProvider>
      <InAppMessagesProvider>
        <SkipLink />
        <BannersArea viewer={viewer.viewer} />
        <Navigation pathname={pathname} viewer={viewer} />
        <AlertsList />
        <main id="main" tabIndex={-1}>
          <Outlet />
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
      </InAppMessagesProvider>
    </AlertsProvider>
  );
}

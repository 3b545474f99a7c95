import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Core §2: scroll to the top when the path (not the query) changes. Back and forward (POP) keep
 * the position <ScrollRestoration/> restored. Focus moves to <main> so screen readers start
 * reading the new page, without scrolling.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);

  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (navigationType === 'POP') return;
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname, navigationType]);

  return null;
}

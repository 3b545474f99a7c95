import { startTransition, useEffect, useState } from 'react';

/** Whether the server's HTML is being hydrated (main.tsx sets it until hydration has committed). */
let hydratingServerHtml = false;

/** main.tsx: on while a server-rendered page hydrates, off once hydration has committed. */
export function setHydratingServerHtml(value: boolean): void {
  hydratingServerHtml = value;
}

/**
 * False during server rendering and the client's first (hydrating) render, true from the next
 * render on. Parts that exist only in the browser (lazily loaded, or reading browser state) wait
 * for it, so the server's HTML is exactly the client's first render (issue 22: no failed Suspense
 * boundaries, no hydration mismatch, no shift).
 *
 * After hydrating the server's HTML the switch is a transition: as an ordinary update from
 * hydration's effects it re-rendered the whole frame in one task React could not split (issue 22:
 * 35 ms on /features, 140 ms on Lighthouse's slowed-down phone); as a transition React renders it in
 * slices. On a first load the browser renders itself (the app's pages) it stays an ordinary update:
 * there the frame's signed-in parts must not wait behind the page's own updates (a later switch
 * moved the release editor's menu and panels at 375 px, e2e layout-shift.spec.ts).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (hydratingServerHtml) startTransition(() => setHydrated(true));
    else setHydrated(true);
  }, []);
  return hydrated;
}

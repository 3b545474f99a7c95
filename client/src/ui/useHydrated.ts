import { startTransition, useEffect, useState } from 'react';

/**
 * False during server rendering and the client's first (hydrating) render, true from the next
 * render on. Parts that exist only in the browser (lazily loaded, or reading browser state) wait
 * for it, so the server's HTML is exactly the client's first render (issue 22: no failed Suspense
 * boundaries, no hydration mismatch, no shift).
 *
 * The switch is a transition: set from hydration's effects as an ordinary update, it re-rendered
 * the whole frame in one task that React could not split (issue 22: a 35 ms task after hydration on
 * /features, 140 ms on Lighthouse's slowed-down phone). As a transition React renders it in slices
 * and lets input go first.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}

import { useEffect, useState } from 'react';

/**
 * False during server rendering and the client's first (hydrating) render, true from the next
 * render on. Parts that exist only in the browser (lazily loaded, or reading browser state) wait
 * for it, so the server's HTML is exactly the client's first render (issue 22: no failed Suspense
 * boundaries, no hydration mismatch, no shift).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

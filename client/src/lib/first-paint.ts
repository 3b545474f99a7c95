/**
 * Issue 22: resolves once the browser has painted the page's first content (its
 * `first-contentful-paint` entry), so that code fetched after it cannot hold that paint back or
 * compete with it for the network. On a slow connection the entry is long there by the time the
 * app asks (a buffered entry answers at once); on a fast one this waits at most a frame or two.
 *
 * It does not wait where waiting could never end or would only cost: no Paint Timing support, a
 * page already hidden (a background tab paints nothing until it is shown), or after `timeoutMs`.
 */
export function afterFirstContentfulPaint(timeoutMs = 1000, env: PaintEnv = browserEnv()): Promise<void> {
  return new Promise((resolve) => {
    const { Observer, hidden } = env;
    if (!Observer || !Observer.supportedEntryTypes?.includes('paint') || hidden()) {
      resolve();
      return;
    }
    const observer = new Observer((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) finish();
    });
    function finish() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    const timer = setTimeout(finish, timeoutMs);
    // buffered: an entry recorded before this call is delivered too.
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** What the wait needs from the browser (tests pass their own). */
export interface PaintEnv {
  Observer: (typeof PerformanceObserver & { supportedEntryTypes?: readonly string[] }) | undefined;
  hidden: () => boolean;
}

function browserEnv(): PaintEnv {
  return {
    Observer: typeof PerformanceObserver === 'undefined' ? undefined : PerformanceObserver,
    hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  };
}

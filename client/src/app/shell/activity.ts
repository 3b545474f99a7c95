/**
 * Request activity for the global spinner. Every fetch (Apollo's and the REST client's both go
 * through the global fetch) reports its start and end here once `trackFetchActivity` wrapped it.
 */
type Listener = (event: { type: 'started' | 'finished'; id: string }) => void;

const listeners = new Set<Listener>();
let counter = 0;

/** Subscribes to request starts and ends; returns the unsubscribe function. */
export function onRequestActivity(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reports one request's lifetime. */
export async function trackRequest<T>(work: () => Promise<T>): Promise<T> {
  counter += 1;
  const id = `request-${counter}`;
  listeners.forEach((l) => l({ type: 'started', id }));
  try {
    return await work();
  } finally {
    listeners.forEach((l) => l({ type: 'finished', id }));
  }
}

let installed = false;

/** Wraps the global fetch once so that every request counts as activity. */
export function trackFetchActivity(target: { fetch: typeof fetch } = globalThis): void {
  if (installed || typeof target.fetch !== 'function') return;
  installed = true;
  const original = target.fetch.bind(target);
  target.fetch = (input, init) => trackRequest(() => original(input, init));
}

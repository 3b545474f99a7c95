/**
 * Whether anyone can be signed in on this page (issue 22). The session cookie is HttpOnly, so the
 * server tells the page whether its request carried one (window.__CADENCE__.session). Without one,
 * the frame knows the visitor is signed out and loads no data layer to ask; a sign-in or sign-up
 * in the page, or a guard that finds a viewer, switches it back to asking.
 */
import { useSyncExternalStore } from 'react';

let started = false;
const listeners = new Set<() => void>();

/** False only when the server said the request had no session cookie and no session has started since. */
export function maySignedIn(): boolean {
  if (started || typeof window === 'undefined') return true;
  return window.__CADENCE__?.session !== false;
}

/** A session started in this page (sign-in, sign-up, or a guard saw a viewer): the frame asks who it is. */
export function noteSessionStarted(): void {
  if (started) return;
  started = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The hook form of maySignedIn; true during server rendering and hydration (the server's HTML does not depend on it). */
export function useMaySignedIn(): boolean {
  return useSyncExternalStore(subscribe, maySignedIn, () => true);
}

/** The routes an express app serves, read from its router stack (the security suite and the OpenAPI document use it). */
import type { Express } from 'express';

export interface Route {
  method: string;
  /** The express path pattern, mounts included (e.g. /api/releases/:id). */
  path: string;
  /** Names of the route's own handlers, guards first (e.g. staffOnly, adminOnly): what the security suite reads a route's audience from. */
  handlers: string[];
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack?: { name?: string }[] };
  handle: { stack?: Layer[] };
  rawPath?: string | RegExp | (string | RegExp)[];
}

/** Every method and path the app routes, walking the express 5 router stack (mounted routers included). */
export function routeTable(app: Express): Route[] {
  const out: Route[] = [];
  const join = (a: string, b: string) => (a + b).replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on && method !== '_all') out.push({ method: method.toUpperCase(), path: join(prefix, p), handlers: (layer.route.stack ?? []).map((h) => h.name ?? '') });
          }
        }
      } else if (layer.handle.stack) {
        const mounts = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath ?? '/'];
        for (const m of mounts) {
          if (typeof m !== 'string') throw new Error(`routeTable: a router mounted on a RegExp (${String(m)}) cannot be enumerated`);
          walk(layer.handle.stack, join(prefix, m === '/' ? '' : m));
        }
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return out;
}


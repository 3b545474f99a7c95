/**
 * Lets services behind GraphQL set and clear cookies: the GraphQL context is `req.ctx`, which
 * carries no response, so authenticate() binds the request and response to the context here.
 * Services call these helpers; outside HTTP (jobs, scripts) they do nothing.
 */
import type { CookieOptions, Request, Response } from 'express';
import type { AppContext } from '../../context.ts';

// An enumerable symbol property, because Apollo shallow-clones the context per operation (a
// WeakMap keyed by the original object would miss the clone).
const HTTP = Symbol('http');
type Bound = { req: Request; res: Response };
const bound = {
  get: (ctx: AppContext): Bound | undefined => (ctx as AppContext & { [HTTP]?: Bound })[HTTP],
};

/** Remembers the HTTP exchange a context belongs to (called once per request). */
export function bindHttp(ctx: AppContext, req: Request, res: Response): void {
  (ctx as AppContext & { [HTTP]?: Bound })[HTTP] = { req, res };
}

/** Client address and browser of the request, for sessions, rate limits and audit. */
export function requestMeta(ctx: AppContext): { ip?: string; userAgent?: string } {
  const http = bound.get(ctx);
  if (!http) return {};
  return { ip: http.req.ip, userAgent: http.req.headers['user-agent'] };
}

/** A cookie the request carried. */
export function requestCookie(ctx: AppContext, name: string): string | undefined {
  const header = bound.get(ctx)?.req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Sets a cookie on the response. */
export function setCookie(ctx: AppContext, name: string, value: string, options: CookieOptions): void {
  bound.get(ctx)?.res.cookie(name, value, options);
}

/** Clears a cookie on the response. */
export function clearCookie(ctx: AppContext, name: string, options: CookieOptions = { path: '/' }): void {
  bound.get(ctx)?.res.clearCookie(name, options);
}

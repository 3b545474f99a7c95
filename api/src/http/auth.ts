/**
 * Authentication and CSRF protection for both transports. A request is authenticated by the
 * session cookie or by a Bearer API token. Cookie-authenticated writes must prove they come from
 * our own pages: a cross-site Origin is refused, and the body must be JSON or carry the
 * preflight header (a plain HTML form can send neither), which is what Apollo's csrfPrevention
 * also demands of GraphQL.
 */
import { parseCookie } from 'cookie';
import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config.ts';
import type { AppContext, Viewer } from '../context.ts';

/**
 * How a request proves who it is. The auth module implements it (sessions, API tokens); this kit
 * only reads the headers and calls it, so it imports no module.
 */
export interface RequestAuthenticator {
  /** The session cookie's name. */
  sessionCookie: string;
  /** Binds the HTTP exchange to the context, so services can read the client's address and set cookies. */
  bind(ctx: AppContext, req: Request, res: Response): void;
  /** The viewer a personal API token stands for (null when unknown, revoked or expired). */
  fromApiToken(ctx: AppContext, token: string): Promise<Viewer | null>;
  /** The viewer of a session cookie (null when unknown or expired). */
  fromSession(ctx: AppContext, token: string): Promise<Viewer | null>;
}

/** Reads one cookie from the Cookie header (the `cookie` package's parser; the first of duplicates wins). */
export function readCookie(req: Pick<Request, 'headers'>, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  return parseCookie(header)[name];
}

/** Cookie attributes for the session cookie. */
export function sessionCookieOptions(config: Config, expires?: Date) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.env.production, path: '/', ...(expires ? { expires } : {}) };
}

/** Sets req.ctx.viewer from the Bearer token or the session cookie. */
export function authenticate(authenticator: RequestAuthenticator) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      authenticator.bind(req.ctx, req, res);
      const auth = req.headers.authorization;
      if (auth?.startsWith('Bearer ')) {
        req.ctx.viewer = await authenticator.fromApiToken(req.ctx, auth.slice(7).trim());
        req.authMethod = 'bearer';
      } else {
        const token = readCookie(req, authenticator.sessionCookie);
        if (token) {
          req.ctx.viewer = await authenticator.fromSession(req.ctx, token);
          req.authMethod = 'cookie';
        }
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * True when a request provably comes from one of our own pages (or the address bar): the
 * browser's Sec-Fetch-Site says so, or, from browsers that do not send it, the Origin or Referer
 * names our host. A request that proves nothing is not same-origin.
 */
export function isSameOriginRequest(req: Pick<Request, 'headers'>): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const source = req.headers.origin ?? req.headers.referer;
  if (!source || source === 'null') return false;
  try {
    return new URL(source).host === req.headers.host;
  } catch {
    return false;
  }
}

/**
 * Lets a GET that changes state through only from our own pages, so that another site cannot
 * trigger it with an image or a link (the legacy GET /api/auth/logout).
 */
export function sameOriginOnly() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.authMethod === 'bearer' || isSameOriginRequest(req)) return next();
    res.status(403).json({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
  };
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses cross-site writes on cookie-authenticated requests (REST; GraphQL has Apollo's own). */
export function csrfGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE.has(req.method) || req.authMethod === 'bearer') return next();
    const origin = req.headers.origin;
    if (origin && origin !== 'null') {
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      if (host !== req.headers.host) {
        res.status(403).json({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
        return;
      }
    } else if (origin === 'null') {
      res.status(403).json({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
      return;
    }
    const type = req.headers['content-type'] ?? '';
    const preflighted = Boolean(req.headers['apollo-require-preflight'] || req.headers['x-requested-with']);
    const hasBody = req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0' || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && !type.startsWith('application/json') && !preflighted) {
      res.status(403).json({ code: 'FORBIDDEN', message: 'Send JSON, or the X-Requested-With header with form uploads' });
      return;
    }
    next();
  };
}

declare module 'express-serve-static-core' {
  interface Request {
    authMethod?: 'cookie' | 'bearer';
  }
}

/** Small pieces every legacy REST handler shares: async wrapping, query parsing, no-cache. */
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { badInput, DomainError } from '../domain-error.ts';
import type { AppContext } from '../context.ts';
import type { ByteRange } from '../integrations/storage/storage.ts';
import type { Struct } from 'superstruct';
import { validateShape } from '@cadence/domain/validators';

declare module 'express-serve-static-core' {
  interface Request {
    ctx: AppContext;
  }
}

/** Wraps a handler that returns the response body; `undefined` answers 204. */
export function handler(fn: (req: Request, res: Response) => Promise<unknown>): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const body = await fn(req, res);
      if (res.headersSent) return;
      if (body === undefined) res.status(204).end();
      else res.json(body);
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Refuses signed-out callers (401) before the handler reads the body, for paths whose every use
 * needs an account: anonymous callers learn nothing of the body's rules and cost no parsing work.
 */
export const signedIn: RequestHandler = (req, _res, next) => {
  next(req.ctx.viewer ? undefined : new DomainError('UNAUTHENTICATED', 'Sign in required'));
};

/** Parses an optional boolean query parameter ('true'/'false'); anything else is a 400. */
export function queryBool(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw badInput(`${name} must be true or false`, [{ field: name, key: 'invalid', message: `${name} must be true or false` }]);
}

/**
 * The optional release `version` a legacy client sends with an edit (a JSON number, or digits in a
 * query or form field); absent means last write wins, anything else is a 400.
 */
export function optionalVersion(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
    throw badInput('version must be a whole number', [{ field: 'version', key: 'invalid-type', message: 'version must be a whole number' }], 'invalid-type');
  }
  return n;
}

/** Streams a stored file (or archive) with a download name and no content sniffing. */
export async function sendFile(res: Response, body: Readable | AsyncIterable<Buffer>, opts: { mimeType: string; fileName: string; size?: number; inline?: boolean }) {
  res.setHeader('Content-Type', opts.mimeType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', `${opts.inline ? 'inline' : 'attachment'}; filename="${opts.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(opts.fileName)}`);
  if (opts.size !== undefined) res.setHeader('Content-Length', String(opts.size));
  await pipeline(body, res);
}

/** A stored file that can be read whole or as one byte range. */
export interface RangeableFile {
  size: number;
  mimeType: string;
  fileName: string;
  open: (range?: ByteRange) => Promise<Readable>;
}

/**
 * Streams a stored file honouring one `Range: bytes=` request (206 with Content-Range; 416 when it
 * starts past the end), so audio players can seek. Several ranges or a malformed header get the
 * whole file (200), as RFC 9110 allows. Parsing is express's (range-parser).
 */
export async function sendFileRange(req: Request, res: Response, file: RangeableFile, opts: { inline?: boolean } = {}) {
  res.setHeader('Accept-Ranges', 'bytes');
  const ranges = req.headers.range && file.size > 0 ? req.range(file.size, { combine: true }) : undefined;
  if (ranges === -1) {
    res.status(416).setHeader('Content-Range', `bytes */${file.size}`);
    res.end();
    return;
  }
  if (ranges !== undefined && ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
    const { start, end } = ranges[0]!;
    res.status(206).setHeader('Content-Range', `bytes ${start}-${end}/${file.size}`);
    await sendFile(res, await file.open({ start, end }), { mimeType: file.mimeType, fileName: file.fileName, size: end - start + 1, inline: opts.inline });
    return;
  }
  await sendFile(res, await file.open(), { mimeType: file.mimeType, fileName: file.fileName, size: file.size, inline: opts.inline });
}

/** The one validate step of a route: the body (or query) against its shape, or a 400 naming each field. */
export function validate<T, S>(struct: Struct<T, S>, value: unknown): T {
  const result = validateShape(struct, value ?? {});
  if (result.ok) return result.value;
  const fieldErrors = Object.entries(result.errors).map(([field, e]) => ({ field, key: e.key, message: e.message }));
  throw badInput(fieldErrors.map((e) => `${e.field}: ${e.message}`).join('; '), fieldErrors, fieldErrors[0]?.key);
}

/**
 * Issue 22: what travels compressed.
 * - Built assets were compressed once at build time (client/vite.config.ts writes `.br` and `.gz`
 *   beside each file); `staticFiles` sends the best one the request accepts, with
 *   `Content-Encoding` and `Vary: Accept-Encoding`, and the plain file otherwise.
 * - Answers made per request (HTML pages, GraphQL and REST JSON, SVG, text) are compressed on the
 *   fly by `compression` when they are at least `COMPRESS_THRESHOLD_BYTES` long.
 * - Never compressed again: file downloads (audio, archives, covers: a `Content-Disposition`, already
 *   compressed formats, and byte ranges must keep counting the stored bytes), answers that already
 *   carry a `Content-Encoding` (the pre-compressed assets), and anything not in the list of types.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import type { RequestHandler } from 'express';

/** Below this the compressed frame costs about as much as it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The types worth compressing on the fly (text formats; media and archives are compressed already). */
const COMPRESSIBLE = /^(text\/(html|plain|css|javascript|xml|csv)|application\/(json|graphql-response\+json|javascript|xml|manifest\+json)|image\/svg\+xml)\b/i;

/** True when an answer may be compressed on the fly. */
export function shouldCompress(_req: IncomingMessage, res: ServerResponse): boolean {
  if (res.getHeader('Content-Disposition') !== undefined) return false;
  if (res.getHeader('Content-Range') !== undefined) return false;
  const type = res.getHeader('Content-Type');
  return typeof type === 'string' && COMPRESSIBLE.test(type);
}

/** On-the-fly compression (brotli preferred, then gzip) for the compressible answers. */
export function compressResponses(): RequestHandler {
  return compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    // compression's brotli default (quality 4) is faster than gzip's and still smaller.
    filter: shouldCompress,
  }) as RequestHandler;
}

/**
 * Static files from `dir`, sending `name.br` or `name.gz` when it exists and the request accepts
 * it. `serveStatic` options (cache lifetime) pass through; directory indexes are never served.
 *
 * Immutable files (the build's hashed assets) carry no validators (ETag, Last-Modified) and no
 * request id: a browser never revalidates them and the log line has the id, while each of those
 * headers costs every script of a page's first load its bytes again (issue 22).
 */
export function staticFiles(dir: string, options: { maxAge: string; immutable?: boolean }): RequestHandler {
  const immutable = options.immutable ?? false;
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      maxAge: options.maxAge,
      immutable,
      index: false,
      ...(immutable && { etag: false, lastModified: false, setHeaders: (res: ServerResponse) => res.removeHeader('x-request-id') }),
    },
  }) as RequestHandler;
}

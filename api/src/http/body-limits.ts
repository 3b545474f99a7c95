/**
 * Limits on what a request may carry, checked before any handler, validator or resolver spends
 * time on it, for /graphql and /api alike:
 * - a JSON body is scanned once, byte by byte, before it is parsed, and refused when it nests
 *   deeper than JSON_LIMITS.maxDepth, holds more than JSON_LIMITS.maxKeys keys, or carries a NUL
 *   character in a string (PostgreSQL cannot store one in text, so it would otherwise fail deep
 *   inside a write);
 * - a NUL character in the address (a path id such as /api/releases/%00) is refused;
 * - a GraphQL multipart upload must be well formed, and its `operations` field obeys the same
 *   JSON limits;
 * - an answer larger than the configured cap is replaced by an error naming the cap.
 * Every refusal is a 400 (413 for sizes) with a message saying which limit was met.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import processRequest from 'graphql-upload/processRequest.mjs';
import { DATABASE_UNAVAILABLE_MESSAGE, isConnectionLost, RETRY_AFTER_SECONDS } from '../db/connection-errors.ts';

/** Shape limits for any JSON the API reads: far above what the client sends, far below abuse. */
export const JSON_LIMITS = {
  /** Arrays and objects inside one another (the client's deepest body nests about 6). */
  maxDepth: 64,
  /** Object keys in the whole body (the largest client body has a few hundred). */
  maxKeys: 10_000,
} as const;

export type JsonLimits = { maxDepth: number; maxKeys: number };

/** A request refused by a limit: a 4xx whose message is safe to show (body-parser keeps `status`). */
export class RequestLimitError extends Error {
  override name = 'RequestLimitError';
  readonly expose = true;
  readonly type = 'request.limit';
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const nulInText = () => new RequestLimitError('Text must not contain the NUL character (\\u0000)');
const tooDeep = (limits: JsonLimits) => new RequestLimitError(`The JSON body nests deeper than ${limits.maxDepth} levels`);
const tooManyKeys = (limits: JsonLimits) => new RequestLimitError(`The JSON body has more than ${limits.maxKeys.toLocaleString('en-US')} keys`);

/**
 * Checks JSON text before it is parsed: one pass, no allocation, so a hostile body costs no more
 * than reading it. Malformed JSON is left to the parser (which answers its own 400).
 */
export function checkJsonText(text: Uint8Array | string, limits: JsonLimits = JSON_LIMITS): void {
  const isString = typeof text === 'string';
  const n = text.length;
  const at = (i: number): number => (isString ? text.charCodeAt(i) : text[i]!);
  let depth = 0;
  let keys = 0;
  let inString = false;
  for (let i = 0; i < n; i++) {
    const c = at(i);
    if (c === 0) throw nulInText();
    if (inString) {
      if (c === 0x22) inString = false;
      else if (c === 0x5c) {
        // "\u0000" decodes to NUL; any other escape is skipped whole (so "\\u0000" is not one).
        if (at(i + 1) === 0x75 && at(i + 2) === 0x30 && at(i + 3) === 0x30 && at(i + 4) === 0x30 && at(i + 5) === 0x30) throw nulInText();
        i++;
      }
      continue;
    }
    switch (c) {
      case 0x22:
        inString = true;
        break;
      case 0x7b:
      case 0x5b:
        if (++depth > limits.maxDepth) throw tooDeep(limits);
        break;
      case 0x7d:
      case 0x5d:
        depth--;
        break;
      case 0x3a:
        if (++keys > limits.maxKeys) throw tooManyKeys(limits);
        break;
      default:
    }
  }
}

/** The same limits for a value that was parsed elsewhere (graphql-upload parses `operations` itself). */
export function checkJsonValue(value: unknown, limits: JsonLimits = JSON_LIMITS): void {
  // Iterative, so no nesting can overflow the stack.
  const stack: Array<{ v: unknown; depth: number }> = [{ v: value, depth: 0 }];
  let keys = 0;
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\0')) throw nulInText();
    } else if (v !== null && typeof v === 'object') {
      if (depth + 1 > limits.maxDepth) throw tooDeep(limits);
      if (Array.isArray(v)) {
        for (const item of v) stack.push({ v: item, depth: depth + 1 });
      } else {
        for (const [k, item] of Object.entries(v)) {
          if (++keys > limits.maxKeys) throw tooManyKeys(limits);
          if (k.includes('\0')) throw nulInText();
          stack.push({ v: item, depth: depth + 1 });
        }
      }
    }
  }
}

/** express.json with the byte limit and the shape limits checked before parsing. */
export function jsonBody(limitBytes: number, limits: JsonLimits = JSON_LIMITS): RequestHandler {
  return express.json({
    limit: limitBytes,
    verify: (_req: IncomingMessage, _res: ServerResponse, buf: Buffer, encoding: string) => {
      checkJsonText(/^utf-?8$/i.test(encoding) ? buf : new TextDecoder(encoding).decode(buf), limits);
    },
  });
}

/** Refuses a NUL character anywhere in the address: path ids and query values reach SQL as text. */
export function refuseNulInAddress(): RequestHandler {
  return (req, _res, next) => {
    if (/%00|\0/i.test(req.originalUrl)) next(new RequestLimitError('The address must not contain the NUL character (%00)'));
    else next();
  };
}

/**
 * graphql-upload for /graphql, hardened: a multipart request without a boundary is refused before
 * graphql-upload sees it (it would wait forever for the unread body), parser errors become a 400
 * instead of a 500, and the `operations` field obeys the JSON limits.
 */
export function graphqlUploads(options: { maxFileSize: number; maxFiles: number; maxFieldSize?: number }, limits: JsonLimits = JSON_LIMITS): RequestHandler {
  const uploads = graphqlUploadExpress({
    ...options,
    processRequest: async (req: IncomingMessage, res: ServerResponse, opts: Parameters<typeof processRequest>[2]) => {
      let operations: unknown;
      try {
        operations = await processRequest(req, res, opts);
      } catch (err) {
        const e = err as { status?: number; expose?: boolean; message?: string };
        if (e.status && e.status < 500 && e.expose) throw err;
        throw new RequestLimitError(`The multipart request is malformed: ${e.message ?? 'unreadable body'}`);
      }
      checkJsonValue(operations, limits);
      return operations as Awaited<ReturnType<typeof processRequest>>;
    },
  });
  return (req, res, next) => {
    if (req.is('multipart/form-data') && !req.ctx?.viewer) {
      // Every upload needs an account: refuse before reading a byte of what may be gigabytes.
      res.setHeader('Connection', 'close');
      next(new RequestLimitError('Sign in to upload files', 401));
      return;
    }
    if (req.is('multipart/form-data') && !/;\s*boundary=("[^"]+"|[^;\s]+)/i.test(req.headers['content-type'] ?? '')) {
      // Close the connection rather than read a body nobody will use.
      res.setHeader('Connection', 'close');
      next(new RequestLimitError('The multipart request is malformed: its Content-Type names no boundary'));
      return;
    }
    uploads(req, res, next);
  };
}

interface HttpishError { status?: number; statusCode?: number; type?: string; expose?: boolean; message?: string }

/**
 * Errors raised before Apollo runs (body parsing, uploads, the limits above, a lost database
 * connection while authenticating) answered in GraphQL's shape,
 * `{ errors: [{ message, extensions: { code } }] }`, so GraphQL clients read them as such.
 */
export function graphqlRequestErrors(): ErrorRequestHandler {
  return (err, _req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    if (isConnectionLost(err)) {
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      res.status(503).json({ errors: [{ message: DATABASE_UNAVAILABLE_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
      return;
    }
    const e = err as HttpishError;
    const status = e.status ?? e.statusCode;
    if (!status || status < 400 || status >= 500) {
      next(err);
      return;
    }
    const message =
      e.type === 'entity.parse.failed'
        ? 'The request body is not valid JSON'
        : e.type === 'entity.too.large'
          ? 'The request body is too large'
          : e.expose && e.message
            ? e.message
            : 'Bad request';
    const code = status === 401 ? 'UNAUTHENTICATED' : status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
    res.status(status).json({ errors: [{ message, extensions: { code } }] });
  };
}

/** The answer that replaces one over the cap (REST shape; GraphQL's is in graphql/limits.ts). */
export function responseTooLargeMessage(maxBytes: number): string {
  return `The answer would be larger than ${formatBytes(maxBytes)}; ask for fewer fields or a smaller page`;
}

/** "10 MB", "500 KB", "900 bytes". */
export function formatBytes(n: number): string {
  if (n >= 1_000_000) return `${Number((n / 1_000_000).toFixed(1))} MB`;
  if (n >= 1_000) return `${Number((n / 1_000).toFixed(1))} KB`;
  return `${n} bytes`;
}

/** Caps every JSON answer of the REST API: one over `maxBytes` becomes a 400 naming the cap. */
export function capJsonResponses(maxBytes: number): RequestHandler {
  return (_req, res, next) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const text = JSON.stringify(body);
      if (text !== undefined && Buffer.byteLength(text) > maxBytes) {
        res.status(400);
        return json({ code: 'RESPONSE_TOO_LARGE', message: responseTooLargeMessage(maxBytes) });
      }
      if (!res.get('Content-Type')) res.set('Content-Type', 'application/json; charset=utf-8');
      return res.send(text);
    };
    next();
  };
}

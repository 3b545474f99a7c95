/** Small pieces every legacy REST handler shares: async wrapping, query parsing, no-cache. */
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { badInput, DomainError, peopleMessage } from '../domain-error.ts';
import type { AppContext } from '../context.ts';
import type { ByteRange } from '../integrations/storage/storage.ts';
import { array, boolean, coerce, enums, integer, literal, optional, pattern, refine, string, Struct, type, union, validate as check } from 'superstruct';
import { validateShape } from '@cadence/domain/validators';
import { parseBody } from './rest-body.ts';

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

/**
 * The optional release `version` of a multipart form field or a query parameter, outside a
 * body's struct: the same rule as `versionField`.
 */
export function optionalVersion(value: unknown): number | undefined {
  return validate(type({ version: versionField }), { version: value }, {}).version;
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

/**
 * How a route's legacy answer words a refusal, where its clients read the sentence: the top-level
 * message is each field's own sentence (as people read it, without the field's name in front),
 * or the `sentences` given here per field; `noKey` names the fields ('' for the whole value) whose
 * failure left the top-level key out.
 */
export interface LegacyWording {
  sentences?: Readonly<Record<string, string>>;
  noKey?: readonly string[];
  /**
   * The account paths' wording instead (rest-body.ts): each failing field listed as "Unknown field
   * x", "x is required" or "x has the wrong type", at most 20, with keys per field.
   */
  listed?: boolean;
}

/** The account paths' wording: every failing field listed (see LegacyWording.listed). */
export const LISTED: LegacyWording = { listed: true };

/**
 * The one validate step of a route: the body (or query) against its shape, or a 400 naming each
 * field. A failure of the whole value (not an object, not a list) names no field.
 */
export function validate<T, S>(struct: Struct<T, S>, value: unknown, wording?: LegacyWording): T {
  if (wording?.listed) return parseBody(struct, value);
  const result = validateShape(struct, value ?? {});
  if (result.ok) return result.value;
  const failures = Object.entries(result.errors).map(([field, e]) => ({ field, key: e.key, message: e.message }));
  const fieldErrors = failures.filter((e) => e.field !== '');
  const first = failures[0];
  const key = first && wording?.noKey?.includes(first.field) ? undefined : first?.key;
  if (!wording) return badInputThrow(failures.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; '), fieldErrors, key);
  return badInputThrow(peopleMessage(failures.map((e) => ({ message: wording.sentences?.[e.field] ?? e.message }))), fieldErrors, key);
}

function badInputThrow(message: string, fieldErrors: { field: string; key: string; message: string }[], key: string | undefined): never {
  throw badInput(message, fieldErrors, key);
}

/**
 * The struct with every failure reported as one, with the legacy key and sentence (and at `field`
 * under the value, for a rule about a whole body such as "a list of ids"). The type and schema
 * stay the struct's, so the OpenAPI document reads the same shape.
 */
export function worded<T, S>(struct: Struct<T, S>, key: string, message: string, field?: string): Struct<T, S> {
  return new Struct<T, S>({
    type: struct.type,
    schema: struct.schema,
    // A coercion to undefined ('' or null read as absent) is a result, not a failure to coerce.
    coercer: (value) => {
      const [error, coerced] = check(value, struct, { coerce: true });
      return error ? value : coerced;
    },
    validator: (value, ctx) => (check(value, struct)[0] ? { errorKey: key, message, ...(field ? { path: [...ctx.path, field], key: field } : {}) } : true),
  });
}

const wholeNumber = refine(integer(), 'whole', (n) => Number.isSafeInteger(n) && n >= 0);

/**
 * The optional release `version` a legacy client sends with an edit (a JSON number, or digits in a
 * query or form field); absent, null or empty means last write wins.
 */
export const versionField = worded(
  coerce(optional(wholeNumber), union([literal(null), literal(''), pattern(string(), /^\d{1,15}$/)]), (v) => (v === null || v === '' ? undefined : Number(v))),
  'invalid-type',
  'version must be a whole number',
);

/** An optional boolean query parameter ('true'/'false', empty is absent). */
export function boolQuery(name: string) {
  return worded(coerce(optional(boolean()), enums(['true', 'false', '']), (v) => (v === '' ? undefined : v === 'true')), 'invalid', `${name} must be true or false`);
}

/** An optional string query or body field ('' is absent); anything else is "<name> must be a string". */
export function optionalText(name: string) {
  return worded(coerce(optional(string()), literal(''), () => undefined), 'invalid-type', `${name} must be a string`);
}

/** An optional whole-number query or path parameter: up to `digits` digits; '' is absent. */
export function wholeNumberParam(name: string, digits = 7) {
  return worded(
    coerce(optional(integer()), union([literal(''), pattern(string(), new RegExp(`^\\d{1,${digits}}$`))]), (v) => (v === '' ? undefined : Number(v))),
    'invalid',
    `${name} must be a whole number`,
  );
}

/**
 * An optional list query parameter, repeated (?a=x&a=y) or comma-separated; blanks are dropped,
 * at most `max` values are kept, and an empty list is absent.
 */
export function listQuery(name: string, max = 200) {
  return worded(
    coerce(optional(array(string())), union([string(), array(string())]), (v) => {
      const values = (Array.isArray(v) ? v : [v]).flatMap((x) => x.split(',')).map((x) => x.trim()).filter(Boolean);
      return values.length ? values.slice(0, max) : undefined;
    }),
    'invalid-type',
    `${name} must be text`,
  );
}

/** The field names of a `type({...})` query struct: legacy query refusals carry no top-level key. */
export function fieldNames<T, S>(struct: Struct<T, S>): string[] {
  return Object.keys(struct.schema as object);
}

/**
 * A JSON object body (not a list, not a scalar) checked by `fields` (a `type({...})`, which keeps
 * other keys); anything else fails as a whole with `message`.
 */
export function objectBody<T, S>(fields: Struct<T, S>, message: string): Struct<T, S> {
  return new Struct<T, S>({
    type: fields.type,
    schema: fields.schema,
    coercer: (value, ctx) => fields.coercer(value, ctx),
    entries: (value, ctx) => fields.entries(value, ctx),
    refiner: (value, ctx) => fields.refiner(value, ctx),
    validator: (value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? true : { errorKey: 'invalid-type', message }),
  });
}

/**
 * A legacy body read as an object: a list or a scalar has no fields (those paths answered "X is
 * required" for them, not "not an object").
 */
export function fieldsOf(body: unknown): object {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
}

/** What a path parameter may be: 1 to 200 characters (ids, codes, names; each service decides the rest). */
const PATH_PARAM = refine(string(), 'PathParam', (v) => v.length >= 1 && v.length <= 200);
const paramStructs = new Map<string, Struct<Record<string, string>, unknown>>();

/**
 * A path parameter, read through the same validate step as bodies and queries: a parameter of more
 * than 200 characters is a 400 naming it, not a lookup.
 */
export function pathParam(req: Request, name: string): string {
  let struct = paramStructs.get(name);
  if (!struct) {
    struct = type({ [name]: PATH_PARAM }) as unknown as Struct<Record<string, string>, unknown>;
    paramStructs.set(name, struct);
  }
  return validate(struct, { [name]: req.params[name] })[name]!;
}

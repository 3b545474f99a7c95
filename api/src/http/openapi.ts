/**
 * The OpenAPI 3.1 document of the legacy REST API (issue 18), built from the app's route table so
 * it lists every path that exists, and from the declarations modules register here (one
 * `<module>.openapi.ts` per module, imported by its index): a summary, the request body and the
 * answer, as JSON Schema. Request bodies can be derived from the superstruct shapes the routes
 * validate with (`fromStruct`), so a changed shape changes the document. The shared error shapes
 * and the API token scope each path needs are filled in for every path.
 */
import type { Express } from 'express';
import type { Struct } from 'superstruct';
import { routeTable } from './route-table.ts';

export type JsonSchema = Record<string, unknown>;

export interface OperationDoc {
  summary: string;
  description?: string;
  /** Query parameters (name: schema); path parameters come from the route. */
  query?: Record<string, JsonSchema>;
  body?: JsonSchema;
  /**
   * The success answer: status and JSON schema (204: no body), or a file of `contentType` (e.g.
   * text/csv, image/*); `also` lists other statuses that answer the same (e.g. 200 for a repeat),
   * `orAs` other content types the same answer can take (e.g. text/html for a browser).
   */
  response: { status: number; schema?: JsonSchema; contentType?: string; description?: string; also?: Record<number, string>; orAs?: string[] };
  /**
   * Extra error answers this path gives, by status (besides the shared ones): the shared Error
   * shape, or a schema of its own where the legacy client reads another (the withdrawal refusal),
   * or none for an answer without a body (416 for a range outside the file).
   */
  errors?: Record<number, string | { description: string; schema?: JsonSchema }>;
}

/** Declarations by "METHOD /api/path" (express pattern, e.g. "GET /api/webhooks/:id/deliveries"). */
const declared = new Map<string, OperationDoc>();

/** Registers a module's path documentation; a key declared twice is a boot error. */
export function documentRoutes(docs: Record<string, OperationDoc>): void {
  for (const [key, doc] of Object.entries(docs)) {
    if (declared.has(key)) throw new Error(`OpenAPI: ${key} is documented twice`);
    declared.set(key, doc);
  }
}

/** The documented route keys. */
export function documentedRoutes(): ReadonlySet<string> {
  return new Set(declared.keys());
}

interface StructLike {
  type: string;
  schema: unknown;
  refiner?: unknown;
}

/**
 * JSON Schema for a superstruct shape (object, type, array, string, number, integer, boolean,
 * enums, literal, optional, nullable, union); what it cannot read becomes `{}` (any value).
 */
export function fromStruct<T, S>(struct: Struct<T, S>): JsonSchema {
  const s = struct as unknown as StructLike & { validate: (x: unknown) => [unknown, unknown] };
  const schema = shapeOf(s);
  // nullable(...) keeps the inner type's name: only a trial tells that null is accepted.
  if (s.type === 'literal' || s.validate(null)[0] !== undefined) return schema;
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  if (schema.enum) return { ...schema, enum: [...(schema.enum as unknown[]), null] };
  return Object.keys(schema).length ? { anyOf: [schema, { type: 'null' }] } : schema;
}

function shapeOf(s: StructLike): JsonSchema {
  switch (s.type) {
    case 'object':
    case 'type': {
      const shape = (s.schema ?? {}) as Record<string, Struct<unknown, unknown>>;
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [k, v] of Object.entries(shape)) {
        properties[k] = fromStruct(v);
        // an optional struct accepts undefined
        if ((v as unknown as { validate: (x: unknown) => [unknown, unknown] }).validate(undefined)[0]) required.push(k);
      }
      return { type: 'object', properties, ...(required.length ? { required } : {}), ...(s.type === 'object' ? { additionalProperties: false } : {}) };
    }
    case 'array':
      return { type: 'array', ...(s.schema ? { items: fromStruct(s.schema as Struct<unknown, unknown>) } : {}) };
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return { type: s.type };
    case 'enums':
      return { enum: Object.values(s.schema as Record<string, unknown>) };
    case 'literal':
      return { const: s.schema };
    case 'union':
      return Array.isArray(s.schema) ? { anyOf: (s.schema as Struct<unknown, unknown>[]).map((m) => fromStruct(m)) } : {};
    default:
      return {};
  }
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Every refusal: a stable code, a message for people, and for bad input a key and the fields at fault.',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', enum: ['BAD_USER_INPUT', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'LOCKED', 'RATE_LIMITED', 'UNAVAILABLE', 'LIMIT_FILE_SIZE', 'MULTER_ERROR', 'RESPONSE_TOO_LARGE', 'INTERNAL_SERVER_ERROR'] },
    message: { type: 'string' },
    key: { type: 'string', description: 'A finer reason, e.g. insufficient-scope, stale-version, token-limit.' },
    fieldErrors: { type: 'array', items: { type: 'object', required: ['field', 'key', 'message'], properties: { field: { type: 'string' }, key: { type: 'string' }, message: { type: 'string' } } } },
    retryAfterSeconds: { type: 'integer' },
  },
};

const err = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const SHARED_ERRORS = {
  400: err('Bad input (BAD_USER_INPUT with fieldErrors; LIMIT_FILE_SIZE or MULTER_ERROR for uploads).'),
  401: err('Not signed in, or the token is unknown, revoked or expired.'),
  403: err('Not allowed (FORBIDDEN; key insufficient-scope when the token lacks the scope).'),
  413: err('The request body is over the size limit (PAYLOAD_TOO_LARGE).'),
  429: { ...err('Too many requests (RATE_LIMITED); see Retry-After.'), headers: { 'Retry-After': { schema: { type: 'integer' } } } },
  500: err('Something failed on our side (INTERNAL_SERVER_ERROR).'),
  503: { ...err('The database is out of reach for a moment (UNAVAILABLE); see Retry-After.'), headers: { 'Retry-After': { schema: { type: 'integer' } } } },
};

function successContent(ok: OperationDoc['response']) {
  const file = (type: string) => ({ [type]: { schema: { type: 'string', contentMediaType: type } } });
  const others = Object.assign({}, ...(ok.orAs ?? []).map(file)) as Record<string, unknown>;
  if (ok.contentType) return { content: { ...file(ok.contentType), ...others } };
  return ok.schema ? { content: { 'application/json': { schema: ok.schema }, ...others } } : {};
}

/** The OpenAPI 3.1 document for the app's /api paths; `scopeOf` names the token scope a path needs. */
export function buildOpenApi(app: Express, opts: { serverUrl: string; scopeOf: (method: string, path: string) => string | null }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routeTable(app)) {
    if (!route.path.startsWith('/api/')) continue;
    const key = `${route.method} ${route.path}`;
    const doc = declared.get(key);
    const openPath = route.path.replace(/:(\w+)/g, '{$1}');
    const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const query = Object.entries(doc?.query ?? {}).map(([name, schema]) => ({ name, in: 'query', required: false, schema }));
    const scope = opts.scopeOf(route.method, route.path);
    const ok = doc?.response ?? { status: 200, description: 'Not described yet.' };
    paths[openPath] ??= {};
    paths[openPath][route.method.toLowerCase()] = {
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: doc?.summary ?? `${route.method} ${route.path}`,
      ...(doc?.description ? { description: doc.description } : {}),
      ...(doc ? {} : { 'x-undocumented': true }),
      'x-token-scope': scope,
      ...(params.length + query.length ? { parameters: [...params, ...query] } : {}),
      ...(doc?.body ? { requestBody: { required: true, content: { 'application/json': { schema: doc.body } } } } : {}),
      responses: {
        [ok.status]: { description: ok.description ?? 'Success.', ...successContent(ok) },
        ...Object.fromEntries(Object.entries(ok.also ?? {}).map(([status, d]) => [status, { description: d, ...successContent(ok) }])),
        ...SHARED_ERRORS,
        ...Object.fromEntries(Object.entries(doc?.errors ?? {}).map(([status, d]) => [status, typeof d === 'string' ? err(d) : { description: d.description, ...(d.schema ? { content: { 'application/json': { schema: d.schema } } } : {}) }])),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cadence REST API',
      version: '1',
      description:
        'The legacy REST paths. Authenticate with `Authorization: Bearer cad_…` (an API token from /settings); each path names the token scope it needs in `x-token-scope` (null: none; "never": not open to tokens). Requests per minute are limited per token and per account (RateLimit-* headers, 429 with Retry-After). GraphQL: POST /graphql, schema at /graphql/schema.graphql; a query may be sent as its SHA-256 alone (trusted documents at /graphql/persisted-documents.json, or automatic persisted queries registered with a token: docs/webhooks.md). Webhooks: docs/webhooks.md.',
    },
    servers: [{ url: opts.serverUrl }],
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API token (cad_…).' } },
    },
    security: [{ bearer: [] }],
    paths,
  };
}

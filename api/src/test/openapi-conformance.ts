/**
 * The REST reference checked against what the API really answers (issue 18): every response a
 * test server sends on an /api path is matched to its route (in the router's own order) and its
 * status and JSON body are validated against /api/openapi.json's schema for that path, method and
 * status. A path that is neither documented nor in the shrinking baseline, an undocumented status
 * and a body that does not match are problems; the jest setup file (openapi-conformance.setup.ts)
 * fails the test during which they were seen. Each schema is compiled once per test file, when a
 * response first needs it.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildOpenApi } from '../http/openapi.ts';
import { routeTable } from '../http/route-table.ts';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

const baseline = new Set(JSON.parse(readFileSync(new URL('../modules/api-docs/undocumented-routes.json', import.meta.url), 'utf8')) as string[]);

/** An OpenAPI document as buildOpenApi makes it. */
export type Doc = ReturnType<typeof buildOpenApi>;
interface ResponseDoc {
  content?: Record<string, { schema?: Record<string, unknown> }>;
}
interface Checker {
  doc: Doc;
  routes: { method: string; path: string; pattern: RegExp }[];
  validators: Map<string, ValidateFunction>;
}

const problems: string[] = [];
// Referenced components compile as functions of their own, not inlined into each schema: the same
// validation, compiled in less than half the time.
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, inlineRefs: false }));

/** An express path pattern as a RegExp over the URL path (`:name` is one segment). */
function patternOf(path: string): RegExp {
  const source = path
    .split(/(:\w+)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}/?$`);
}

function checkerFor(app: Express, document?: Doc): Checker {
  const doc = document ?? buildOpenApi(app, { serverUrl: 'http://test', scopeOf: () => null });
  const routes = routeTable(app)
    .filter((r) => r.path.startsWith('/api/'))
    .map((r) => ({ method: r.method, path: r.path, pattern: patternOf(r.path) }));
  return { doc, routes, validators: new Map() };
}

function validatorFor(c: Checker, key: string, schema: Record<string, unknown>): ValidateFunction {
  let v = c.validators.get(key);
  if (!v) {
    // The document's $refs point into its components, so each schema is compiled beside them.
    v = ajv.compile({ components: c.doc.components, allOf: [schema] });
    c.validators.set(key, v);
  }
  return v;
}

function check(c: Checker, method: string, path: string, res: ServerResponse): void {
  const url = new URL(path, 'http://test');
  // A path that matches no route is the app's 404, not a documented operation.
  const route = c.routes.find((r) => r.method === method && r.pattern.test(url.pathname));
  if (!route) return;
  const key = `${route.method} ${route.path}`;
  if (baseline.has(key)) return;
  const op = (c.doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()] ?? {}) as { 'x-undocumented'?: boolean; responses?: Record<string, ResponseDoc> };
  const seen = `${method} ${url.pathname} → ${res.statusCode}`;
  if (op['x-undocumented']) {
    problems.push(`${seen}: ${key} is not documented (declare it in the module's *.openapi.ts)`);
    return;
  }
  const answer = op.responses?.[String(res.statusCode)];
  if (!answer) {
    problems.push(`${seen}: status ${res.statusCode} is not documented for ${key}`);
    return;
  }
  const contentType = String(res.getHeader('content-type') ?? '').split(';')[0]!.trim();
  const declared = Object.keys(answer.content ?? {});
  if (!declared.length) {
    if (contentType && res.statusCode !== 204) problems.push(`${seen}: ${key} documents no body for ${res.statusCode}, but answered ${contentType || 'a body'}`);
    return;
  }
  const matching = declared.find((d) => d === contentType || (d.endsWith('/*') && contentType.startsWith(d.slice(0, -1))));
  if (!matching) {
    problems.push(`${seen}: ${key} answered ${contentType || 'no content type'}, the document says ${declared.join(' or ')}`);
    return;
  }
  const schema = answer.content?.[matching]?.schema;
  if (contentType !== 'application/json' || !schema) return;
  const { body, read } = jsonBody(res);
  if (!read) {
    problems.push(`${seen}: ${key} answered JSON the check could not read (not through res.send)`);
    return;
  }
  const validate = validatorFor(c, `${key} ${res.statusCode}`, schema);
  if (!validate(body)) {
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
    problems.push(`${seen}: the body does not match the document for ${key}: ${errors.join('; ')}`);
  }
}

/**
 * Wraps a test server's request listener: the app's responses on /api paths are checked against
 * its OpenAPI document when they finish. Bodies are read as the app hands them to res.send (JSON
 * text, before compression). `document` replaces the app's own (the kit's test uses a doctored one).
 */
export function watchResponses(app: Express, opts: { document?: Doc } = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const checker = checkerFor(app, opts.document);
  captureBodies(app);
  return (req, res) => {
    // Read now: express rewrites req.url while a mounted router handles it.
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    // Only /api paths are operations of the document (GraphQL, pages and assets are not).
    if (!path.startsWith('/api/') || method === 'HEAD' || method === 'OPTIONS') {
      app(req, res);
      return;
    }
    res.on('finish', () => {
      try {
        check(checker, method, path, res);
      } catch (e) {
        problems.push(`${method} ${path}: the conformance check failed: ${String(e)}`);
      }
    });
    app(req, res);
  };
}

type SendProto = { send: (this: object, body: unknown) => unknown; __openapiBodies?: WeakMap<object, string | Buffer> };
let bodies = new WeakMap<object, string | Buffer>();

/**
 * Records what res.send is given (res.json and the /api response cap end there). Patched on
 * express's own response prototype, under the app's, once; the record lives on the prototype, so
 * a kit loaded again beside the same express reads the same one.
 */
function captureBodies(app: Express): void {
  const proto = Object.getPrototypeOf(app.response) as SendProto;
  if (!proto.__openapiBodies) {
    const record = new WeakMap<object, string | Buffer>();
    const send = proto.send;
    proto.send = function (this: object, body: unknown) {
      if (typeof body === 'string' || Buffer.isBuffer(body)) record.set(this, body);
      return send.call(this, body);
    };
    proto.__openapiBodies = record;
  }
  bodies = proto.__openapiBodies;
}

function jsonBody(res: ServerResponse): { body: unknown; read: boolean } {
  const sent = bodies.get(res);
  if (sent === undefined) return { body: undefined, read: false };
  try {
    return { body: JSON.parse(typeof sent === 'string' ? sent : sent.toString('utf8')) as unknown, read: true };
  } catch {
    return { body: undefined, read: false };
  }
}

/** The problems seen since the last call (the setup file fails the running test with them). */
export function takeConformanceProblems(): string[] {
  return problems.splice(0);
}

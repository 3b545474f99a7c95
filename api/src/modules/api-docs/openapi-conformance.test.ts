/**
 * The check that every REST response the API suite sees matches /api/openapi.json
 * (test/openapi-conformance.ts) catches each kind of drift: a body that breaks its schema, a
 * status the document does not list, a path it does not document, a body where it says none.
 * A second listener serves the same app against a doctored document to provoke each one.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestServer } from '../../test/harness.ts';
import { bearerFor, buildUser } from '../../test/factories.ts';
import { takeConformanceProblems, watchResponses, type Doc } from '../../test/openapi-conformance.ts';
import { buildOpenApi } from '../../http/openapi.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;
const server = await startTestServer();
const doc = buildOpenApi(server.app, { serverUrl: server.url, scopeOf: () => null });
const doctored = structuredClone(doc) as Doc & { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }>; 'x-undocumented'?: boolean }>> };
// GET /api/webhooks: the document claims an object, the app answers a list.
doctored.paths['/api/webhooks']!.get!.responses['200']!.content!['application/json']!.schema = { type: 'object' };
// POST /api/webhooks: as if nobody had declared it.
doctored.paths['/api/webhooks']!.post!['x-undocumented'] = true;
// DELETE /api/webhooks/{id}: the 404 is not listed.
delete doctored.paths['/api/webhooks/{id}']!.delete!.responses['404'];
// GET /api/webhooks/{id}/deliveries: the document says the 404 has no body.
delete doctored.paths['/api/webhooks/{id}/deliveries']!.get!.responses['404']!.content;

const doctoredServer = http.createServer(watchResponses(server.app, { document: doctored }));
await new Promise<void>((resolve) => doctoredServer.listen(0, '127.0.0.1', resolve));
const doctoredUrl = `http://127.0.0.1:${(doctoredServer.address() as AddressInfo).port}`;
afterAll(async () => {
  doctoredServer.closeAllConnections();
  await new Promise<void>((resolve) => doctoredServer.close(() => resolve()));
  await server.close();
});

async function call(base: string, method: string, path: string, authorization: string, body?: unknown): Promise<number> {
  const res = await fetch(`${base}${path}`, { method, headers: { authorization, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  await res.arrayBuffer();
  return res.status;
}

/** The problems recorded once the server has finished the responses (finish follows the last byte). */
async function problemsSoon(): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return takeConformanceProblems();
}

describe('the OpenAPI response check', () => {
  it('passes responses that match the document', async () => {
    const user = await buildUser(server.prisma);
    const auth = await bearerFor(server.prisma, user.id, ['webhooks:manage']);
    expect(await call(server.url, 'GET', '/api/webhooks', auth)).toBe(200);
    expect(await call(server.url, 'DELETE', '/api/webhooks/00000000-0000-0000-0000-000000000000', auth)).toBe(404);
    expect(await call(server.url, 'POST', '/api/webhooks', auth, { url: 'nope' })).toBe(400);
    expect(await problemsSoon()).toEqual([]);
  });

  it('reports a body off its schema, an undocumented path or status, and an unexpected body', async () => {
    const user = await buildUser(server.prisma);
    const auth = await bearerFor(server.prisma, user.id, ['webhooks:manage']);
    const missing = '00000000-0000-0000-0000-000000000000';
    expect(await call(doctoredUrl, 'GET', '/api/webhooks', auth)).toBe(200);
    expect(await call(doctoredUrl, 'POST', '/api/webhooks', auth, { url: 'nope' })).toBe(400);
    expect(await call(doctoredUrl, 'DELETE', `/api/webhooks/${missing}`, auth)).toBe(404);
    expect(await call(doctoredUrl, 'GET', `/api/webhooks/${missing}/deliveries`, auth)).toBe(404);
    // a path no route serves is the app's own 404, not an operation
    expect(await call(doctoredUrl, 'GET', '/api/no-such-path', '')).toBe(404);
    const problems = await problemsSoon();
    expect(problems).toEqual([
      'GET /api/webhooks → 200: the body does not match the document for GET /api/webhooks: (body) must be object',
      "POST /api/webhooks → 400: POST /api/webhooks is not documented (declare it in the module's *.openapi.ts)",
      `DELETE /api/webhooks/${missing} → 404: status 404 is not documented for DELETE /api/webhooks/:id`,
      `GET /api/webhooks/${missing}/deliveries → 404: GET /api/webhooks/:id/deliveries documents no body for 404, but answered application/json`,
    ]);
  });

  it('can compile every schema of the document, not only those the suite happens to reach', () => {
    const places: string[] = [];
    const schemas: unknown[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops as Record<string, { requestBody?: { content: Record<string, { schema: unknown }> }; parameters?: { name: string; schema: unknown }[]; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>)) {
        const add = (where: string, schema: unknown) => {
          places.push(`${method.toUpperCase()} ${path} ${where}`);
          schemas.push(schema);
        };
        for (const c of Object.values(op.requestBody?.content ?? {})) add('body', c.schema);
        for (const p of op.parameters ?? []) add(`parameter ${p.name}`, p.schema);
        for (const [status, r] of Object.entries(op.responses)) for (const c of Object.values(r.content ?? {})) if (c.schema) add(status, c.schema);
      }
    }
    // One schema holding them all: the meta-schema check and the code generation see each once.
    // Each referenced component is compiled once as a function of its own (inlineRefs: false)
    // instead of into every schema that refers to it: the same checks, 5 times faster here.
    const ajv = addFormats(new Ajv2020({ strict: false, inlineRefs: false }));
    let problem = '';
    try {
      ajv.compile({ components: doc.components, anyOf: schemas });
    } catch (e) {
      const at = /anyOf\/(\d+)/.exec(String(e));
      problem = `${at ? places[Number(at[1])] : 'the document'}: ${String(e)}`;
    }
    expect(problem).toBe('');
    expect(schemas.length).toBeGreaterThan(300);
  });
});

/**
 * The REST reference (issue 18): /api/openapi.json lists every /api route of the router stack, and
 * a route without a declaration (a `<module>.openapi.ts` entry) fails here unless it is in the
 * shrinking list of routes documented only by the route table (undocumented-routes.json): a path
 * added from now on must be documented. /api/docs serves swagger-ui from our own origin.
 * /graphql/schema.graphql publishes the GraphQL schema in SDL.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { buildSchema, printSchema } from 'graphql';
import { graphqlSchema, startTestServer } from '../../test/harness.ts';
import { bearerFor, buildUser } from '../../test/factories.ts';
import { routeTable } from '../../test/surface.ts';
import { documentedRoutes } from '../../http/openapi.ts';

const server = await startTestServer();
afterAll(async () => {
  await server.close();
});
const baseline = JSON.parse(readFileSync(new URL('./undocumented-routes.json', import.meta.url), 'utf8')) as string[];
const apiRoutes = routeTable(server.app).filter((r) => r.path.startsWith('/api/'));

describe('/api/openapi.json', () => {
  it('is OpenAPI 3.1 with every /api route, its token scope and the shared error shape', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { 'x-token-scope': string | null; responses: Record<string, unknown>; requestBody?: { content: { 'application/json': { schema: { required?: string[] } } } } }>>; components: { schemas: Record<string, unknown> } };
    expect(doc.openapi).toBe('3.1.0');
    const missing = apiRoutes.filter((r) => !doc.paths[r.path.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    const create = doc.paths['/api/webhooks']!.post!;
    expect(create['x-token-scope']).toBe('webhooks:manage');
    expect(create.requestBody?.content['application/json'].schema.required).toEqual(['url', 'events']);
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '429']));
    expect(doc.paths['/api/financial/withdraw']?.post?.['x-token-scope']).toBe('never');
    expect(doc.components.schemas.Error).toMatchObject({ required: ['code', 'message'] });
  });

  it('fails on any route that is neither documented nor in the shrinking baseline', () => {
    const documented = documentedRoutes();
    const keys = apiRoutes.map((r) => `${r.method} ${r.path}`);
    const undocumented = keys.filter((k) => !documented.has(k) && !baseline.includes(k));
    expect(undocumented).toEqual([]);
    // the baseline only names routes that exist and still lack a declaration
    expect(baseline.filter((k) => !keys.includes(k) || documented.has(k))).toEqual([]);
    for (const k of documented) expect({ k, exists: keys.includes(k) }).toEqual({ k, exists: true });
  });
});

describe('the declarations', () => {
  it('give every path a success answer with a schema (JSON), a file type, or no body (204)', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> }>> };
    const vague: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, answer] of Object.entries(op.responses).filter(([s]) => s.startsWith('2'))) {
          const content = Object.entries(answer.content ?? {});
          const empty = content.some(([type, c]) => type === 'application/json' && (!c.schema || Object.keys(c.schema).length === 0));
          if (empty || (!content.length && status !== '204')) vague.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(vague).toEqual([]);
  });
});

describe('/api/docs', () => {
  it('serves the reference page and its scripts from our origin (offline, under the CSP)', async () => {
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js']) {
      const res = await fetch(`${server.url}/api/docs/${file}`);
      // Read whole, so the response is finished (and checked against the document) within this test.
      await res.arrayBuffer();
      expect({ file, status: res.status }).toEqual({ file, status: 200 });
    }
    expect((await fetch(`${server.url}/api/docs/package.json`)).status).toBe(404);
  });
});

describe('/graphql/schema.graphql', () => {
  it('is the printed schema as plain text, to anyone, whatever the token', async () => {
    const res = await fetch(`${server.url}/graphql/schema.graphql`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const sdl = await res.text();
    // The same text `npm run schema:print` commits, and a schema a partner's tools can build.
    expect(sdl).toBe(readFileSync(new URL('../../../../schema.graphql', import.meta.url), 'utf8'));
    expect(printSchema(buildSchema(sdl))).toBe(printSchema(graphqlSchema));
    // A token with no scope at all reads it too (it is the reference, not data).
    const user = await buildUser(server.prisma);
    const scopeless = await fetch(`${server.url}/graphql/schema.graphql`, { headers: { authorization: await bearerFor(server.prisma, user.id, []) } });
    expect(scopeless.status).toBe(200);
  });
});

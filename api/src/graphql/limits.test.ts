/**
 * GraphQL limits: every operation the client sends passes them, and each limit answers 400 with a
 * message naming it (issue 11), through the real HTTP server.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Kind, parse, print, specifiedRules, validate, visit, type DocumentNode } from 'graphql';
import { schema } from '../server/schema.ts';
import { GRAPHQL_LIMITS, graphqlLimits, jsonSizeExceeds } from './limits.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

/** The client's typed documents, as codegen wrote them (client/src/gql/graphql.ts). */
async function clientOperations(): Promise<Array<{ name: string; document: DocumentNode }>> {
  const file = path.resolve(import.meta.dirname, '../../../client/src/gql/graphql.ts');
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  return Object.entries(mod)
    .filter(([, v]) => (v as DocumentNode | null)?.kind === Kind.DOCUMENT)
    .map(([name, v]) => ({ name, document: v as DocumentNode }))
    .filter(({ document }) => document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION));
}

/** What Apollo Client sends: `__typename` added to every selection below the root, its client-only directives (`@unmask`) removed. */
function withTypename(document: DocumentNode): DocumentNode {
  return visit(document, {
    Directive: (node) => (node.name.value === 'unmask' || node.name.value === 'nonreactive' ? null : undefined),
    SelectionSet(node, _key, parent) {
      if (parent && !Array.isArray(parent) && (parent as { kind?: string }).kind === Kind.OPERATION_DEFINITION) return undefined;
      if (node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename')) return undefined;
      return { ...node, selections: [...node.selections, { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } }] };
    },
  });
}

describe('the client passes the limits', () => {
  it('parses and validates every client operation under the production limits', async () => {
    const operations = await clientOperations();
    // The client has dozens of operations; an empty list would mean codegen did not run.
    expect(operations.length).toBeGreaterThan(30);
    const limits = graphqlLimits({ production: true, responseBytes: 10_000_000 });
    const failures: string[] = [];
    for (const { name, document } of operations) {
      const text = print(withTypename(document));
      let parsed: DocumentNode;
      try {
        parsed = parse(text, limits.parseOptions);
      } catch (err) {
        failures.push(`${name}: ${(err as Error).message}`);
        continue;
      }
      const errors = validate(schema, parsed, [...specifiedRules, ...(limits.validationRules as never[])]);
      for (const e of errors) failures.push(`${name}: ${e.message}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a document over each limit when validated the same way', () => {
    const limits = graphqlLimits({ production: true, responseBytes: 10_000_000 });
    const aliases = `{ ${Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: countries { code }`).join(' ')} }`;
    const errors = validate(schema, parse(aliases, limits.parseOptions), [...specifiedRules, ...(limits.validationRules as never[])]);
    expect(errors.map((e) => e.message)).toEqual([expect.stringContaining(`Aliases limit of ${GRAPHQL_LIMITS.maxAliases} exceeded`)]);
  });
});

describe('jsonSizeExceeds', () => {
  it('agrees with JSON.stringify within the cap', () => {
    const value = { data: { countries: Array.from({ length: 50 }, (_, i) => ({ code: `C${i}`, name: `Country é ${i}`, n: i, ok: true, none: null })) } };
    const size = Buffer.byteLength(JSON.stringify(value));
    expect(jsonSizeExceeds(value, size + 10)).toBe(false);
    expect(jsonSizeExceeds(value, Math.floor(size * 0.9))).toBe(true);
  });
});

let server: TestServer;
let production: TestServer;
beforeAll(async () => {
  server = await startTestServer({ MAX_RESPONSE_BYTES: '2000' });
  production = await startTestServer({ PRODUCTION: 'true' });
});
afterAll(async () => {
  await server?.close();
  await production?.close();
});

async function post(target: TestServer, body: unknown, headers: Record<string, string> = {}) {
  const started = Date.now();
  const res = await fetch(`${target.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, ms: Date.now() - started, bytes: text.length, body: JSON.parse(text) as { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] }, headers: res.headers };
}

describe('each limit answers 400 with its name', () => {
  it('answers the 30,000-alias countries query with 400 at once, without running it', async () => {
    const query = `{ ${Array.from({ length: 30_000 }, (_, i) => `a${i}: countries { code name }`).join(' ')} }`;
    const res = await post(production, { query });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toBe(`Syntax Error: Document contains more than ${GRAPHQL_LIMITS.maxTokens} tokens. Parsing aborted.`);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(res.bytes).toBeLessThan(1_000);
    // Unlimited, this answered 264 MB after 24 s; refused, it costs a few milliseconds.
    expect(res.ms).toBeLessThan(2_000);
  });

  it('aliases', async () => {
    const query = `{ ${Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: countries { code }`).join(' ')} }`;
    const res = await post(production, { query });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.message)).toEqual([`Aliases limit of ${GRAPHQL_LIMITS.maxAliases} exceeded, found ${GRAPHQL_LIMITS.maxAliases + 1}.`]);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('depth', async () => {
    // __type, fields, type, then ofType down to one level past the limit.
    const levels = GRAPHQL_LIMITS.maxDepth - 3;
    const query = `{ __type(name: "Query") { fields { type { ${'ofType { '.repeat(levels)} name ${'} '.repeat(levels)} } } } }`;
    const res = await post(server, { query });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.message)).toEqual([`Query depth limit of ${GRAPHQL_LIMITS.maxDepth} exceeded, found ${GRAPHQL_LIMITS.maxDepth + 1}.`]);
  });

  it('cost', async () => {
    // Each fragment spreads the one below four times: few tokens, a cost that grows by 4^n.
    const fragments = ['fragment F0 on Query { countries { code name } }'];
    for (let i = 1; i <= 5; i++) fragments.push(`fragment F${i} on Query { ${`...F${i - 1} `.repeat(4)}}`);
    const query = `{ ...F5 } ${fragments.join(' ')}`;
    const res = await post(production, { query });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.message)).toEqual([expect.stringMatching(new RegExp(`^Query Cost limit of ${GRAPHQL_LIMITS.maxCost} exceeded, found \\d+`))]);
  });

  it('directives', async () => {
    const query = `{ countries { ${'code @include(if: true) '.repeat(GRAPHQL_LIMITS.maxDirectives + 1)} } }`;
    const res = await post(production, { query });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.message)).toEqual([`Directives limit of ${GRAPHQL_LIMITS.maxDirectives} exceeded, found ${GRAPHQL_LIMITS.maxDirectives + 1}.`]);
  });

  it('answer size: an answer over the cap becomes RESPONSE_TOO_LARGE', async () => {
    // This server's cap is 2,000 bytes; the country codes alone take more.
    const large = await post(server, { query: '{ countries { code } }' });
    expect(large.status).toBe(400);
    expect(large.body).toEqual({ errors: [{ message: 'The answer would be larger than 2 KB; ask for fewer fields or a smaller page', extensions: { code: 'RESPONSE_TOO_LARGE' } }] });
    const fits = await post(server, { query: '{ clientConfig { brandName } }' });
    expect(fits.status).toBe(200);
  });

  it('REST answers over the cap become RESPONSE_TOO_LARGE too', async () => {
    const res = await fetch(`${server.url}/api/dictionary/countries`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'RESPONSE_TOO_LARGE', message: 'The answer would be larger than 2 KB; ask for fewer fields or a smaller page' });
  });
});

describe('schema privacy in production', () => {
  it('refuses introspection in production and allows it in development', async () => {
    const query = '{ __schema { queryType { name } } }';
    const prod = await post(production, { query });
    expect(prod.status).toBe(400);
    expect(prod.body.errors?.[0]?.message).toMatch(/introspection is not allowed/i);
    const dev = await post(server, { query });
    expect(dev.status).toBe(200);
    expect(dev.body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it('hides field suggestions in production', async () => {
    const prod = await post(production, { query: '{ countrie { code } }' });
    expect(prod.status).toBe(400);
    expect(prod.body.errors?.[0]?.message).not.toMatch(/Did you mean/);
    const dev = await post(server, { query: '{ countrie { code } }' });
    expect(dev.body.errors?.[0]?.message).toMatch(/Did you mean "countries"/);
  });
});

describe('requests this server does not serve answer 400', () => {
  it('a subscription operation', async () => {
    const res = await post(production, { query: 'subscription { countries { code } }' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ message: 'Subscriptions are not supported: this API answers queries and mutations over HTTP', extensions: { code: 'BAD_REQUEST' } }]);
  });

  // Version 1 hashes are served (graphql/persisted-documents.test.ts); no other version exists.
  it('a persisted-query extension of another version', async () => {
    const res = await post(production, { extensions: { persistedQuery: { version: 2, sha256Hash: 'ab'.repeat(32) } } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.message)).toEqual(['Unsupported persisted query version']);
  });

  it('a NUL character in a string literal', async () => {
    const res = await post(production, { query: 'mutation { requestPasswordReset(input: { email: "a\\u0000b@example.com" }) { requested } }' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.message)).toEqual(['Text must not contain the NUL character (\\u0000)']);
  });

  it('a NUL character in the variables of a GET', async () => {
    // JSON.stringify writes the NUL as the escape \u0000, so the address itself holds no %00.
    const params = new URLSearchParams({ query: 'query($id: ID!) { release(id: $id) { id } }', variables: JSON.stringify({ id: 'a\u0000b' }) });
    expect(params.toString()).not.toContain('%00');
    const res = await fetch(`${production.url}/graphql?${params}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe('Variables: Text must not contain the NUL character (\\u0000)');
  });
});

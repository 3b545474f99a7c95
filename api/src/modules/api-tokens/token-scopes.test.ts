/**
 * Scoped tokens (issue 18): every GraphQL root field of the built schema and every REST route of
 * the router stack is called with a token that lacks exactly the scope token-scopes.ts says it
 * needs (or, where tokens are never allowed, with every scope), and must be refused. Nothing here
 * lists the surface: a field or path added later is covered the day it exists.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, graphqlSchema } from '../../test/harness.ts';
import { bearerFor, buildUser, sessionCookieFor } from '../../test/factories.ts';
import { buildOperation, rootFields, routeTable, type ForeignIds, type RootField, type Route } from '../../test/surface.ts';
import { graphqlRequirement, restRequirement, TOKEN_SCOPES, type Requirement } from './token-scopes.ts';

// Started at load, so the route table names the tests.
const server = await startTestServer({ TOKEN_REQUESTS_PER_MINUTE: '100000', ACCOUNT_REQUESTS_PER_MINUTE: '100000' });
let ids: ForeignIds;
let userId: string;
const tokens = new Map<string, string>();

/** A token of the test user holding every scope but the one required (all of them for never-rules). */
async function tokenWithout(req: Requirement): Promise<string> {
  const missing = 'scope' in req ? req.scope : '';
  let token = tokens.get(missing);
  if (!token) {
    token = await bearerFor(server.prisma, userId, TOKEN_SCOPES.filter((s) => s !== missing));
    tokens.set(missing, token);
  }
  return token;
}

beforeAll(async () => {
  const user = await buildUser(server.prisma);
  userId = user.id;
  const release = await server.prisma.release.create({ data: { userId, title: 'Scoped' } });
  const probe = '01900000-0000-7000-8000-000000000000';
  ids = { user: userId, release: release.id, liveRelease: release.id, track: probe, credit: probe, apiToken: probe, session: probe, inAppMessage: probe, invitation: probe };
});
afterAll(async () => {
  await server.close();
});

const fields = rootFields(graphqlSchema);
const needs = (r: RootField) => graphqlRequirement(r.operation, r.name);
const gatedFields = fields.filter((f) => !('public' in needs(f)) && !buildOperation(f, {} as ForeignIds).files.length);

describe('every GraphQL root field', () => {
  it('has a requirement; scoped, never and public ones all exist; money and credentials are never open', () => {
    const kinds = new Set(fields.map((f) => Object.keys(needs(f))[0]));
    expect([...kinds].sort()).toEqual(['never', 'public', 'scope']);
    for (const name of ['withdraw', 'changePassword', 'createApiToken', 'revokeApiToken', 'requestEmailChange', 'deleteAccount', 'linkPayPal']) {
      expect({ name, never: 'never' in graphqlRequirement('mutation', name) }).toEqual({ name, never: true });
    }
  });

  it.each(gatedFields.map((f) => [`${f.operation} ${f.name}`, f] as const))('%s refuses a token without its scope', async (_name, root) => {
    const req = needs(root);
    const op = buildOperation(root, ids);
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { authorization: await tokenWithout(req), 'content-type': 'application/json' },
      body: JSON.stringify({ query: op.query, variables: op.variables }),
    });
    const json = (await res.json()) as { errors?: { extensions?: { code?: string; key?: string } }[] };
    const seen = { field: root.name, req, status: res.status, code: json.errors?.[0]?.extensions?.code, key: json.errors?.[0]?.extensions?.key };
    expect(seen).toEqual({ field: root.name, req, status: 403, code: 'FORBIDDEN', key: 'insufficient-scope' });
  });
});

const routes = routeTable(server.app).filter((r) => r.path.startsWith('/api/'));
const restNeeds = (r: Route) => restRequirement(r.method, r.path);
const gatedRoutes = routes.filter((r) => !('public' in restNeeds(r)));

function urlFor(route: Route): string {
  return route.path.replace(/:id\b/g, ids.release).replace(/:(\w+)/g, 'probe');
}

describe('every REST route', () => {
  it('has a requirement, and the withdrawal and credential paths are never open', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect('never' in restRequirement('POST', '/api/financial/withdraw')).toBe(true);
    expect('never' in restRequirement('POST', '/api/users/change-password')).toBe(true);
  });

  it.each(gatedRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s refuses a token without its scope', async (key, route) => {
    const req = restNeeds(route);
    const hasBody = !['GET', 'HEAD'].includes(route.method);
    const res = await fetch(`${server.url}${urlFor(route)}`, {
      method: route.method,
      headers: { authorization: await tokenWithout(req), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      body: hasBody ? JSON.stringify({ title: 'probe' }) : undefined,
      redirect: 'manual',
    });
    const json = (await res.json().catch(() => ({}))) as { key?: string };
    expect({ key, req, status: res.status, reason: json.key }).toEqual({ key, req, status: 403, reason: 'insufficient-scope' });
  });
});

describe('a token with the scope', () => {
  it('passes the gate on both transports, and nested money fields need money:read', async () => {
    const reader = await bearerFor(server.prisma, userId, ['releases:read', 'profile:read']);
    const list = await fetch(`${server.url}/api/releases`, { headers: { authorization: reader } });
    expect(list.status).toBe(200);
    const gql = await server.gql('{ viewer { id } releases(first: 1) { totalCount } }', {}, { authorization: reader });
    expect(gql.body.errors).toBeUndefined();
    const write = await fetch(`${server.url}/api/releases`, { method: 'POST', headers: { authorization: reader, 'content-type': 'application/json' }, body: '{"title":"x"}' });
    expect(write.status).toBe(403);
    const balance = await server.gql('{ viewer { id balance { __typename } } }', {}, { authorization: reader });
    expect(balance.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', key: 'insufficient-scope' });
  });

  it('cannot create or revoke tokens, and a session still can', async () => {
    const all = await bearerFor(server.prisma, userId);
    const viaToken = await server.gql('mutation { createApiToken(input: { name: "x" }) { token } }', {}, { authorization: all });
    expect(viaToken.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    const cookie = await sessionCookieFor(server.prisma, userId);
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const create = 'mutation($e: DateTime) { createApiToken(input: { name: "Reader", scopes: [RELEASES_READ], expiresAt: $e }) { apiToken { scopes expiresAt } } }';
    const viaSession = await server.gql(create, { e: expiresAt }, { cookie });
    expect(viaSession.body.data).toEqual({ createApiToken: { apiToken: { scopes: ['RELEASES_READ'], expiresAt } } });
    const past = await server.gql(create, { e: '2020-01-01T00:00:00Z' }, { cookie });
    expect(past.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'expiresAt', key: 'invalid' }] });
  });
});

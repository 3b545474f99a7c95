/**
 * The fuzz suite (fast-check): random JSON bodies to every POST/PUT/PATCH/DELETE route of the
 * express stack, and random GraphQL documents (random root field, random selection, arguments
 * typed from the schema or random JSON) against the real server. Every answer must be below 500
 * (GraphQL: no INTERNAL_SERVER_ERROR), no larger than the size cap, and the server must still
 * answer a normal query afterwards. Bounded in runs and time so CI stays fast.
 *
 * A failure prints the exact request; rerun it with FUZZ_SEED=<seed> (and FUZZ_PATH=<path>) as
 * fast-check reports them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';
import { buildUser, sessionCookieFor } from '../test/factories.ts';
import { graphqlSchema } from '../test/harness.ts';
import { rootFields, routeTable, type ForeignIds, type Route } from '../test/surface.ts';
import { clientFor, startReleaseServer } from '../modules/releases/__test-support__/release-kit.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SIZE_CAP = 1_000_000;
const TIME_LIMIT_MS = 25_000;
const seedOptions = {
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
  ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}),
};

const server = await startReleaseServer();
const routes = routeTable(server.app).filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
const fields = rootFields(graphqlSchema);
let cookie: string;
let ids: ForeignIds & { own: string };

beforeAll(async () => {
  const owner = await buildUser(server.prisma);
  const ownerClient = clientFor(server, await sessionCookieFor(server.prisma, owner.id));
  const release = await ownerClient.rest('POST', '/releases', { title: 'Theirs' });
  const me = await buildUser(server.prisma);
  cookie = await sessionCookieFor(server.prisma, me.id);
  const mine = await clientFor(server, cookie).rest('POST', '/releases', { title: 'Mine' });
  ids = {
    user: owner.id,
    release: release.body.id,
    liveRelease: release.body.id,
    track: release.body.id,
    credit: release.body.id,
    apiToken: release.body.id,
    session: release.body.id,
    inAppMessage: release.body.id,
    invitation: release.body.id,
    own: mine.body.id,
  };
}, 180_000);

afterAll(async () => {
  await server.close();
});

// ---- values -------------------------------------------------------------------------------

const NASTY_STRINGS = [
  '', ' ', 'null', 'undefined', 'true', '0', '-1', '1e309', 'NaN', '9'.repeat(40), '-0', '[]', '{}',
  '../../../etc/passwd', '%2e%2e%2f', "' OR 1=1 --", '"; DROP TABLE users; --', '<script>alert(1)</script>',
  '${7*7}', '{{7*7}}', '__proto__', 'constructor', 'toString', '\uFEFF', '\uD800', 'é'.normalize('NFD'),
  '💿'.repeat(100), 'a'.repeat(10_000), '2031-02-30', '0000-00-00', 'T00:00:00Z', 'x@y', 'a@b.c', '@@',
  '00000000-0000-0000-0000-000000000000', 'not-a-uuid', ' ' + 'b'.repeat(300) + ' ',
];
// NUL bytes: the transport refuses them (400) in bodies, addresses and GraphQL.
const NUL_STRINGS = ['\u0000', 'a\u0000b'];

const nastyString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS, ...NUL_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom('id', 'release', 'own').map((k) => (k === 'own' ? ids.own : ids.release)) },
  );

const nastyNumber = (): fc.Arbitrary<number> =>
  fc.oneof(fc.integer(), fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 0.5), fc.double({ noNaN: true, noDefaultInfinity: true }));

/** Random JSON, nested a few levels (deep nesting is the transport's, hard-transport). */
const jsonValue = (): fc.Arbitrary<unknown> =>
  fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant(null),
      fc.boolean(),
      nastyNumber(),
      nastyString(),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fieldKey(), fc.string({ maxLength: 10 })), tie('value'), { maxKeys: 4 }),
    ),
  })).value;

/** Every argument and input field name in the schema: the keys bodies are most likely to read. */
const KNOWN_KEYS = (() => {
  const keys = new Set<string>(['id', 'releaseId', 'albumId', 'trackId', 'version', 'username', 'artistRelationTypeId', 'ids', 'tracksOrder']);
  for (const type of Object.values(graphqlSchema.getTypeMap())) {
    if (isInputObjectType(type)) for (const f of Object.values(type.getFields())) keys.add(f.name);
  }
  for (const { field } of fields) for (const a of field.args) keys.add(a.name);
  return [...keys].sort();
})();
function fieldKey(): fc.Arbitrary<string> {
  return fc.constantFrom(...KNOWN_KEYS);
}

// ---- REST ---------------------------------------------------------------------------------

const pathValue = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom('ids', 'own').map((k) => (k === 'own' ? ids.own : ids.release)),
    fc.string({ maxLength: 30 }),
    fc.constantFrom('..', '%2e%2e', '%ff', '%E0%A4%A', 'x'.repeat(500), '-1', '0', '%00', 'a%00b'),
  );

function concretePath(route: Route, values: string[]): string {
  let i = 0;
  return route.path.replace(/:(\w+)/g, () => encodeURIComponent(values[i++ % values.length] ?? 'x')).replace(/%25([0-9A-Fa-f]{2})/g, '%$1');
}

const restCase = fc.record({
  route: fc.constantFrom(...routes),
  params: fc.array(pathValue(), { minLength: 1, maxLength: 3 }),
  body: fc.oneof({ weight: 4, arbitrary: fc.dictionary(fieldKey(), jsonValue(), { maxKeys: 8 }) }, { weight: 1, arbitrary: jsonValue() }),
  signedIn: fc.boolean(),
});

// ---- GraphQL ------------------------------------------------------------------------------

/** A value for an input type: usually the right shape with hostile content, sometimes any JSON. */
function inputValue(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return inputValue(type.ofType, depth);
  const typed = ((): fc.Arbitrary<unknown> => {
    if (isListType(type)) return fc.array(inputValue(type.ofType, depth + 1), { maxLength: 3 });
    if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((v) => v.name));
    if (isInputObjectType(type)) {
      if (depth > 3) return fc.constant({});
      const entries = Object.values(type.getFields()).map((f) => [f.name, inputValue(f.type, depth + 1)] as const);
      return fc.record(Object.fromEntries(entries), { requiredKeys: [] });
    }
    switch (type.name) {
      case 'Int':
        return fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(2 ** 31 - 1, -(2 ** 31), 1000, 100_000));
      case 'Float':
        return nastyNumber();
      case 'Boolean':
        return fc.boolean();
      case 'Upload':
        return fc.constant(null);
      default:
        return nastyString();
    }
  })();
  return fc.oneof({ weight: 5, arbitrary: typed }, { weight: 1, arbitrary: jsonValue() });
}

/** A random selection of a type's fields (nested a little), always valid GraphQL. */
function selection(type: GraphQLOutputType, depth = 0): fc.Arbitrary<string> {
  const named = getNamedType(type);
  if (isLeafType(named)) return fc.constant('');
  if ((!isObjectType(named) && !isInterfaceType(named)) || depth >= 3) return fc.constant('{ __typename }');
  const choices = Object.values(named.getFields()).filter((f) => !f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined));
  if (choices.length === 0) return fc.constant('{ __typename }');
  return fc
    .subarray(choices, { minLength: 1, maxLength: Math.min(6, choices.length) })
    .chain((picked) => fc.tuple(...picked.map((f) => selection(f.type, depth + 1).map((sub) => `${f.name} ${sub}`))))
    .map((parts) => `{ __typename ${parts.join(' ')} }`);
}

const gqlCase = fc.oneof(
  {
    weight: 9,
    arbitrary: fc.constantFrom(...fields).chain((root) =>
      fc.record({
        query: selection(root.field.type).map((sel) => {
          const defs = root.field.args.map((a) => `$${a.name}: ${String(a.type)}`);
          const args = root.field.args.map((a) => `${a.name}: $${a.name}`);
          return `${root.operation}${defs.length ? `(${defs.join(', ')})` : ''} { ${root.name}${args.length ? `(${args.join(', ')})` : ''} ${sel} }`;
        }),
        variables: fc.record(Object.fromEntries(root.field.args.map((a) => [a.name, inputValue(a.type)])), { requiredKeys: [] }),
        signedIn: fc.boolean(),
      }),
    ),
  },
  // not even a valid document: parse and validation errors must stay 400
  { weight: 1, arbitrary: fc.record({ query: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('{', 'query {', '{ __typename', 'mutation { }', '{ countries { nope } }', 'fragment F on Query { countries { code } } { ...F ...F }')), variables: fc.dictionary(fc.string({ maxLength: 8 }), jsonValue(), { maxKeys: 3 }), signedIn: fc.boolean() }) },
);

// ---- the properties -----------------------------------------------------------------------

async function send(method: string, url: string, body: unknown, signedIn: boolean): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...(signedIn ? { cookie } : {}), 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: method === 'GET' ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  return { status: res.status, text: await res.text() };
}

async function normalQueryAnswers(): Promise<void> {
  const res = await server.gql<{ countries: { code: string }[] }>('{ countries { code } }');
  expect(res.status).toBe(200);
  expect(res.body.data?.countries.length).toBeGreaterThan(100);
}

/** Cases a property ran: the time limit may cut a run short, but never to a token few. */
let runs = 0;
const MIN_RUNS = Math.min(RUNS, 100);

describe('fuzzing', () => {
  beforeEach(() => {
    runs = 0;
  });

  it('REST: random bodies to every POST/PUT/PATCH/DELETE route answer below 500, within the size cap', async () => {
    expect(routes.length).toBeGreaterThan(30);
    await fc.assert(
      fc.asyncProperty(restCase, async ({ route, params, body, signedIn }) => {
        runs += 1;
        const url = concretePath(route, params);
        const res = await send(route.method, url, body, signedIn);
        const request = { method: route.method, url, body: JSON.stringify(body).slice(0, 2_000), signedIn };
        const answer = { status: res.status, bytes: res.text.length, text: res.text.slice(0, 300) };
        expect({ request, answer, below500: res.status < 500, withinCap: res.text.length <= SIZE_CAP }).toEqual({ request, answer, below500: true, withinCap: true });
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false, ...seedOptions },
    );
    expect(runs).toBeGreaterThanOrEqual(MIN_RUNS);
    await normalQueryAnswers();
  }, 180_000);

  it('GraphQL: random documents and variables answer below 500 with no INTERNAL_SERVER_ERROR, within the size cap', async () => {
    await fc.assert(
      fc.asyncProperty(gqlCase, async ({ query, variables, signedIn }) => {
        runs += 1;
        const res = await send('POST', '/graphql', { query, variables }, signedIn);
        const request = { query, variables: JSON.stringify(variables).slice(0, 2_000), signedIn };
        const internal = /"code":"INTERNAL_SERVER_ERROR"/.test(res.text);
        const answer = { status: res.status, bytes: res.text.length, text: res.text.slice(0, 400) };
        expect({ request, answer, below500: res.status < 500, internal, withinCap: res.text.length <= SIZE_CAP }).toEqual({ request, answer, below500: true, internal: false, withinCap: true });
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false, ...seedOptions },
    );
    expect(runs).toBeGreaterThanOrEqual(MIN_RUNS);
    await normalQueryAnswers();
  }, 180_000);
});

/**
 * The security suite: every GraphQL Query/Mutation field of the built schema and every REST route
 * of the express router stack, called as an anonymous visitor, as another user, and as support
 * acting as another user, against one user's (the owner's) real data. Nothing here lists the
 * surface by hand: a new field or path is covered the day it is added, and one that answers
 * anonymous callers fails until it is put in the public allow-list below with its reason.
 *
 * Every call must answer without a 5xx and without the owner's data (each of the owner's texts
 * carries a marker that no answer may contain); at the end, the owner's rows are unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type GraphQLField } from 'graphql';
import { png, wav } from '../integrations/media/__test-support__/media-fixtures.ts';
import { bearerFor, buildUser, sessionCookieFor } from '../test/factories.ts';
import { graphqlSchema } from '../test/harness.ts';
import { buildOperation, rootFields, routeTable, type ForeignIds, type RootField, type Route, uploadPaths } from '../test/surface.ts';
import { clientFor, startReleaseServer } from '../modules/releases/__test-support__/release-kit.ts';
import { statusOrder } from '@cadence/domain/release-status';

type Role = 'anonymous' | 'otherUser' | 'actingAs' | 'support';
const REFUSAL_CODES = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'];
const REFUSAL_STATUSES = [401, 403, 404];

/** GraphQL fields anyone may call signed out, and why. Everything else must refuse anonymous callers. */
const PUBLIC_FIELDS: Record<string, string> = {
  countries: 'dictionary for the sign-up and profile forms',
  euCountries: 'dictionary for the sign-up and profile forms',
  usStates: 'dictionary for the address form',
  canadianProvinces: 'dictionary for the address form',
  languages: 'dictionary for release forms and the public pages',
  genres: 'dictionary for release forms and the public pages',
  outlets: 'dictionary: the stores the start page lists',
  dsps: 'dictionary: the stores the start page lists',
  releaseStatuses: 'dictionary of status names',
  tier: 'plan descriptions shown on the public pricing page',
  plans: 'the plan comparison on /choose-your-plan, before sign-up',
  checkPromoCode: 'a promo code lowers the price shown before sign-up (the once-per-person rule is checked at purchase)',
  clientConfig: 'the environment settings the app reads before sign-in',
  publicInAppMessages: "visitors' messages (spec: GET /api/in-app-messages/unauthorized)",
  viewer: 'answers null when signed out (how the app learns it is signed out)',
  signIn: 'sign-in',
  signUp: 'sign-up (captcha and rate limits guard it)',
  signOut: 'ending a session that may be gone already is harmless',
  requestPasswordReset: 'forgotten password: answers alike for known and unknown addresses',
  resetPassword: 'holds the emailed token',
  confirmEmail: 'holds the emailed token',
  confirmEmailChange: 'holds the emailed token',
  splitInvitation: 'holds the emailed split invitation token',
  confirmParentConsent: "holds the token mailed to the parent, who has no account",
  unlockAccount: 'holds the emailed unlock token (a locked owner is signed out)',
  requestUnlockLink: 'a locked owner is signed out',
  createCaptchaChallenge: 'sign-up and locked accounts need a challenge before sign-in',
  solveCaptcha: 'sign-up and locked accounts need a challenge before sign-in',
  clientLog: 'the app reports its errors before sign-in too',
  trackEvent: 'anonymous analytics events (nothing is read back)',
  trackMarketing: 'marketing campaign attribution from mail links, before sign-in',
  trackWebPushClick: 'web push click attribution, before sign-in',
  stopActingAsUser: 'answers false when nobody is acting',
  recordInAppMessageEvent: "visitors' messages are shown and clicked signed out; only a message the caller may see is counted",
};

/** REST paths anyone may call signed out, and why (method and express path). */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /healthz': 'liveness probe',
  'GET /readyz': 'readiness probe',
  'GET /.*': 'the browser app and its server-rendered public pages',
  'GET /robots.txt': 'for crawlers: which paths to index (issue 22)',
  'GET /sitemap.xml': 'for crawlers: the public pages (issue 22)',
  'GET /api/dictionary/countries': 'dictionary',
  'GET /api/dictionary/languages': 'dictionary',
  'GET /api/dictionary/genres': 'dictionary',
  'GET /api/dictionary/outlets': 'dictionary',
  'GET /api/dictionary/dsps': 'dictionary',
  'GET /api/client-configs': 'environment settings read before sign-in',
  'GET /api/in-app-messages/unauthorized': "visitors' messages",
  'GET /api/releases/download-link/:code': 'the download link is the credential (shared with stores and collaborators)',
  'POST /api/auth/login': 'sign-in',
  'GET /api/auth/logout': 'legacy sign-out',
  'POST /api/auth/logout': 'sign-out: signed out already is a success, as for GET',
  'POST /api/users': 'sign-up',
  'GET /api/users/check-token': 'checks an emailed token',
  'POST /api/users/reset-password': 'forgotten password',
  'POST /api/users/reset-password/confirm': 'holds the emailed token',
  'POST /api/users/verify-email': 'holds the emailed token',
  'POST /api/users/confirm-email-change': 'holds the emailed token',
  'POST /api/splits/:id/accept': 'holds the emailed split invitation token',
  'POST /api/splits/:id/decline': 'holds the emailed split invitation token',
  'POST /api/users/parent-consent': 'holds the token mailed to the parent',
  'GET /api/tier/:tierName': 'plan descriptions on the public pricing page',
  'GET /api/promo-code/check': 'a promo code lowers the price shown before sign-up',
  'POST /api/users/tracking': 'campaign attribution from mail links',
  'POST /api/users/track-event/:eventName': 'anonymous analytics events',
  'POST /api/trackWebPushClick': 'web push click attribution',
  'POST /api/logstash/log': 'client error reports',
  'POST /api/in-app-messages/events': "visitors' messages are shown and clicked signed out; only a message the caller may see is counted",
  'GET /api/openapi.json': 'the REST reference (issue 18)',
  'GET /graphql/schema.graphql': 'the GraphQL schema in SDL for partners (issue 18)',
  'GET /graphql/persisted-documents.json': "the trusted documents manifest: the browser app's own operations by hash, for partners (issue 18)",
  'GET /api/docs': 'the REST reference page',
  'GET /api/docs/init.js': 'the REST reference page',
  'GET /api/docs/:file': 'the REST reference page (swagger-ui files)',
  'GET /api/captcha/challenge': 'challenge before sign-up or sign-in of a locked account',
  'POST /api/captcha/check': 'challenge before sign-up or sign-in of a locked account',
  'POST /api/captcha/unlock-link': 'a locked owner is signed out',
  'POST /api/captcha/unlock': 'a locked owner is signed out',
};

/**
 * Known gaps that other branches of issue 11 close: only "no 5xx" is asserted for these until then.
 * Remove an entry when its fix lands; the suite then holds it to the full rules.
 */
const KNOWN_GAPS: Record<string, string> = {};

/**
 * What support acting as a user must be refused (FORBIDDEN) even on that user's own data. The
 * impersonation policy (support/impersonation.policy.ts) decides them in the services.
 */
const ACTING_AS_REFUSED: Record<string, string> = {
  changePassword: 'credentials',
  requestEmailChange: 'credentials (the sign-in address)',
  createApiToken: 'tokens',
  revokeApiToken: 'tokens',
  acceptAgreement: 'consents',
  deleteAccount: 'deletion',
  outbox: "another person's mail",
  purchasePlan: 'money (paying)',
  setAutoRenew: 'money (future charges)',
  updatePaymentMethod: 'money (payment details)',
  cancelSubscriptions: 'money (future charges)',
};

/**
 * Fields that take an id of the owner's and yet may answer another user, and why. In-app
 * messages are addressed to everyone; an invitation id is not an argument anywhere.
 */
const SHARED_ENTITY_FIELDS: Record<string, string> = {
  recordInAppMessageEvent: "in-app messages are broadcast to every user: recording one's own view of one is allowed",
};

interface Call {
  status: number;
  text: string;
  code?: string;
}

// Started at load, so the route table (which exists once the app is built) names the tests; with a
// stand-in browser build, so the client's catch-all route answers as in production.
const clientDist = await mkdtemp(path.join(tmpdir(), 'cadence-security-client-'));
await writeFile(path.join(clientDist, 'index.html'), '<!doctype html><title>Cadence</title><div id="root"></div>');
const server = await startReleaseServer({ CLIENT_DIST_DIR: clientDist });
let ids: ForeignIds;
let marker: string;
let supportId: string;
let snapshotOwner: () => Promise<unknown>;
let ownerBefore: unknown;

beforeAll(async () => {
  marker = `sekr3t${randomUUID().slice(0, 8)}`;
  const owner = await buildUser(server.prisma, { email: `${marker}@example.com`, lastName: marker, firstName: marker, primaryArtists: [`${marker} Band`] });
  const support = await buildUser(server.prisma, { role: 'SUPPORT' });
  supportId = support.id;
  const client = clientFor(server, await sessionCookieFor(server.prisma, owner.id));
  const draft = await client.rest('POST', '/releases', { title: `${marker} draft` });
  expect(draft.status).toBe(201);
  const track = await client.upload('/track/upload', { releaseId: draft.body.id }, { data: wav(), name: `${marker}.wav` });
  expect(track.status).toBeLessThan(300);
  await client.rest('PUT', `/track/${track.body.id}`, { title: `${marker} track` });
  const cover = await client.upload('/releases/cover-upload', { releaseId: draft.body.id }, { data: await png(1600, 1600), name: 'c.png', type: 'image/png' });
  expect(cover.status).toBeLessThan(300);
  const live = await server.prisma.release.create({ data: { userId: owner.id, title: `${marker} live`, status: statusOrder('LIVE'), upc: '0860000000017' } });
  await bearerFor(server.prisma, owner.id);
  const invited = await client.gql('mutation($e: [String!]!) { sendInvitations(input: { emails: $e }) { invitations { id } } }', { e: [`${marker}.friend@example.com`] });
  expect(invited.body.errors).toBeUndefined();
  const message = await server.prisma.inAppMessage.create({ data: { type: 'ALERT_BANNER', bodyText: 'For everyone' } });
  ids = {
    user: owner.id,
    release: draft.body.id,
    liveRelease: live.id,
    track: track.body.id,
    credit: (await server.prisma.artistCredit.findFirstOrThrow({ where: { releaseId: draft.body.id } })).id,
    apiToken: (await server.prisma.apiToken.findFirstOrThrow({ where: { userId: owner.id } })).id,
    session: (await server.prisma.session.findFirstOrThrow({ where: { userId: owner.id } })).id,
    inAppMessage: message.id,
    invitation: (await server.prisma.invitation.findFirstOrThrow({ where: { inviterId: owner.id } })).id,
  };
  const p = server.prisma;
  snapshotOwner = async () => ({
    user: await p.user.findUniqueOrThrow({ where: { id: owner.id } }),
    releases: await p.release.findMany({ where: { userId: owner.id }, orderBy: { id: 'asc' } }),
    tracks: await p.track.findMany({ where: { userId: owner.id }, orderBy: { id: 'asc' } }),
    credits: await p.artistCredit.findMany({ where: { release: { userId: owner.id } }, orderBy: { id: 'asc' } }),
    tokens: await p.apiToken.findMany({ where: { userId: owner.id }, orderBy: { id: 'asc' } }),
    sessions: await p.session.findMany({ where: { userId: owner.id }, orderBy: { id: 'asc' }, select: { id: true, revokedAt: true, expiresAt: true } }),
    invitations: await p.invitation.findMany({ where: { inviterId: owner.id }, orderBy: { id: 'asc' } }),
    files: await p.storedFile.findMany({ where: { userId: owner.id }, orderBy: { id: 'asc' } }),
  });
  ownerBefore = await snapshotOwner();
}, 180_000);

afterAll(async () => {
  await server.close();
  await rm(clientDist, { recursive: true, force: true });
});

/** A fresh identity per call, so what one call does to its own account (sign-out, deletion) cannot mask the next. */
async function cookieFor(role: Role): Promise<string> {
  if (role === 'anonymous') return '';
  const user = await buildUser(server.prisma, role === 'support' ? { role: 'SUPPORT' } : {});
  return sessionCookieFor(server.prisma, user.id, role === 'actingAs' ? supportId : undefined);
}

async function callField(root: RootField, cookie: string): Promise<Call> {
  const op = buildOperation(root, ids);
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let res: Response;
  if (op.files.length) {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: op.query, variables: op.variables }));
    form.append('map', JSON.stringify(Object.fromEntries(op.files.map((path, i) => [String(i), [path]]))));
    op.files.forEach((_p, i) => form.append(String(i), new Blob([new Uint8Array(wav())]), 'probe.wav'));
    res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { ...headers, 'apollo-require-preflight': 'true' }, body: form });
  } else {
    res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ query: op.query, variables: op.variables }) });
  }
  const text = await res.text();
  let code: string | undefined;
  try {
    const body = JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] };
    code = body.errors?.[0]?.extensions?.code;
  } catch {
    code = undefined;
  }
  return { status: res.status, text, code };
}

/** The concrete URL for a route pattern: its parameters take the owner's ids. */
function urlFor(route: Route): string {
  return route.path
    .replace(/:id\b/g, () => (/\/tracks?\//.test(route.path) ? ids.track : /\/users\//.test(route.path) ? ids.user : /takedown/.test(route.path) ? ids.liveRelease : ids.release))
    .replace(/:tierName\b/g, 'VIP')
    .replace(/:code\b/g, 'not-a-download-code')
    .replace(/:(\w+)/g, 'probe')
    .replace(/\/\.\*$/, '/');
}

async function callRoute(route: Route, cookie: string): Promise<Call> {
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const body = { id: ids.release, releaseId: ids.release, albumId: ids.release, trackId: ids.track, userId: ids.user, title: 'probe', email: 'nobody@example.com' };
  const res = await fetch(`${server.url}${urlFor(route)}`, {
    method: route.method,
    headers: { ...(cookie ? { cookie } : {}), ...(hasBody ? { 'content-type': 'application/json' } : {}), 'x-requested-with': 'XMLHttpRequest' },
    body: hasBody ? JSON.stringify(body) : undefined,
    redirect: 'manual',
  });
  const text = await res.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return { status: res.status, text, code };
}

/** The scopes the field declares through Pothos (authScopes), if any. */
function scopesOf(field: GraphQLField<unknown, unknown>): Record<string, unknown> {
  const options = (field.extensions as { pothosOptions?: { authScopes?: unknown } }).pothosOptions;
  return typeof options?.authScopes === 'object' && options.authScopes ? (options.authScopes as Record<string, unknown>) : {};
}

/** Whether the generated arguments point at one of the owner's entities. */
function targetsOwner(root: RootField): boolean {
  const values = JSON.stringify(buildOperation(root, ids).variables);
  return Object.values(ids).some((id) => values.includes(id));
}

const fields = rootFields(graphqlSchema);
const fieldName = (r: RootField) => `${r.operation === 'query' ? 'Query' : 'Mutation'}.${r.name}`;

describe('the surface under test', () => {
  it('is read from the schema and the route table, and every allow-list entry names something that exists', () => {
    expect(fields.length).toBeGreaterThan(60);
    expect(routes.length).toBeGreaterThan(50);
    const names = new Set(fields.map((f) => f.name));
    const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const name of [...Object.keys(PUBLIC_FIELDS), ...Object.keys(ACTING_AS_REFUSED), ...Object.keys(SHARED_ENTITY_FIELDS)]) expect({ name, exists: names.has(name) }).toEqual({ name, exists: true });
    for (const key of Object.keys(PUBLIC_ROUTES)) expect({ key, exists: keys.has(key) }).toEqual({ key, exists: true });
    for (const key of Object.keys(KNOWN_GAPS)) expect({ key, exists: keys.has(key) || fields.some((f) => fieldName(f) === key) }).toEqual({ key, exists: true });
  });
});

describe.each(['anonymous', 'otherUser', 'actingAs'] as const)('every GraphQL field as %s', (role) => {
  it.each(fields.map((f) => [fieldName(f), f] as const))('%s', async (name, root) => {
    const res = await callField(root, await cookieFor(role));
    const summary = { name, status: res.status, code: res.code, text: res.text.slice(0, 300) };
    expect({ ...summary, serverError: res.status >= 500 || res.code === 'INTERNAL_SERVER_ERROR' }).toEqual({ ...summary, serverError: false });
    if (KNOWN_GAPS[name]) return;
    expect({ ...summary, leaksOwnerData: res.text.includes(marker) }).toEqual({ ...summary, leaksOwnerData: false });

    const scopes = scopesOf(root.field);
    const staffOnly = Boolean(scopes.support || scopes.admin);
    let mustRefuse: string[] | null = null;
    if (role === 'anonymous') {
      if (!PUBLIC_FIELDS[root.name]) mustRefuse = REFUSAL_CODES;
    } else if (staffOnly) {
      mustRefuse = ['FORBIDDEN']; // acting as a user is being that user, staff role gone
    } else if (role === 'actingAs' && ACTING_AS_REFUSED[root.name]) {
      mustRefuse = ['FORBIDDEN'];
    } else if (targetsOwner(root) && !SHARED_ENTITY_FIELDS[root.name]) {
      mustRefuse = REFUSAL_CODES;
    }
    if (mustRefuse) expect({ ...summary, refused: mustRefuse.includes(res.code ?? '') }).toEqual({ ...summary, refused: true });
  });
});

const routes = routeTable(server.app);

describe.each(['anonymous', 'otherUser', 'actingAs'] as const)('every REST route as %s', (role) => {
  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_key, route) => {
    const key = `${route.method} ${route.path}`;
    const res = await callRoute(route, await cookieFor(role));
    const summary = { key, status: res.status, text: res.text.slice(0, 300) };
    expect({ ...summary, serverError: res.status >= 500 }).toEqual({ ...summary, serverError: false });
    if (KNOWN_GAPS[key]) return;
    expect({ ...summary, leaksOwnerData: res.text.includes(marker) }).toEqual({ ...summary, leaksOwnerData: false });
    const targets = /:(id)\b/.test(route.path);
    const mustRefuse = role === 'anonymous' ? !PUBLIC_ROUTES[key] : targets;
    if (mustRefuse) expect({ ...summary, refused: REFUSAL_STATUSES.includes(res.status) }).toEqual({ ...summary, refused: true });
  });
});

/** REST guards (route handler names) that say who a path is for; every /api/admin path has one. */
const STAFF_GUARDS = ['staffOnly', 'adminOnly'];
const staffRoutes = routes.filter((r) => r.handlers.some((h) => STAFF_GUARDS.includes(h)));
const adminFields = fields.filter((f) => scopesOf(f.field).admin && !scopesOf(f.field).support);
const adminRoutes = routes.filter((r) => r.handlers.includes('adminOnly'));

describe('staff operations', () => {
  it('every /api/admin path names its staff guard, and the lists below are not empty', () => {
    const unguarded = routes.filter((r) => r.path.startsWith('/api/admin') && !staffRoutes.includes(r)).map((r) => `${r.method} ${r.path}`);
    expect(unguarded).toEqual([]);
    expect(staffRoutes.length).toBeGreaterThanOrEqual(8);
    expect(adminFields.map((f) => f.name)).toContain('changeUserRole');
    expect(adminRoutes.length).toBeGreaterThan(0);
  });

  // Users (and support acting as one) reach no staff path, whatever it targets.
  describe.each(['otherUser', 'actingAs'] as const)('every staff REST path as %s', (role) => {
    it.each(staffRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s is refused', async (key, route) => {
      const res = await callRoute(route, await cookieFor(role));
      expect({ key, status: res.status }).toEqual({ key, status: 403 });
    });
  });

  // Support manages neither staff nor (when they exist) store endpoints and sales imports.
  it.each(adminFields.map((f) => [fieldName(f), f] as const))('support is refused %s', async (name, root) => {
    const res = await callField(root, await cookieFor('support'));
    expect({ name, code: res.code }).toEqual({ name, code: 'FORBIDDEN' });
  });
  it.each(adminRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('support is refused %s', async (key, route) => {
    const res = await callRoute(route, await cookieFor('support'));
    expect({ key, status: res.status }).toEqual({ key, status: 403 });
  });
});

describe("the owner's data after every call above", () => {
  it('is unchanged', async () => {
    expect(await snapshotOwner()).toEqual(ownerBefore);
  });
});

// The Upload scalar is reachable only through multipart; make sure the generator sends it that way.
describe('multipart probes', () => {
  it('send a file for every Upload argument', () => {
    const uploads = fields.filter((f) => f.field.args.some((a) => uploadPaths(a.type, a.name).length > 0));
    expect(uploads.map((f) => f.name).sort()).toEqual(expect.arrayContaining(['uploadCoverArt', 'uploadTrack']));
    for (const f of uploads) expect(buildOperation(f, ids).files.length).toBeGreaterThan(0);
  });
});

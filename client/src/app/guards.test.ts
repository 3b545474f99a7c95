import { jest } from '@jest/globals';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { HttpResponse } from 'msw';
import { api, GRAPHQL_URL } from '../../test/graphql';
import { useMswServer } from '../../test/msw';
import { createApolloClient } from '../lib/apollo';
import { registerAppClient } from '../lib/data-layer';
import { AGE_RESTRICTED_COOKIE, FORCE_LOGIN_COOKIE } from '../lib/session';
import { browserGuardServices, createGuardLoader, decideRoute, guardsMayAct, type GuardInput, type GuardServices, type GuardViewer } from './guards';

const complete = { name: true, contacts: true, distribution: true };

function viewer(overrides: Partial<GuardViewer> = {}): GuardViewer {
  return { id: 'u1', role: 'USER', status: 'ACTIVE', isLocked: false, isAnalyticsDisabled: false, onboarding: complete, ...overrides };
}

function input(overrides: Partial<GuardInput>): GuardInput {
  return { pathname: '/releases', search: '', viewer: viewer(), ageRestricted: false, forceLogin: false, lockRemembered: false, ...overrides };
}

describe('decideRoute', () => {
  test.each<[string, Partial<GuardInput>, string | undefined]>([
    ['a complete user opens /releases', {}, undefined],
    ['a visitor opens /settings', { pathname: '/settings', viewer: null }, '/?login=login'],
    ['a visitor opens a public page', { pathname: '/about', viewer: null }, undefined],
    ['age_restricted on the start page', { pathname: '/', viewer: null, ageRestricted: true }, '/disabled'],
    ['age_restricted on /releases while signed in', { ageRestricted: true }, '/disabled'],
    ['age_restricted on /disabled', { pathname: '/disabled', viewer: null, ageRestricted: true }, undefined],
    ['a remembered lock on /about', { pathname: '/about', viewer: null, lockRemembered: true }, '/captcha'],
    ['a remembered lock on /captcha', { pathname: '/captcha', viewer: null, lockRemembered: true }, undefined],
    ['a locked signed-in user', { viewer: viewer({ isLocked: true }) }, '/captcha'],
    ['a blocked user on /releases', { viewer: viewer({ status: 'BLOCKED' }) }, '/disabled'],
    ['a super-blocked user on /about', { pathname: '/about', viewer: viewer({ status: 'SUPER_BLOCKED' }) }, '/disabled'],
    ['force_login while signed in', { pathname: '/', forceLogin: true }, '/releases'],
    ['force_login already on /releases', { forceLogin: true }, undefined],
    ['no name yet', { viewer: viewer({ onboarding: { name: false, contacts: false, distribution: false } }) }, '/on-boarding'],
    ['no contacts yet', { pathname: '/sales', viewer: viewer({ onboarding: { name: true, contacts: false, distribution: false } }) }, '/on-boarding?step=2'],
    ['no distribution yet', { pathname: '/trends', viewer: viewer({ onboarding: { name: true, contacts: true, distribution: false } }) }, '/on-boarding?step=3'],
    ['skipping ahead in on-boarding', { pathname: '/on-boarding', search: '?step=3', viewer: viewer({ onboarding: { name: true, contacts: false, distribution: false } }) }, '/on-boarding?step=2'],
    ['going back in on-boarding', { pathname: '/on-boarding', search: '?step=1', viewer: viewer({ onboarding: { name: true, contacts: false, distribution: false } }) }, undefined],
    ['review before finishing', { pathname: '/on-boarding/review', viewer: viewer({ onboarding: { name: true, contacts: true, distribution: false } }) }, '/on-boarding?step=3'],
    ['settings before finishing', { pathname: '/settings', viewer: viewer({ onboarding: { name: false, contacts: false, distribution: false } }) }, undefined],
    ['analytics disabled on /trends', { pathname: '/trends', viewer: viewer({ isAnalyticsDisabled: true }) }, '/releases'],
    ['a user in the support area', { pathname: '/support' }, '/releases'],
    ['staff in the support area', { pathname: '/support', viewer: viewer({ role: 'SUPPORT', onboarding: { name: false, contacts: false, distribution: false } }) }, undefined],
  ])('%s', (_name, overrides, expected) => {
    expect(decideRoute(input(overrides)).redirect).toBe(expected);
  });

  test('a visitor sent to sign in has the wanted URL remembered', () => {
    expect(decideRoute(input({ pathname: '/releases/42', search: '?tab=tracks', viewer: null }))).toEqual({ redirect: '/?login=login', rememberWanted: '/releases/42?tab=tracks' });
  });

  test('force_login is consumed once acted on', () => {
    expect(decideRoute(input({ pathname: '/', forceLogin: true }))).toMatchObject({ consumeForceLogin: true, redirect: '/releases' });
  });
});

describe('the guard loader', () => {
  function services(overrides: Partial<GuardServices> = {}, cookies: Record<string, string> = {}) {
    return {
      loadViewer: jest.fn(async (): Promise<GuardViewer | null> => viewer()),
      cookie: jest.fn((name: string) => cookies[name] ?? null),
      deleteCookie: jest.fn(),
      lockRemembered: jest.fn(() => false),
      rememberWantedUrl: jest.fn(),
      ...overrides,
    } satisfies GuardServices;
  }
  const args = (url: string) => ({ request: new Request(`http://localhost${url}`), params: {}, context: undefined }) as unknown as LoaderFunctionArgs;

  async function thrown(promise: Promise<unknown>): Promise<Response | null> {
    try {
      await promise;
      return null;
    } catch (error) {
      return error as Response;
    }
  }

  test('lets a signed-in user through without redirecting', async () => {
    const s = services();
    await expect(createGuardLoader(s)(args('/releases'))).resolves.toBeNull();
    expect(s.loadViewer).toHaveBeenCalledTimes(1);
  });

  test('does not ask for the viewer on public pages', async () => {
    const s = services();
    await createGuardLoader(s)(args('/about'));
    expect(s.loadViewer).not.toHaveBeenCalled();
  });

  test('remembers the wanted URL and redirects a visitor to sign in', async () => {
    const s = services({ loadViewer: jest.fn(async () => null) });
    const response = await thrown(createGuardLoader(s)(args('/settings?tab=tokens')));
    expect(response?.status).toBe(302);
    expect(response?.headers.get('Location')).toBe('/?login=login');
    expect(s.rememberWantedUrl).toHaveBeenCalledWith('/settings?tab=tokens');
  });

  test('force_login: deletes the cookie, fetches the impersonated user, goes to /releases', async () => {
    const s = services({}, { force_login: 'u1' });
    const response = await thrown(createGuardLoader(s)(args('/support')));
    expect(s.loadViewer).toHaveBeenCalled();
    expect(s.deleteCookie).toHaveBeenCalledWith('force_login');
    expect(response?.headers.get('Location')).toBe('/releases');
  });

  test('age_restricted sends everything but /disabled to /disabled without asking the server', async () => {
    const s = services({}, { age_restricted: 'true' });
    const response = await thrown(createGuardLoader(s)(args('/releases')));
    expect(response?.headers.get('Location')).toBe('/disabled');
    expect(s.loadViewer).not.toHaveBeenCalled();
  });
});

describe('guardsMayAct', () => {
  const paths = ['/', '/about', '/features', '/terms-of-use', '/splash', '/disabled', '/captcha', '/releases', '/releases/42', '/support', '/settings', '/on-boarding'];
  const cookieSets: Record<string, string>[] = [{}, { [FORCE_LOGIN_COOKIE]: '1' }, { [AGE_RESTRICTED_COOKIE]: '1' }, { other: '1' }];
  const cases = paths.flatMap((path) => cookieSets.flatMap((cookies) => [false, true].map((lock) => ({ path, cookies, lock }))));
  const readers = (cookies: Record<string, string>, lock: boolean) => ({ cookie: (name: string) => cookies[name] ?? null, lockRemembered: () => lock });
  const quiet = cases.filter(({ path, cookies, lock }) => !guardsMayAct(path, readers(cookies, lock)));

  test('says no only on a page without a session, without force_login, age_restricted or a remembered lock', () => {
    expect(quiet.map(({ path, cookies, lock }) => `${path} ${Object.keys(cookies).join(',')} ${lock}`)).toEqual(
      ['/', '/about', '/features', '/terms-of-use', '/splash', '/disabled', '/captcha'].flatMap((path) => [`${path}  false`, `${path} other false`]),
    );
  });

  test.each(quiet)('where it says no, the loader lets $path through and touches nothing (cookies $cookies)', async ({ path, cookies, lock }) => {
    const s = {
      loadViewer: jest.fn(async (): Promise<GuardViewer | null> => viewer()),
      ...readers(cookies, lock),
      deleteCookie: jest.fn(),
      rememberWantedUrl: jest.fn(),
    } satisfies GuardServices;
    const request = new Request(`http://localhost${path}`);
    await expect(createGuardLoader(s)({ request, params: {}, context: undefined } as unknown as LoaderFunctionArgs)).resolves.toBeNull();
    expect(s.loadViewer).not.toHaveBeenCalled();
    expect(s.deleteCookie).not.toHaveBeenCalled();
    expect(s.rememberWantedUrl).not.toHaveBeenCalled();
  });
});

describe('browserGuardServices.loadViewer', () => {
  const server = useMswServer();
  beforeEach(() => registerAppClient(createApolloClient({ uri: GRAPHQL_URL })));
  afterEach(() => registerAppClient(undefined));

  test('asks the app\'s Apollo client for the viewer, from the server every time', async () => {
    let asked = 0;
    server.use(
      api.query('GuardViewer', () => {
        asked += 1;
        return HttpResponse.json({ data: { viewer: { __typename: 'Profile', ...viewer(), onboarding: { __typename: 'Onboarding', ...complete } } } });
      }),
    );
    expect(await browserGuardServices.loadViewer()).toMatchObject({ id: 'u1', role: 'USER', status: 'ACTIVE' });
    await browserGuardServices.loadViewer();
    expect(asked).toBe(2);
  });

  test('a visitor and a failure both count as signed out', async () => {
    server.use(api.query('GuardViewer', () => HttpResponse.json({ data: { viewer: null } })));
    expect(await browserGuardServices.loadViewer()).toBeNull();
    server.use(api.query('GuardViewer', () => HttpResponse.json({ errors: [{ message: 'boom' }] }, { status: 500 })));
    expect(await browserGuardServices.loadViewer()).toBeNull();
  });
});

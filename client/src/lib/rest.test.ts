import { jest } from '@jest/globals';
import { http, HttpResponse } from 'msw';
import { useMswServer } from '../../test/msw';
import {
  classifyResponse,
  createRestClient,
  downloads,
  getInAppMessages,
  isLoginUrl,
  redirectLocation,
  RestError,
  withCacheBuster,
} from './rest';

describe('withCacheBuster (core §7)', () => {
  const NOW = 1_700_000_000_000;

  test.each([
    ['/api/releases', `/api/releases?t=${NOW}`],
    ['/api/releases?page=2', `/api/releases?page=2&t=${NOW}`],
    ['/api/releases?t=1', `/api/releases?t=${NOW}`],
    ['/api/releases?a=1&t=1&b=2', `/api/releases?a=1&t=${NOW}&b=2`],
    ['/api/releases#top', `/api/releases?t=${NOW}#top`],
    ['https://cdn.example.com/x.json?q=a%20b', `https://cdn.example.com/x.json?q=a%20b&t=${NOW}`],
  ])('GET %s gets t', (url, expected) => {
    expect(withCacheBuster(url, 'GET', NOW)).toBe(expected);
    expect(withCacheBuster(url, 'get', NOW)).toBe(expected);
  });

  test.each(['/api/icons/logo.svg', '/api/images/svg/12', '/api/x?format=svg'])('GET %s (contains svg) is left alone', (url) => {
    expect(withCacheBuster(url, 'GET', NOW)).toBe(url);
  });

  test.each(['POST', 'PUT', 'DELETE'])('%s is left alone', (method) => {
    expect(withCacheBuster('/api/releases', method, NOW)).toBe('/api/releases');
  });

  test('a parameter merely ending in t is not replaced', () => {
    expect(withCacheBuster('/api/x?at=1', 'GET', NOW)).toBe(`/api/x?at=1&t=${NOW}`);
  });
});

describe('response rules (core §8)', () => {
  test('300 redirects to the location in the body', () => {
    expect(classifyResponse(300, '/api/releases', '/on-boarding')).toEqual({ kind: 'redirect', location: '/on-boarding' });
    expect(classifyResponse(300, '/api/releases', { location: '/captcha' })).toEqual({ kind: 'redirect', location: '/captcha' });
    expect(classifyResponse(300, '/api/releases', { url: 'https://x.test/' })).toEqual({ kind: 'redirect', location: 'https://x.test/' });
    expect(classifyResponse(300, '/api/releases', undefined)).toEqual({ kind: 'error' });
  });

  test('401 signs out, except on the sign-in call', () => {
    expect(classifyResponse(401, '/api/releases', undefined)).toEqual({ kind: 'unauthorized' });
    expect(classifyResponse(401, '/api/auth/login', undefined)).toEqual({ kind: 'error' });
    expect(classifyResponse(401, 'http://localhost/api/auth/login?x=1', undefined)).toEqual({ kind: 'error' });
    expect(classifyResponse(401, '/api/auth/logout', undefined)).toEqual({ kind: 'unauthorized' });
  });

  test('other statuses pass through', () => {
    expect(classifyResponse(200, '/api/x', {})).toEqual({ kind: 'ok' });
    expect(classifyResponse(204, '/api/x', undefined)).toEqual({ kind: 'ok' });
    expect(classifyResponse(400, '/api/x', {})).toEqual({ kind: 'error' });
    expect(classifyResponse(403, '/api/x', {})).toEqual({ kind: 'error' });
    expect(classifyResponse(500, '/api/x', {})).toEqual({ kind: 'error' });
  });

  test('helpers', () => {
    expect(isLoginUrl('/api/auth/login')).toBe(true);
    expect(isLoginUrl('/api/auth/login-help')).toBe(false);
    expect(redirectLocation('  /x  ')).toBe('/x');
    expect(redirectLocation('')).toBeUndefined();
    expect(redirectLocation(42)).toBeUndefined();
  });
});

describe('createRestClient over the network', () => {
  const BASE = 'http://localhost';
  const server = useMswServer();

  function client() {
    const onUnauthorized = jest.fn<(url: string) => void>();
    const navigate = jest.fn<(location: string) => void>();
    const rest = createRestClient({ now: () => 123, onUnauthorized, navigate });
    return { rest, onUnauthorized, navigate };
  }

  test('GET sends t and returns the parsed JSON', async () => {
    let seen: URL | undefined;
    server.use(
      http.get(`${BASE}/api/releases`, ({ request }) => {
        seen = new URL(request.url);
        return HttpResponse.json([{ id: 1 }]);
      }),
    );
    const { rest } = client();
    await expect(rest.get(`${BASE}/api/releases?page=2`)).resolves.toEqual([{ id: 1 }]);
    expect(seen?.searchParams.get('t')).toBe('123');
    expect(seen?.searchParams.get('page')).toBe('2');
  });

  test('POST sends JSON without t', async () => {
    let seen: { url: URL; body: unknown; type: string | null } | undefined;
    server.use(
      http.post(`${BASE}/api/invitations`, async ({ request }) => {
        seen = { url: new URL(request.url), body: await request.json(), type: request.headers.get('content-type') };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { rest } = client();
    await expect(rest.post(`${BASE}/api/invitations`, { emails: ['a@b.test'] })).resolves.toBeUndefined();
    expect(seen?.url.search).toBe('');
    expect(seen?.body).toEqual({ emails: ['a@b.test'] });
    expect(seen?.type).toBe('application/json');
  });

  test('401 calls the sign-out callback and rejects with a handled error', async () => {
    server.use(http.get(`${BASE}/api/users/current-user-info`, () => new HttpResponse('no', { status: 401 })));
    const { rest, onUnauthorized, navigate } = client();
    const failure = rest.get(`${BASE}/api/users/current-user-info`);
    await expect(failure).rejects.toBeInstanceOf(RestError);
    await expect(failure).rejects.toMatchObject({ status: 401, handled: true });
    expect(onUnauthorized).toHaveBeenCalledWith(`${BASE}/api/users/current-user-info`);
    expect(navigate).not.toHaveBeenCalled();
  });

  test('401 on sign-in is passed on to the caller', async () => {
    server.use(http.post(`${BASE}/api/auth/login`, () => HttpResponse.json({ message: 'Wrong password' }, { status: 401 })));
    const { rest, onUnauthorized } = client();
    await expect(rest.post(`${BASE}/api/auth/login`, { username: 'a', password: 'b' })).rejects.toMatchObject({
      status: 401,
      handled: false,
      body: { message: 'Wrong password' },
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test('300 navigates to the location in the body', async () => {
    server.use(http.get(`${BASE}/api/releases/7`, () => HttpResponse.text('/on-boarding', { status: 300 })));
    const { rest, navigate, onUnauthorized } = client();
    await expect(rest.get(`${BASE}/api/releases/7`)).rejects.toMatchObject({ status: 300, handled: true });
    expect(navigate).toHaveBeenCalledWith('/on-boarding');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test('other errors are passed on with their body', async () => {
    server.use(http.put(`${BASE}/api/releases/7`, () => HttpResponse.json({ error: 'invalid' }, { status: 422 })));
    const { rest, navigate, onUnauthorized } = client();
    await expect(rest.put(`${BASE}/api/releases/7`, { title: '' })).rejects.toMatchObject({
      status: 422,
      handled: false,
      body: { error: 'invalid' },
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('the calls that stay REST', () => {
  test('downloads name their /api files with the ids encoded', () => {
    expect(downloads.splitsCsv('a/b')).toBe('/api/releases/a%2Fb/splits.csv');
    expect(downloads.trackAudio('t 1')).toBe('/api/track/t%201/audio');
    expect(downloads.salesExportCsv(new URLSearchParams({ sortColumn: 'date' }))).toBe('/api/sales/export.csv?sortColumn=date');
  });

  test('in-app messages: signed-in people and visitors read their own list', async () => {
    const asked: string[] = [];
    const client = { get: <T,>(url: string) => (asked.push(url), Promise.resolve([] as T)) };
    await getInAppMessages(client, true);
    await getInAppMessages(client, false);
    expect(asked).toEqual(['/api/in-app-messages', '/api/in-app-messages/unauthorized']);
  });
});

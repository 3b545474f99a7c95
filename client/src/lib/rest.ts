/**
 * The legacy REST calls (core §7, §8). GraphQL goes through Apollo (apollo.ts); this module holds
 * the wrapper and, at its end, every /api call the client still makes, each with the reason it is
 * not GraphQL (issue 17). Nothing else in the client calls /api.
 */
import type { InAppMessage } from '@cadence/domain/in-app-messages';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const CACHE_BUSTER_PARAM = 't';
const LOGIN_PATH = '/api/auth/login';

/** Spec §7: every GET except URLs containing 'svg' gets `t=<timestamp>` so no cache answers it. */
export function withCacheBuster(url: string, method: string, now: number): string {
  if (method.toUpperCase() !== 'GET' || url.includes('svg')) return url;
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const existing = /([?&])t=[^&]*/;
  if (existing.test(beforeHash)) return beforeHash.replace(existing, `$1t=${now}`) + hash;
  const separator = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${separator}${CACHE_BUSTER_PARAM}=${now}${hash}`;
}

/** True for the sign-in call, whose 401 means "wrong credentials", not "signed out". */
export function isLoginUrl(url: string): boolean {
  const path = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  return path === LOGIN_PATH;
}

/** Where a 300 response sends the browser: its body is the location (a string or `{location}`). */
export function redirectLocation(body: unknown): string | undefined {
  if (typeof body === 'string' && body.trim() !== '') return body.trim();
  if (body !== null && typeof body === 'object') {
    const { location, url } = body as { location?: unknown; url?: unknown };
    if (typeof location === 'string' && location !== '') return location;
    if (typeof url === 'string' && url !== '') return url;
  }
  return undefined;
}

export type ResponseOutcome =
  | { kind: 'ok' }
  | { kind: 'redirect'; location: string }
  | { kind: 'unauthorized' }
  | { kind: 'error' };

/** Core §8: 300 navigates to the body's location; 401 (not on sign-in) signs out; others pass on. */
export function classifyResponse(status: number, url: string, body: unknown): ResponseOutcome {
  if (status === 300) {
    const location = redirectLocation(body);
    return location === undefined ? { kind: 'error' } : { kind: 'redirect', location };
  }
  if (status === 401 && !isLoginUrl(url)) return { kind: 'unauthorized' };
  if (status >= 200 && status < 300) return { kind: 'ok' };
  return { kind: 'error' };
}

/** A failed call. `handled` is true when the wrapper already acted (redirect, sign-out). */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly url: string,
    readonly handled = false,
  ) {
    super(`${status} from ${url}`);
    this.name = 'RestError';
  }
}

export interface RestClientOptions {
  fetch?: typeof globalThis.fetch;
  now?: () => number;
  /** Called on a 401 outside sign-in; the auth feature plugs in the real sign-out. */
  onUnauthorized?: (url: string) => void;
  /** Called on a 300 with the location from the body. */
  navigate?: (location: string) => void;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface RestClient {
  request<T>(method: HttpMethod, url: string, options?: RequestOptions): Promise<T>;
  get<T>(url: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(url: string, options?: RequestOptions): Promise<T>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob || typeof body === 'string') return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

/** Until the auth feature registers its sign-out, a 401 returns the visitor to the start page. */
function goToStartPage(): void {
  if (window.location.pathname !== '/') window.location.assign('/');
}

export function createRestClient(options: RestClientOptions = {}): RestClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const onUnauthorized = options.onUnauthorized ?? goToStartPage;
  const navigate = options.navigate ?? ((location: string) => window.location.assign(location));

  async function request<T>(method: HttpMethod, url: string, { body, headers, signal }: RequestOptions = {}) {
    const finalUrl = withCacheBuster(url, method, now());
    const requestHeaders = new Headers({ Accept: 'application/json', ...headers });
    const response = await doFetch(finalUrl, {
      method,
      headers: requestHeaders,
      body: encodeBody(body, requestHeaders),
      credentials: 'same-origin',
      signal,
    });
    const payload = await readBody(response);
    const outcome = classifyResponse(response.status, url, payload);
    switch (outcome.kind) {
      case 'ok':
        return payload as T;
      case 'redirect':
        navigate(outcome.location);
        throw new RestError(response.status, payload, url, true);
      case 'unauthorized':
        onUnauthorized(url);
        throw new RestError(response.status, payload, url, true);
      case 'error':
        throw new RestError(response.status, payload, url);
    }
  }

  return {
    request,
    get: (url, opts) => request('GET', url, opts),
    post: (url, body, opts) => request('POST', url, { ...opts, body }),
    put: (url, body, opts) => request('PUT', url, { ...opts, body }),
    delete: (url, opts) => request('DELETE', url, opts),
  };
}

let unauthorizedHandler: (url: string) => void = goToStartPage;

/** Lets the auth feature replace the 401 behaviour of the shared client with its sign-out. */
export function setUnauthorizedHandler(handler: (url: string) => void): void {
  unauthorizedHandler = handler;
}

/** The app's shared REST client. */
export const rest: RestClient = createRestClient({ onUnauthorized: (url) => unauthorizedHandler(url) });

// The calls that stay REST, each with the reason it has no GraphQL counterpart.

/** Start-up settings: read on every page, public ones included, before (and without) the data layer. */
export const getClientConfigs = (client: Pick<RestClient, 'get'>) => client.get<unknown>('/api/client-configs');

/** In-app messages: shown on public pages too, which ship without Apollo (issue 22); visitors get their own list. */
export const getInAppMessages = (client: Pick<RestClient, 'get'>, signedIn: boolean) =>
  client.get<InAppMessage[]>(signedIn ? '/api/in-app-messages' : '/api/in-app-messages/unauthorized');

/** In-app message events (shown, clicked): sent from the same frame as the list, public pages included. */
export const postInAppEvent = (client: Pick<RestClient, 'post'>, payload: unknown) => client.post('/api/in-app-messages/events', payload);

/** Error reports to logstash: they must get out even when the data layer itself failed to load. */
export const postErrorReport = (client: Pick<RestClient, 'post'>, report: { message: string; type: string; url: string }) => client.post('/api/logstash/log', report);

/**
 * Audio sent after a catalogue import, matched by file name: no GraphQL counterpart
 * (POST /api/releases/import/{id}/files). The answer's `message` becomes the error.
 */
export async function postLateAudio<T>(importId: string, files: readonly File[]): Promise<T> {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  // An absolute URL: the same in the browser, and what Node's fetch needs in component tests.
  const res = await fetch(new URL(`/api/releases/import/${encodeURIComponent(importId)}/files`, window.location.href), {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
  });
  const body = (await res.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!res.ok || !body) throw new Error(body?.message ?? `The audio upload failed (${res.status})`);
  return body;
}

/** What a payments call answered: its JSON, or a refusal's `message` and first field (neither when the service could not be reached). */
export type PaymentsAnswer<T> = { ok: true; data: T } | { ok: false; message?: string; field?: string };

async function paymentsCall<T>(path: string, init: RequestInit = {}): Promise<PaymentsAnswer<T>> {
  try {
    const res = await fetch(path, { ...init, credentials: 'same-origin' });
    const data = (await res.json().catch(() => undefined)) as (T & { message?: string; fieldErrors?: { field: string }[] }) | undefined;
    if (res.ok) return data === undefined ? { ok: false } : { ok: true, data };
    return { ok: false, message: data?.message, field: data?.fieldErrors?.[0]?.field };
  } catch {
    return { ok: false };
  }
}

/**
 * The card form's and the PayPal button's gateway calls: they follow the payment gateway's client
 * protocol (braintree-web's), not our API's. With Braintree the SDK talks to Braintree itself and
 * needs only the client token; with the local sandbox, the stand-ins below answer as Braintree's
 * client API would (tokenize, 3D Secure, PayPal's approval window). No GraphQL counterpart: the
 * token belongs to the gateway's SDK, and the stand-ins exist only while the sandbox is configured.
 */
export const paymentsGateway = {
  /** The configured gateway and a client token for its SDK (GET /api/braintree/token). */
  token: () => paymentsCall<{ clientToken: string; gateway: 'sandbox' | 'braintree' }>('/api/braintree/token'),
  /** One step of the sandbox's stand-in for the gateway (POST /api/payments-sandbox/...). */
  sandbox: <T>(step: 'tokenize' | '3ds/lookup' | '3ds/authenticate' | 'paypal/create-payment' | 'paypal/approve' | 'paypal/tokenize', body: unknown) =>
    paymentsCall<T>(`/api/payments-sandbox/${step}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
};

/** File downloads and streams (links the browser follows): GraphQL answers JSON, these are files. */
export const downloads = {
  statementCsv: '/api/financial/statement.csv',
  salesExportCsv: (query: URLSearchParams) => `/api/sales/export.csv?${query.toString()}`,
  splitsCsv: (releaseId: string) => `/api/releases/${encodeURIComponent(releaseId)}/splits.csv`,
  trackAudio: (trackId: string) => `/api/track/${encodeURIComponent(trackId)}/audio`,
};

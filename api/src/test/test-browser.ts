/* eslint-disable @typescript-eslint/no-explicit-any -- tests inspect JSON answers field by field with expect() */
/** Test helper: a browser-like client with a cookie jar, talking to the test server over HTTP. */
import type { TestServer } from './harness.ts';

export interface JsonResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class TestBrowser {
  readonly cookies = new Map<string, string>();
  constructor(private readonly server: TestServer, private readonly extraHeaders: Record<string, string> = {}) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private absorb(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
    const res = await fetch(`${this.server.url}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...this.extraHeaders,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    this.absorb(res);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body ?? {});
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /** GraphQL over the same cookie jar. */
  async gql<T = any>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) {
    const res = await this.request<{ data: T; errors?: { message: string; extensions?: Record<string, any> }[] }>('POST', '/graphql', { query, variables }, headers);
    return res.body;
  }
}

/** A valid adult sign-up body with a unique address. */
export function signUpBody(overrides: Record<string, unknown> = {}) {
  const n = Math.random().toString(36).slice(2, 10);
  return { email: `new-${n}@example.com`, password: 'Secret123', firstName: 'Ada', lastName: 'Lovelace', birthday: '1990-05-01', distributionAgreement: true, ...overrides };
}

/** The first link in the newest outbox mail to an address (the local mail page's data). */
export async function latestLink(server: TestServer, to: string, template?: string): Promise<string> {
  const rows = await server.prisma.outboxEmail.findMany({ where: { to, ...(template ? { template } : {}) }, orderBy: { createdAt: 'desc' }, take: 1 });
  const link = rows[0]?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no mail with a link to ${to}`);
  return link;
}

/** The token query parameter of a mailed link. */
export function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

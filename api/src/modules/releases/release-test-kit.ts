/** Test helpers for the release modules: an HTTP client with a session, uploads, and the job worker. */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { JobWorker } from '../../jobs/job-queue.ts';
import { createLogger } from '../../logger.ts';
import { releaseJobHandlers } from '../validation/validation.job.ts';

export interface Json {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

/** A test server whose files go to a fresh temporary folder. */
export async function startReleaseServer(env: Record<string, string> = {}): Promise<TestServer & { storageDir: string }> {
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-files-'));
  const server = await startTestServer({ STORAGE_DIR: storageDir, ...env });
  return Object.assign(server, { storageDir });
}

/** A signed-in test user with a fetch that sends their cookie. */
export async function signedInUser(server: TestServer) {
  const user = await buildUser(server.prisma);
  const cookie = await sessionCookieFor(server.prisma, user.id);
  return { user, cookie, ...clientFor(server, cookie) };
}

/** REST and GraphQL calls as the holder of this cookie ('' = signed out). */
export function clientFor(server: TestServer, cookie: string) {
  const headers = (extra: Record<string, string> = {}) => ({ ...(cookie ? { cookie } : {}), ...extra });
  async function rest(method: string, url: string, body?: unknown): Promise<Json> {
    const res = await fetch(`${server.url}/api${url}`, {
      method,
      headers: headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON (a file) */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }
  async function upload(url: string, fields: Record<string, string>, file?: { data: Buffer; name: string; type?: string }): Promise<Json> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
    const res = await fetch(`${server.url}/api${url}`, { method: 'POST', headers: headers({ 'x-requested-with': 'XMLHttpRequest' }), body: form });
    return { status: res.status, body: await res.json().catch(() => null), headers: res.headers };
  }
  async function gql(query: string, variables?: Record<string, unknown>): Promise<Json> {
    const res = await server.gql(query, variables, headers());
    return { status: res.status, body: res.body, headers: new Headers() };
  }
  async function gqlUpload(query: string, variables: Record<string, unknown>, file: { data: Buffer; name: string }): Promise<Json> {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query, variables: { ...variables, file: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([new Uint8Array(file.data)]), file.name);
    const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: headers({ 'apollo-require-preflight': 'true' }), body: form });
    return { status: res.status, body: await res.json(), headers: res.headers };
  }
  return { rest, upload, gql, gqlUpload };
}

/** Runs queued jobs (the release validation job) to completion. */
export function runJobs(server: TestServer): Promise<number> {
  const logger = createLogger('error');
  return new JobWorker(server.prisma, releaseJobHandlers({ prisma: server.prisma, config: server.config, logger }), logger).runUntilIdle();
}

/** A date n days from today, as YYYY-MM-DD. */
export function daysFromToday(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

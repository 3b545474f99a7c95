/** Test helpers for the release modules: an HTTP client with a session, uploads, and the job worker. */
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ARTIST_ROLE } from '@cadence/domain/constants';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../../test/factories.ts';
import { JobWorker } from '../../../jobs/job-queue.ts';
import { createLogger } from '../../../logger.ts';
import type { ReleaseCtx } from '../releases.service.ts';
import { releaseJobHandlers } from '../../validation/validation.job.ts';
import { statusOrder } from '@cadence/domain/release-status';

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
  /** Sends `input` (with its `file` as the multipart file part) to an upload mutation taking `$input`. */
  async function gqlUpload(query: string, input: Record<string, unknown>, file: { data: Buffer; name: string }): Promise<Json> {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query, variables: { input: { ...input, file: null } } }));
    form.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
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

/** Every stored object under the server's storage folder (relative paths), to prove nothing was left behind. */
export async function storedObjects(server: TestServer & { storageDir: string }, dir = server.storageDir): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...(await storedObjects(server, path.join(dir, e.name))));
    else out.push(path.relative(server.storageDir, path.join(dir, e.name)));
  }
  return out;
}

/** Adds `count` tracks to a new live release of the user credited (release level) to `artist`, straight in the database. */
export async function seedRecordings(server: TestServer, userId: string, artist: string | null, count: number): Promise<string> {
  const release = await server.prisma.release.create({ data: { userId, title: `Catalog ${artist ?? 'none'}`, status: statusOrder('LIVE') } });
  if (artist) await server.prisma.artistCredit.create({ data: { releaseId: release.id, userId, artistName: artist, artistRelationTypeId: ARTIST_ROLE.PRIMARY } });
  await server.prisma.track.createMany({ data: Array.from({ length: count }, (_, i) => ({ releaseId: release.id, userId, title: `T${i}`, position: i })) });
  return release.id;
}

/** Gives the user an active subscription to the plan. */
export async function subscribe(server: TestServer, userId: string, planName: 'VIP' | 'FREE'): Promise<void> {
  await server.prisma.subscription.create({ data: { userId, planName, status: 'ACTIVE', currentPeriodStart: new Date(Date.now() - 86_400_000) } });
}

/** A new draft of the client's whose only primary artist (release level) is `artist`. */
export async function draftCreditedTo(server: TestServer, client: { rest: ReturnType<typeof clientFor>['rest']; user: { id: string } }, artist: string): Promise<string> {
  const created = await client.rest('POST', '/releases', { title: `By ${artist}` });
  await server.prisma.artistCredit.deleteMany({ where: { releaseId: created.body.id } });
  await server.prisma.artistCredit.create({ data: { releaseId: created.body.id, userId: client.user.id, artistName: artist, artistRelationTypeId: ARTIST_ROLE.PRIMARY } });
  return created.body.id as string;
}

/** The release's stored version (what a client sends back with its next edit). */
export async function releaseVersion(server: TestServer, id: string): Promise<number> {
  return (await server.prisma.release.findUniqueOrThrow({ where: { id }, select: { version: true } })).version;
}

/** A service context acting as this user (for calling services directly, mid-way through a request). */
export function serviceCtx(server: TestServer, userId: string): ReleaseCtx {
  return { prisma: server.prisma, config: server.config, logger: createLogger('error'), requestId: 'test', viewer: { userId, role: 'USER' } };
}

/**
 * An upload body that holds its bytes back: `reading` resolves when the service starts reading it
 * (its early checks have passed), and nothing arrives until `send()`. Lets a test change the
 * database while an upload is on its way.
 */
export function heldUpload(bytes: Buffer): { stream: Readable; reading: Promise<void>; send: () => void } {
  let started!: () => void;
  const reading = new Promise<void>((resolve) => (started = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let queued = false;
  const stream = new Readable({
    read() {
      started();
      if (queued) return;
      queued = true;
      void released.then(() => {
        this.push(bytes);
        this.push(null);
      });
    },
  });
  return { stream, reading, send: release };
}

/** Counts the SQL statements sent to the database (PGlite or pg, Prisma's and plain SQL alike) while `fn` runs. */
export async function countStatements(fn: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const pgliteQuery = PGlite.prototype.query;
  const pgQuery = pg.Client.prototype.query;
  PGlite.prototype.query = function (this: PGlite, ...args: unknown[]) {
    n += 1;
    return (pgliteQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgliteQuery;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    n += 1;
    return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgQuery;
  try {
    await fn();
  } finally {
    PGlite.prototype.query = pgliteQuery;
    pg.Client.prototype.query = pgQuery;
  }
  return n;
}

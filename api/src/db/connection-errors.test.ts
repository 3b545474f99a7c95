/**
 * A lost database connection: reads are retried once, everything else answers 503 with
 * Retry-After (never 500). Unit tests of the recognition and the mapping, then the real thing on
 * PostgreSQL: backends terminated with pg_terminate_backend while requests wait on them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import pg from 'pg';
import type { GraphQLFormattedError } from 'graphql';
import { DATABASE_UNAVAILABLE_MESSAGE, isConnectionLost, isReadOnlySql, retryReadOnce, RETRY_AFTER_SECONDS } from './connection-errors.ts';
import { errorHandler } from '../http/errors.ts';
import { formatError, serviceUnavailableStatus } from '../graphql/errors.ts';
import { createLogger } from '../logger.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { buildUser, sessionCookieFor } from '../test/factories.ts';

/** The shapes the errors really have (recorded from pg 8 and Prisma 7 with adapter-pg). */
const terminatedByPg = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' });
const terminatedThroughPrisma = Object.assign(new Error('Invalid `prisma.user.findMany()` invocation: Database error. Code: `57P01`.'), {
  code: 'P2039',
  meta: { modelName: 'User', driverAdapterError: { name: 'DriverAdapterError', cause: { originalCode: '57P01', kind: 'postgres', code: '57P01', severity: 'FATAL' } } },
});
const closedInAdapter = Object.assign(new Error('DriverAdapterError'), { cause: { kind: 'ConnectionClosed' } });

describe('isConnectionLost', () => {
  it.each([
    ['pg: terminated by an administrator', terminatedByPg],
    ['Prisma: the same, wrapped', terminatedThroughPrisma],
    ['adapter-pg: connection closed', closedInAdapter],
    ['pg: socket ended under a query', new Error('Connection terminated unexpectedly')],
    ['pg: a broken pooled client', new Error('Client has encountered a connection error and is not queryable')],
    ['socket reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['server refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['Prisma P1001', Object.assign(new Error("Can't reach database server"), { code: 'P1001' })],
    ['Prisma P1017', Object.assign(new Error('Server has closed the connection.'), { code: 'P1017' })],
    ['Prisma P2028: no transaction in time (overload)', Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), { code: 'P2028' })],
    ['too many connections', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['wrapped in a cause', new Error('outer', { cause: terminatedByPg })],
  ])('recognises %s', (_name, error) => {
    expect(isConnectionLost(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('Unique constraint failed'), { code: 'P2002' })],
    ['a pg syntax error', Object.assign(new Error('syntax error'), { code: '42601', severity: 'ERROR' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'Connection'],
    ['nothing', undefined],
  ])('ignores %s', (_name, error) => {
    expect(isConnectionLost(error)).toBe(false);
  });
});

describe('isReadOnlySql and retryReadOnce', () => {
  it.each([
    ['SELECT 1', true],
    ['  select s.id FROM sessions s WHERE s.id = $1', true],
    ['WITH r AS (SELECT * FROM releases) SELECT json_agg(r) FROM r', true],
    ['/* read model */ SELECT deleted_at, updated_at FROM releases', true],
    ['INSERT INTO releases (id) VALUES ($1) RETURNING id', false],
    ['UPDATE users SET first_name = $1', false],
    ['DELETE FROM sessions WHERE id = $1', false],
    ['WITH d AS (DELETE FROM sessions RETURNING id) SELECT count(*) FROM d', false],
    ['SELECT id FROM jobs FOR UPDATE SKIP LOCKED', false],
    ['SELECT pg_advisory_lock(1)', false],
    ["SELECT nextval('seq')", false],
  ])('%s is read-only: %s', (sql, expected) => {
    expect(isReadOnlySql(sql)).toBe(expected);
  });

  it('runs a read once more after a lost connection, and only once', async () => {
    let calls = 0;
    expect(await retryReadOnce(async () => (++calls === 1 ? Promise.reject(terminatedByPg) : 'rows'), true)).toBe('rows');
    expect(calls).toBe(2);
    calls = 0;
    await expect(retryReadOnce(async () => Promise.reject(terminatedByPg).finally(() => calls++), true)).rejects.toBe(terminatedByPg);
    expect(calls).toBe(2);
  });

  it('never repeats a write, nor a read that failed for another reason', async () => {
    let calls = 0;
    await expect(retryReadOnce(async () => Promise.reject(terminatedByPg).finally(() => calls++), false)).rejects.toBe(terminatedByPg);
    expect(calls).toBe(1);
    const bug = new Error('bug');
    await expect(retryReadOnce(async () => Promise.reject(bug).finally(() => calls++), true)).rejects.toBe(bug);
    expect(calls).toBe(2);
  });
});

describe('the mapping', () => {
  const logger = createLogger('error', {}, () => {});

  it('REST answers 503 with Retry-After', async () => {
    const app = express();
    app.get('/read', () => {
      throw terminatedThroughPrisma;
    });
    app.use(errorHandler());
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/read`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(await res.json()).toEqual({ code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('GraphQL errors become SERVICE_UNAVAILABLE, and the answer 503 with Retry-After', async () => {
    const formatted = formatError(logger)({ message: 'Unexpected error.', path: ['releases'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }, terminatedByPg);
    expect(formatted).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE, path: ['releases'], extensions: { code: 'SERVICE_UNAVAILABLE' } });
    const listener = await serviceUnavailableStatus().requestDidStart!({} as never);
    const response = { http: { status: undefined as number | undefined, headers: new Map<string, string>() }, body: { kind: 'single', singleResult: { errors: [formatted as GraphQLFormattedError] } } };
    await listener!.willSendResponse!({ response } as never);
    expect(response.http.status).toBe(503);
    expect(response.http.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
  });
});

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
// These run in the PostgreSQL pass of `npm test` (TEST_DATABASE_URL set); PGlite has no connection to lose.
if (testDatabaseUrl) describe('on PostgreSQL: backends terminated during requests', () => {
  let server: TestServer;
  let cookie: string;
  let admin: pg.Client;
  let database: string;

  beforeAll(async () => {
    server = await startTestServer();
    const user = await buildUser(server.prisma);
    cookie = await sessionCookieFor(server.prisma, user.id);
    const [row] = await server.sql.query<{ db: string }>('SELECT current_database() AS db');
    database = row!.db;
    admin = new pg.Client({ connectionString: withDatabase(testDatabaseUrl, database) });
    await admin.connect();
    const created = await server.gql<{ createRelease: { release: { id: string } } }>('mutation { createRelease(input: { title: "Kept" }) { release { id } } }', {}, { cookie });
    expect(created.body.errors).toBeUndefined();
  });
  afterAll(async () => {
    await admin?.end();
    await server?.close();
  });

  function withDatabase(url: string, name: string): string {
    const u = new URL(url);
    u.pathname = `/${name}`;
    return u.toString();
  }

  /** A connection that holds a table lock until released, so requests wait where we can see them. */
  async function lockTable(mode: 'ACCESS EXCLUSIVE' | 'EXCLUSIVE'): Promise<{ release: () => Promise<void> }> {
    const locker = new pg.Client({ connectionString: withDatabase(testDatabaseUrl!, database) });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query(`LOCK TABLE releases IN ${mode} MODE`);
    return {
      release: async () => {
        await locker.query('ROLLBACK');
        await locker.end();
      },
    };
  }

  /**
   * Waits until `n` app backends whose statement matches wait on the lock, other than `not`. (A
   * prepared statement waiting in its Parse step still shows the previous statement's text.)
   */
  async function lockWaiters(n: number, statement: RegExp, not: number[] = []): Promise<number[]> {
    for (let i = 0; i < 200; i++) {
      const { rows } = await admin.query<{ pid: number; query: string }>(
        "SELECT pid, query FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
        [database],
      );
      const pids = rows.filter((r) => statement.test(r.query) && !not.includes(r.pid)).map((r) => r.pid);
      if (pids.length >= n) return pids;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`fewer than ${n} backends waited on the lock`);
  }

  async function terminate(pids: number[]): Promise<void> {
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
  }

  const ANY = /[\s\S]*/;
  const RELEASES_QUERY = '{ releases(first: 10) { edges { node { id title } } } }';

  it('retries reads whose connection was cut, so the reader gets its answer', async () => {
    const lock = await lockTable('ACCESS EXCLUSIVE');
    const rest = fetch(`${server.url}/api/releases`, { headers: { cookie } });
    const graphql = server.gql<{ releases: { edges: { node: { title: string } }[] } }>(RELEASES_QUERY, {}, { cookie });
    try {
      const first = await lockWaiters(2, ANY);
      await terminate(first);
      // Both reads come back on fresh connections and wait again: that is the retry.
      await lockWaiters(2, ANY, first);
    } finally {
      await lock.release();
    }
    const restRes = await rest;
    expect(restRes.status).toBe(200);
    expect(JSON.stringify(await restRes.json())).toContain('Kept');
    const gqlRes = await graphql;
    expect(gqlRes.status).toBe(200);
    expect(gqlRes.body.errors).toBeUndefined();
    expect(gqlRes.body.data?.releases.edges.map((e) => e.node.title)).toEqual(['Kept']);
  });

  it('answers a write whose connection was cut with 503 and Retry-After, and writes nothing', async () => {
    const before = await server.prisma.release.count();
    // EXCLUSIVE lets reads through and stops writes, so the writes themselves are cut.
    const lock = await lockTable('EXCLUSIVE');
    const rest = fetch(`${server.url}/api/releases`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Lost (REST)' }) });
    const graphql = server.gql('mutation { createRelease(input: { title: "Lost (GraphQL)" }) { release { id } } }', {}, { cookie });
    try {
      await terminate(await lockWaiters(2, /INSERT/i));
    } finally {
      await lock.release();
    }
    const restRes = await rest;
    expect(restRes.status).toBe(503);
    expect(restRes.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(await restRes.json()).toEqual({ code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    const gqlRes = await graphql;
    expect(gqlRes.status).toBe(503);
    expect(gqlRes.body.errors?.map((e) => [e.message, e.extensions?.code])).toEqual([[DATABASE_UNAVAILABLE_MESSAGE, 'SERVICE_UNAVAILABLE']]);
    expect(await server.prisma.release.count()).toBe(before);

    // The pool has replaced the lost connections: the next request is served as usual.
    const after = await server.gql(RELEASES_QUERY, {}, { cookie });
    expect(after.status).toBe(200);
  });

  it('answers reads 503 (never 500) when the retry is cut as well', async () => {
    const lock = await lockTable('ACCESS EXCLUSIVE');
    const rest = fetch(`${server.url}/api/releases`, { headers: { cookie } });
    try {
      const first = await lockWaiters(1, ANY);
      await terminate(first);
      await terminate(await lockWaiters(1, ANY, first));
    } finally {
      await lock.release();
    }
    const res = await rest;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
  });
});

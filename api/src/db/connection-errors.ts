/**
 * Losing the database connection in the middle of a request (a PostgreSQL restart or failover,
 * pg_terminate_backend, a network cut) is not a bug in the request: a read is sent once more on a
 * fresh connection, and what still fails is answered 503 with Retry-After, never 500
 * (http/errors.ts, graphql/errors.ts). A write is never repeated: whether it committed before the
 * connection went is unknown, so the client is told to try again.
 */
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** What a person reads when the database is out of reach. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds';

/** Codes that name a failed connection, not a failed statement. */
const CONNECTION_CODES: ReadonlySet<string> = new Set([
  // Sockets (node, pg)
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: admin_shutdown (pg_terminate_backend, fast shutdown), crash_shutdown, cannot_connect_now
  '57P01',
  '57P02',
  '57P03',
  // PostgreSQL class 08: connection exceptions
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  // PostgreSQL: too_many_connections
  '53300',
  // Prisma: can't reach the server, timed out reaching it, server closed the connection, pool timeout
  'P1001',
  'P1002',
  'P1017',
  'P2024',
  // Prisma: an interactive transaction got no pooled connection within maxWait, or ran past its
  // timeout queued behind others (overload): it was rolled back, nothing of it committed, so the
  // client is told to try again (503), like for a pool timeout, never a 500.
  'P2028',
]);

/** Kinds of driver-adapter errors (@prisma/adapter-pg) that mean the same. */
const CONNECTION_KINDS: ReadonlySet<string> = new Set(['ConnectionClosed', 'DatabaseNotReachable', 'SocketTimeout', 'TooManyConnections']);

/** Messages of errors that carry no code (pg's own, when the socket ends under a query). */
const CONNECTION_MESSAGES =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|terminating connection due to|server closed the connection unexpectedly|timeout exceeded when trying to connect|Can't reach database server/i;

/**
 * True when `error` (or anything it wraps: `cause`, Prisma's `meta.driverAdapterError`) says the
 * database connection was lost or could not be had.
 */
export function isConnectionLost(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 10) {
    const e = queue.shift();
    if (e === null || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const { code, originalCode, kind, message, cause, meta } = e as {
      code?: unknown;
      originalCode?: unknown;
      kind?: unknown;
      message?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (typeof originalCode === 'string' && CONNECTION_CODES.has(originalCode)) return true;
    if (typeof kind === 'string' && CONNECTION_KINDS.has(kind)) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    queue.push(cause, meta?.driverAdapterError);
  }
  return false;
}

const WRITES = /\b(INSERT|UPDATE|DELETE|MERGE|TRUNCATE|COPY|CALL|DO|LOCK|NOTIFY|nextval|setval|pg_advisory_\w+|pg_try_advisory_\w+)\b/i;

/** True for a statement that only reads, so sending it twice does no harm. */
export function isReadOnlySql(sql: string): boolean {
  return /^\s*(?:\/\*[\s\S]*?\*\/\s*)?(SELECT|WITH)\b/i.test(sql) && !WRITES.test(sql);
}

/** Runs `run`; when it is a read and the connection was lost, runs it once more. */
export async function retryReadOnce<T>(run: () => Promise<T>, isRead: boolean): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isRead || !isConnectionLost(error)) throw error;
    return run();
  }
}

/**
 * Wraps a Prisma driver adapter factory so that reads outside a transaction are retried once on a
 * lost connection (each statement takes a connection from the pool, so the retry gets a fresh
 * one). Statements inside a transaction are not: the transaction died with its connection.
 */
export function retryingReads(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await factory.connect();
      const wrapped = Object.create(adapter) as SqlDriverAdapter;
      wrapped.queryRaw = (query) => retryReadOnce(() => adapter.queryRaw(query), isReadOnlySql(query.sql));
      return wrapped;
    },
  };
}

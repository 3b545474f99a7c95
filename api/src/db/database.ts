/**
 * Opens Cadence's database: embedded PGlite in the data folder by default, PostgreSQL when a
 * DATABASE_URL is given. Migrations are applied at run time by Prisma's schema engine compiled to
 * WebAssembly (schema-engine.ts), so neither the prisma CLI nor its native engine is
 * needed; the `_prisma_migrations` table is Prisma's own, so `prisma migrate status` agrees.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import { openSchemaEngine, readMigrationsList, type MigrationStatus, type MigrationTarget } from './schema-engine.ts';
import type { SqlQuery } from '@prisma/driver-adapter-utils';
import { pgliteClientAdapter, postgresClientAdapter, statementName } from './adapters.ts';
import { openPgliteDir, type PGlite } from './pglite.ts';
import { StartupError } from './startup-error.ts';
import { copyIntoPglite, copyIntoPostgres, type CopyOptions, type CopyText } from './copy.ts';
import { isReadOnlySql, retryReadOnce } from './connection-errors.ts';

/** prisma/migrations at the repository root. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../prisma/migrations', import.meta.url));

/** Key of the session-level advisory lock that serialises migrations across API processes. */
export const MIGRATE_LOCK_KEY = 0x0cade0ce;

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Plain SQL next to Prisma: health checks, locks, test clean-up, and the read models that answer a
 * hot read in one statement (modules/releases/release-read.ts).
 */
export interface SqlRunner {
  /**
   * `prepare` keeps the statement prepared on each PostgreSQL connection (named after its text), so
   * a statement the app sends on every request is parsed and planned once; only for a fixed set of
   * texts, never for SQL built from input.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: { prepare?: boolean }): Promise<T[]>;
  /** Runs a script of several statements (no parameters). */
  exec(script: string): Promise<void>;
  /** Bulk-loads COPY text (lines from db/copy.ts `copyLine`, one or many per item, or their UTF-8 bytes) into a table. */
  copyIn(table: string, columns: readonly string[], text: CopyText, options?: CopyOptions): Promise<void>;
}

export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  prisma: PrismaClient;
  kind: DatabaseKind;
  /** Where the data lives, without credentials: a folder, 'memory', or host:port/database. */
  location: string;
  /** Applies pending migrations from prisma/migrations; returns the names it applied. */
  migrate(): Promise<{ applied: string[] }>;
  /** Compares the database's migration history with prisma/migrations. */
  migrationStatus(): Promise<MigrationStatus>;
  /**
   * Migrations in the folder that the database has not finished, read from `_prisma_migrations`
   * with one query and without loading the schema engine (for start-up and readiness checks).
   * Undefined when the table is missing or records a failed migration: ask `migrationStatus()`.
   */
  pendingMigrations(): Promise<string[] | undefined>;
  /** After fixing a failed migration by hand: record it as rolled back (retried) or applied (skipped). */
  resolveMigration(name: string, as: 'rolled-back' | 'applied'): Promise<void>;
  /** Resolves when the database answers a trivial query (readiness probe). */
  ping(): Promise<void>;
  /** Connection pool use (PostgreSQL; the embedded database has one connection and no pool). */
  poolStats?(): PoolStats;
  sql: SqlRunner;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl?: string;
  /** The PGlite data folder (config.pgliteDir, e.g. ./data/pglite); created when missing. */
  dataDir: string;
  /** PGlite's shared_buffers (config.pgliteSharedBuffers, e.g. '32MB'); PostgreSQL ignores it. */
  pgliteSharedBuffers?: string;
  /** Defaults to the repository's prisma/migrations. */
  migrationsDir?: string;
  /** How long to wait for PostgreSQL to accept a connection. Default 5 s. */
  connectTimeoutMs?: number;
  /** Maximum PostgreSQL connections in the pool. Default 10. */
  poolSize?: number;
  /** Called with errors of idle PostgreSQL connections (they must not crash the process). */
  onError?: (error: Error) => void;
}

/** Opens the configured database. Problems a user can fix become a one-line StartupError. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR;
  if (options.databaseUrl !== undefined && options.databaseUrl.trim() !== '') {
    return openPostgres(options.databaseUrl.trim(), migrationsDir, options);
  }
  const handle = await openPgliteDir(options.dataDir, { sharedBuffers: options.pgliteSharedBuffers });
  return pgliteDatabase(handle.client, path.resolve(options.dataDir), migrationsDir, handle.close);
}

/** A Database over an open PGlite client (the data folder's, or a test's in memory). */
export async function pgliteDatabase(client: PGlite, location: string, migrationsDir: string, closeClient: () => Promise<void>): Promise<Database> {
  const prisma = new PrismaClient({ adapter: await pgliteClientAdapter(client) });
  const target: MigrationTarget = { kind: 'pglite', client };
  let closed = false;
  return {
    prisma,
    kind: 'pglite',
    location,
    migrate: () => applyMigrations(target, migrationsDir, sqlOf(client)),
    pendingMigrations: () => pendingMigrations(sqlOf(client), migrationsDir),
    migrationStatus: () => withEngine(target, (engine) => engine.migrationStatus(migrationsDir)),
    resolveMigration: (name, as) => resolveMigration(target, migrationsDir, name, as),
    ping: async () => {
      await client.query('SELECT 1');
    },
    sql: {
      query: async <T,>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      exec: async (script: string) => {
        await client.exec(script);
      },
      copyIn: (table, columns, text, options) => copyIntoPglite(client, table, columns, text, options),
    },
    async close() {
      if (closed) return;
      closed = true;
      await prisma.$disconnect();
      await closeClient();
    },
  };
}

async function openPostgres(url: string, migrationsDir: string, options: OpenDatabaseOptions): Promise<Database> {
  const where = describePostgresUrl(url);
  const onError = options.onError ?? (() => {});
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
  });
  // An idle connection that drops (server restart) emits 'error'; unhandled, it kills the process.
  pool.on('error', onError);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw postgresStartupError(error, where);
  }
  const prisma = new PrismaClient({ adapter: postgresClientAdapter(pool, onError) });
  const poolQuery: RowQuery = async (text) => (await pool.query(text)).rows;
  const target: MigrationTarget = { kind: 'postgres', url };
  let closed = false;
  return {
    prisma,
    kind: 'postgres',
    location: `${where.host}/${where.database}`,
    migrate: () => withMigrateLock(url, () => applyMigrations(target, migrationsDir, poolQuery)),
    pendingMigrations: () => pendingMigrations(poolQuery, migrationsDir),
    migrationStatus: () => withEngine(target, (engine) => engine.migrationStatus(migrationsDir)),
    resolveMigration: (name, as) => resolveMigration(target, migrationsDir, name, as),
    ping: async () => {
      await pool.query('SELECT 1');
    },
    poolStats: () => ({ max: pool.options.max ?? 10, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    sql: {
      // A read whose connection is lost is sent once more (db/connection-errors.ts).
      query: async <T,>(text: string, params?: unknown[], options?: { prepare?: boolean }) =>
        retryReadOnce(
          async () => (await pool.query(options?.prepare ? { name: statementName({ sql: text } as SqlQuery), text, values: params } : { text, values: params })).rows as T[],
          isReadOnlySql(text),
        ),
      exec: async (script: string) => {
        await pool.query(script);
      },
      copyIn: (table, columns, text, options) => copyIntoPostgres(pool, table, columns, text, options),
    },
    async close() {
      if (closed) return;
      closed = true;
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

async function withEngine<T>(target: MigrationTarget, fn: (engine: Awaited<ReturnType<typeof openSchemaEngine>>) => Promise<T>): Promise<T> {
  const engine = await openSchemaEngine(target);
  try {
    return await fn(engine);
  } finally {
    await engine.close();
  }
}

export type RowQuery = (text: string) => Promise<Record<string, unknown>[]>;

const sqlOf =
  (client: PGlite): RowQuery =>
  async (text) =>
    (await client.query<Record<string, unknown>>(text)).rows;

let shippedNames: Promise<string[]> | undefined;

/** Migration folder names; those shipped with the build (prisma/migrations) are read once. */
function migrationNames(migrationsDir: string): Promise<string[]> {
  const read = async () => (await readMigrationsList(migrationsDir)).migrationDirectories.map((m) => m.path);
  if (path.resolve(migrationsDir) !== path.resolve(MIGRATIONS_DIR)) return read();
  shippedNames ??= read();
  return shippedNames;
}

/**
 * Migrations in the folder that the database has not finished, from one query of Prisma's own
 * `_prisma_migrations` table, without the schema engine (start-up and the readiness probe).
 * Undefined when the table is missing or records a failed migration: only the engine can tell more.
 */
export async function pendingMigrations(query: RowQuery, migrationsDir: string = MIGRATIONS_DIR): Promise<string[] | undefined> {
  const [table] = await query(`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present`);
  if (!table?.present) return undefined;
  const rows = await query('SELECT migration_name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back FROM _prisma_migrations');
  if (rows.some((r) => !r.finished && !r.rolled_back)) return undefined;
  const done = new Set(rows.filter((r) => r.finished && !r.rolled_back).map((r) => String(r.migration_name)));
  return (await migrationNames(migrationsDir)).filter((name) => !done.has(name));
}

/**
 * Applies pending migrations with Prisma's schema engine. When one query shows nothing pending the
 * engine is not loaded at all: its WebAssembly instance cannot be unloaded and keeps ~50 MB.
 */
export async function applyMigrations(target: MigrationTarget, migrationsDir: string, query?: RowQuery): Promise<{ applied: string[] }> {
  try {
    if (query && (await pendingMigrations(query, migrationsDir))?.length === 0) return { applied: [] };
    return await withEngine(target, (engine) => engine.applyMigrations(migrationsDir));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new StartupError(
      `applying database migrations failed: ${message.trim()} — fix the migration or the database, record the failed one with 'npx tsx scripts/db/migrate.ts resolve --rolled-back <migration>', then start again`,
      { cause: error },
    );
  }
}

function resolveMigration(target: MigrationTarget, migrationsDir: string, name: string, as: 'rolled-back' | 'applied'): Promise<void> {
  return withEngine(target, (engine) => (as === 'rolled-back' ? engine.markRolledBack(name) : engine.markApplied(migrationsDir, name)));
}

/**
 * Holds a session advisory lock on a dedicated connection while `fn` runs, so two API processes
 * starting together migrate one after the other (the second finds nothing pending).
 */
async function withMigrateLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATE_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATE_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

interface PostgresWhere {
  host: string;
  database: string;
  user: string;
}

/** Validates the URL's shape and describes it without the password. */
export function describePostgresUrl(url: string): PostgresWhere {
  const expected = 'expected postgres://user:password@host:5432/database, or unset DATABASE_URL to use the embedded database';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StartupError(`DATABASE_URL is not a valid postgres:// URL: cannot parse '${redact(url)}'; ${expected}`);
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new StartupError(`DATABASE_URL is not a valid postgres:// URL: it starts with '${parsed.protocol}//'; ${expected}`);
  }
  const socketHost = parsed.searchParams.get('host');
  if (!parsed.hostname && !socketHost) {
    throw new StartupError(`DATABASE_URL is not a valid postgres:// URL: it names no host; ${expected}`);
  }
  if (parsed.port && !/^\d+$/.test(parsed.port)) {
    throw new StartupError(`DATABASE_URL is not a valid postgres:// URL: bad port '${parsed.port}'; ${expected}`);
  }
  const user = decodeURIComponent(parsed.username) || process.env.PGUSER || 'postgres';
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || user;
  const host = parsed.hostname ? `${parsed.hostname}:${parsed.port || '5432'}` : (socketHost ?? 'localhost');
  return { host, database, user };
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}

function postgresStartupError(error: unknown, where: PostgresWhere): StartupError {
  const e = error as { code?: string; message?: string };
  const reason = e.code ?? (e.message ?? String(error)).split('\n')[0];
  switch (e.code) {
    case 'ECONNREFUSED':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      break;
    case '28P01':
    case '28000':
      return new StartupError(`PostgreSQL at ${where.host} refused user "${where.user}" (${e.message}); fix the user or password in DATABASE_URL`, { cause: error });
    case '3D000':
      return new StartupError(`database "${where.database}" does not exist on the PostgreSQL server at ${where.host}; create it (createdb ${where.database}) or fix DATABASE_URL`, { cause: error });
    default:
      if (!/timeout|terminated|ECONNRESET/i.test(e.message ?? '')) {
        return new StartupError(`cannot use PostgreSQL at ${where.host} (${(e.message ?? reason ?? '').split('\n')[0]}); check DATABASE_URL, or unset it to use the embedded database`, { cause: error });
      }
  }
  return new StartupError(
    `cannot reach PostgreSQL at ${where.host} (${/timeout/i.test(e.message ?? '') ? 'connection timed out' : reason}); start PostgreSQL, fix DATABASE_URL, or unset DATABASE_URL to use the embedded database`,
    { cause: error },
  );
}

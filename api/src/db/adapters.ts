/**
 * Prisma driver adapters for the two databases Cadence runs on, with the fixes their current
 * versions need. Everything that imports `@electric-sql/pglite` lives under api/src/db so that the
 * API, the migration scripts and the tests all load the same PGlite (the one api/package.json pins;
 * the repository root also holds an older copy that prisma's own tooling pulls in).
 *
 * Fixes, each pinned to the versions in package.json (re-check them when upgrading):
 * - pglite-prisma-adapter 0.7.2 resolves its own copy of PGlite, so errors thrown by ours fail its
 *   `instanceof DatabaseError` test and reach Prisma unmapped (no P2002 for a unique violation).
 *   `patchPgliteAdapterErrors` teaches it to recognise them.
 * - pglite-prisma-adapter's `executeScript` does not await `exec`, so a failing migration is
 *   recorded as applied; ours awaits.
 * - @prisma/adapter-pg 7.10.1 cannot read Postgres's internal `"char"` type (the schema engine's
 *   catalogue queries return it); the migration adapter reports it as text.
 * - adapter-pg's `executeScript` splits the script on ';', which breaks `$$` function bodies; ours
 *   sends the script whole (simple query protocol: one implicit transaction, like Prisma's engine).
 * - adapter-pg's `connectToShadowDb()` connects to the MAIN database when built from a connection
 *   string; ours gives the schema engine a fresh in-memory PGlite as its shadow database.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type {
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  Transaction,
} from '@prisma/driver-adapter-utils';
import type pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { createMemoryPglite } from './pglite.ts';
import { retryingReads } from './connection-errors.ts';

/** Postgres type oids that adapter-pg rejects but that read fine as text. */
const READ_AS_TEXT: ReadonlyMap<number, number> = new Map([
  [18, 25], // "char" -> text
  [1002, 1009], // "char"[] -> text[]
]);

type PgResultLike = { fields?: Array<{ dataTypeID: number }> };
type AdapterInternals = {
  client: unknown;
  onError(error: unknown): never;
  performIO(query: SqlQuery): Promise<PgResultLike>;
};

let pgliteErrorsPatched: Promise<void> | undefined;

/**
 * Makes pglite-prisma-adapter map errors from our PGlite to Prisma's error kinds even when npm
 * installed a second copy of PGlite for it (its `instanceof` check fails across copies).
 */
export function patchPgliteAdapterErrors(): Promise<void> {
  pgliteErrorsPatched ??= (async () => {
    const theirs = await adapterPgliteModule();
    const TheirDatabaseError = theirs?.messages?.DatabaseError;
    if (typeof TheirDatabaseError !== 'function') return;
    // connect() only wraps the client, so a stand-in is enough to reach the adapter's classes.
    const probe = (await new PrismaPGlite({} as never).connect()) as unknown as object;
    // PGliteQueryable.prototype: shared by the adapter and its transactions.
    const queryable = Object.getPrototypeOf(Object.getPrototypeOf(probe)) as AdapterInternals;
    const original = queryable.onError;
    queryable.onError = function onError(this: AdapterInternals, error: unknown): never {
      if (isPostgresError(error) && !(error instanceof TheirDatabaseError)) {
        Object.setPrototypeOf(error, TheirDatabaseError.prototype);
      }
      return original.call(this, error);
    };
  })();
  return pgliteErrorsPatched;
}

async function adapterPgliteModule(): Promise<{ messages?: { DatabaseError?: unknown } } | undefined> {
  try {
    const require = createRequire(import.meta.url);
    const adapterEntry = require.resolve('pglite-prisma-adapter');
    const theirCjs = createRequire(adapterEntry).resolve('@electric-sql/pglite');
    const ours = require.resolve('@electric-sql/pglite');
    if (theirCjs === ours) return undefined;
    // The adapter is loaded as ESM, so its PGlite is the package's ESM entry next to the CJS one.
    return (await import(pathToFileURL(theirCjs.replace(/\.cjs$/, '.js')).href)) as never;
  } catch {
    return undefined;
  }
}

function isPostgresError(error: unknown): error is { code: string; severity: string; message: string } {
  const e = error as { code?: unknown; severity?: unknown; message?: unknown } | null;
  return typeof e === 'object' && e !== null && typeof e.code === 'string' && typeof e.severity === 'string' && typeof e.message === 'string';
}

/** The adapter the Prisma client uses on PGlite. */
export async function pgliteClientAdapter(client: PGlite): Promise<SqlDriverAdapterFactory> {
  await patchPgliteAdapterErrors();
  return new PrismaPGlite(client as never);
}

/**
 * A migration-aware PGlite adapter for the schema engine (awaited scripts, in-memory shadow).
 * `shadowIsSelf` serves a throwaway database as its own shadow: diffing needs only the shadow, and
 * each PGlite start costs about a second.
 */
export async function pgliteMigrationAdapter(client: PGlite, options: { shadowIsSelf?: boolean } = {}): Promise<SqlMigrationAwareDriverAdapterFactory> {
  await patchPgliteAdapterErrors();
  const base = new PrismaPGlite(client as never);
  return {
    provider: 'postgres',
    adapterName: base.adapterName,
    connect: async () => withAwaitedPgliteScript(await base.connect(), client),
    connectToShadowDb: async () =>
      options.shadowIsSelf ? withAwaitedPgliteScript(await base.connect(), client, async () => {}) : memoryShadowDb(),
  };
}

function withAwaitedPgliteScript(adapter: SqlDriverAdapter, client: PGlite, onDispose?: () => Promise<void>): SqlDriverAdapter {
  const wrapped = Object.create(adapter) as SqlDriverAdapter;
  wrapped.executeScript = async (script: string) => {
    try {
      await client.exec(script);
    } catch (error) {
      (adapter as unknown as AdapterInternals).onError(error);
    }
  };
  if (onDispose) wrapped.dispose = onDispose;
  return wrapped;
}

/** A throwaway database for the schema engine to replay migrations into; closed on dispose. */
async function memoryShadowDb(): Promise<SqlDriverAdapter> {
  const shadow = await createMemoryPglite();
  const adapter = await new PrismaPGlite(shadow as never).connect();
  return withAwaitedPgliteScript(adapter, shadow, () => shadow.close());
}

/** Prepared statements named after their SQL, so each connection parses a statement once. */
export function statementName(query: SqlQuery): string {
  let name = statementNames.get(query.sql);
  if (name === undefined) {
    name = `cadence_${createHash('sha1').update(query.sql).digest('hex').slice(0, 24)}`;
    if (statementNames.size > 5000) statementNames.clear();
    statementNames.set(query.sql, name);
  }
  return name;
}
const statementNames = new Map<string, string>();

/**
 * The adapter the Prisma client uses on PostgreSQL: the given pool, with prepared statements, and
 * reads retried once when their connection is lost (db/connection-errors.ts).
 */
export function postgresClientAdapter(pool: pg.Pool, onError: (error: Error) => void): SqlDriverAdapterFactory {
  return retryingReads(new PrismaPg(pool, { statementNameGenerator: statementName, onPoolError: onError, onConnectionError: onError }));
}

/**
 * A migration-aware PostgreSQL adapter for the schema engine. It owns a small pool of its own (so
 * the engine's catalogue queries never share prepared-statement caches with the app) that is ended
 * when the engine disposes it.
 */
export function postgresMigrationAdapter(connectionString: string): SqlMigrationAwareDriverAdapterFactory {
  const base = new PrismaPg({ connectionString, max: 2, connectionTimeoutMillis: 10_000 });
  return {
    provider: 'postgres',
    adapterName: base.adapterName,
    connect: async () => {
      const adapter = await base.connect();
      const wrapped = readCharAsText(adapter) as unknown as SqlDriverAdapter & AdapterInternals;
      wrapped.executeScript = async (script: string) => {
        try {
          // A string without parameters goes through the simple query protocol: the whole script
          // runs as one implicit transaction and `$$` bodies stay intact.
          await (adapter.underlyingDriver() as pg.Pool).query(script);
        } catch (error) {
          wrapped.onError(error);
        }
      };
      wrapped.startTransaction = async (...args) => readCharAsText(await adapter.startTransaction(...args));
      return wrapped;
    },
    connectToShadowDb: () => memoryShadowDb(),
  };
}

function readCharAsText<T extends SqlDriverAdapter | Transaction>(queryable: T): T {
  const internals = queryable as unknown as AdapterInternals;
  const wrapped = Object.create(queryable) as T & AdapterInternals;
  wrapped.performIO = async function performIO(query: SqlQuery) {
    const result = await internals.performIO.call(this, query);
    for (const field of result.fields ?? []) {
      const asText = READ_AS_TEXT.get(field.dataTypeID);
      if (asText !== undefined) field.dataTypeID = asText;
    }
    return result;
  };
  return wrapped;
}

/**
 * Throwaway databases for tests and benchmarks (test support: shipped code never imports this).
 * PGlite in memory, or, when TEST_DATABASE_URL is set, a uniquely named database on that
 * PostgreSQL server that is dropped on close.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { applyMigrations, describePostgresUrl, MIGRATE_LOCK_KEY, MIGRATIONS_DIR, openDatabase, pgliteDatabase, type Database } from '../db/database.ts';
import { readMigrationsList, SCHEMA_ENGINE_WASM_VERSION } from '../db/schema-engine.ts';
import { createMemoryPglite, hashOf, loadOrCreateDump, pgliteFromImage, pgliteVersion } from '../db/pglite.ts';

/** Options for test databases. */
export interface TestDatabaseOptions {
  /** PostgreSQL server to create the throwaway database on; defaults to TEST_DATABASE_URL. */
  databaseUrl?: string;
  migrationsDir?: string;
  /** PostgreSQL pool size; default 4 (tests), benchmarks use the production default. */
  poolSize?: number;
}

/**
 * A migrated, empty database for one test file: PGlite in memory, or, when TEST_DATABASE_URL is
 * set, a uniquely named database on that PostgreSQL server that is dropped on close. Both start
 * from a template built once per set of migrations (a PGlite image in the OS temp folder, a
 * template database on the server), so test files do not replay migrations each time.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR;
  const databaseUrl = options.databaseUrl ?? process.env.TEST_DATABASE_URL;
  const key = await migrationsKey(migrationsDir);
  if (databaseUrl) return createPostgresTestDatabase(databaseUrl, migrationsDir, key, options.poolSize ?? 4);
  const image = await loadOrCreateDump(`migrated-${key}`, async () => {
    const client = await createMemoryPglite();
    try {
      await applyMigrations({ kind: 'pglite', client }, migrationsDir);
      return await client.dumpDataDir('gzip');
    } finally {
      await client.close();
    }
  });
  const client = image ? await pgliteFromImage(image) : await createMemoryPglite();
  const db = await pgliteDatabase(client, 'memory', migrationsDir, () => client.close());
  if (!image) await db.migrate();
  return db;
}

/** Identifies a set of migrations together with the software that applies them. */
async function migrationsKey(migrationsDir: string): Promise<string> {
  const list = await readMigrationsList(migrationsDir);
  const parts = list.migrationDirectories.map((m) => `${m.path}\n${m.migrationFile.content.value}`);
  return hashOf(SCHEMA_ENGINE_WASM_VERSION, pgliteVersion(), ...parts);
}

async function createPostgresTestDatabase(serverUrl: string, migrationsDir: string, key: string, poolSize: number): Promise<Database> {
  describePostgresUrl(serverUrl);
  const template = `cadence_tpl_${key}`;
  const name = `cadence_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  // Test databases: a loaded CI machine has taken over 5 s to start a PostgreSQL backend.
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 30_000 });
  admin.on('error', () => {});
  await admin.connect();
  try {
    await ensurePostgresTemplate(admin, serverUrl, template, migrationsDir, name);
  } finally {
    await admin.end().catch(() => {});
  }
  const db = await openDatabase({ databaseUrl: withDatabase(serverUrl, name), dataDir: '', migrationsDir, poolSize, connectTimeoutMs: 30_000 });
  const close = db.close.bind(db);
  db.close = async () => {
    await close();
    const cleanup = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 30_000 });
    cleanup.on('error', () => {});
    await cleanup.connect();
    try {
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await cleanup.end().catch(() => {});
    }
  };
  return db;
}

/**
 * Builds the migrated template database once per set of migrations and copies it to `name`, under
 * an advisory lock (copying needs the template free of other sessions, and another run may be
 * replacing templates).
 */
async function ensurePostgresTemplate(admin: pg.Client, serverUrl: string, template: string, migrationsDir: string, name: string): Promise<void> {
  const ready = 'cadence test template, ready';
  await admin.query('SELECT pg_advisory_lock($1)', [MIGRATE_LOCK_KEY + 1]);
  try {
    const { rows } = await admin.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [template],
    );
    if (rows[0]?.comment !== ready) {
      // Half-built (a crashed run) or absent: start over.
      await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${template}"`);
      await applyMigrations({ kind: 'postgres', url: withDatabase(serverUrl, template) }, migrationsDir);
      await admin.query(`COMMENT ON DATABASE "${template}" IS '${ready}'`);
    }
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [MIGRATE_LOCK_KEY + 1]).catch(() => {});
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

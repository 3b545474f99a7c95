/**
 * Throwaway databases for tests and benchmarks (test support: shipped code never imports this).
 * PGlite in memory, or, when TEST_DATABASE_URL is set, a uniquely named database on that
 * PostgreSQL server that is dropped on close.
 */
import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations, describePostgresUrl, MIGRATE_LOCK_KEY, MIGRATIONS_DIR, openDatabase, pgliteDatabase, type Database } from '../db/database.ts';
import { readMigrationsList, SCHEMA_ENGINE_WASM_VERSION } from '../db/schema-engine.ts';
import { createMemoryPglite, hashOf, loadOrCreateDump, PGLITE_CACHE_DIR, pgliteFromImage, pgliteVersion } from '../db/pglite.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { seed } from '../../../prisma/seed.ts';
import { TEST_RUN_ENV } from './global-setup.ts';

/** What a test database starts with besides the migrations (see TestDatabaseOptions.seeded). */
type Seeded = 'dictionaries' | 'demo';

/** Options for test databases. */
export interface TestDatabaseOptions {
  /** PostgreSQL server to create the throwaway database on; defaults to TEST_DATABASE_URL. */
  databaseUrl?: string;
  migrationsDir?: string;
  /** PostgreSQL pool size; default 4 (tests), benchmarks use the production default. */
  poolSize?: number;
  /**
   * Start with `seed` run: 'dictionaries' (`demo: false`) or 'demo' (`demo: true`). Within a jest run
   * (CADENCE_TEST_RUN, set by src/test/global-setup.ts) each is seeded once and copied; elsewhere it
   * is seeded into this database.
   */
  seeded?: Seeded;
}

/**
 * A migrated database for one test file, empty or as `options.seeded` says: PGlite in memory, or,
 * when TEST_DATABASE_URL is set, a uniquely named database on that PostgreSQL server that is
 * dropped on close. Both start from a template built once per set of migrations (a PGlite image in
 * the OS temp folder, a template database on the server), so test files do not replay migrations
 * each time, and seeded ones from a copy seeded once per jest run.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR;
  const databaseUrl = options.databaseUrl ?? process.env.TEST_DATABASE_URL;
  const key = await migrationsKey(migrationsDir);
  // Seeded data holds dates relative to today: it is copied only within the jest run that seeded it.
  const run = process.env[TEST_RUN_ENV];
  const copy = options.seeded && run ? { seeded: options.seeded, run } : undefined;
  const db = databaseUrl
    ? await createPostgresTestDatabase(databaseUrl, migrationsDir, key, options.poolSize ?? 4, copy)
    : await createPgliteTestDatabase(migrationsDir, key, copy);
  // Outside a jest run there is no copy to start from. Inside one this finds the data there: a no-op.
  if (options.seeded) await seed(db.prisma, { demo: options.seeded === 'demo', hashPassword });
  return db;
}

/** A copy of data seeded once in this jest run. */
interface SeededCopy {
  seeded: Seeded;
  run: string;
}

async function createPgliteTestDatabase(migrationsDir: string, key: string, copy: SeededCopy | undefined): Promise<Database> {
  const migrated = await loadOrCreateDump(`migrated-${key}`, async () => {
    const client = await createMemoryPglite();
    try {
      await applyMigrations({ kind: 'pglite', client }, migrationsDir);
      return await client.dumpDataDir('gzip');
    } finally {
      await client.close();
    }
  });
  const open = async (image: Blob | undefined) => {
    const client = image ? await pgliteFromImage(image) : await createMemoryPglite();
    const db = await pgliteDatabase(client, 'memory', migrationsDir, () => client.close());
    if (!image) await db.migrate();
    return { client, db };
  };
  if (!copy) return (await open(migrated)).db;
  // Seeded once per run from the migrated image and saved beside it.
  const prefix = `${copy.seeded}-${key}-`;
  const seeded = await loadOrCreateDump(`${prefix}${copy.run}`, async () => {
    const { client, db } = await open(migrated);
    try {
      await seed(db.prisma, { demo: copy.seeded === 'demo', hashPassword });
      const image = await client.dumpDataDir('gzip');
      // Earlier runs' copies are of no further use.
      for (const file of await readdir(PGLITE_CACHE_DIR).catch(() => [])) {
        if (file.startsWith(prefix) && !file.startsWith(`${prefix}${copy.run}.`)) await rm(path.join(PGLITE_CACHE_DIR, file), { force: true });
      }
      return image;
    } finally {
      await db.close();
    }
  });
  return (await open(seeded ?? migrated)).db;
}

/** Identifies a set of migrations together with the software that applies them. */
async function migrationsKey(migrationsDir: string): Promise<string> {
  const list = await readMigrationsList(migrationsDir);
  const parts = list.migrationDirectories.map((m) => `${m.path}\n${m.migrationFile.content.value}`);
  return hashOf(SCHEMA_ENGINE_WASM_VERSION, pgliteVersion(), ...parts);
}

async function createPostgresTestDatabase(serverUrl: string, migrationsDir: string, key: string, poolSize: number, copy: SeededCopy | undefined): Promise<Database> {
  describePostgresUrl(serverUrl);
  const template = `cadence_tpl_${key}`;
  const name = `cadence_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  // Test databases: a loaded CI machine has taken over 5 s to start a PostgreSQL backend.
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 30_000 });
  admin.on('error', () => {});
  await admin.connect();
  try {
    if (copy) await copyPostgresSeeded(admin, serverUrl, template, `cadence_${copy.seeded === 'demo' ? 'demo' : 'dict'}_${key}`, migrationsDir, name, copy);
    else await ensurePostgresTemplate(admin, serverUrl, template, migrationsDir, name);
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
 * Copies `source` to `name` under the advisory lock `lock`, first building it (`build`, which creates
 * it) when its comment is not `ready`: absent, half-built by a crashed run, or made by another run.
 */
async function copyBuilt(admin: pg.Client, lock: number, source: string, ready: string, build: () => Promise<void>, name: string): Promise<void> {
  await admin.query('SELECT pg_advisory_lock($1)', [lock]);
  try {
    const { rows } = await admin.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [source],
    );
    if (rows[0]?.comment !== ready) {
      await admin.query(`DROP DATABASE IF EXISTS "${source}" WITH (FORCE)`);
      await build();
      await admin.query(`COMMENT ON DATABASE "${source}" IS '${ready.replace(/'/g, "''")}'`);
    }
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${source}"`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [lock]).catch(() => {});
  }
}

/**
 * Builds the migrated template database once per set of migrations and copies it to `name`, under
 * an advisory lock (copying needs the template free of other sessions, and another run may be
 * replacing templates).
 */
async function ensurePostgresTemplate(admin: pg.Client, serverUrl: string, template: string, migrationsDir: string, name: string): Promise<void> {
  await copyBuilt(admin, MIGRATE_LOCK_KEY + 1, template, 'cadence test template, ready', async () => {
    await admin.query(`CREATE DATABASE "${template}"`);
    await applyMigrations({ kind: 'postgres', url: withDatabase(serverUrl, template) }, migrationsDir);
  }, name);
}

/**
 * Copies the seeded database to `name`, first seeding it from a copy of the migrated template when
 * another run made it (or it is half-built), under an advisory lock of its own for each kind: test
 * files that need the other kind or none are not kept waiting meanwhile. One such database per kind
 * and set of migrations.
 */
async function copyPostgresSeeded(admin: pg.Client, serverUrl: string, template: string, seeded: string, migrationsDir: string, name: string, copy: SeededCopy): Promise<void> {
  const ready = `cadence test data (${copy.seeded}), seeded for run ${copy.run}`;
  await copyBuilt(admin, MIGRATE_LOCK_KEY + (copy.seeded === 'demo' ? 3 : 2), seeded, ready, async () => {
    await ensurePostgresTemplate(admin, serverUrl, template, migrationsDir, seeded);
    const db = await openDatabase({ databaseUrl: withDatabase(serverUrl, seeded), dataDir: '', migrationsDir, poolSize: 2, connectTimeoutMs: 30_000 });
    try {
      await seed(db.prisma, { demo: copy.seeded === 'demo', hashPassword });
    } finally {
      await db.close();
    }
  }, name);
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

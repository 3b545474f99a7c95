import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureMigrationLock, openSchemaEngine } from './schema-engine.ts';
import { openDatabase, type Database } from './database.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { StartupError } from './startup-error.ts';

const schemaPath = fileURLToPath(new URL('../../../prisma/schema.prisma', import.meta.url));
let tmp: string;
/** Migrations generated from the current schema.prisma, so these tests do not depend on prisma/migrations. */
let migrationsDir: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'cadence-db-test-'));
  migrationsDir = path.join(tmp, 'migrations');
  await ensureMigrationLock(migrationsDir);
  const engine = await openSchemaEngine({ kind: 'scratch' }, { schemaPath });
  try {
    const sql = await engine.diffSchemaToMigrationSql({ from: 'empty', migrationsDir, schemaPath });
    await mkdir(path.join(migrationsDir, '20000101000000_init'));
    await writeFile(path.join(migrationsDir, '20000101000000_init', 'migration.sql'), sql);
  } finally {
    await engine.close();
  }
}, 180_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function startupError(promise: Promise<unknown>): Promise<StartupError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StartupError);
  expect((error as Error).message).not.toContain('\n');
  return error as StartupError;
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

// These open embedded databases whatever TEST_DATABASE_URL says: `npm test` runs them in its PGlite
// pass (TEST_DATABASE_URL empty), not again in the PostgreSQL pass.
if (!testDatabaseUrl) describe('embedded PGlite', () => {
  it('creates missing parent folders, migrates once, and maps errors through Prisma', async () => {
    const dir = path.join(tmp, 'a', 'b', 'pglite');
    const db = await openDatabase({ dataDir: dir, migrationsDir });
    try {
      expect(db.kind).toBe('pglite');
      expect(await db.pendingMigrations()).toBeUndefined(); // no _prisma_migrations table yet
      expect((await db.migrate()).applied).toEqual(['20000101000000_init']);
      expect(await db.pendingMigrations()).toEqual([]);
      expect((await db.migrate()).applied).toEqual([]);
      expect((await db.migrationStatus()).upToDate).toBe(true);
      await db.ping();
      // PGlite's WebAssembly memory holds the buffer pool: 32MB by default, not PostgreSQL's 128MB.
      expect(await db.sql.query<{ shared_buffers: string }>('SHOW shared_buffers')).toEqual([{ shared_buffers: '32MB' }]);
      // A Postgres error from our PGlite reaches Prisma as a mapped driver error, not a raw one.
      await db.sql.exec('CREATE TABLE probe (id int PRIMARY KEY)');
      await db.prisma.$executeRawUnsafe('INSERT INTO probe VALUES (1)');
      await expect(db.prisma.$executeRawUnsafe('INSERT INTO probe VALUES (1)')).rejects.toMatchObject({ code: 'P2010' });
    } finally {
      await db.close();
    }
  });

  it('runs with the buffer pool it is given', async () => {
    const db = await openDatabase({ dataDir: path.join(tmp, 'buffers-48'), migrationsDir, pgliteSharedBuffers: '48MB' });
    try {
      expect(await db.sql.query<{ shared_buffers: string }>('SHOW shared_buffers')).toEqual([{ shared_buffers: '48MB' }]);
    } finally {
      await db.close();
    }
  });

  it('reports a folder that is not a database in one line', async () => {
    const dir = path.join(tmp, 'not-a-db');
    await mkdir(dir);
    await writeFile(path.join(dir, 'notes.txt'), 'hello');
    const error = await startupError(openDatabase({ dataDir: dir }));
    expect(error.message).toMatch(/not a PGlite database/);
    expect(error.message).toContain(dir);
  });

  it('reports a data path that is a file', async () => {
    const file = path.join(tmp, 'a-file');
    await writeFile(file, 'x');
    expect((await startupError(openDatabase({ dataDir: file }))).message).toMatch(/is a file, not a folder/);
  });

  it('refuses a folder another process holds', async () => {
    const dir = path.join(tmp, 'locked');
    await mkdir(dir);
    await writeFile(`${dir}.lock`, `${process.ppid}\n${os.hostname()}\n`);
    const error = await startupError(openDatabase({ dataDir: dir }));
    expect(error.message).toMatch(new RegExp(`in use by another process \\(pid ${process.ppid}\\)`));
    await rm(`${dir}.lock`);
  });

  it('does not record a failing migration as applied', async () => {
    const dir = path.join(tmp, 'failing-migrations');
    await ensureMigrationLock(dir);
    await mkdir(path.join(dir, '20000101000000_ok'));
    await writeFile(path.join(dir, '20000101000000_ok', 'migration.sql'), 'CREATE TABLE ok_table (id int);');
    await mkdir(path.join(dir, '20000102000000_broken'));
    await writeFile(
      path.join(dir, '20000102000000_broken', 'migration.sql'),
      'CREATE TABLE half_done (id int);\nALTER TABLE no_such_table ADD COLUMN x int;',
    );
    const db = await openDatabase({ dataDir: path.join(tmp, 'failing-db'), migrationsDir: dir });
    try {
      const error = await startupError(db.migrate());
      expect(error.message).toContain('20000102000000_broken');
      const status = await db.migrationStatus();
      expect(status.failed).toEqual(['20000102000000_broken']);
      // A failed row sends the next start to the engine, which names it again instead of skipping it.
      expect(await db.pendingMigrations()).toBeUndefined();
      expect((await startupError(db.migrate())).message).toContain('20000102000000_broken');
      const tables = await db.sql.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
      expect(tables.map((t) => t.tablename)).not.toContain('half_done');
    } finally {
      await db.close();
    }
  });
});

describe('PostgreSQL start-up errors', () => {
  it('rejects a DATABASE_URL that is not a postgres:// URL', async () => {
    for (const url of ['not a url', 'mysql://u@localhost/db', 'postgres://']) {
      const error = await startupError(openDatabase({ databaseUrl: url, dataDir: '' }));
      expect(error.message).toMatch(/^DATABASE_URL is not a valid postgres:\/\/ URL: /);
    }
  });

  it('names host:port and the fix when the server is unreachable', async () => {
    const error = await startupError(openDatabase({ databaseUrl: 'postgres://cadence:secret@127.0.0.1:1/cadence', dataDir: '', connectTimeoutMs: 2000 }));
    expect(error.message).toMatch(/cannot reach PostgreSQL at 127\.0\.0\.1:1 .*start PostgreSQL.*unset DATABASE_URL/);
    expect(error.message).not.toContain('secret');
  });
});

describe('createTestDatabase', () => {
  let a: Database | undefined;
  let b: Database | undefined;
  afterEach(async () => {
    await a?.close();
    await b?.close();
    a = b = undefined;
  });

  it('gives each caller its own migrated, empty database', async () => {
    a = await createTestDatabase({ migrationsDir });
    b = await createTestDatabase({ migrationsDir });
    expect((await a.migrationStatus()).upToDate).toBe(true);
    expect((await a.migrate()).applied).toEqual([]);
    await a.sql.exec('CREATE TABLE only_in_a (id int)');
    const inB = await b.sql.query(`SELECT 1 FROM pg_tables WHERE tablename = 'only_in_a'`);
    expect(inB).toHaveLength(0);
  });
});

// These run in the PostgreSQL pass of `npm test` (TEST_DATABASE_URL set); the PGlite pass defines none.
if (testDatabaseUrl) describe('on PostgreSQL (TEST_DATABASE_URL)', () => {
  it('creates a migrated database and drops it on close', async () => {
    const db = await createTestDatabase({ migrationsDir });
    const name = db.location.split('/').pop()!;
    expect(db.kind).toBe('postgres');
    expect((await db.migrationStatus()).upToDate).toBe(true);
    await db.close();
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      expect(rows).toHaveLength(0);
    } finally {
      await admin.end();
    }
  });

  it('lets two processes migrate at once: one applies, the other finds nothing pending', async () => {
    const fresh = await createTestDatabase({ migrationsDir: path.join(tmp, 'no-migrations') });
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${fresh.location.split('/').pop()}`;
    const [x, y] = await Promise.all([
      openDatabase({ databaseUrl: url.toString(), dataDir: '', migrationsDir }),
      openDatabase({ databaseUrl: url.toString(), dataDir: '', migrationsDir }),
    ]);
    try {
      const results = await Promise.all([x.migrate(), y.migrate()]);
      expect(results.map((r) => r.applied.length).sort()).toEqual([0, 1]);
    } finally {
      await Promise.all([x.close(), y.close()]);
      await fresh.close();
    }
    expect(await readdir(migrationsDir)).toContain('20000101000000_init');
  });
});

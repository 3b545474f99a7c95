/**
 * Migrations without the prisma CLI's native engine (see schema-engine.ts).
 *
 *   tsx scripts/db/migrate.ts create <name>   new prisma/migrations/<timestamp>_<name>/migration.sql
 *                                             from what changed in prisma/schema.prisma
 *   tsx scripts/db/migrate.ts deploy          apply pending migrations to DATABASE_URL, or to the
 *                                             embedded database in $DATA_DIR/pglite (default ./data)
 *   tsx scripts/db/migrate.ts status          list pending / failed migrations (exit 1 unless up to date)
 *   tsx scripts/db/migrate.ts check           exit 1 when schema.prisma and the migrations disagree
 *   tsx scripts/db/migrate.ts resolve --rolled-back|--applied <migration>
 *                                             record a failed migration as rolled back or applied
 *
 * Options: --schema <file> and --migrations <dir> override prisma/schema.prisma and prisma/migrations.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../../api/src/config.ts';
import { openDatabase } from '../../api/src/db/database.ts';
import { StartupError } from '../../api/src/db/startup-error.ts';
import { ensureMigrationLock, openSchemaEngine, SchemaEngineError } from '../../api/src/db/schema-engine.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

const USAGE = `usage: tsx scripts/db/migrate.ts <command> [--schema prisma/schema.prisma] [--migrations prisma/migrations]
  create <name>  write prisma/migrations/<timestamp>_<name>/migration.sql for the changes in schema.prisma
  deploy         apply pending migrations to DATABASE_URL, or to the embedded database in $DATA_DIR/pglite
  status         show pending and failed migrations (exit code 1 unless up to date)
  check          fail when prisma/schema.prisma and prisma/migrations disagree
  resolve --rolled-back|--applied <migration>
                 after fixing a failed migration by hand, record it as rolled back (retried) or applied`;

class UsageError extends Error {}

interface Paths {
  schema: string;
  migrations: string;
}

/** Runs one command; returns the process exit code. Exported for tests. */
export async function runMigrateCli(argv: string[], out: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<number> {
  const args = [...argv];
  const paths: Paths = { schema: path.join(root, 'prisma/schema.prisma'), migrations: path.join(root, 'prisma/migrations') };
  for (const flag of ['--schema', '--migrations'] as const) {
    const i = args.indexOf(flag);
    if (i === -1) continue;
    const value = args[i + 1];
    if (!value) throw new UsageError(`${flag} needs a path`);
    paths[flag === '--schema' ? 'schema' : 'migrations'] = path.resolve(value);
    args.splice(i, 2);
  }
  const [command, ...rest] = args;
  switch (command) {
    case 'create':
      return create(paths, rest[0], out);
    case 'deploy':
      return deploy(paths, out);
    case 'status':
      return status(paths, out);
    case 'check':
      return check(paths, out);
    case 'resolve':
      return resolve(paths, rest, out);
    default:
      throw new UsageError(command ? `unknown command '${command}'` : 'missing command');
  }
}

/** SQL that takes the database the migrations produce to schema.prisma ('' when in sync). */
async function pendingSchemaChanges(paths: Paths): Promise<string> {
  await stat(paths.schema).catch(() => {
    throw new StartupError(`schema file ${path.relative(root, paths.schema)} not found`);
  });
  const engine = await openSchemaEngine({ kind: 'scratch' }, { schemaPath: paths.schema });
  try {
    return await engine.diffSchemaToMigrationSql({ from: 'migrations', migrationsDir: paths.migrations, schemaPath: paths.schema });
  } finally {
    await engine.close();
  }
}

async function create(paths: Paths, rawName: string | undefined, out: (line: string) => void): Promise<number> {
  const name = (rawName ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  if (!name) throw new UsageError('create needs a migration name, e.g. create add_release_index');
  await ensureMigrationLock(paths.migrations);
  const sql = await pendingSchemaChanges(paths);
  if (!sql) {
    out(`No changes: ${rel(paths.schema)} already matches ${rel(paths.migrations)}; no migration created.`);
    return 0;
  }
  const folder = path.join(paths.migrations, `${timestamp(new Date())}_${name}`);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'migration.sql'), sql);
  out(`Created ${rel(path.join(folder, 'migration.sql'))}. Review it, then apply it with \`npm run db:migrate\` (or restart the app).`);
  return 0;
}

async function check(paths: Paths, out: (line: string) => void): Promise<number> {
  const lock = path.join(paths.migrations, 'migration_lock.toml');
  if (!(await stat(lock).then(() => true, () => false))) {
    out(`${rel(lock)} is missing: create the first migration with \`npm run db:migration -- init\`.`);
    return 1;
  }
  const sql = await pendingSchemaChanges(paths);
  if (!sql) {
    out(`${rel(paths.schema)} matches ${rel(paths.migrations)}.`);
    return 0;
  }
  const preview = sql.split('\n').filter((l) => l.trim() && !l.startsWith('--')).slice(0, 12);
  out(
    [
      `${rel(paths.schema)} and ${rel(paths.migrations)} disagree: the schema has changes no migration creates.`,
      'Create a migration with `npm run db:migration -- <name>` (or undo the schema change). The missing SQL starts with:',
      ...preview.map((l) => `    ${l}`),
    ].join('\n'),
  );
  return 1;
}

async function openConfiguredDatabase(paths: Paths) {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDir, pgliteSharedBuffers: config.pgliteSharedBuffers, migrationsDir: paths.migrations });
  return db;
}

async function deploy(paths: Paths, out: (line: string) => void): Promise<number> {
  const db = await openConfiguredDatabase(paths);
  try {
    const { applied } = await db.migrate();
    out(applied.length ? `Applied ${applied.length} migration(s) to ${db.location}:\n${applied.map((n) => `  ${n}`).join('\n')}` : `No pending migrations: ${db.location} is up to date.`);
    return 0;
  } finally {
    await db.close();
  }
}

async function status(paths: Paths, out: (line: string) => void): Promise<number> {
  const db = await openConfiguredDatabase(paths);
  try {
    const s = await db.migrationStatus();
    const lines = [`Database: ${db.kind} ${db.location}`];
    if (s.upToDate) lines.push('Up to date: every migration in the folder is applied.');
    const list = (label: string, names: string[]) => names.length && lines.push(`${label}:`, ...names.map((n) => `  ${n}`));
    list('Pending (run `npm run db:migrate`)', s.pending);
    list('Failed (fix the database, then mark it rolled back or resolved)', s.failed);
    list('Edited after being applied', s.edited);
    list('Applied but missing from the folder', s.unknown);
    out(lines.join('\n'));
    return s.upToDate ? 0 : 1;
  } finally {
    await db.close();
  }
}

async function resolve(paths: Paths, rest: string[], out: (line: string) => void): Promise<number> {
  const [flag, name] = rest;
  if ((flag !== '--rolled-back' && flag !== '--applied') || !name) {
    throw new UsageError('resolve needs --rolled-back <migration> or --applied <migration>');
  }
  const db = await openConfiguredDatabase(paths);
  try {
    await db.resolveMigration(name, flag === '--rolled-back' ? 'rolled-back' : 'applied');
    out(`Recorded ${name} as ${flag === '--rolled-back' ? 'rolled back: the next deploy runs it again' : 'applied: deploy will skip it'}.`);
    return 0;
  } finally {
    await db.close();
  }
}

function timestamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

function rel(p: string): string {
  return path.relative(process.cwd(), p) || '.';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runMigrateCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof UsageError) {
        process.stderr.write(`cadence db: ${error.message}\n${USAGE}\n`);
      } else if (error instanceof StartupError || error instanceof ConfigError || error instanceof SchemaEngineError) {
        process.stderr.write(`cadence db: ${error.message}\n`);
      } else {
        process.stderr.write(`cadence db: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      }
      process.exitCode = 1;
    },
  );
}

/** Readiness: which migrations in prisma/migrations the database has not applied (one cheap query). */
import { readdir } from 'node:fs/promises';
import type { SqlRunner } from './database.ts';
import { MIGRATIONS_DIR } from './database.ts';

let known: Promise<string[]> | undefined;

function migrationNames(dir: string): Promise<string[]> {
  if (dir !== MIGRATIONS_DIR) return list(dir);
  known ??= list(dir);
  return known;
}

async function list(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

/** The migrations shipped with this build that the database has not finished applying. */
export async function unappliedMigrations(sql: SqlRunner, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const rows = await sql.query<{ migration_name: string }>(
    'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
  );
  const applied = new Set(rows.map((r) => r.migration_name));
  return (await migrationNames(dir)).filter((name) => !applied.has(name));
}

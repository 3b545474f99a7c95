import { jest } from '@jest/globals';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runMigrateCli } from '../../../scripts/db/migrate.ts';

const schema = `datasource db {
  provider = "postgresql"
}

model Artist {
  id    Int    @id @default(autoincrement())
  name  String
}
`;

let tmp: string;
let lines: string[];
const run = (...args: string[]) => runMigrateCli([...args, '--schema', path.join(tmp, 'schema.prisma'), '--migrations', path.join(tmp, 'migrations')], (l) => lines.push(l));

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'cadence-migrate-cli-'));
  await writeFile(path.join(tmp, 'schema.prisma'), schema);
});
afterAll(() => rm(tmp, { recursive: true, force: true }));
beforeEach(() => {
  lines = [];
});

// Each case starts Prisma's WASM schema engine two or three times: CPU-bound, tens of seconds on a
// quiet machine, minutes beside other jest workers. It runs in a jest process of its own
// (*.isolated.test.ts) with room to spare.
jest.setTimeout(300_000);

describe('scripts/db/migrate.ts', () => {
  it('create writes the first migration and the lockfile; check then passes; create again is a no-op', async () => {
    expect(await run('create', 'Init Artists')).toBe(0);
    const entries = await readdir(path.join(tmp, 'migrations'));
    expect(entries).toContain('migration_lock.toml');
    const folder = entries.find((e) => /^\d{14}_init_artists$/.test(e));
    expect(folder).toBeDefined();
    expect(await readFile(path.join(tmp, 'migrations', folder!, 'migration.sql'), 'utf8')).toContain('CREATE TABLE "Artist"');
    expect(await readFile(path.join(tmp, 'migrations', 'migration_lock.toml'), 'utf8')).toContain('provider = "postgresql"');

    expect(await run('check')).toBe(0);
    expect(await run('create', 'nothing')).toBe(0);
    expect(lines.at(-1)).toMatch(/^No changes/);
    expect((await readdir(path.join(tmp, 'migrations'))).length).toBe(entries.length);
  });

  it('check fails with the missing SQL when the schema changes', async () => {
    await writeFile(path.join(tmp, 'schema.prisma'), schema.replace('name  String', 'name  String\n  isni  String?'));
    expect(await run('check')).toBe(1);
    expect(lines.join('\n')).toMatch(/disagree[\s\S]*ADD COLUMN\s+"isni"/);
  });
});

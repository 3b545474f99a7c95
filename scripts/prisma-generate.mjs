#!/usr/bin/env node
// `npm run prisma:generate`: the Prisma client (and Pothos types) from prisma/schema.prisma.
// The prisma CLI wants to download a native schema engine before it does anything; generating
// needs no engine, so PRISMA_SCHEMA_ENGINE_BINARY points at a file that exists (this script) and
// nothing is downloaded. Migrations go through scripts/db/migrate.ts instead.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schema = process.argv[2] ?? 'prisma/schema.prisma';
const cli = path.join(root, 'node_modules/prisma/build/index.js');
if (!existsSync(cli)) {
  process.stderr.write('cadence: prisma is not installed; run `npm install` first\n');
  process.exit(1);
}

const configured = process.env.PRISMA_SCHEMA_ENGINE_BINARY;
const engine = configured && existsSync(configured) ? configured : fileURLToPath(import.meta.url);
const r = spawnSync(process.execPath, [cli, 'generate', '--schema', schema], {
  cwd: root,
  encoding: 'utf8',
  env: {
    ...process.env,
    // Generators named in schema.prisma (prisma-pothos-types) are looked up on PATH, which only
    // `npm run` extends with node_modules/.bin.
    PATH: [path.join(root, 'node_modules/.bin'), process.env.PATH].filter(Boolean).join(path.delimiter),
    PRISMA_SCHEMA_ENGINE_BINARY: engine,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
    PRISMA_GENERATE_NO_HINTS: '1',
  },
});
if (r.status !== 0) {
  process.stderr.write(r.stdout ?? '');
  process.stderr.write(r.stderr ?? '');
  process.stderr.write(`cadence: prisma generate failed (${r.error ? r.error.message : `exit ${r.status}`}); see prisma's output above\n`);
  process.exit(1);
}
const generated = (r.stdout + r.stderr).split('\n').filter((l) => /Generated/.test(l)).map((l) => l.replace(/^\W+/, '').trim());
process.stdout.write(`prisma generate: ${generated.length ? generated.join('; ') : 'done'}\n`);

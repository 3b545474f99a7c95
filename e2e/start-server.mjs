#!/usr/bin/env node
// The e2e server: the real `npm start` (the client is already built) on a fresh database each run,
// so the journeys always meet the demo seed as it was written. The embedded database by default;
// with E2E_DATABASE_URL, a throwaway database of that name on that PostgreSQL server instead
// (dropped and created here), which is what a deployment with several API processes runs.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: start-server.mjs <data dir>');
rmSync(dataDir, { recursive: true, force: true });

const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
const url = process.env.E2E_DATABASE_URL;
if (url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`E2E_DATABASE_URL must name a plain database (got '${name}')`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  Object.assign(env, { DATABASE_URL: url, SEED_DEMO: 'true' });
}

const root = path.resolve(import.meta.dirname, '..');
const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], { cwd: root, stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

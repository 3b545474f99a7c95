#!/usr/bin/env node
// `npm start`: generate what the build needs, build the browser app, then run the API, which
// applies pending migrations and serves the client and GraphQL on one port.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { serverEnv, serverNodeArgs } from './server-args.mjs';

const root = path.resolve(import.meta.dirname, '..');
const run = (label, cmd, args, env = {}) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  if (r.status !== 0) {
    process.stderr.write(r.stdout?.toString() ?? '');
    process.stderr.write(r.stderr?.toString() ?? '');
    process.stderr.write(`cadence: ${label} failed (exit ${r.status}); see the output above\n`);
    process.exit(1);
  }
};

if (!process.argv.includes('--no-build')) {
  process.stdout.write('cadence: preparing (prisma client, GraphQL types, browser build)...\n');
  run('prisma generate', process.execPath, ['scripts/prisma-generate.mjs']);
  run('codegen', process.execPath, ['node_modules/@graphql-codegen/cli/cjs/bin.js', '--config', 'codegen.ts', '--silent']);
  run('client build', process.execPath, ['node_modules/vite/bin/vite.js', 'build', 'client', '--logLevel', 'warn']);
}

// A built app runs in production mode unless told otherwise: graphql-js, React and express then
// skip their development-only checks.
const child = spawn(process.execPath, [...serverNodeArgs(), 'api/src/server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv({ NODE_ENV: 'production', ...process.env }),
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

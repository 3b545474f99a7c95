#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch) on :4000 and Vite's dev server on :5173.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (p) => path.join(root, 'node_modules', p);
for (const args of [['scripts/prisma-generate.mjs'], [bin('@graphql-codegen/cli/cjs/bin.js'), '--config', 'codegen.ts', '--silent']]) {
  if (spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
const children = [
  spawn(process.execPath, [bin('tsx/dist/cli.mjs'), 'watch', 'api/src/server/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, [bin('vite/bin/vite.js'), 'client'], { cwd: root, stdio: 'inherit' }),
];
const stop = (sig) => children.forEach((c) => c.kill(sig));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children) c.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0); });

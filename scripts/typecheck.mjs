#!/usr/bin/env node
// Type-checks every workspace (strict), one tsc project each. `npm test` runs the same projects as
// steps of their own (TYPECHECK_PROJECTS), side by side with the other static checks.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspaces' tsc projects, the largest first. */
export const TYPECHECK_PROJECTS = ['api', 'client', 'e2e', 'domain'];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  let failed = false;
  for (const ws of TYPECHECK_PROJECTS) {
    const r = spawnSync(process.execPath, [tsc, '-p', ws, '--pretty'], { cwd: root, stdio: 'inherit' });
    process.stdout.write(`typecheck ${ws}: ${r.status === 0 ? 'ok' : 'FAILED'}\n`);
    if (r.status !== 0) failed = true;
  }
  process.exit(failed ? 1 : 0);
}

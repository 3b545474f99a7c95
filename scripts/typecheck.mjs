#!/usr/bin/env node
// Type-checks every workspace (strict), one tsc project each.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
let failed = false;
for (const ws of ['domain', 'api', 'client', 'e2e']) {
  const r = spawnSync(process.execPath, [tsc, '-p', ws, '--pretty'], { cwd: root, stdio: 'inherit' });
  process.stdout.write(`typecheck ${ws}: ${r.status === 0 ? 'ok' : 'FAILED'}\n`);
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

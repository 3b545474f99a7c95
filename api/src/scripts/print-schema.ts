/** Prints schema.graphql from the Pothos schema; with --check, fails when the committed file is stale. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { printedSchema } from '../server/schema.ts';

const target = path.resolve(import.meta.dirname, '../../../schema.graphql');
const printed = printedSchema();

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    /* missing counts as stale */
  }
  if (current !== printed) {
    process.stderr.write('schema.graphql is stale: run `npm run schema:print` and commit the result\n');
    process.exit(1);
  }
  process.stdout.write('schema.graphql is up to date\n');
} else {
  writeFileSync(target, printed);
  process.stdout.write(`wrote ${path.relative(process.cwd(), target)}\n`);
}

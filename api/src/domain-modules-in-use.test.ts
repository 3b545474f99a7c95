/**
 * Every domain module is used by the product (the API, the browser app, scripts, or another domain
 * module that is): a rule nobody imports is a second copy waiting to drift (issue 17). knip treats
 * every domain module as an entry, so this is the check that finds a dead one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mjs)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'generated' || e.name === 'gql' ? [] : files(full);
    return SOURCE.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

test('every domain module is imported outside its own tests', () => {
  const domainDir = path.join(root, 'domain/src');
  const modules = readdirSync(domainDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => f.slice(0, -3));
  const users = ['api/src', 'client/src', 'scripts', 'prisma', 'bench'].flatMap((d) => files(path.join(root, d)));
  const importedFromOutside = new Set<string>();
  for (const file of users) {
    for (const m of readFileSync(file, 'utf8').matchAll(/@cadence\/domain\/([a-z0-9-]+)/g)) importedFromOutside.add(m[1]!);
  }
  // A module counts when the product imports it or a module the product uses imports it.
  const used = new Set(importedFromOutside);
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of [...used]) {
      if (!modules.includes(name)) continue;
      for (const m of readFileSync(path.join(domainDir, `${name}.ts`), 'utf8').matchAll(/from '\.\/([a-z0-9-]+)'/g)) {
        if (!used.has(m[1]!)) {
          used.add(m[1]!);
          grew = true;
        }
      }
    }
  }
  expect(modules.filter((m) => !used.has(m))).toEqual([]);
});

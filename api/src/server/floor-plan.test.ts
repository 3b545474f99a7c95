/**
 * The import rules of the floor plan (.dependency-cruiser.cjs) catch what they exist for: a
 * fixture tree with one violation of each rule makes dependency-cruiser fail and name each rule,
 * and the same tree without them passes. The real tree is checked by `npm run lint`.
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

const CLEAN: Record<string, string> = {
  'domain/src/rules.ts': "export const MAX = 1;\n",
  'api/src/config.ts': "import { MAX } from '../../domain/src/rules.ts';\nexport const config = { max: MAX };\n",
  'api/src/http/helpers.ts': "import { config } from '../config.ts';\nexport const limit = config.max;\n",
  'api/src/modules/songs/songs.service.ts': "import { limit } from '../../http/helpers.ts';\nexport const songs = () => limit;\n",
  'api/src/modules/songs/songs.rest.ts': "import { songs } from './songs.service.ts';\nexport const router = songs;\n",
  'api/src/modules/albums/albums.service.ts': "import { songs } from '../songs/songs.service.ts';\nexport const albums = songs;\n",
  'api/src/server/app.ts': "import { router } from '../modules/songs/songs.rest.ts';\nimport { albums } from '../modules/albums/albums.service.ts';\nexport const app = [router, albums];\n",
  'client/src/lib/apollo.ts': "import { MAX } from '../../../domain/src/rules.ts';\nexport const client = MAX;\n",
  'client/src/features/home/Home.tsx': "import { client } from '../../lib/apollo.ts';\nexport const Home = client;\n",
  'client/src/features/about/About.tsx': "import { client } from '../../lib/apollo.ts';\nexport const About = client;\n",
  'client/src/app/router.tsx': "import { Home } from '../features/home/Home.tsx';\nimport { About } from '../features/about/About.tsx';\nexport const routes = [Home, About];\n",
  'scripts/tool.ts': "export const tool = 1;\n",
};

/** One upward or sideways arrow per rule, added to the clean tree. */
const VIOLATIONS: Record<string, { file: string; line: string; rule: string }> = {
  kitToModule: { file: 'api/src/http/helpers.ts', line: "import { songs } from '../modules/songs/songs.service.ts';", rule: 'api-kits-import-no-module' },
  cycle: { file: 'api/src/modules/songs/songs.service.ts', line: "import { albums } from '../albums/albums.service.ts';", rule: 'no-circular' },
  domainOutward: { file: 'domain/src/rules.ts', line: "import { config } from '../../api/src/config.ts';", rule: 'domain-imports-only-itself' },
  clientToApi: { file: 'client/src/lib/apollo.ts', line: "import { config } from '../../../api/src/config.ts';", rule: 'client-never-imports-api' },
  moduleToAssembly: { file: 'api/src/modules/albums/albums.service.ts', line: "import { app } from '../../server/app.ts';", rule: 'nothing-imports-the-api-assembly' },
  moduleToTransport: { file: 'api/src/modules/albums/albums.service.ts', line: "import { router } from '../songs/songs.rest.ts';", rule: 'modules-use-services-not-transports' },
  featureToFeature: { file: 'client/src/features/about/About.tsx', line: "import { Home } from '../home/Home.tsx';", rule: 'features-keep-their-insides' },
  featureToAssembly: { file: 'client/src/features/home/Home.tsx', line: "import { routes } from '../../app/router.tsx';", rule: 'nothing-imports-the-client-assembly' },
  shippedToTooling: { file: 'api/src/config.ts', line: "import { tool } from '../../scripts/tool.ts';", rule: 'shipped-code-imports-no-tooling' },
};

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'floor-plan-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  copyFileSync(path.join(root, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
  return dir;
}

function cruise(dir: string) {
  const r = spawnSync(process.execPath, [depcruise, 'api', 'client', 'domain', 'scripts', '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'err-long'], { cwd: dir, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('the floor plan rules', () => {
  it('pass a tree whose arrows all point down', () => {
    const { status, out } = cruise(tree(CLEAN));
    expect(out).toContain('no dependency violations found');
    expect(status).toBe(0);
  });

  it('fail on each upward or sideways import, naming the rule and saying why', () => {
    const files = { ...CLEAN };
    for (const v of Object.values(VIOLATIONS)) files[v.file] = `${v.line}\n${files[v.file]}`;
    const { status, out } = cruise(tree(files));
    expect(status).not.toBe(0);
    for (const v of Object.values(VIOLATIONS)) {
      expect(out).toMatch(new RegExp(`error ${v.rule}:`));
    }
    // err-long prints each rule's one-line reason under its violation.
    expect(out).toContain('Kits are the floor every module stands on');
  });
});

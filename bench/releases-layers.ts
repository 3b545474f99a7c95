/**
 * Benchmark (issue 5, diagnosis): where the releases list's CPU goes, layer by layer, in one
 * process and without HTTP. Prints CPU milliseconds per operation for the whole GraphQL
 * execution, the GraphQL layer alone over rows already loaded, the Prisma list and count
 * queries, and plain graphql-js over plain objects (the floor of the GraphQL layer).
 *
 *   npx tsx bench/releases-layers.ts     # PostgreSQL at 127.0.0.1:5432 (BENCH_DATABASE_URL to change)
 */
import { buildSchema, execute, parse } from 'graphql';
import { createTestDatabase } from '../api/src/db/database.ts';
import { loadConfig } from '../api/src/config.ts';
import { createLogger } from '../api/src/logger.ts';
import { schema } from '../api/src/graphql/schema.ts';
import type { AppContext } from '../api/src/context.ts';
import { seedReleases } from './seed-releases.ts';

const db = await createTestDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', poolSize: 10 });
const { userId } = await seedReleases(db.prisma);
const config = loadConfig({ LOG_LEVEL: 'error', SEED_DEMO: 'false' });
const logger = createLogger('error');
const document = parse(`query Bench { releases(first: 20) { totalCount edges { node { id title status displayStatus releaseDate
  tracks { id title isrc credits { artistName role } } } } } }`);
const context = (prisma = db.prisma): AppContext => ({ prisma, config, logger, viewer: { userId, role: 'USER' }, requestId: 'bench', brandId: 'default' });

async function measure(name: string, fn: () => unknown, n = 1000, parallel = 10): Promise<void> {
  for (let i = 0; i < 100; i++) await fn();
  const before = process.cpuUsage();
  for (let i = 0; i < n / parallel; i++) await Promise.all(Array.from({ length: parallel }, fn));
  const used = process.cpuUsage(before);
  console.log(`${name.padEnd(44)} ${((used.user + used.system) / 1000 / n).toFixed(3)} ms CPU/op`);
}

const first = (await execute({ schema, document, contextValue: context() })) as { errors?: unknown[] };
if (first.errors) throw new Error(JSON.stringify(first.errors));
await measure('GraphQL execution (Pothos + Prisma)', () => execute({ schema, document, contextValue: context() }));

// The same execution over rows loaded once: what the GraphQL layer costs without the database.
const loaded = new Map<string, unknown>();
const memo = (key: string, load: () => Promise<unknown>) => (loaded.has(key) ? loaded.get(key) : load().then((v) => (loaded.set(key, v), v)));
const preloaded = new Proxy(db.prisma, {
  get(target, prop) {
    if (prop !== 'release') return Reflect.get(target, prop);
    return { ...target.release, findMany: (a: never) => memo('list', () => target.release.findMany(a)), count: (a: never) => memo('count', () => target.release.count(a)) };
  },
});
await measure('GraphQL layer over loaded rows (Pothos)', () => execute({ schema, document, contextValue: context(preloaded) }));

let query: unknown;
const capture = new Proxy(db.prisma, {
  get(target, prop) {
    if (prop !== 'release') return Reflect.get(target, prop);
    return { ...target.release, findMany: (a: never) => ((query = a), target.release.findMany(a)) };
  },
});
await execute({ schema, document, contextValue: context(capture) });
await measure('Prisma findMany with the planned selection', () => db.prisma.release.findMany(query as never));
await measure('Prisma count', () => db.prisma.release.count({ where: { userId, status: { not: 99 } } }));

const plainSchema = buildSchema(`type Query { releases(first: Int): Conn } type Conn { totalCount: Int edges: [Edge] } type Edge { node: R }
  type R { id: ID title: String status: String displayStatus: String releaseDate: String tracks: [T] }
  type T { id: ID title: String isrc: String credits: [C] } type C { artistName: String role: String }`);
const credits = [{ artistName: 'Nova Lane', role: 'PRIMARY' }, { artistName: 'Kai Moreno', role: 'COMPOSER' }];
const rootValue = {
  releases: {
    totalCount: 20,
    edges: Array.from({ length: 20 }, (_, i) => ({
      node: { id: `r${i}`, title: 'Release', status: 'LIVE', displayStatus: 'Published', releaseDate: '2026-01-15', tracks: Array.from({ length: 3 }, (_, j) => ({ id: `t${j}`, title: 'Track', isrc: 'QZCAD2600001', credits })) },
    })),
  },
};
await measure('floor: plain graphql-js over plain objects', () => execute({ schema: plainSchema, document, rootValue }));
await db.close();

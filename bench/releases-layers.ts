/**
 * Benchmark (issue 5, diagnosis): where the releases list's CPU goes, layer by layer, in one
 * process and without HTTP. Prints CPU milliseconds per operation for the whole GraphQL
 * execution, the GraphQL layer alone over releases already read, the read model's one SQL
 * statement, and plain graphql-js over plain objects (the floor of the GraphQL layer).
 *
 *   npx tsx bench/releases-layers.ts     # PostgreSQL at 127.0.0.1:5432 (BENCH_DATABASE_URL to change)
 */
import { buildSchema, execute, parse } from 'graphql';
import { type SqlRunner } from '../api/src/db/database.ts';
import { createTestDatabase } from '../api/src/test/test-database.ts';
import { loadConfig } from '../api/src/config.ts';
import { createLogger } from '../api/src/logger.ts';
import { schema } from '../api/src/server/schema.ts';
import type { AppContext } from '../api/src/context.ts';
import { readReleasePage } from '../api/src/modules/releases/release-read.ts';
import { seedReleases } from './seed-releases.ts';

const db = await createTestDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', poolSize: 10 });
const { userId } = await seedReleases(db.prisma);
const config = loadConfig({ LOG_LEVEL: 'error', SEED_DEMO: 'false' });
const logger = createLogger('error');
const document = parse(`query Bench { releases(first: 20) { totalCount edges { node { id title status displayStatus releaseDate
  tracks { id title isrc credits { artistName role } } } } } }`);
const context = (sql: SqlRunner = db.sql): AppContext => ({ prisma: db.prisma, sql, config, logger, viewer: { userId, role: 'USER' }, requestId: 'bench', brandId: 'default' });

async function measure(name: string, fn: () => unknown, n = 2000, parallel = 10): Promise<void> {
  for (let i = 0; i < 200; i++) await fn();
  const before = process.cpuUsage();
  for (let i = 0; i < n / parallel; i++) await Promise.all(Array.from({ length: parallel }, fn));
  const used = process.cpuUsage(before);
  console.log(`${name.padEnd(44)} ${((used.user + used.system) / 1000 / n).toFixed(3)} ms CPU/op`);
}

const first = (await execute({ schema, document, contextValue: context() })) as { errors?: unknown[] };
if (first.errors) throw new Error(JSON.stringify(first.errors));
await measure('GraphQL execution (Pothos + read model)', () => execute({ schema, document, contextValue: context() }));

// The same execution over a page read once (a fresh copy each time, as a new read would give):
// what the GraphQL layer costs without the database.
const texts = new Map<string, string>();
const recording: SqlRunner = { ...db.sql, query: async (text, params, options) => { const rows = await db.sql.query(text, params, options); texts.set(text, JSON.stringify(rows)); return rows as never; } };
await execute({ schema, document, contextValue: context(recording) });
const replay: SqlRunner = { ...db.sql, query: async (text) => JSON.parse(texts.get(text)!) };
await measure('GraphQL layer over a page already read', () => execute({ schema, document, contextValue: context(replay) }));

const include = { release: ['title' as const], tracks: ['id' as const, 'title' as const, 'isrc' as const], trackCredits: ['artistName' as const, 'artistRelationTypeId' as const] };
await measure('read model: the one SQL statement', () => readReleasePage(context(), { take: 20, direction: 'forward', count: true }, include));

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

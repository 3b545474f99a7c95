/**
 * Child process of bench/releases-list.ts: a seeded database (PostgreSQL when BENCH_DATABASE_URL
 * is set), the real app on one port, and the same rows served by plain pg behind node:http on
 * another. Prints one JSON line with the ports and a session cookie when ready.
 */
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { loadConfig } from '../api/src/config.ts';
import { createLogger } from '../api/src/logger.ts';
import { createTestDatabase } from '../api/src/test/test-database.ts';
import { createApp } from '../api/src/server/app.ts';
import { sessionCookieFor } from '../api/src/test/factories.ts';
import { seedReleases } from './seed-releases.ts';
import { statusOrder } from '@cadence/domain/release-status';

const url = process.env.BENCH_DATABASE_URL;
const db = await createTestDatabase({ databaseUrl: url, poolSize: 10 });
const user = { id: (await seedReleases(db.prisma)).userId };
const cookie = await sessionCookieFor(db.prisma, user.id);
const draft = await db.prisma.release.create({ data: { userId: user.id, title: 'Upload target', status: statusOrder('NOT_COMPLETED'), genreId: '2751', languageId: 'EN' } });

const config = loadConfig({ LOG_LEVEL: 'error', SEED_DEMO: 'false', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cadence-bench-')) });
const appServer = http.createServer();
const { app } = await createApp({ config, logger: createLogger('error'), prisma: db.prisma, sql: db.sql, ping: db.ping, httpServer: appServer });
appServer.on('request', app);
await new Promise<void>((r) => appServer.listen(0, '127.0.0.1', r));

// The floor: one SQL statement with JSON aggregation, no framework.
const location = db.location;
const pool = url ? new pg.Pool({ connectionString: url.replace(/\/[^/]*$/, `/${location.split('/').pop()}`), max: 10 }) : undefined;
const SQL = `SELECT r.id, r.title, r.status, r.release_date AS "releaseDate",
  COALESCE((SELECT json_agg(json_build_object('id', t.id, 'title', t.title, 'isrc', t.isrc,
    'credits', COALESCE((SELECT json_agg(json_build_object('artistName', c.artist_name, 'role', c.artist_relation_type_id) ORDER BY c.position)
                FROM artist_credits c WHERE c.track_id = t.id), '[]'::json)) ORDER BY t.position)
   FROM tracks t WHERE t.release_id = r.id), '[]'::json) AS tracks
  FROM releases r WHERE r.user_id = $1 ORDER BY r.created_at DESC LIMIT 20`;
const plain = http.createServer(async (req, res) => {
  if (req.url === '/cpu') {
    // The server's own CPU time, so the runner can print CPU per request (steady even on a busy machine).
    res.end(JSON.stringify(process.cpuUsage()));
    return;
  }
  try {
    const rows = pool ? (await pool.query(SQL, [user.id])).rows : await db.sql.query(SQL.replace('$1', `'${user.id}'`));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(rows));
  } catch (err) {
    res.writeHead(500);
    res.end(String(err));
  }
});
await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));

process.stdout.write(
  JSON.stringify({
    app: (appServer.address() as AddressInfo).port,
    plain: (plain.address() as AddressInfo).port,
    cookie,
    draftReleaseId: draft.id,
    pid: process.pid,
    database: url ? 'postgres' : 'pglite',
  }) + '\n',
);
let stopping = false;
process.on('SIGTERM', async () => {
  if (stopping) return;
  stopping = true;
  appServer.closeAllConnections();
  plain.closeAllConnections();
  await pool?.end();
  await db.close();
  process.exit(0);
});

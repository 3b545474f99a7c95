/**
 * Integration-test harness: a migrated, seeded database (PGlite in memory, or PostgreSQL when
 * TEST_DATABASE_URL is set) behind the real express app on an ephemeral port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from '../config.ts';
import { createLogger } from '../logger.ts';
import { type SqlRunner } from '../db/database.ts';
import { createTestDatabase } from './test-database.ts';
import { createApp } from '../server/app.ts';
import type { Express } from 'express';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { watchResponses } from './openapi-conformance.ts';

/** The built GraphQL schema, imported from where the assembly lives (one line to change when it moves). */
export { schema as graphqlSchema } from '../server/schema.ts';

export interface TestServer {
  url: string;
  /** The express app (its router stack is the route table). */
  app: Express;
  prisma: PrismaClient;
  /** Plain SQL on the same database (what the app's read models use). */
  sql: SqlRunner;
  config: Config;
  /** GraphQL POST with the CSRF-safe JSON content type. */
  gql<T = unknown>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<{ status: number; body: { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] } }>;
  close(): Promise<void>;
}

/** Starts the app on a fresh test database; env overrides apply to its configuration. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  // Each server keeps its files (storage, the payout sandbox's state) in its own folder, removed on close.
  const dataDir = env.DATA_DIR ? null : mkdtempSync(path.join(os.tmpdir(), 'cadence-test-data-'));
  const config = loadConfig({ LOG_LEVEL: 'error', SEED_DEMO: 'false', ...(dataDir ? { DATA_DIR: dataDir } : {}), ...env });
  const db = await createTestDatabase({ seeded: config.seedDemo ? 'demo' : 'dictionaries' });
  const httpServer = http.createServer();
  const logger = createLogger('error');
  const { app, stop } = await createApp({ config, logger, prisma: db.prisma, sql: db.sql, ping: db.ping, httpServer });
  // Every /api response is checked against the OpenAPI document (test/openapi-conformance.ts).
  httpServer.on('request', watchResponses(app));
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  return {
    url,
    app,
    prisma: db.prisma,
    sql: db.sql,
    config,
    async gql(query, variables, headers = {}) {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, body: (await res.json()) as never };
    },
    async close() {
      await stop();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => (httpServer.listening ? httpServer.close(() => resolve()) : resolve()));
      await db.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

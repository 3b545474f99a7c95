/**
 * Request logging (pino-http), the request's log context, /metrics and /readyz (issue 24).
 * Every log line of a request carries its id (log-context.ts); GraphQL operation names reach the
 * request log line, the latency histograms and the error reports.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { RequestHandler, Request } from 'express';
import type { ApolloServerPlugin } from '@apollo/server';
import { pinoHttp } from 'pino-http';
import { pino, type Logger as PinoLogger } from 'pino';
import { Gauge } from 'prom-client';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { pinoLoggerOf } from '../logger.ts';
import { currentLogContext, runWithLogContext, type LogContext } from '../log-context.ts';
import type { Metrics } from '../metrics.ts';
import type { AppContext } from '../context.ts';
import type { PoolStats, SqlRunner } from '../db/database.ts';
import { pendingMigrations } from '../db/database.ts';
import { storageFor } from '../modules/uploads/storage.ts';

const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

declare module 'http' {
  interface IncomingMessage {
    logContext?: LogContext;
  }
}

/** The route pattern for the latency histogram (never the raw path: ids would explode the series). */
function routeOf(req: Request): string {
  if (req.route?.path) return `${req.baseUrl}${String(req.route.path)}`;
  const path = req.originalUrl.split('?')[0] ?? '';
  if (path === '/graphql') return '/graphql';
  if (path.startsWith('/api/')) return '/api/*';
  if (QUIET_PATHS.has(path)) return path;
  return 'client';
}

/**
 * First middleware: request id (x-request-id or a new one), pino-http's request log line, the
 * request's log context (for every line and error report), and the HTTP histogram.
 */
export function requestObservability(deps: { logger: Logger; metrics: Metrics; report: (context: LogContext, err: unknown) => void }): RequestHandler {
  const httpLogger = pinoHttp({
    logger: (pinoLoggerOf(deps.logger) ?? pino({ level: 'silent' })) as PinoLogger,
    genReqId: (req, res) => {
      const id = (req.headers['x-request-id'] as string | undefined)?.slice(0, 100) || randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    autoLogging: { ignore: (req) => QUIET_PATHS.has((req.url ?? '').split('?')[0] ?? '') },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    // Called at the start (the id) and at the end (the GraphQL operation, known by then).
    customProps: (req, res) => {
      if (!res.headersSent) return { requestId: req.id };
      const operation = req.logContext?.operation;
      return operation ? { operation } : {};
    },
  });
  return (req, res, next) => {
    httpLogger(req, res);
    const context: LogContext = { requestId: String(req.id), userId: () => req.ctx?.viewer?.userId };
    context.report = (err) => deps.report(context, err);
    req.logContext = context;
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      deps.metrics.httpDuration.observe({ method: req.method, route: routeOf(req), status: String(res.statusCode) }, seconds);
      if (res.statusCode >= 400) deps.metrics.errors.inc({ transport: 'http', code: String(res.statusCode) });
    });
    runWithLogContext(context, next);
  };
}

/** Operation names a client may invent are capped, so they cannot grow the series without bound. */
const MAX_OPERATION_LABELS = 500;

/** GraphQL: names the operation in the log context and observes its latency and error codes. */
export function graphqlObservability(metrics: Metrics): ApolloServerPlugin<AppContext> {
  const seen = new Set<string>();
  const label = (name: string | null | undefined) => {
    if (!name) return 'anonymous';
    if (seen.has(name)) return name;
    if (seen.size >= MAX_OPERATION_LABELS || !/^[A-Za-z_][A-Za-z0-9_]{0,80}$/.test(name)) return 'other';
    seen.add(name);
    return name;
  };
  return {
    async requestDidStart({ request }) {
      const started = process.hrtime.bigint();
      const context = currentLogContext();
      if (context && request.operationName) context.operation = request.operationName.slice(0, 100);
      let type = 'unknown';
      let operation: string | null | undefined = request.operationName;
      return {
        async didResolveOperation(rc) {
          type = rc.operation?.operation ?? 'unknown';
          operation = rc.operationName;
          if (context) context.operation = rc.operationName ?? 'anonymous';
        },
        async willSendResponse({ response }) {
          metrics.graphqlDuration.observe({ operation: label(operation), type }, Number(process.hrtime.bigint() - started) / 1e9);
          if (response.body.kind !== 'single') return;
          for (const e of response.body.singleResult.errors ?? []) metrics.errors.inc({ transport: 'graphql', code: String(e.extensions?.code ?? 'UNKNOWN') });
        },
      };
    },
  };
}

/** The database pool gauge (PostgreSQL only). */
export function poolMetrics(metrics: Metrics, poolStats: (() => PoolStats) | undefined): void {
  if (!poolStats) return;
  new Gauge({
    name: 'cadence_db_pool_connections',
    help: 'Database pool connections: max, total (open), idle, and requests waiting for one.',
    labelNames: ['state'],
    registers: [metrics.registry],
    collect() {
      const s = poolStats();
      for (const state of ['max', 'total', 'idle', 'waiting'] as const) this.set({ state }, s[state]);
    },
  });
}

/** /metrics: Prometheus text for a caller with the configured bearer token; 401 without one, 403 with a wrong one. */
export function metricsHandler(config: Config, metrics: Metrics): RequestHandler {
  const expected = Buffer.from(config.metricsToken);
  return async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const header = req.headers.authorization ?? '';
    if (!/^Bearer /i.test(header)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      res.status(401).json({ code: 'UNAUTHENTICATED', message: 'Metrics need a bearer token' });
      return;
    }
    const given = Buffer.from(header.slice(7).trim());
    if (expected.length === 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(403).json({ code: 'FORBIDDEN', message: 'Not allowed' });
      return;
    }
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  };
}

/** How long a storage write check counts (readiness probes come every few seconds). */
const STORAGE_CHECK_MS = 10_000;

/**
 * /readyz: false while draining on shutdown, when the database does not answer, when migrations
 * of this build are not applied, or when storage cannot be written.
 */
export function readinessHandler(deps: { config: Config; sql: SqlRunner; ping: () => Promise<void>; draining: () => boolean }): RequestHandler {
  let storageChecked: { at: number; ok: Promise<boolean> } | undefined;
  const storageWritable = () => {
    if (storageChecked && Date.now() - storageChecked.at < STORAGE_CHECK_MS) return storageChecked.ok;
    const storage = storageFor(deps.config);
    const key = `health/readyz-${process.pid}`;
    const ok = storage
      .put(key, Readable.from([Buffer.from('ok')]), { contentType: 'text/plain' })
      .then(() => storage.delete(key))
      .then(() => true, () => false);
    storageChecked = { at: Date.now(), ok };
    return ok;
  };
  return async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (deps.draining()) {
      res.status(503).json({ status: 'shutting down' });
      return;
    }
    try {
      await deps.ping();
    } catch {
      res.status(503).json({ status: 'database unavailable' });
      return;
    }
    const pending = (await pendingMigrations((text) => deps.sql.query(text)).catch(() => undefined)) ?? null;
    if (pending === null || pending.length > 0) {
      res.status(503).json({ status: 'migrations not applied', pending: pending ?? [] });
      return;
    }
    if (!(await storageWritable())) {
      res.status(503).json({ status: 'storage not writable' });
      return;
    }
    res.json({ status: 'ready' });
  };
}

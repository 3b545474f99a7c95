/** The express application: request context, health, GraphQL, the legacy /api router and the client. */
import express, { Router, type Express } from 'express';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { Server } from 'node:http';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { PoolStats, SqlRunner } from '../db/database.ts';
import type { AppContext } from '../context.ts';
import { formatError, serviceUnavailableStatus } from '../graphql/errors.ts';
import { graphqlLimits } from '../graphql/limits.ts';
import { loadTrustedDocuments, persistedDocumentCache, registerForTokensOnly } from '../graphql/persisted-documents.ts';
import { capJsonResponses, graphqlRequestErrors, graphqlUploads, jsonBody, refuseNulInAddress } from '../http/body-limits.ts';
import { securityHeaders } from '../http/security-headers.ts';
import { compressResponses } from '../http/compression.ts';
import { errorHandler } from '../http/errors.ts';
import { brandIdFor } from '../http/brand.ts';
import { clientHandler } from '../http/client.ts';
import { authenticate, csrfGuard } from '../http/auth.ts';
import { printedSchema, schema } from './schema.ts';
import { modules } from './modules.ts';
import { authenticatorOf } from '../module.ts';
import { createMetrics } from '../metrics.ts';
import { errorReporter } from './error-reporting.ts';
import { graphqlObservability, metricsHandler, poolMetrics, readinessHandler, requestObservability } from './observability.ts';

/** The legacy REST API mounted at /api: each module's router, in list order. */
function apiRouter(): Router {
  const r = Router();
  for (const m of modules) if (m.router) r.use(m.router());
  return r;
}

export interface AppDeps {
  config: Config;
  logger: Logger;
  prisma: PrismaClient;
  /** Plain SQL on the same database (the read models). */
  sql: SqlRunner;
  /** Answers whether the database is reachable (for /readyz). */
  ping: () => Promise<void>;
  /** Connection pool use for /metrics (PostgreSQL). */
  poolStats?: () => PoolStats;
  httpServer?: Server;
}

export interface App {
  app: Express;
  stop: () => Promise<void>;
}

/** Builds the express app; call `stop` to drain Apollo before closing the database. */
export async function createApp(deps: AppDeps): Promise<App> {
  const { config, logger, prisma, sql } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');
  // API answers are no-store, so an ETag (a SHA-1 of every JSON body) would never be used.
  app.set('etag', false);

  let shuttingDown = false;

  const metrics = createMetrics();
  for (const m of modules) m.metrics?.(metrics.registry, sql);
  poolMetrics(metrics, deps.poolStats);

  const errors = errorReporter({ config, prisma, logger });
  app.use(requestObservability({ logger, metrics, report: (context, err) => errors.report(context, err) }));
  app.use((req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const requestId = String(req.id);
    req.ctx = { prisma, sql, config, logger: logger.child({ requestId }), viewer: null, requestId, brandId: brandIdFor(req) };
    next();
  });
  app.use(securityHeaders({ production: config.env.production, sentryDsn: config.env.sentryDsn, paymentGateway: config.payments.driver }));
  app.use(compressResponses());

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', readinessHandler({ config, sql, ping: deps.ping, draining: () => shuttingDown }));
  app.get('/metrics', metricsHandler(config, metrics));

  // Token, alias, depth, cost and directive limits; introspection only outside production.
  const limits = graphqlLimits({ production: config.env.production, responseBytes: config.limits.responseBytes });
  // Trusted documents (the client build's manifest) by hash, and APQ registered by API tokens.
  const trustedDocuments = loadTrustedDocuments(config.partner.trustedDocumentsFile);
  if (trustedDocuments.size === 0) logger.warn('No trusted GraphQL documents: run codegen to write the manifest', { file: config.partner.trustedDocumentsFile });
  const apollo = new ApolloServer<AppContext>({
    schema,
    csrfPrevention: true,
    // main.ts owns shutdown (drain HTTP, stop jobs, close the database), so Apollo must not react to signals itself.
    stopOnTerminationSignals: false,
    formatError: formatError(logger),
    ...limits,
    persistedQueries: { cache: persistedDocumentCache(trustedDocuments), ttl: null },
    // We send no cache hints (every answer is per user and no-store), and the cache-control plugin
    // would otherwise wrap every field resolver: about a tenth of the releases list's CPU.
    // The landing page loads scripts from Apollo's CDN, which our CSP (and an offline machine) refuses.
    plugins: [
      ...limits.plugins,
      registerForTokensOnly(),
      graphqlObservability(metrics),
      serviceUnavailableStatus(),
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginLandingPageDisabled(),
      ...modules.flatMap((m) => (m.graphqlPlugin ? [m.graphqlPlugin()] : [])),
      ...(deps.httpServer ? [ApolloServerPluginDrainHttpServer({ httpServer: deps.httpServer })] : []),
    ],
  });
  await apollo.start();

  // The SDL partners build against (issue 18), public like /api/openapi.json. Introspection stays
  // off in production (an introspection query is costly work on demand); this is one fixed text,
  // the committed schema.graphql, so it gives away nothing the repository does not.
  const sdl = printedSchema();
  app.get('/graphql/schema.graphql', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('text/plain').send(sdl);
  });
  // The trusted documents partners may send by hash alone (`sha256:<hex>` -> document).
  const manifest = JSON.stringify(Object.fromEntries([...trustedDocuments].map(([hash, text]) => [`sha256:${hash}`, text])));
  app.get('/graphql/persisted-documents.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(manifest);
  });

  app.use(['/graphql', '/api'], refuseNulInAddress(), authenticate(authenticatorOf(modules)));
  for (const m of modules) if (m.requestMiddleware) app.use(['/graphql', '/api'], m.requestMiddleware());
  for (const m of modules) if (m.apiMiddleware) app.use('/api', m.apiMiddleware());

  app.use(
    '/graphql',
    graphqlUploads({ maxFileSize: config.limits.audioUploadBytes, maxFiles: config.limits.maxUploadFiles }),
    jsonBody(config.limits.jsonBodyBytes),
    expressMiddleware(apollo, { context: async ({ req }) => req.ctx }),
    graphqlRequestErrors(),
  );

  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use('/api', csrfGuard(), capJsonResponses(config.limits.responseBytes), jsonBody(config.limits.jsonBodyBytes), apiRouter());
  app.use('/api', (_req, res) => {
    res.status(404).json({ code: 'NOT_FOUND', message: 'No such API path' });
  });

  app.use(clientHandler(config, { sessionCookie: authenticatorOf(modules).sessionCookie }));
  app.use(errorHandler());

  return {
    app,
    stop: async () => {
      shuttingDown = true;
      await apollo.stop();
      await errors.flush();
    },
  };
}

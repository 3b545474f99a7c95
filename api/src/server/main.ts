/**
 * Boot only: configuration, database, HTTP. Every start-up failure ends with one clear line, and
 * comes early: the configuration and the port are checked before the database is opened, and the
 * application (6 s of module loading on a slow machine) is loaded only once the database is open.
 */
import http from 'node:http';
import net from 'node:net';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { createLogger } from '../logger.ts';
import { StartupError } from '../db/startup-error.ts';

function fail(message: string): never {
  process.stderr.write(`cadence: ${message}\n`);
  process.exit(1);
}

function listen(server: net.Server, config: Config): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        reject(new StartupError(`port ${config.port} on ${config.host} is already in use: stop the other process or set PORT to a free port`));
      } else if (err.code === 'EACCES') {
        reject(new StartupError(`not allowed to listen on port ${config.port}: choose a port above 1023 with PORT`));
      } else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') {
        reject(new StartupError(`HOST ${config.host} is not an address of this machine: set HOST to 127.0.0.1 or 0.0.0.0`));
      } else reject(err);
    };
    server.once('error', onError);
    server.listen(config.port, config.host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/**
 * Fails at once when the port is taken or the host is not this machine's, before the database is
 * opened, migrated and seeded (tens of seconds on a fresh embedded database): the same check and
 * line as the real listen below, which still reports a port taken in between.
 */
async function checkPortFree(config: Config): Promise<void> {
  if (config.port === 0) return;
  const probe = net.createServer();
  await listen(probe, config);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`invalid configuration: ${err.message}`);
    throw err;
  }
  const logger = createLogger(config.logLevel, { service: 'cadence-api' });

  await checkPortFree(config);
  const { openDatabase } = await import('../db/database.ts');
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDir, pgliteSharedBuffers: config.pgliteSharedBuffers });
  const { applied } = await db.migrate();
  if (applied.length) logger.info('migrations applied', { applied });
  const { seed } = await import('../../../prisma/seed.ts');
  const { hashPassword } = await import('../modules/auth/password.ts');
  const { createApp } = await import('./app.ts');
  const { modules } = await import('./modules.ts');
  const { jobHandlersOf, pruneTasksOf } = await import('../module.ts');
  const { JobWorker } = await import('../jobs/job-queue.ts');
  await seed(db.prisma, { demo: config.seedDemo, hashPassword });
  const httpServer = http.createServer();
  const { app, stop } = await createApp({ config, logger, prisma: db.prisma, sql: db.sql, ping: db.ping, poolStats: db.poolStats, httpServer });
  httpServer.on('request', app);
  await listen(httpServer, config);
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Durable jobs (validation, delivery, imports, pruning) run in every API process; claims never collide.
  const jobLogger = logger.child({ component: 'jobs' });
  const moduleDeps = { prisma: db.prisma, sql: db.sql, config, logger, pruneTasks: pruneTasksOf(modules) };
  const worker = new JobWorker(db.prisma, jobHandlersOf(modules, moduleDeps), jobLogger);
  for (const m of modules) await m.onStart?.(moduleDeps);
  // Registers the worker and first releases the jobs of a process that died (kill -9) on this host.
  await worker.start();
  logger.info('listening', { url: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`, database: db.kind });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => {
      logger.warn('shutdown grace period over; closing remaining connections');
      httpServer.closeAllConnections();
    }, config.shutdownGraceMs);
    force.unref();
    try {
      await stop(); // drains in-flight requests (Apollo's drain plugin closes the server)
      logger.debug('http drained');
      await worker.stop(); // lets running jobs finish; unfinished ones are claimed again after a restart
      logger.debug('jobs stopped');
      await new Promise<void>((resolve) => (httpServer.listening ? httpServer.close(() => resolve()) : resolve()));
      await db.close();
      logger.debug('database closed');
      logger.info('stopped');
      // Exit once stdout has flushed, so the last log lines reach a piped log collector.
      process.stdout.write('', () => process.exit(0));
    } catch (err) {
      logger.error('shutdown failed', { err: err as Error });
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof StartupError || err instanceof ConfigError) fail(err.message);
  fail(`start-up failed: ${err instanceof Error ? err.message : String(err)}`);
});

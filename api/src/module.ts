/**
 * What a feature module contributes to the server, in one descriptor (`modules/<feature>/index.ts`).
 * The assembly (`server/modules.ts`) lists every descriptor once; nothing else knows all modules.
 * A module's GraphQL types register themselves on the shared builder when its index imports its
 * `*.schema.ts`, so importing the descriptor is what puts them in the schema.
 */
import type { RequestHandler, Router } from 'express';
import type { ApolloServerPlugin } from '@apollo/server';
import type { PrismaClient } from './generated/prisma/client.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import type { AppContext } from './context.ts';
import type { JobHandler } from './jobs/job-queue.ts';
import type { RequestAuthenticator } from './http/auth.ts';
import type { PruneTask } from './jobs/prune.ts';
import type { SqlRunner } from './db/database.ts';
import type { Registry } from 'prom-client';

/** What a module's jobs and start-up tasks receive. */
export interface ModuleDeps {
  prisma: PrismaClient;
  /** Plain SQL and COPY on the same database (bulk imports). */
  sql?: SqlRunner;
  config: Config;
  logger: Logger;
  /** Every module's prune tasks (the maintenance module's hourly job runs them). */
  pruneTasks: readonly PruneTask[];
}

export interface CadenceModule {
  /** The folder name, for logs and errors. */
  name: string;
  /** Its legacy REST paths, mounted under /api in list order. */
  router?: () => Router;
  /** Runs on every GraphQL operation, after authentication (e.g. auditing writes made while acting as a user). */
  graphqlPlugin?: () => ApolloServerPlugin<AppContext>;
  /** Runs on every /api request after authentication, before any module's router. */
  apiMiddleware?: () => RequestHandler;
  /** Runs on every /api and /graphql request right after authentication (e.g. API token limits). */
  requestMiddleware?: () => RequestHandler;
  /** Its durable job handlers, by job name (names are unique across modules). */
  jobs?: (deps: ModuleDeps) => Record<string, JobHandler>;
  /** Its tables' rows that can no longer be used, deleted hourly. */
  prune?: readonly PruneTask[];
  /** Runs once at boot after migrations, in every process: must be idempotent (e.g. schedule a recurring job). */
  onStart?: (deps: ModuleDeps) => Promise<unknown>;
  /** Adds its gauges to the /metrics registry (read from the database at scrape time). */
  metrics?: (registry: Registry, sql: SqlRunner) => void;
  /** How requests are authenticated; exactly one module (auth) provides it. */
  authenticator?: RequestAuthenticator;
}

/** Checks the list once at boot: exactly one authenticator, no job name claimed twice. */
export function checkModules(modules: readonly CadenceModule[]): void {
  const authenticators = modules.filter((m) => m.authenticator).map((m) => m.name);
  if (authenticators.length !== 1) throw new Error(`exactly one module must provide the request authenticator (found: ${authenticators.join(', ') || 'none'})`);
  const names = new Set<string>();
  for (const m of modules) {
    if (names.has(m.name)) throw new Error(`module ${m.name} is listed twice`);
    names.add(m.name);
  }
}

/** Every module's prune tasks, in list order; a task name used twice is a boot error. */
export function pruneTasksOf(modules: readonly CadenceModule[]): PruneTask[] {
  const tasks = modules.flatMap((m) => m.prune ?? []);
  const names = new Set(tasks.map((t) => t.name));
  if (names.size !== tasks.length) throw new Error('two prune tasks share a name');
  return tasks;
}

/** The request authenticator (checkModules made sure exactly one module provides it). */
export function authenticatorOf(modules: readonly CadenceModule[]): RequestAuthenticator {
  const found = modules.find((m) => m.authenticator)?.authenticator;
  if (!found) throw new Error('no module provides the request authenticator');
  return found;
}

/** Every module's job handlers in one table; a job name claimed by two modules is a boot error. */
export function jobHandlersOf(modules: readonly CadenceModule[], deps: ModuleDeps): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {};
  const owner: Record<string, string> = {};
  for (const m of modules) {
    for (const [job, handler] of Object.entries(m.jobs?.(deps) ?? {})) {
      if (owner[job]) throw new Error(`job ${job} is handled by both ${owner[job]} and ${m.name}`);
      owner[job] = m.name;
      handlers[job] = handler;
    }
  }
  return handlers;
}

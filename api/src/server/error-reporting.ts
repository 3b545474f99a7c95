/**
 * Unexpected server errors (answered 500) go to the staff system page's ring (every process writes
 * to the same table) and, when SENTRY_DSN is set, to Sentry (or a service that speaks its
 * protocol) with the user's id, full name and email, the request id, and no secrets.
 */
import type * as SentryModule from '@sentry/node';
import type { Config } from '../config.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Logger } from '../logger.ts';
import type { LogContext } from '../log-context.ts';
import { ERROR_TRACE_SAMPLE_RATE } from '@cadence/domain/constants';
import { scrubSecrets } from '@cadence/domain/error-reports';
import { recordServerError } from '../modules/operations/operations.service.ts';

type SentryNode = typeof SentryModule;

let sentry: Promise<SentryNode> | undefined;

/** How long shutdown waits for Sentry to send what it holds. */
const SENTRY_FLUSH_MS = 2_000;

/** Starts the Sentry SDK once per process (it is global); undefined without a DSN. */
export function startSentry(config: Config): Promise<SentryNode> | undefined {
  const dsn = config.env.sentryDsn;
  if (!dsn) return undefined;
  sentry ??= import('@sentry/node').then((Sentry) => {
    Sentry.init({
      dsn,
      environment: config.env.envName,
      tracesSampleRate: ERROR_TRACE_SAMPLE_RATE,
      // No cookies, request bodies or GraphQL variables (passwords, card fields); no auth headers.
      dataCollection: {
        cookies: false,
        httpBodies: [],
        graphQL: { variables: false },
        httpHeaders: { request: { deny: ['cookie', 'authorization', 'x-api-key'] }, response: { deny: ['set-cookie'] } },
      },
      beforeSend: (event) => scrubEvent(event),
      beforeBreadcrumb: (crumb) => scrubSecrets(crumb),
    });
    return Sentry;
  });
  return sentry;
}

/** Drops cookies and secret fields from an event; the user context (id, name, email) stays. */
function scrubEvent<E extends { request?: { cookies?: unknown; headers?: Record<string, string> } }>(event: E): E {
  if (event.request) {
    delete event.request.cookies;
    if (event.request.headers) {
      for (const name of Object.keys(event.request.headers)) if (/^(cookie|authorization|x-api-key)$/i.test(name)) delete event.request.headers[name];
    }
  }
  return scrubSecrets(event);
}

/** Reports unexpected errors (ring + Sentry) without delaying the answer. */
export interface ErrorReporter {
  /** Never throws, never delays the answer. */
  report(context: LogContext, err: unknown): void;
  /** Waits for reports under way and sends what Sentry still holds (at shutdown, before the database closes). */
  flush(): Promise<void>;
}

/** The report function of each request, and the flush that shutdown awaits. */
export function errorReporter(deps: { config: Config; prisma: PrismaClient; logger: Logger }): ErrorReporter {
  const sdk = startSentry(deps.config);
  const pending = new Set<Promise<void>>();
  return {
    report(context, err) {
      const userId = context.userId?.();
      const error = err instanceof Error ? err : new Error(String(err));
      const work = (async () => {
        await recordServerError(deps.prisma, { requestId: context.requestId, jobId: context.jobId, operation: context.operation, message: error.message, userId });
        if (!sdk) return;
        const Sentry = await sdk;
        const user = userId ? await deps.prisma.user.findUnique({ where: { id: userId }, select: { id: true, email: true, firstName: true, lastName: true } }) : null;
        Sentry.captureException(error, {
          user: user ? { id: user.id, email: user.email, username: [user.firstName, user.lastName].filter(Boolean).join(' ') || undefined } : undefined,
          tags: { requestId: context.requestId, jobId: context.jobId, operation: context.operation },
        });
      })()
        .catch((reportErr: unknown) => deps.logger.warn('error report failed', { err: reportErr as Error }))
        .finally(() => pending.delete(work));
      pending.add(work);
    },
    async flush() {
      await Promise.all(pending);
      if (sdk) await (await sdk).flush(SENTRY_FLUSH_MS);
    },
  };
}

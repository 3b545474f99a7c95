/**
 * What the current piece of work is: the HTTP request or the durable job it belongs to. Kept in an
 * AsyncLocalStorage so every log line (and every error report) written while handling it carries
 * its id without passing a logger around.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface LogContext {
  requestId?: string;
  jobId?: string;
  jobName?: string;
  /** The GraphQL operation name, once known. */
  operation?: string;
  /** Who is asking, once authenticated (error reports carry it). */
  userId?: () => string | undefined;
  /** Where an unexpected error of this request goes (error reports, the staff system page). */
  report?: (err: unknown) => void;
}

/** Reports an unexpected error of the current request or job (a no-op outside one). */
export function reportServerError(err: unknown): void {
  storage.getStore()?.report?.(err);
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `fn` as part of this request or job. */
export function runWithLogContext<T>(context: LogContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The request or job being handled, if any. */
export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}

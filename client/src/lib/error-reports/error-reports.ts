/**
 * Uncaught browser errors and unhandled rejections (issue 24). With a Sentry DSN in the client
 * configuration the SDK is loaded (lazily, in its own chunk, after the configuration arrives, so
 * the first paint does not carry it); without one, each error is sent to POST /api/logstash/log
 * (the server adds who is signed in from the session). Errors thrown before either is ready wait.
 */
import { scrubText } from '@cadence/domain/error-reports';
import { LOG_TYPE_GLOBAL_ERROR } from '@cadence/domain/constants';
import { TEXT_LIMITS } from '@cadence/domain/text-limits';
import { getEnvironment } from '../environment';
import { postErrorReport, rest } from '../rest';

/** A page sends at most this many reports to /api/logstash/log (the server also limits per address). */
const MAX_LOGSTASH_REPORTS = 10;

type Sink = { capture(error: unknown): void; setViewer(viewerId: string | null): void };

let sink: Sink | undefined;
let waiting: unknown[] = [];
let viewerId: string | null = null;

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}`;
  return typeof error === 'string' ? error : JSON.stringify(error) ?? String(error);
}

/** The no-DSN sink: one POST per distinct error, a few per page. */
function logstashSink(): Sink {
  const sent = new Set<string>();
  return {
    capture(error) {
      const message = scrubText(messageOf(error)).slice(0, TEXT_LIMITS.logMessage);
      if (sent.has(message) || sent.size >= MAX_LOGSTASH_REPORTS) return;
      sent.add(message);
      void postErrorReport(rest, { message, type: LOG_TYPE_GLOBAL_ERROR, url: window.location.href.slice(0, TEXT_LIMITS.url) }).catch(() => {});
    },
    setViewer() {},
  };
}

function capture(error: unknown): void {
  if (sink) sink.capture(error);
  else if (waiting.length < 20) waiting.push(error);
}

/** Installs the global handlers; call once at start-up, then `startErrorReports` when the configuration is loaded. */
export function installErrorReports(target: Window = window): void {
  target.addEventListener('error', (event) => capture(event.error ?? event.message));
  target.addEventListener('unhandledrejection', (event) => capture(event.reason));
}

/** Chooses the sink from the loaded configuration and sends what waited. */
export async function startErrorReports(): Promise<void> {
  const dsn = getEnvironment().sentry.dsn;
  const chosen: Sink = dsn ? (await import('./sentry')).startSentry(dsn, getEnvironment().envName) : logstashSink();
  chosen.setViewer(viewerId);
  sink = chosen;
  const early = waiting;
  waiting = [];
  early.forEach((e) => chosen.capture(e));
}

/** Who is signed in (null when nobody): reports carry their id, full name and email. */
export function setErrorReportViewer(id: string | null): void {
  if (id === viewerId) return;
  viewerId = id;
  sink?.setViewer(id);
}

/**
 * Structured JSON logs (pino): one object per line. Every line written while a request or a job is
 * handled carries its `requestId` or `jobId` (log-context.ts); secrets are redacted by path.
 */
import { pino, stdTimeFunctions, type Logger as PinoLogger, type LoggerOptions } from 'pino';
import { currentLogContext } from './log-context.ts';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

export interface Logger {
  error(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  debug(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** Secrets never written: cookies, authorization headers, passwords, tokens, card fields. */
const SECRET_KEYS = ['password', 'currentPassword', 'newPassword', 'token', 'accessToken', 'refreshToken', 'secret', 'cardNumber', 'cvc', 'cvv'];
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
];

const pinoOf = new WeakMap<Logger, PinoLogger>();

/** The pino logger behind a Logger (for pino-http); undefined for loggers made elsewhere. */
export function pinoLoggerOf(logger: Logger): PinoLogger | undefined {
  return pinoOf.get(logger);
}

function wrap(p: PinoLogger): Logger {
  const logger: Logger = {
    error: (msg, fields) => p.error(fields ?? {}, msg),
    warn: (msg, fields) => p.warn(fields ?? {}, msg),
    info: (msg, fields) => p.info(fields ?? {}, msg),
    debug: (msg, fields) => p.debug(fields ?? {}, msg),
    child: (fields) => wrap(p.child(fields)),
  };
  pinoOf.set(logger, p);
  return logger;
}

/** Creates a logger that drops lines below `level`; `write` (one JSON line per call) is injectable for tests. */
export function createLogger(level: LogLevel = 'info', base: Record<string, unknown> = {}, write?: (line: string) => void): Logger {
  const options = {
      level,
      base,
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      // The request or job being handled, unless this logger already names it (pino-http's child does).
      mixin: (_obj, _level, self) => {
        const c = currentLogContext();
        if (!c) return {};
        const bound = self.bindings();
        const out: Record<string, unknown> = {};
        if (c.requestId && !('requestId' in bound)) out.requestId = c.requestId;
        if (c.jobId && !('jobId' in bound)) out.jobId = c.jobId;
        if (c.operation) out.operation = c.operation;
        return out;
      },
  } satisfies LoggerOptions;
  // Synchronous stdout by default, so the last lines before process.exit are not lost.
  return wrap(write ? pino(options, { write: (s: string) => write(s.replace(/\n$/, '')) }) : pino(options));
}

/** Structured JSON logs: one object per line on stdout (stderr for errors). */
export type LogLevel = 'error' | 'warn' | 'info' | 'debug';
const ORDER: Record<LogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };

export interface Logger {
  error(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  debug(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** Creates a logger that drops lines below `level`; `write` is injectable for tests. */
export function createLogger(
  level: LogLevel = 'info',
  base: Record<string, unknown> = {},
  write: (line: string, lvl: LogLevel) => void = (line, lvl) =>
    (lvl === 'error' ? process.stderr : process.stdout).write(line + '\n'),
): Logger {
  const log = (lvl: LogLevel) => (msg: string, fields: Record<string, unknown> = {}) => {
    if (ORDER[lvl] > ORDER[level]) return;
    const err = fields.err instanceof Error ? { err: { message: fields.err.message, stack: fields.err.stack } } : {};
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...base, ...fields, ...err }, bigintSafe), lvl);
  };
  return {
    error: log('error'),
    warn: log('warn'),
    info: log('info'),
    debug: log('debug'),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}

function bigintSafe(_key: string, value: unknown) {
  return typeof value === 'bigint' ? value.toString() : value;
}

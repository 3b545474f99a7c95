/**
 * A problem that stops start-up. Its message is one line that names the problem and the fix, so
 * main.ts prints `error.message` and exits instead of dumping a stack trace.
 */
export class StartupError extends Error {
  override name = 'StartupError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message.replace(/\s*\n\s*/g, ' '), options);
  }
}

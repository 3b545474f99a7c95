import { describe, expect, it } from '@jest/globals';
import { createLogger } from './logger.ts';
import { runWithLogContext } from './log-context.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', { service: 'test' }, (line) => lines.push(JSON.parse(line)));
  return { lines, logger };
}

describe('logger', () => {
  it('puts the request id, or the job id, on every line written while handling it', async () => {
    const { lines, logger } = capture();
    await runWithLogContext({ requestId: 'req-1' }, async () => {
      await Promise.resolve();
      logger.info('inside a request');
      logger.child({ component: 'x' }).warn('from a child');
    });
    runWithLogContext({ jobId: 'job-9', jobName: 'delivery' }, () => logger.error('inside a job', { err: new Error('boom') }));
    logger.info('outside');
    expect(lines.map((l) => [l.msg, l.level, l.requestId, l.jobId])).toEqual([
      ['inside a request', 'info', 'req-1', undefined],
      ['from a child', 'warn', 'req-1', undefined],
      ['inside a job', 'error', undefined, 'job-9'],
      ['outside', 'info', undefined, undefined],
    ]);
    expect(lines[2]!.err).toEqual(expect.objectContaining({ message: 'boom', type: 'Error' }));
    expect(lines[0]!.service).toBe('test');
  });

  it('does not repeat an id the logger is already bound to', () => {
    const raw: string[] = [];
    const logger = createLogger('info', {}, (line) => raw.push(line));
    runWithLogContext({ requestId: 'req-2', operation: 'ReleasesPage' }, () => logger.child({ requestId: 'req-2' }).info('bound'));
    expect(raw[0]!.match(/"requestId"/g)).toHaveLength(1);
    expect(JSON.parse(raw[0]!)).toEqual(expect.objectContaining({ requestId: 'req-2', operation: 'ReleasesPage' }));
  });

  it('redacts passwords, tokens, cookies and card fields', () => {
    const { lines, logger } = capture();
    logger.info('secrets', { password: 'pw', input: { newPassword: 'x', token: 't', cardNumber: '4111' }, req: { headers: { cookie: 'cadence_session=s', authorization: 'Bearer b', accept: '*/*' } } });
    const text = JSON.stringify(lines[0]);
    for (const secret of ['"pw"', '"x"', '"t"', '4111', 'cadence_session', 'Bearer b']) expect(text).not.toContain(secret);
    expect(lines[0]).toEqual(expect.objectContaining({ password: '[redacted]', req: { headers: { cookie: '[redacted]', authorization: '[redacted]', accept: '*/*' } } }));
  });

  it('drops lines below its level', () => {
    const lines: string[] = [];
    const logger = createLogger('warn', {}, (line) => lines.push(line));
    logger.info('quiet');
    logger.debug('quieter');
    logger.warn('loud');
    expect(lines).toHaveLength(1);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { buildMessage, envelopeAddress, sendSmtp, SmtpError } from './smtp.ts';
import { createMailer, mailJobHandlers, OutboxMailer, QueuedSmtpMailer, SEND_MAIL_JOB } from './mailer.ts';
import { createTestDatabase } from '../../db/database.ts';
import { createLogger } from '../../logger.ts';
import { JobWorker } from '../../jobs/job-queue.ts';
import { buildUser } from '../../test/factories.ts';
import type { SmtpConfig } from '../../config.ts';

/** A fake SMTP relay on loopback that records sessions; `reject` makes RCPT TO fail. */
function fakeSmtp(opts: { reject?: string; rejectCode?: number; auth?: string } = {}) {
  const sessions: { commands: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    const session = { commands: [] as string[], data: '' };
    sessions.push(session);
    let inData = false;
    let buffer = '';
    socket.write('220 fake.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          } else session.data += line + '\r\n';
          continue;
        }
        session.commands.push(line);
        if (line.startsWith('EHLO')) socket.write('250-fake.test\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n');
        else if (line.startsWith('AUTH PLAIN')) socket.write(line.slice(11) === opts.auth ? '235 ok\r\n' : '535 bad credentials\r\n');
        else if (line.startsWith('MAIL FROM')) socket.write('250 ok\r\n');
        else if (line.startsWith('RCPT TO')) socket.write(opts.reject && line.includes(opts.reject) ? `${opts.rejectCode ?? 550} no such user\r\n` : '250 ok\r\n');
        else if (line === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        }
        else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('502 unknown\r\n');
      }
    });
  });
  return {
    sessions,
    start: () => new Promise<SmtpConfig>((resolve) => server.listen(0, '127.0.0.1', () => resolve({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, secure: false, requireTls: false }))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('SMTP client', () => {
  it('delivers a UTF-8 message with AUTH PLAIN and dot-stuffing', async () => {
    const auth = Buffer.from('\0mailer\0s3cret').toString('base64');
    const relay = fakeSmtp({ auth });
    const smtp = { ...(await relay.start()), user: 'mailer', pass: 's3cret' };
    await sendSmtp(smtp, { from: '"Cadence" <no-reply@cadence.test>', to: 'nova@example.com', subject: 'Vérifiez votre adresse', text: 'Hello\n.hidden line' });
    await relay.stop();
    const [session] = relay.sessions;
    expect(session!.commands).toEqual(['EHLO cadence.local', `AUTH PLAIN ${auth}`, 'MAIL FROM:<no-reply@cadence.test>', 'RCPT TO:<nova@example.com>', 'DATA', 'QUIT']);
    expect(session!.data).toContain('Subject: =?UTF-8?B?');
    const body = session!.data.split('\r\n\r\n')[1]!.replace(/\r\n/g, '');
    expect(Buffer.from(body, 'base64').toString()).toBe('Hello\n.hidden line');
  });

  it('refuses to send in clear text when TLS is required and not offered', async () => {
    const relay = fakeSmtp();
    const smtp = { ...(await relay.start()), requireTls: true };
    await expect(sendSmtp(smtp, { from: 'a@cadence.test', to: 'b@example.com', subject: 's', text: 't' })).rejects.toThrow('offers no TLS');
    await relay.stop();
  });

  it('reports a refused recipient as a permanent rejection', async () => {
    const relay = fakeSmtp({ reject: 'gone@example.com' });
    const smtp = await relay.start();
    const err = await sendSmtp(smtp, { from: 'a@cadence.test', to: 'gone@example.com', subject: 's', text: 't' }).catch((e: unknown) => e);
    await relay.stop();
    expect(err).toBeInstanceOf(SmtpError);
    expect(err).toMatchObject({ code: 550, recipientRejected: true, permanent: true });
  });

  it('builds text+HTML alternatives and reads envelope addresses', () => {
    const msg = buildMessage({ from: 'a@x.test', to: 'b@y.test', subject: 'Hi', text: 'plain', html: '<p>rich</p>' });
    expect(msg).toMatch(/Content-Type: multipart\/alternative; boundary="=_cadence_/);
    expect(msg).toContain('Content-Type: text/html; charset=utf-8');
    expect(envelopeAddress('"Cadence" <no-reply@cadence.test>')).toBe('no-reply@cadence.test');
    expect(envelopeAddress('plain@cadence.test')).toBe('plain@cadence.test');
  });
});

describe('queued SMTP delivery', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const logger = createLogger('error');
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await db.prisma.job.deleteMany();
    await db.prisma.outboxEmail.deleteMany();
  });

  it('keeps mail in the local outbox without SMTP_URL, and queues it with one', () => {
    expect(createMailer(db.prisma, { mail: { from: 'x@cadence.test' } })).toBeInstanceOf(OutboxMailer);
    expect(createMailer(db.prisma, { mail: { from: 'x@cadence.test', smtp: { host: 'h', port: 25, secure: false, requireTls: false } } })).toBeInstanceOf(QueuedSmtpMailer);
  });

  it('sends a queued mail through the durable job and marks it SENT', async () => {
    const relay = fakeSmtp();
    const config = { mail: { from: 'no-reply@cadence.test', smtp: await relay.start() } };
    const { id } = await createMailer(db.prisma, config).send({ to: 'nova@example.com', subject: 'Welcome', text: 'Hi', template: 'welcome' });
    expect((await db.prisma.outboxEmail.findUniqueOrThrow({ where: { id } })).status).toBe('QUEUED');
    expect(await new JobWorker(db.prisma, mailJobHandlers({ prisma: db.prisma, config, logger }), logger).runUntilIdle()).toBe(1);
    await relay.stop();
    const row = await db.prisma.outboxEmail.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe('SENT');
    expect(row.sentAt).not.toBeNull();
    expect(relay.sessions).toHaveLength(1);
  });

  it('keeps no live token in the stored copy once the mail has left', async () => {
    const relay = fakeSmtp();
    const config = { mail: { from: 'no-reply@cadence.test', smtp: await relay.start() } };
    const text = 'Open https://cadence.test/reset-password?token=live-secret within one hour';
    const { id } = await createMailer(db.prisma, config).send({ to: 'nova@example.com', subject: 'Reset', text, html: `<a href="https://cadence.test/reset-password?token=live-secret">Reset</a>`, template: 'reset-password' });
    await new JobWorker(db.prisma, mailJobHandlers({ prisma: db.prisma, config, logger }), logger).runUntilIdle();
    await relay.stop();
    expect(relay.sessions[0]!.data).not.toBe('');
    const row = await db.prisma.outboxEmail.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe('SENT');
    expect(row.text).toBe('Open https://cadence.test/reset-password?redacted within one hour');
    expect(row.html).not.toContain('live-secret');
  });

  it('stores a redacted copy in production without SMTP (the local outbox is no place for tokens)', async () => {
    const { id } = await createMailer(db.prisma, { mail: { from: 'x@cadence.test' }, env: { production: true } }).send({ to: 'a@example.com', subject: 's', text: 'https://x.test/captcha?unlock=secret', template: 'unlock-account' });
    expect((await db.prisma.outboxEmail.findUniqueOrThrow({ where: { id } })).text).toBe('https://x.test/captcha?redacted');
  });

  it('flags the account email as not valid when the relay refuses it for good', async () => {
    const user = await buildUser(db.prisma, { email: 'gone@example.com', country: null, state: null }); // no dictionaries in this database
    const relay = fakeSmtp({ reject: 'gone@example.com' });
    const config = { mail: { from: 'no-reply@cadence.test', smtp: await relay.start() } };
    const { id } = await createMailer(db.prisma, config).send({ to: 'gone@example.com', subject: 'Verify', text: 'x', template: 'verify-email', userId: user.id });
    await new JobWorker(db.prisma, mailJobHandlers({ prisma: db.prisma, config, logger }), logger).runUntilIdle();
    await relay.stop();
    expect(await db.prisma.outboxEmail.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'FAILED', lastError: expect.stringContaining('550') });
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).notValidEmail).toBe(true);
    expect((await db.prisma.job.findFirstOrThrow({ where: { name: SEND_MAIL_JOB } })).status).toBe('SUCCEEDED');
  });

  it('retries a temporary refusal later instead of giving up', async () => {
    const relay = fakeSmtp({ reject: 'busy@example.com', rejectCode: 451 });
    const config = { mail: { from: 'no-reply@cadence.test', smtp: await relay.start() } };
    const { id } = await createMailer(db.prisma, config).send({ to: 'busy@example.com', subject: 'Hi', text: 'x', template: 't' });
    await new JobWorker(db.prisma, mailJobHandlers({ prisma: db.prisma, config, logger }), logger).runUntilIdle();
    await relay.stop();
    expect(await db.prisma.outboxEmail.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'QUEUED', attempts: 1 });
    expect((await db.prisma.job.findFirstOrThrow({ where: { name: SEND_MAIL_JOB } })).status).toBe('QUEUED');
  });
});

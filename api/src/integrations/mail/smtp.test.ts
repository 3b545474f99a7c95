import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { text as streamText } from 'node:stream/consumers';
import { generate } from 'selfsigned';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { closeSmtpPools, sendSmtp, SmtpError, type SmtpSendOptions } from './smtp.ts';
import { createMailer, mailJobHandlers, OutboxMailer, QueuedSmtpMailer, SEND_MAIL_JOB } from './mailer.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { createLogger } from '../../logger.ts';
import { JobWorker } from '../../jobs/job-queue.ts';
import { buildUser } from '../../test/factories.ts';
import type { SmtpConfig } from '../../config.ts';

interface Session {
  /** The connection was TLS (upgraded with STARTTLS) when the command arrived. */
  secureAtAuth?: boolean;
  secureAtData?: boolean;
  authMethod?: string;
  user?: string;
  from?: string;
  to: string[];
  data: string;
}

let pems: { cert: string; private: string };
/** The relay's self-signed certificate, trusted by the client as its only CA. */
const trust = (): SmtpSendOptions => ({ tls: { ca: pems.cert } });

/**
 * A real SMTP server (smtp-server) on loopback offering STARTTLS with a self-signed certificate,
 * AUTH PLAIN/LOGIN when `auth` is given; `reject` makes RCPT TO fail with `rejectCode`.
 */
function relay(opts: { reject?: string; rejectCode?: number; auth?: { user: string; pass: string }; noTls?: boolean } = {}) {
  const sessions: Session[] = [];
  const current = new Map<string, Session>();
  const sessionOf = (id: string) => {
    let s = current.get(id);
    if (!s) {
      s = { to: [], data: '' };
      current.set(id, s);
      sessions.push(s);
    }
    return s;
  };
  const options: SMTPServerOptions = {
    key: pems.private,
    cert: pems.cert,
    disabledCommands: opts.noTls === true ? ['STARTTLS'] : [],
    authOptional: !opts.auth,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, session, callback) {
      const s = sessionOf(session.id);
      Object.assign(s, { secureAtAuth: session.secure, authMethod: auth.method, user: auth.username });
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('bad credentials'), { responseCode: 535 }));
    },
    onMailFrom(address, session, callback) {
      sessionOf(session.id).from = address.address;
      callback();
    },
    onRcptTo(address, session, callback) {
      if (opts.reject && address.address === opts.reject) return callback(Object.assign(new Error('no such user'), { responseCode: opts.rejectCode ?? 550 }));
      sessionOf(session.id).to.push(address.address);
      return callback();
    },
    onData(stream, session, callback) {
      const s = sessionOf(session.id);
      s.secureAtData = session.secure;
      streamText(stream).then((data) => {
        s.data += data;
        callback();
      }, callback);
    },
  };
  const server = new SMTPServer(options);
  return {
    sessions,
    start: () =>
      new Promise<SmtpConfig>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve({ host: 'localhost', port: (server.server.address() as AddressInfo).port, secure: false, requireTls: false })),
      ),
    stop: () => {
      closeSmtpPools();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

beforeAll(async () => {
  pems = await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }] });
});
afterAll(() => closeSmtpPools());

describe('SMTP client (nodemailer) against smtp-server', () => {
  it('upgrades with STARTTLS before AUTH and delivers a UTF-8 message, dot-stuffed on the wire', async () => {
    const server = relay({ auth: { user: 'mailer', pass: 's3cret' } });
    const smtp = { ...(await server.start()), user: 'mailer', pass: 's3cret', requireTls: true };
    await sendSmtp(smtp, { from: '"Cadence" <no-reply@cadence.test>', to: 'nova@example.com', subject: 'Vérifiez votre adresse', text: 'Hello\n.hidden line' }, trust());
    await server.stop();
    const [session] = server.sessions;
    expect(session).toMatchObject({ secureAtAuth: true, secureAtData: true, user: 'mailer', from: 'no-reply@cadence.test', to: ['nova@example.com'] });
    expect(session!.data).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(session!.data).toContain('\r\n.hidden line');
  });

  it('refuses a relay whose certificate it does not trust, sending nothing', async () => {
    const server = relay();
    const smtp = { ...(await server.start()), requireTls: true };
    const err = await sendSmtp(smtp, { from: 'a@cadence.test', to: 'b@example.com', subject: 's', text: 't' }).catch((e: unknown) => e);
    await server.stop();
    expect(err).toBeInstanceOf(SmtpError);
    expect(server.sessions.filter((s) => s.data !== '')).toEqual([]);
  });

  it('reports wrong credentials as a permanent 535', async () => {
    const server = relay({ auth: { user: 'mailer', pass: 's3cret' } });
    const smtp = { ...(await server.start()), user: 'mailer', pass: 'wrong' };
    const err = await sendSmtp(smtp, { from: 'a@cadence.test', to: 'b@example.com', subject: 's', text: 't' }, trust()).catch((e: unknown) => e);
    await server.stop();
    expect(err).toMatchObject({ name: 'SmtpError', code: 535, permanent: true, recipientRejected: false });
  });

  it('refuses to send in clear text when TLS is required and not offered', async () => {
    const server = relay({ noTls: true });
    const smtp = { ...(await server.start()), requireTls: true };
    await expect(sendSmtp(smtp, { from: 'a@cadence.test', to: 'b@example.com', subject: 's', text: 't' }, trust())).rejects.toThrow('offers no TLS');
    await server.stop();
    expect(server.sessions.filter((s) => s.data !== '')).toEqual([]);
  });

  it('reports a refused recipient as a permanent rejection', async () => {
    const server = relay({ reject: 'gone@example.com' });
    const smtp = await server.start();
    const err = await sendSmtp(smtp, { from: 'a@cadence.test', to: 'gone@example.com', subject: 's', text: 't' }, trust()).catch((e: unknown) => e);
    await server.stop();
    expect(err).toBeInstanceOf(SmtpError);
    expect(err).toMatchObject({ code: 550, recipientRejected: true, permanent: true });
  });

  it('sends text+HTML alternatives with the bare envelope address', async () => {
    const server = relay();
    const smtp = await server.start();
    await sendSmtp(smtp, { from: '"Cadence" <no-reply@cadence.test>', to: 'b@y.test', subject: 'Hi', text: 'plain', html: '<p>rich</p>' }, trust());
    await server.stop();
    const [session] = server.sessions;
    expect(session).toMatchObject({ from: 'no-reply@cadence.test', to: ['b@y.test'], secureAtData: true });
    expect(session!.data).toMatch(/Content-Type: multipart\/alternative/);
    expect(session!.data).toContain('Content-Type: text/html; charset=utf-8');
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
    const server = relay({ noTls: true });
    const config = { mail: { from: 'no-reply@cadence.test', smtp: await server.start() } };
    const { id } = await createMailer(db.prisma, config).send({ to: 'nova@example.com', subject: 'Welcome', text: 'Hi', template: 'welcome' });
    expect((await db.prisma.outboxEmail.findUniqueOrThrow({ where: { id } })).status).toBe('QUEUED');
    expect(await new JobWorker(db.prisma, mailJobHandlers({ prisma: db.prisma, config, logger }), logger).runUntilIdle()).toBe(1);
    await server.stop();
    const row = await db.prisma.outboxEmail.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe('SENT');
    expect(row.sentAt).not.toBeNull();
    expect(server.sessions).toHaveLength(1);
  });

  it('keeps no live token in the stored copy once the mail has left', async () => {
    const server = relay({ noTls: true });
    const config = { mail: { from: 'no-reply@cadence.test', smtp: await server.start() } };
    const text = 'Open https://cadence.test/reset-password?token=live-secret within one hour';
    const { id } = await createMailer(db.prisma, config).send({ to: 'nova@example.com', subject: 'Reset', text, html: `<a href="https://cadence.test/reset-password?token=live-secret">Reset</a>`, template: 'reset-password' });
    await new JobWorker(db.prisma, mailJobHandlers({ prisma: db.prisma, config, logger }), logger).runUntilIdle();
    await server.stop();
    expect(server.sessions[0]!.data).not.toBe('');
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
    const server = relay({ noTls: true, reject: 'gone@example.com' });
    const config = { mail: { from: 'no-reply@cadence.test', smtp: await server.start() } };
    const { id } = await createMailer(db.prisma, config).send({ to: 'gone@example.com', subject: 'Verify', text: 'x', template: 'verify-email', userId: user.id });
    await new JobWorker(db.prisma, mailJobHandlers({ prisma: db.prisma, config, logger }), logger).runUntilIdle();
    await server.stop();
    expect(await db.prisma.outboxEmail.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'FAILED', lastError: expect.stringContaining('550') });
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).notValidEmail).toBe(true);
    expect((await db.prisma.job.findFirstOrThrow({ where: { name: SEND_MAIL_JOB } })).status).toBe('SUCCEEDED');
  });

  it('retries a temporary refusal later instead of giving up', async () => {
    const server = relay({ noTls: true, reject: 'busy@example.com', rejectCode: 451 });
    const config = { mail: { from: 'no-reply@cadence.test', smtp: await server.start() } };
    const { id } = await createMailer(db.prisma, config).send({ to: 'busy@example.com', subject: 'Hi', text: 'x', template: 't' });
    await new JobWorker(db.prisma, mailJobHandlers({ prisma: db.prisma, config, logger }), logger).runUntilIdle();
    await server.stop();
    expect(await db.prisma.outboxEmail.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'QUEUED', attempts: 1 });
    expect((await db.prisma.job.findFirstOrThrow({ where: { name: SEND_MAIL_JOB } })).status).toBe('QUEUED');
  });
});

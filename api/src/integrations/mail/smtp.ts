/**
 * Transactional mail over SMTP with nodemailer: STARTTLS when offered (smtp://, required unless
 * SMTP_REQUIRE_TLS=false) or TLS from the start (smtps://), AUTH PLAIN/LOGIN/CRAM-MD5 as the relay
 * offers, pooled connections. Replies in the 5xx range are permanent failures (the address does not
 * exist, the relay refuses), 4xx are worth a retry.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { ConnectionOptions } from 'node:tls';
import type { SmtpConfig } from '../../config.ts';

export class SmtpError extends Error {
  override name = 'SmtpError';
  constructor(
    message: string,
    readonly code: number,
    /** The server refused this recipient for good (5xx at RCPT TO). */
    readonly recipientRejected = false,
  ) {
    super(message);
  }
  get permanent(): boolean {
    return this.code >= 500;
  }
}

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface SmtpSendOptions {
  timeoutMs?: number;
  heloName?: string;
  /** Extra TLS options (tests trust their self-signed certificate with `ca`). */
  tls?: ConnectionOptions;
}

/** Idle pooled connections are closed after this long, so a quiet process holds no sockets. */
const IDLE_CLOSE_MS = 30_000;

interface Pooled {
  id: string;
  transport: Transporter;
  idle?: NodeJS.Timeout;
}
const pools = new Map<string, Pooled>();

function transportFor(config: SmtpConfig, opts: SmtpSendOptions): Pooled {
  const id = JSON.stringify([config, opts.heloName, opts.timeoutMs, opts.tls?.ca]);
  let pooled = pools.get(id);
  if (!pooled) {
    const timeoutMs = opts.timeoutMs ?? 30_000;
    pooled = {
      id,
      transport: nodemailer.createTransport({
        pool: true,
        maxConnections: 2,
        host: config.host,
        port: config.port,
        secure: config.secure,
        // Without TLS from the start, STARTTLS is used whenever the relay offers it; requireTLS
        // refuses to go on (and to send credentials) when it does not.
        requireTLS: !config.secure && config.requireTls,
        auth: config.user ? { user: config.user, pass: config.pass ?? '' } : undefined,
        name: opts.heloName ?? 'cadence.local',
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        tls: { servername: config.host, ...opts.tls },
      }),
    };
    pools.set(id, pooled);
  }
  return pooled;
}

/** nodemailer's error fields (SMTPConnection errors). */
interface NodemailerError extends Error {
  code?: string;
  responseCode?: number;
  command?: string;
}

function toSmtpError(err: NodemailerError, config: SmtpConfig): SmtpError {
  if (err.code === 'ETLS' && config.requireTls && !config.secure) {
    return new SmtpError('SMTP server offers no TLS; refusing to send credentials and mail in clear text (set SMTP_REQUIRE_TLS=false to allow)', 530);
  }
  const code = err.responseCode ?? 0; // 0: no reply at all (network), worth a retry
  const rcpt = err.code === 'EENVELOPE' && /RCPT/i.test(err.command ?? '');
  return new SmtpError(`SMTP ${err.command ?? 'connection'} refused: ${code || err.code || ''} ${err.message}`.replace(/\s+/g, ' ').trim(), code, rcpt && code >= 500);
}

/** Sends one message; resolves when the relay accepted it (250 after DATA). */
export async function sendSmtp(config: SmtpConfig, mail: OutgoingMail, opts: SmtpSendOptions = {}): Promise<void> {
  const pooled = transportFor(config, opts);
  clearTimeout(pooled.idle);
  try {
    await pooled.transport.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
  } catch (err) {
    throw toSmtpError(err as NodemailerError, config);
  } finally {
    pooled.idle = setTimeout(() => {
      pools.delete(pooled.id);
      pooled.transport.close();
    }, IDLE_CLOSE_MS);
    pooled.idle.unref();
  }
}

/** Closes every pooled SMTP connection (shutdown, tests). */
export function closeSmtpPools(): void {
  for (const pooled of pools.values()) {
    clearTimeout(pooled.idle);
    pooled.transport.close();
  }
  pools.clear();
}

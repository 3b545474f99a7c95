/**
 * A small SMTP client (RFC 5321) for transactional mail: EHLO, STARTTLS when offered (smtp://) or
 * TLS from the start (smtps://), AUTH PLAIN, one message per connection. Replies in the 5xx range
 * are permanent failures (the address does not exist, the relay refuses), 4xx are worth a retry.
 */
import net from 'node:net';
import tls from 'node:tls';
import { randomUUID } from 'node:crypto';
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

/** Encodes a header value as an RFC 2047 encoded word when it is not plain ASCII. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

function base64Lines(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
}

/** Builds the RFC 5322 message: text, or text and HTML alternatives, as UTF-8 base64 parts. */
export function buildMessage(mail: OutgoingMail, now = new Date()): string {
  const domain = /@([^>\s]+)/.exec(mail.from)?.[1] ?? 'localhost';
  const headers = [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${now.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${randomUUID()}@${domain}>`,
    'MIME-Version: 1.0',
  ];
  if (!mail.html) {
    return [...headers, 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', '', base64Lines(mail.text)].join('\r\n');
  }
  const boundary = `=_cadence_${randomUUID()}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(mail.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(mail.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** The bare address of "Name <a@b>" or "a@b". */
export function envelopeAddress(value: string): string {
  return (/<([^>]+)>/.exec(value)?.[1] ?? value).trim();
}

interface Conn {
  read(): Promise<{ code: number; lines: string[] }>;
  write(line: string): void;
  upgrade(host: string): Promise<void>;
  close(): void;
}

function connection(socket: net.Socket, timeoutMs: number): Conn {
  let current: net.Socket = socket;
  let buffer = '';
  let waiting: ((v: { code: number; lines: string[] }) => void) | null = null;
  let failed: ((e: Error) => void) | null = null;
  let error: Error | null = null;
  const pending: { code: number; lines: string[] }[] = [];
  let lines: string[] = [];

  const onData = (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 2);
      lines.push(line.slice(4));
      if (line[3] !== '-') {
        const reply = { code: Number(line.slice(0, 3)), lines };
        lines = [];
        if (waiting) {
          const w = waiting;
          waiting = failed = null;
          w(reply);
        } else pending.push(reply);
      }
    }
  };
  const onError = (e: Error) => {
    error = e;
    if (failed) {
      const f = failed;
      waiting = failed = null;
      f(e);
    }
  };
  const attach = (s: net.Socket) => {
    s.on('data', onData);
    s.on('error', onError);
    s.setTimeout(timeoutMs, () => s.destroy(new Error(`SMTP server did not answer within ${timeoutMs} ms`)));
  };
  attach(current);
  return {
    read: () =>
      new Promise((resolve, reject) => {
        const next = pending.shift();
        if (next) return resolve(next);
        if (error) return reject(error);
        waiting = resolve;
        failed = reject;
      }),
    write: (line) => void current.write(line + '\r\n'),
    upgrade: (host) =>
      new Promise((resolve, reject) => {
        current.removeListener('data', onData);
        const secured = tls.connect({ socket: current, servername: host }, () => resolve());
        secured.once('error', reject);
        current = secured;
        attach(secured);
      }),
    close: () => current.destroy(),
  };
}

/** Sends one message; resolves when the server accepted it (250 after DATA). */
export async function sendSmtp(config: SmtpConfig, mail: OutgoingMail, opts: { timeoutMs?: number; heloName?: string } = {}): Promise<void> {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const socket = await new Promise<net.Socket>((resolve, reject) => {
    const s = config.secure
      ? tls.connect({ host: config.host, port: config.port, servername: config.host }, () => resolve(s))
      : net.connect({ host: config.host, port: config.port }, () => resolve(s));
    s.once('error', reject);
  });
  const conn = connection(socket, timeoutMs);
  const expect = async (ok: (code: number) => boolean, what: string, rcpt = false) => {
    const reply = await conn.read();
    if (!ok(reply.code)) throw new SmtpError(`SMTP ${what} refused: ${reply.code} ${reply.lines.join(' ')}`, reply.code, rcpt && reply.code >= 500);
    return reply;
  };
  try {
    await expect((c) => c === 220, 'greeting');
    const helo = opts.heloName ?? 'cadence.local';
    conn.write(`EHLO ${helo}`);
    let ehlo = await expect((c) => c === 250, 'EHLO');
    let secure = config.secure;
    if (!secure && ehlo.lines.some((l) => /^STARTTLS\b/i.test(l))) {
      conn.write('STARTTLS');
      await expect((c) => c === 220, 'STARTTLS');
      await conn.upgrade(config.host);
      secure = true;
      conn.write(`EHLO ${helo}`);
      ehlo = await expect((c) => c === 250, 'EHLO');
    }
    if (!secure && config.requireTls) throw new SmtpError('SMTP server offers no TLS; refusing to send credentials and mail in clear text (set SMTP_REQUIRE_TLS=false to allow)', 530);
    if (config.user) {
      conn.write(`AUTH PLAIN ${Buffer.from(`\0${config.user}\0${config.pass ?? ''}`).toString('base64')}`);
      await expect((c) => c === 235, 'AUTH');
    }
    conn.write(`MAIL FROM:<${envelopeAddress(mail.from)}>`);
    await expect((c) => c === 250, 'MAIL FROM');
    conn.write(`RCPT TO:<${envelopeAddress(mail.to)}>`);
    await expect((c) => c === 250 || c === 251, 'RCPT TO', true);
    conn.write('DATA');
    await expect((c) => c === 354, 'DATA');
    // Dot-stuffing: a line starting with '.' gets another '.'.
    const body = buildMessage(mail).replace(/\r\n\./g, '\r\n..');
    conn.write(`${body}\r\n.`);
    await expect((c) => c === 250, 'message');
    conn.write('QUIT');
  } finally {
    conn.close();
  }
}

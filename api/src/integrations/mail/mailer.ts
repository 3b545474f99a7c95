/**
 * Outgoing mail. Every message is first written to the OutboxEmail table: the durable record and,
 * without SMTP, the local outbox a developer reads in the browser. With SMTP_URL configured the row
 * is QUEUED and a durable job sends it, so a restart or a slow relay loses no mail and never holds
 * up the request that caused it.
 */
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { enqueueJob, type JobHandler } from '../../jobs/job-queue.ts';
import { sendSmtp, SmtpError } from './smtp.ts';

export const SEND_MAIL_JOB = 'mail.send';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Template name, e.g. 'verify-email' (kept for the outbox page and audits). */
  template: string;
  userId?: string | null;
}

export interface Mailer {
  /** Accepts a message for delivery; returns the outbox row id. */
  send(message: MailMessage): Promise<{ id: string }>;
}

/** Stands in for the query of a mailed link once its token must no longer be readable. */
export const REDACTED_QUERY = '?redacted';

/**
 * The mail's text with the query of every link (where the live tokens travel: `?token=`,
 * `?unlock=`) replaced by REDACTED_QUERY, so a stored or shown copy cannot be used to reset a
 * password, unlock or confirm anything.
 */
export function redactLinks(text: string): string {
  return text.replace(/(https?:\/\/[^\s?#"'<>]*)\?[^\s"'<>]*/g, `$1${REDACTED_QUERY}`);
}

/**
 * The local transport: keeps mail in the outbox table with status LOCAL (nothing leaves the
 * machine). With `redact` (production without SMTP) the stored copy carries no live token.
 */
export class OutboxMailer implements Mailer {
  constructor(private readonly prisma: Pick<PrismaClient, 'outboxEmail'>, private readonly redact = false) {}

  async send(message: MailMessage): Promise<{ id: string }> {
    const row = await this.prisma.outboxEmail.create({
      data: {
        to: message.to,
        subject: message.subject,
        text: this.redact ? redactLinks(message.text) : message.text,
        html: message.html == null ? null : this.redact ? redactLinks(message.html) : message.html,
        template: message.template,
        userId: message.userId ?? null,
        status: 'LOCAL',
      },
      select: { id: true },
    });
    return row;
  }
}

/** The SMTP transport: the outbox row is QUEUED and the `mail.send` job delivers it. */
export class QueuedSmtpMailer implements Mailer {
  constructor(private readonly prisma: Pick<PrismaClient, 'outboxEmail' | 'job'>) {}

  async send(message: MailMessage): Promise<{ id: string }> {
    const row = await this.prisma.outboxEmail.create({
      data: { to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, template: message.template, userId: message.userId ?? null, status: 'QUEUED' },
      select: { id: true },
    });
    await enqueueJob(this.prisma, SEND_MAIL_JOB, { outboxId: row.id }, { uniqueKey: `mail:${row.id}`, maxAttempts: 8 });
    return row;
  }
}

/**
 * The mailer for this deployment: SMTP when SMTP_URL is set, otherwise the local outbox (whose
 * copies are redacted in production: nobody may read a live token there).
 */
export function createMailer(prisma: Pick<PrismaClient, 'outboxEmail' | 'job'>, config: Pick<Config, 'mail'> & { env?: { production: boolean } }): Mailer {
  return config.mail.smtp ? new QueuedSmtpMailer(prisma) : new OutboxMailer(prisma, config.env?.production === true);
}

/** Once a mail has left (or never will), the kept copy loses its live tokens. */
function redactedBody(row: { text: string; html: string | null }): { text: string; html: string | null } {
  return { text: redactLinks(row.text), html: row.html === null ? null : redactLinks(row.html) };
}

export interface MailJobDeps {
  prisma: PrismaClient;
  config: Pick<Config, 'mail'>;
  logger: Logger;
  send?: typeof sendSmtp;
}

/**
 * The job that delivers a queued mail. A permanent refusal of the recipient marks the mail FAILED
 * and, when it was the account's own address, flags the user's email as not valid (the
 * invalid-email notice asks them to correct it); temporary failures are retried with backoff.
 */
export function mailJobHandlers(deps: MailJobDeps): Record<string, JobHandler> {
  const send = deps.send ?? sendSmtp;
  return {
    [SEND_MAIL_JOB]: async (payload) => {
      const { outboxId } = payload as { outboxId: string };
      const row = await deps.prisma.outboxEmail.findUnique({ where: { id: outboxId } });
      if (!row || row.status === 'SENT' || row.status === 'LOCAL') return { skipped: true };
      const smtp = deps.config.mail.smtp;
      if (!smtp) throw new Error('SMTP_URL is not configured any more; the mail stays queued');
      try {
        await send(smtp, { from: deps.config.mail.from, to: row.to, subject: row.subject, text: row.text, html: row.html });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const permanent = err instanceof SmtpError && err.permanent;
        await deps.prisma.outboxEmail.update({
          where: { id: row.id },
          data: { attempts: { increment: 1 }, lastError: message.slice(0, 1000), ...(permanent ? { status: 'FAILED', ...redactedBody(row) } : {}) },
        });
        if (!permanent) throw err;
        if (err instanceof SmtpError && err.recipientRejected && row.userId) {
          await deps.prisma.user.updateMany({ where: { id: row.userId, emailNormalized: row.to.trim().toLowerCase() }, data: { notValidEmail: true } });
        }
        deps.logger.warn('mail refused for good', { outboxId: row.id, error: message });
        return { status: 'FAILED' };
      }
      await deps.prisma.outboxEmail.update({ where: { id: row.id }, data: { status: 'SENT', sentAt: new Date(), attempts: { increment: 1 }, lastError: null, ...redactedBody(row) } });
      return { status: 'SENT' };
    },
  };
}

/**
 * The product's mails (verification, password reset, email change, invitations) and the local
 * outbox page. Links are built on the app's public address so they can be followed from the outbox.
 */
import type { AppContext } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { DomainError } from '../../domain-error.ts';
import { createMailer, redactLinks, type Mailer } from '../../integrations/mail/mailer.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { isImpersonating, isStaff } from '../users/users.policy.ts';
import { refuseWhileActing } from '../support/impersonation.policy.ts';
import { PAGE_SIZE_MAX, TEXT_LIMITS } from '@cadence/domain/text-limits';
import { assertWithinLimits } from '../../input-limits.ts';

/** Client routes that the mailed links open. */
export const MAIL_LINK_ROUTES = {
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  confirmEmailChange: '/confirm-email-change',
  parentConsent: '/parent-consent',
  /** The lock rule lets a locked person reach only /captcha, so the unlock link opens it. */
  unlockAccount: '/captcha',
  invitation: '/',
  splitInvitation: '/split-invitation',
} as const;

let mailerOverride: Mailer | null = null;

/** Replaces the mailer (tests that need to observe or fail delivery). */
export function useMailer(mailer: Mailer | null): void {
  mailerOverride = mailer;
}

/** The public base address of the app, for links in mail. */
export function appBaseUrl(ctx: AppContext): string {
  return ctx.config.publicUrl;
}

function brandName(ctx: AppContext): string {
  return ctx.brandId === 'fr' ? ctx.config.brand.nameFr : ctx.config.brand.name;
}

export type MailTemplate = 'verify-email' | 'reset-password' | 'confirm-email-change' | 'email-changed-notice' | 'invitation' | 'parent-consent' | 'unlock-account' | 'receipt' | 'webhook-disabled' | 'split-invitation';

interface TemplateInput {
  to: string;
  userId: string | null;
  template: MailTemplate;
  /** Path with query, e.g. '/verify-email?token=...'. */
  link?: string;
  inviterName?: string;
  /** template 'receipt': what was paid (amounts already formatted). */
  receipt?: { planName: string; amount: string; discount: string | null; method: string; paidAt: string; periodEnd: string; paymentId: string };
  /** What the mail is about, where the template names it (e.g. the webhook URL). */
  subject?: string;
  /** split-invitation: the release and the share ('30%'). */
  releaseTitle?: string;
  share?: string;
}

function render(ctx: AppContext, input: TemplateInput): { subject: string; text: string } {
  const brand = brandName(ctx);
  const url = input.link ? `${appBaseUrl(ctx)}${input.link}` : '';
  switch (input.template) {
    case 'verify-email':
      return { subject: `Verify your ${brand} email`, text: `Please check your email to verify your ${brand} account.\n\nOpen this link to verify: ${url}\n` };
    case 'reset-password':
      return { subject: `Reset your ${brand} password`, text: `Someone asked to reset the password of your ${brand} account.\n\nOpen this link within one hour to choose a new password: ${url}\n\nIf it was not you, ignore this mail.\n` };
    case 'confirm-email-change':
      return { subject: `Confirm your new ${brand} email`, text: `Open this link to use this address for your ${brand} account: ${url}\n` };
    case 'email-changed-notice':
      return { subject: `Your ${brand} email was changed`, text: `The email address of your ${brand} account was changed. If it was not you, contact ${ctx.config.brand.supportEmail}.\n` };
    case 'parent-consent':
      return { subject: `Your child wants to distribute music with ${brand}`, text: `${input.inviterName ?? 'Your child'} named you as parent or guardian on their ${brand} account. Users under 18 need your consent.\n\nOpen this link to give it: ${url}\n\nIf you do not agree, ignore this mail and contact ${ctx.config.brand.supportEmail}.\n` };
    case 'unlock-account':
      return { subject: `Unlock your ${brand} account`, text: `Your ${brand} account was locked after several failed sign-in attempts, and someone asked for this unlock link.\n\nOpen this link within one hour to unlock it: ${url}\n\nIf it was not you, ignore this mail; if you do not remember your password, reset it from the sign-in dialog.\n` };
    case 'receipt': {
      const r = input.receipt!;
      const discount = r.discount ? `Discount: ${r.discount}\n` : '';
      return { subject: `Your ${brand} receipt`, text: `Thank you for your payment.\n\nPlan: ${r.planName}\n${discount}Amount paid: ${r.amount}\nPaid with: ${r.method}\nDate: ${r.paidAt}\nYour plan runs until ${r.periodEnd}.\nReceipt number: ${r.paymentId}\n\nYour receipts are listed in your account settings: ${appBaseUrl(ctx)}/settings\n` };
    }
    case 'webhook-disabled':
      return { subject: `A ${brand} webhook endpoint was disabled`, text: `Deliveries to your webhook endpoint ${input.subject ?? ''} kept failing, so it was disabled.\n\nFix the endpoint, then enable it again in your settings: ${url}\n` };
    case 'split-invitation':
      return {
        subject: `You have a ${input.share ?? ''} split of "${input.releaseTitle ?? ''}" on ${brand}`,
        text: `You were added as a collaborator on the release "${input.releaseTitle ?? ''}" with a ${input.share ?? ''} share of its net earnings on ${brand}.\n\nYour earnings accrue from now on, even before you have an account. Open this link to accept or decline: ${url}\n\nTo receive the money, sign up (or add this address to your account) and verify it.\n`,
      };
    case 'invitation':
      return { subject: `${input.inviterName ?? 'A friend'} invited you to ${brand}`, text: `${input.inviterName ?? 'A friend'} invited you to distribute your music with ${brand}: ${url}\n` };
  }
}

/** Sends one templated mail and records the audit event 'email sent' for the account it concerns. */
export async function sendMail(ctx: AppContext, input: TemplateInput): Promise<void> {
  const { subject, text } = render(ctx, input);
  const mailer = mailerOverride ?? createMailer(ctx.prisma, ctx.config);
  const { id } = await mailer.send({ to: input.to, subject, text, template: input.template, userId: input.userId });
  if (input.userId) {
    await recordAudit(ctx, {
      category: 'USER',
      subcategory: 'EMAIL_SENT',
      userId: input.userId,
      entityType: 'OutboxEmail',
      entityId: id,
      newValues: { template: input.template, to: input.to },
    });
  }
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  template: string | null;
  createdAt: Date;
  links: string[];
}

/** Links found in a mail's text (the outbox page shows them as clickable). */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s]+/g)].map((m) => m[0]);
}

export const OUTBOX_SIGN_IN = 'Sign in to read your mail in the local outbox';

/**
 * Recent mails for the outbox page, newest first. Staff read every mail; outside production a
 * signed-in person reads only mail addressed to their own account's address, so a reset or
 * unlock link reaches nobody but its addressee (and staff). In production only staff read it, and
 * never a live token: links are shown redacted. Anonymous callers and support acting as a user
 * are refused.
 */
export async function listOutbox(ctx: AppContext, options: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  const viewer = ctx.viewer;
  const staff = isStaff(viewer) && !isImpersonating(viewer);
  const production = ctx.config.env.production;
  if (production && !staff) throw new DomainError('NOT_FOUND', 'The outbox is only available outside production');
  if (!viewer) throw new DomainError('UNAUTHENTICATED', OUTBOX_SIGN_IN);
  refuseWhileActing(viewer, 'private-mail');
  const limit = Math.min(Math.max(options.limit ?? 50, 1), PAGE_SIZE_MAX);
  assertWithinLimits(options, { to: TEXT_LIMITS.email });
  const to = options.to?.trim();
  const filters: Prisma.OutboxEmailWhereInput[] = [];
  if (to) filters.push({ to: { equals: to, mode: 'insensitive' } });
  if (!staff) {
    const own = await ctx.prisma.user.findUnique({ where: { id: viewer.userId }, select: { email: true } });
    if (!own) return [];
    filters.push({ to: { equals: own.email.trim(), mode: 'insensitive' } });
  }
  const rows = await ctx.prisma.outboxEmail.findMany({
    where: { AND: filters },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: { id: true, to: true, subject: true, text: true, template: true, createdAt: true },
  });
  return rows.map((r) => {
    const text = production ? redactLinks(r.text) : r.text;
    return { ...r, text, links: linksIn(text) };
  });
}

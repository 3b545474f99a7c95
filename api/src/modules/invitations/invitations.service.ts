/** Friend invitations (core §7 GET/POST /api/invitations): a user invites people by email. */
import type { AppContext } from '../../context.ts';
import { badInput, type FieldError } from '../../domain-error.ts';
import { isSameEmail, validateEmail } from '@cadence/domain/email';
import { MAIL_LINK_ROUTES, sendMail } from '../mail/mail.service.ts';
import { consume } from '../rate-limit/rate-limit.service.ts';
import { isUniqueViolation } from '../../db/prisma-errors.ts';
import { requireViewer } from '../users/users.policy.ts';
import { LIST_LIMITS } from '@cadence/domain/text-limits';

export const MAX_EMAILS_PER_REQUEST = LIST_LIMITS.invitations;
const INVITES_PER_DAY = { limit: 100, windowMs: 24 * 3600_000 };

export interface InvitationView {
  id: string;
  email: string;
  status: 'PENDING' | 'SENT' | 'ACCEPTED' | 'FAILED';
  sentAt: Date | null;
  acceptedAt: Date | null;
  createdAt: Date;
}

const SELECT = { id: true, email: true, status: true, sentAt: true, acceptedAt: true, createdAt: true } as const;

/** The viewer's own invitations. */
export async function listInvitations(ctx: AppContext): Promise<InvitationView[]> {
  const viewer = requireViewer(ctx.viewer);
  return ctx.prisma.invitation.findMany({ where: { inviterId: viewer.userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: SELECT, take: 500 });
}

/** Invites up to 20 addresses at once; every address is checked before anything is sent. */
export async function sendInvitations(ctx: AppContext, emails: readonly string[]): Promise<InvitationView[]> {
  const viewer = requireViewer(ctx.viewer);
  if (emails.length === 0 || emails.length > MAX_EMAILS_PER_REQUEST) {
    throw badInput(`Send 1 to ${MAX_EMAILS_PER_REQUEST} email addresses`, [{ field: 'emails', key: 'range', message: `Send 1 to ${MAX_EMAILS_PER_REQUEST} email addresses` }]);
  }
  const inviter = await ctx.prisma.user.findUniqueOrThrow({ where: { id: viewer.userId }, select: { email: true, firstName: true, lastName: true } });
  const errors: FieldError[] = [];
  emails.forEach((email, i) => {
    const e = validateEmail(email, { blockedDomains: ctx.config.env.blackDomainList });
    if (e) errors.push({ field: `emails.${i}`, key: e.key, message: e.message });
    else if (isSameEmail(email, inviter.email)) errors.push({ field: `emails.${i}`, key: 'own-email', message: 'You cannot invite yourself' });
  });
  if (errors.length) throw badInput('Please correct the highlighted addresses', errors);
  const byNormalized = new Map<string, string>();
  for (const e of emails) if (!byNormalized.has(e.trim().toLowerCase())) byNormalized.set(e.trim().toLowerCase(), e.trim());
  const unique = [...byNormalized.entries()];
  const name = [inviter.firstName, inviter.lastName].filter(Boolean).join(' ') || undefined;
  const out: InvitationView[] = [];
  for (const [emailNormalized, email] of unique) {
    await consume(ctx.prisma, `invite:user:${viewer.userId}`, INVITES_PER_DAY);
    const existing = () => ctx.prisma.invitation.findUnique({ where: { inviterId_emailNormalized: { inviterId: viewer.userId, emailNormalized } }, select: SELECT });
    const before = await existing();
    if (before) {
      out.push(before);
      continue;
    }
    let row: InvitationView;
    try {
      row = await ctx.prisma.invitation.create({
        data: { inviterId: viewer.userId, email, emailNormalized, status: 'SENT', sentAt: new Date() },
        select: SELECT,
      });
    } catch (err) {
      // A parallel request invited this address first: answer as if it had already been invited.
      if (!isUniqueViolation(err)) throw err;
      out.push((await existing())!);
      continue;
    }
    await sendMail(ctx, { to: email, userId: viewer.userId, template: 'invitation', link: MAIL_LINK_ROUTES.invitation, inviterName: name });
    out.push(row);
  }
  return out;
}

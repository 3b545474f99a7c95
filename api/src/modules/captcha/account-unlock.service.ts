/**
 * Ways out of a sign-in lock: the password with a solved challenge (auth.service), a solved
 * challenge for a signed-in viewer (captcha.service), and a single-use link mailed to the account's
 * address, which opens /captcha?unlock=<token>.
 */
import { validateEmail } from '@cadence/domain/email';
import type { AppContext } from '../../context.ts';
import { badInput } from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { requestMeta } from '../auth/http-binding.ts';
import { MAIL_LINK_ROUTES, sendMail } from '../mail/mail.service.ts';
import { MAIL_PER_ACCOUNT, MAIL_PER_IP, consume } from '../rate-limit/rate-limit.service.ts';
import { claimEmailToken, issueEmailToken } from '../users/email-tokens.ts';

export type UnlockMethod = 'captcha' | 'email-link';

/** Clears the lock of a locked, not deleted account and records how; false when there was none. */
export async function clearSignInLock(ctx: AppContext, userId: string, method: UnlockMethod): Promise<boolean> {
  const cleared = await ctx.prisma.user.updateMany({
    where: { id: userId, isLocked: true, deletedAt: null },
    data: { isLocked: false, lockedAt: null, failedSignInCount: 0 },
  });
  if (cleared.count === 0) return false;
  await recordAudit(ctx, {
    category: 'ACCOUNT',
    subcategory: 'ACCOUNT_UNLOCKED',
    userId,
    actorId: ctx.viewer?.userId ?? null,
    oldValues: { isLocked: true },
    newValues: { isLocked: false, method },
  });
  return true;
}

/**
 * Mails an unlock link to the signed-in viewer, or to the account of `username` when signed out,
 * if that account is locked. Answers the same whether or not it exists or is locked; sending is
 * limited per address and per client like the password-reset mail.
 */
export async function requestUnlockLink(ctx: AppContext, input: { username?: string | null }, now = new Date()): Promise<void> {
  let emailNormalized: string;
  if (ctx.viewer) {
    const viewer = await ctx.prisma.user.findUnique({ where: { id: ctx.viewer.userId }, select: { emailNormalized: true } });
    if (!viewer) return;
    emailNormalized = viewer.emailNormalized;
  } else {
    emailNormalized = (input.username ?? '').trim().toLowerCase();
    if (emailNormalized === '') throw badInput('username is required', [{ field: 'username', key: 'required', message: 'username is required' }]);
    const e = validateEmail(emailNormalized);
    if (e) throw badInput(e.message, [{ field: 'username', key: e.key, message: e.message }]);
  }
  await consume(ctx.prisma, `unlock-link:ip:${requestMeta(ctx).ip ?? 'unknown'}`, MAIL_PER_IP, now);
  await consume(ctx.prisma, `unlock-link:email:${emailNormalized}`, MAIL_PER_ACCOUNT, now);
  const user = await ctx.prisma.user.findUnique({ where: { emailNormalized }, select: { id: true, email: true, isLocked: true, deletedAt: true } });
  if (!user || user.deletedAt || !user.isLocked) return;
  const token = await issueEmailToken(ctx, user.id, 'UNLOCK_ACCOUNT', null, now);
  await sendMail(ctx, { to: user.email, userId: user.id, template: 'unlock-account', link: `${MAIL_LINK_ROUTES.unlockAccount}?unlock=${encodeURIComponent(token)}` });
}

/**
 * Clears the lock from a mailed link, once. Signed in, only a link for the viewer's own account
 * is taken (another account's link stays unused for its owner).
 */
export async function unlockWithLink(ctx: AppContext, token: unknown, now = new Date()): Promise<void> {
  const row = await claimEmailToken(ctx, token, 'UNLOCK_ACCOUNT', now, ctx.viewer?.userId);
  await clearSignInLock(ctx, row.userId, 'email-link');
}

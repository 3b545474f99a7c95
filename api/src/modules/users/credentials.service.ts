/**
 * Password and email flows: reset, change, email change and verification links.
 */
import type { AppContext } from '../../context.ts';
import { DomainError, badInput } from '../../domain-error.ts';
import { EMAIL_BLOCKED_MESSAGE, USER_EXISTS_BODY, USER_EXISTS_KEY, isSameEmail, validateEmail } from '@cadence/domain/email';
import { password as passwordRule } from '@cadence/domain/validators';
import { claimSplitEarnings } from '../splits/splits.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { requestMeta } from '../auth/http-binding.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { revokeUserSessions } from '../auth/session.service.ts';
import { MAIL_LINK_ROUTES, sendMail } from '../mail/mail.service.ts';
import { MAIL_PER_ACCOUNT, MAIL_PER_IP, consume } from '../rate-limit/rate-limit.service.ts';
import { onUniqueViolation } from '../../db/prisma-errors.ts';
import { claimEmailToken, issueEmailToken } from './email-tokens.ts';
import { requireViewer } from './users.policy.ts';
import { refuseWhileActing } from '../support/impersonation.policy.ts';
import { TEXT_LIMITS } from '@cadence/domain/text-limits';
import { assertWithinLimits } from '../../input-limits.ts';

import { CURRENT_PASSWORD_WRONG, emailOptions, fe, loadUser } from './users.service.ts';
import { sendVerification } from './sign-up.service.ts';

/** Mails a single-use reset link when the address has an account; answers the same either way. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const emailNormalized = String(email ?? '').trim().toLowerCase();
  const e = validateEmail(emailNormalized);
  if (e) throw badInput(e.message, [fe('email', e)]);
  await consume(ctx.prisma, `reset:ip:${requestMeta(ctx).ip ?? 'unknown'}`, MAIL_PER_IP);
  await consume(ctx.prisma, `reset:email:${emailNormalized}`, MAIL_PER_ACCOUNT);
  const user = await ctx.prisma.user.findUnique({ where: { emailNormalized } });
  if (!user || user.deletedAt || user.status !== 'ACTIVE') return;
  const token = await issueEmailToken(ctx, user.id, 'RESET_PASSWORD', null);
  await sendMail(ctx, { to: user.email, userId: user.id, template: 'reset-password', link: `${MAIL_LINK_ROUTES.resetPassword}?token=${encodeURIComponent(token)}` });
}

/** Sets a new password from a reset link; every session ends and a lock is cleared. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  assertWithinLimits({ token, password }, { token: TEXT_LIMITS.token, password: TEXT_LIMITS.password });
  const e = passwordRule(password);
  if (e) throw badInput(e.message, [fe('password', e)]);
  const row = await claimEmailToken(ctx, token, 'RESET_PASSWORD');
  await ctx.prisma.user.update({
    where: { id: row.userId },
    data: { passwordHash: await hashPassword(password), passwordChangedAt: new Date(), isLocked: false, lockedAt: null, failedSignInCount: 0, emailVerified: true },
  });
  await revokeUserSessions(ctx.prisma, row.userId, 'password reset');
  await recordAudit(ctx, { category: 'USER', subcategory: 'PASSWORD_RESET', userId: row.userId, actorId: row.userId, newValues: { method: 'reset-link' } });
}

/** Changes the password after checking the current one; other sessions end. Refused while impersonating. */
export async function changePassword(ctx: AppContext, currentPassword: string, newPassword: string): Promise<void> {
  const viewer = requireViewer(ctx.viewer);
  refuseWhileActing(viewer, 'credentials');
  assertWithinLimits({ currentPassword, newPassword }, { currentPassword: TEXT_LIMITS.password, newPassword: TEXT_LIMITS.password });
  const user = await loadUser(ctx, viewer.userId);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw badInput(CURRENT_PASSWORD_WRONG, [{ field: 'currentPassword', key: 'current-password', message: CURRENT_PASSWORD_WRONG }]);
  }
  const e = passwordRule(newPassword);
  if (e) throw badInput(e.message, [fe('newPassword', e)]);
  await ctx.prisma.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(newPassword), passwordChangedAt: new Date() } });
  await revokeUserSessions(ctx.prisma, user.id, 'password changed', viewer.sessionId);
  await recordAudit(ctx, { category: 'USER', subcategory: 'PASSWORD_RESET', userId: user.id, newValues: { method: 'change' } });
}

/** Mails a confirmation link to the new address; a taken address is CONFLICT ('User exists'). */
export async function requestEmailChange(ctx: AppContext, newEmail: string): Promise<{ message: string }> {
  const viewer = requireViewer(ctx.viewer);
  refuseWhileActing(viewer, 'credentials');
  const user = await loadUser(ctx, viewer.userId);
  const e = validateEmail(newEmail, emailOptions(ctx));
  if (e) throw badInput(e.message, [fe('newEmail', e)]);
  const email = newEmail.trim();
  if (isSameEmail(email, user.email)) throw badInput(EMAIL_BLOCKED_MESSAGE, [{ field: 'newEmail', key: 'same-email', message: EMAIL_BLOCKED_MESSAGE }]);
  await consume(ctx.prisma, `email-change:user:${user.id}`, MAIL_PER_ACCOUNT);
  if (await ctx.prisma.user.findUnique({ where: { emailNormalized: email.toLowerCase() }, select: { id: true } })) {
    throw new DomainError('CONFLICT', EMAIL_BLOCKED_MESSAGE, { key: USER_EXISTS_KEY, body: USER_EXISTS_BODY, fieldErrors: [{ field: 'newEmail', key: USER_EXISTS_KEY, message: EMAIL_BLOCKED_MESSAGE }] });
  }
  const token = await issueEmailToken(ctx, user.id, 'CHANGE_EMAIL', email);
  await sendMail(ctx, { to: email, userId: user.id, template: 'confirm-email-change', link: `${MAIL_LINK_ROUTES.confirmEmailChange}?token=${encodeURIComponent(token)}` });
  return { message: `Change Email request has been sent. Please check your ${email} email` };
}

/** Applies an email change from the link sent to the new address. */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<void> {
  const row = await claimEmailToken(ctx, token, 'CHANGE_EMAIL');
  const user = await loadUser(ctx, row.userId);
  const email = row.newEmail ?? '';
  const taken = await ctx.prisma.user.findUnique({ where: { emailNormalized: email.toLowerCase() }, select: { id: true } });
  if (taken && taken.id !== user.id) throw new DomainError('CONFLICT', EMAIL_BLOCKED_MESSAGE, { key: USER_EXISTS_KEY, body: USER_EXISTS_BODY });
  await onUniqueViolation(
    () => ctx.prisma.user.update({ where: { id: user.id }, data: { email, emailNormalized: email.toLowerCase(), emailVerified: true, emailVerifiedAt: new Date(), notValidEmail: false } }),
    () => new DomainError('CONFLICT', EMAIL_BLOCKED_MESSAGE, { key: USER_EXISTS_KEY, body: USER_EXISTS_BODY }),
  );
  await recordAudit(ctx, { category: 'USER', subcategory: 'EMAIL_SAVED', userId: user.id, actorId: ctx.viewer?.userId ?? user.id, oldValues: { email: user.email }, newValues: { email } });
  await claimSplitEarnings(ctx, user.id, email);
  await sendMail(ctx, { to: user.email, userId: user.id, template: 'email-changed-notice' });
}

/** Marks the email verified from the link mailed at sign-up (only if the address is still the same). */
export async function confirmEmail(ctx: AppContext, token: string): Promise<void> {
  const row = await claimEmailToken(ctx, token, 'VERIFY_EMAIL');
  const user = await loadUser(ctx, row.userId);
  if (row.newEmail && !isSameEmail(row.newEmail, user.email)) throw badInput('This link has expired or was already used.', [], 'token-invalid');
  await ctx.prisma.user.update({ where: { id: user.id }, data: { emailVerified: true, emailVerifiedAt: new Date(), notValidEmail: false } });
  await claimSplitEarnings(ctx, user.id, user.email);
}

/** Mails the verification link again (the contacts form offers it once). */
export async function resendVerificationEmail(ctx: AppContext): Promise<void> {
  const viewer = requireViewer(ctx.viewer);
  const user = await loadUser(ctx, viewer.userId);
  if (user.emailVerified) return;
  await consume(ctx.prisma, `verify:user:${user.id}`, MAIL_PER_ACCOUNT);
  await sendVerification(ctx, user);
}

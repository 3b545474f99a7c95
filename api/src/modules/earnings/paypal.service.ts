/**
 * Linking the PayPal account withdrawals are paid to (supporting §2, §4, §5, §8): the account is
 * verified with PayPal by email and name, then stored on the profile. Only the person may change
 * it (refused while support acts as them); every change of the address is an audit event.
 */
import type { AppContext } from '../../context.ts';
import { DomainError, type FieldError } from '../../domain-error.ts';
import { brandFor } from '../../http/brand.ts';
import { payPalVerifier } from '../../integrations/paypal/paypal-verifier.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { refuseWhileActing } from '../support/impersonation.policy.ts';
import { requireViewer } from '../users/users.policy.ts';
import { PAYPAL_MESSAGES, payPalLinkedMessage, validatePayPalForm } from '@cadence/domain/paypal';
import { WITHDRAWAL_MESSAGES } from '@cadence/domain/withdrawal';
import { TEXT_LIMITS } from '@cadence/domain/text-limits';
import { assertWithinLimits } from '../../input-limits.ts';

export interface PayPalAccountView {
  linked: boolean;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  verifiedAt: Date | null;
}

export interface LinkPayPalInput {
  firstName?: string | null;
  lastName?: string | null;
  emailAddress?: string | null;
  matchCriteria?: string | null;
}

/** Refusal kinds the transports present: the REST body carries `err: [{message}]` for a verify error. */
export const PAYPAL_NOT_FOUND_KEY = 'paypal-not-found';

async function account(ctx: AppContext, userId: string): Promise<PayPalAccountView> {
  const u = await ctx.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { paypalEmail: true, paypalFirstName: true, paypalLastName: true, paypalVerifiedAt: true } });
  return { linked: Boolean(u.paypalEmail && u.paypalVerifiedAt), email: u.paypalEmail, firstName: u.paypalFirstName, lastName: u.paypalLastName, verifiedAt: u.paypalVerifiedAt };
}

/** The viewer's linked PayPal account (support acting as them may read it). */
export function getPayPalAccount(ctx: AppContext): Promise<PayPalAccountView> {
  return account(ctx, requireViewer(ctx.viewer).userId);
}

/** Verifies the account with PayPal and links it; returns the account and the success notice. */
export async function linkPayPal(ctx: AppContext, input: LinkPayPalInput): Promise<{ account: PayPalAccountView; message: string }> {
  const viewer = requireViewer(ctx.viewer);
  refuseWhileActing(viewer, 'money');
  assertWithinLimits(input, { firstName: TEXT_LIMITS.personName, lastName: TEXT_LIMITS.personName, emailAddress: TEXT_LIMITS.email, matchCriteria: TEXT_LIMITS.code });
  if (input.matchCriteria != null && input.matchCriteria !== 'NAME') throw new DomainError('BAD_USER_INPUT', 'matchCriteria must be NAME', { fieldErrors: [{ field: 'matchCriteria', key: 'invalid', message: 'matchCriteria must be NAME' }] });
  const errors = validatePayPalForm({ firstName: input.firstName, lastName: input.lastName, email: input.emailAddress });
  const fieldErrors: FieldError[] = Object.entries(errors).map(([field, e]) => ({ field: field === 'email' ? 'emailAddress' : field, key: e.key, message: e.message }));
  if (fieldErrors.length) throw new DomainError('BAD_USER_INPUT', fieldErrors[0]!.message, { fieldErrors });
  const firstName = String(input.firstName).trim();
  const lastName = String(input.lastName).trim();
  const email = String(input.emailAddress).trim();
  const result = await payPalVerifier(ctx.config.paypal).verify({ firstName, lastName, emailAddress: email });
  if (result.outcome === 'unavailable') throw new DomainError('UNAVAILABLE', WITHDRAWAL_MESSAGES.unavailable, { key: 'paypal-unavailable' });
  if (result.outcome === 'not-found') throw new DomainError('BAD_USER_INPUT', PAYPAL_MESSAGES.notFound, { key: PAYPAL_NOT_FOUND_KEY, fieldErrors: [{ field: 'emailAddress', key: PAYPAL_NOT_FOUND_KEY, message: PAYPAL_MESSAGES.notFound }] });
  const before = await account(ctx, viewer.userId);
  await ctx.prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: viewer.userId }, data: { paypalEmail: email, paypalFirstName: firstName, paypalLastName: lastName, paypalVerifiedAt: new Date() } });
    if (before.email !== email) {
      await recordAudit(ctx, { category: 'USER', subcategory: 'PAYPAL_EMAIL_UPDATE', userId: viewer.userId, oldValues: { paypalEmail: before.email }, newValues: { paypalEmail: email } }, tx);
    }
  });
  return { account: await account(ctx, viewer.userId), message: payPalLinkedMessage(brandFor(ctx.config, ctx.brandId).name) };
}

/** Removes the linked PayPal account (withdrawals then need a new link). */
export async function unlinkPayPal(ctx: AppContext): Promise<PayPalAccountView> {
  const viewer = requireViewer(ctx.viewer);
  refuseWhileActing(viewer, 'money');
  const before = await account(ctx, viewer.userId);
  if (!before.linked) return before;
  await ctx.prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: viewer.userId }, data: { paypalEmail: null, paypalFirstName: null, paypalLastName: null, paypalVerifiedAt: null } });
    await recordAudit(ctx, { category: 'USER', subcategory: 'PAYPAL_EMAIL_UPDATE', userId: viewer.userId, oldValues: { paypalEmail: before.email }, newValues: { paypalEmail: null } }, tx);
  });
  return account(ctx, viewer.userId);
}

/** GET /api/paypal/config: where the link buttons lead and which verifier runs. */
export function getPayPalConfig(ctx: AppContext): { linkUrl: string; mode: 'sandbox' | 'live' } {
  return { linkUrl: ctx.config.paypal.linkUrl, mode: ctx.config.paypal.driver === 'paypal' ? 'live' : 'sandbox' };
}

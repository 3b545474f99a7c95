/**
 * Sign-up (core §4, supporting §5): the account, the age rules, the parent's consent for a minor, and the verification mail.
 */
import type { AppContext } from '../../context.ts';
import { DomainError, badInput, type FieldError } from '../../domain-error.ts';
import type { User } from '../../generated/prisma/client.ts';
import { isBlockedByAge, isMinor } from '@cadence/domain/age';
import { COOKIES } from '@cadence/domain/constants';
import { toIsoDate } from '@cadence/domain/date-string';
import { EMAIL_BLOCKED_MESSAGE, USER_EXISTS_BODY, USER_EXISTS_KEY, isSameEmail, validateEmail, validateParentEmail } from '@cadence/domain/email';
import { validateBirthday, validateFirstName, validateLastName } from '@cadence/domain/profile';
import { password as passwordRule } from '@cadence/domain/validators';
import { recordAudit } from '../audit/audit.service.ts';
import { requireSignupCaptcha } from '../captcha/captcha.service.ts';
import { startBrowserSession } from '../auth/auth.service.ts';
import { requestMeta, setCookie } from '../auth/http-binding.ts';
import { hashPassword } from '../auth/password.ts';
import { MAIL_LINK_ROUTES, sendMail } from '../mail/mail.service.ts';
import { SIGN_UP_PER_IP, consume } from '../rate-limit/rate-limit.service.ts';
import { onUniqueViolation } from '../../db/prisma-errors.ts';
import { claimEmailToken, issueEmailToken } from './email-tokens.ts';
import { presentProfile, type ProfileView } from './profile.ts';
import { TEXT_LIMITS } from '@cadence/domain/text-limits';
import { assertWithinLimits } from '../../input-limits.ts';

import { AGE_RESTRICTED_MESSAGE, emailOptions, fe, loadUser, today } from './users.service.ts';

/** Refuses users under 13: sets the age_restricted cookie (only /disabled) and answers FORBIDDEN. */
export function refuseUnder13(ctx: AppContext): never {
  setCookie(ctx, COOKIES.ageRestricted, 'true', { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 3600_000 });
  throw new DomainError('FORBIDDEN', AGE_RESTRICTED_MESSAGE, { key: 'age-restricted', status: 'age_restricted', fieldErrors: [{ field: 'birthday', key: 'age-restricted', message: AGE_RESTRICTED_MESSAGE }] });
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName?: string | null;
  lastName?: string | null;
  birthday?: string | null;
  distributionAgreement?: boolean | null;
  privacyPolicyAgreement?: boolean | null;
  parentEmail?: string | null;
  captchaCode?: string | null;
  campaignId?: string | null;
  templateId?: string | null;
}

/** Creates an account (behind the sign-up captcha when configured), mails the verification link and signs the new user in. */
export async function signUp(ctx: AppContext, input: SignUpInput): Promise<ProfileView> {
  assertWithinLimits(input, SIGN_UP_LIMITS);
  await consume(ctx.prisma, `signup:ip:${requestMeta(ctx).ip ?? 'unknown'}`, SIGN_UP_PER_IP);
  const errors: FieldError[] = [];
  const emailError = validateEmail(input.email, emailOptions(ctx));
  if (emailError) errors.push(fe('email', emailError));
  const pwError = passwordRule(input.password);
  if (pwError) errors.push(fe('password', pwError));
  if (input.firstName != null) {
    const e = validateFirstName(input.firstName);
    if (e) errors.push(fe('firstName', e));
  }
  if (input.lastName != null) {
    const e = validateLastName(input.lastName);
    if (e) errors.push(fe('lastName', e));
  }
  let birthday: string | null = null;
  let minor = false;
  if (input.birthday != null && input.birthday !== '') {
    const e = validateBirthday(input.birthday);
    if (e) errors.push(fe('birthday', e));
    else {
      birthday = toIsoDate(input.birthday);
      if (isBlockedByAge(birthday, today())) refuseUnder13(ctx);
      minor = isMinor(birthday, today());
    }
  }
  errors.push(...minorConsentErrors(ctx, { minor, distributionAgreement: input.distributionAgreement === true, privacyPolicyAgreement: input.privacyPolicyAgreement === true, parentEmail: input.parentEmail ?? null }));
  if (errors.length) throw badInput('Please correct the highlighted fields', errors);
  await requireSignupCaptcha(ctx, input);

  const email = input.email.trim();
  const emailNormalized = email.toLowerCase();
  const userExists = () => new DomainError('CONFLICT', EMAIL_BLOCKED_MESSAGE, { key: USER_EXISTS_KEY, body: USER_EXISTS_BODY, fieldErrors: [{ field: 'email', key: USER_EXISTS_KEY, message: EMAIL_BLOCKED_MESSAGE }] });
  if (await ctx.prisma.user.findUnique({ where: { emailNormalized }, select: { id: true } })) throw userExists();
  const passwordHash = await hashPassword(input.password);
  // Two sign-ups with one address at once: the unique index decides, the loser answers like above.
  const user = await onUniqueViolation(() => ctx.prisma.user.create({
    data: {
      email,
      emailNormalized,
      passwordHash,
      passwordChangedAt: new Date(),
      firstName: input.firstName?.trim() || null,
      lastName: input.lastName?.trim() || null,
      birthday: birthday ? new Date(`${birthday}T00:00:00Z`) : null,
      distributionAgreement: input.distributionAgreement === true,
      privacyPolicyAgreement: input.privacyPolicyAgreement === true,
      parentEmail: input.parentEmail?.trim() || null,
      brand: ctx.brandId,
      captchaPassedAt: ctx.config.signupCaptcha ? new Date() : null,
    },
  }), userExists);
  await recordAudit(ctx, { category: 'USER', subcategory: 'USER_CREATED', userId: user.id, actorId: user.id, newValues: { email, brand: ctx.brandId } });
  if (input.campaignId) {
    await ctx.prisma.marketingTracking.create({ data: { userId: user.id, campaignId: input.campaignId, templateId: input.templateId ?? null, source: 'signup' } });
  }
  await ctx.prisma.invitation.updateMany({ where: { emailNormalized, status: { not: 'ACCEPTED' } }, data: { status: 'ACCEPTED', acceptedUserId: user.id, acceptedAt: new Date() } });
  await sendVerification(ctx, user);
  if (minor && user.parentEmail) await sendParentConsent(ctx, user, user.parentEmail);
  await startBrowserSession(ctx, user.id);
  return presentProfile(ctx, user);
}

/** Under 18 the distribution agreement needs a parent's email and the privacy policy agreement. */
export function minorConsentErrors(ctx: AppContext, v: { minor: boolean; distributionAgreement: boolean; privacyPolicyAgreement: boolean; parentEmail: string | null }): FieldError[] {
  const errors: FieldError[] = [];
  const parentError = validateParentEmail(v.parentEmail, v.minor && v.distributionAgreement, emailOptions(ctx));
  if (parentError && (v.parentEmail || (v.minor && v.distributionAgreement))) errors.push(fe('parentEmail', parentError));
  if (v.minor && v.distributionAgreement && !v.privacyPolicyAgreement) {
    errors.push({ field: 'privacyPolicyAgreement', key: 'required', message: 'The privacy policy agreement is required under 18' });
  }
  return errors;
}

/** Asks the parent or guardian of a minor to confirm consent (supporting §5: verified parent consent). */
export async function sendParentConsent(ctx: AppContext, user: Pick<User, 'id' | 'firstName' | 'lastName'>, parentEmail: string): Promise<void> {
  const token = await issueEmailToken(ctx, user.id, 'PARENT_CONSENT', parentEmail);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || undefined;
  await sendMail(ctx, { to: parentEmail, userId: user.id, template: 'parent-consent', inviterName: name, link: `${MAIL_LINK_ROUTES.parentConsent}?token=${encodeURIComponent(token)}` });
}

/** Records the parent's consent from the link mailed to the parent email (only if it is still that address). */
export async function confirmParentConsent(ctx: AppContext, token: string): Promise<void> {
  const row = await claimEmailToken(ctx, token, 'PARENT_CONSENT');
  const user = await loadUser(ctx, row.userId);
  if (!row.newEmail || !isSameEmail(row.newEmail, user.parentEmail)) throw badInput('This link has expired or was already used.', [], 'token-invalid');
  await ctx.prisma.user.update({ where: { id: user.id }, data: { parentConsentAt: new Date() } });
  await recordAudit(ctx, { category: 'USER', subcategory: 'USER_EDITED', userId: user.id, actorId: ctx.viewer?.userId ?? null, oldValues: { parentConsentAt: null }, newValues: { parentConsentAt: 'confirmed', parentEmail: row.newEmail } });
}

export async function sendVerification(ctx: AppContext, user: Pick<User, 'id' | 'email'>): Promise<void> {
  const token = await issueEmailToken(ctx, user.id, 'VERIFY_EMAIL', user.email);
  await sendMail(ctx, { to: user.email, userId: user.id, template: 'verify-email', link: `${MAIL_LINK_ROUTES.verifyEmail}?token=${encodeURIComponent(token)}` });
}

/**
 * Hard limits checked before anything else (400 naming the field): the fields whose own rules
 * (names 50, address lines 100, ...) report field by field are bounded here only against payloads.
 */
const SIGN_UP_LIMITS = {
  email: TEXT_LIMITS.email,
  password: TEXT_LIMITS.password,
  firstName: TEXT_LIMITS.anyField,
  lastName: TEXT_LIMITS.anyField,
  birthday: TEXT_LIMITS.date,
  parentEmail: TEXT_LIMITS.email,
  campaignId: TEXT_LIMITS.label,
  templateId: TEXT_LIMITS.label,
};

/**
 * Account use-cases behind both transports: sign-up, the profile (partial updates), email and
 * password flows, agreement, tax status, plan and account deletion.
 */
import type { AppContext } from '../../context.ts';
import { DomainError, badInput, type FieldError } from '../../domain-error.ts';
import type { Prisma, User } from '../../generated/prisma/client.ts';
import { isBlockedByAge, isMinor } from '@cadence/domain/age';
import { ADDRESS_FIELDS, normalizeAddress, validateAddressField, type AddressField, type AddressInput } from '@cadence/domain/address';
import { COOKIES } from '@cadence/domain/constants';
import { requiresState } from '@cadence/domain/countries';
import { toIsoDate, utcDate } from '@cadence/domain/date-string';
import { EMAIL_BLOCKED_MESSAGE, USER_EXISTS_BODY, USER_EXISTS_KEY, isSameEmail, validateEmail, validateParentEmail } from '@cadence/domain/email';
import { LOCKED_BIRTHDAY_TEXT, validateBirthday, validateFirstName, validateLastName, validateProfileArtistName } from '@cadence/domain/profile';
import { canDeleteAccount } from '@cadence/domain/release-rules';
import { statusFromOrder } from '@cadence/domain/release-status';
import { password as passwordRule, payoutName, required, validateArtistsList } from '@cadence/domain/validators';
import { planLimits, isPlanName } from '@cadence/domain/plans';
import { refreshTaxStatus } from '../earnings/earnings.service.ts';
import { claimSplitEarnings } from '../splits/splits.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { storageFor } from '../uploads/storage.ts';
import { requireSignupCaptcha } from '../captcha/captcha.service.ts';
import { startBrowserSession, signOut } from '../auth/auth.service.ts';
import { requestMeta, setCookie } from '../auth/http-binding.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { revokeUserSessions } from '../auth/session.service.ts';
import { MAIL_LINK_ROUTES, sendMail } from '../mail/mail.service.ts';
import { MAIL_PER_ACCOUNT, MAIL_PER_IP, SIGN_UP_PER_IP, consume } from '../rate-limit/rate-limit.service.ts';
import { onUniqueViolation } from '../../db/prisma-errors.ts';
import { claimEmailToken, issueEmailToken } from './email-tokens.ts';
import { planTerms, type PlanTerms } from '../plans/plans.service.ts';
import { activePlanName, dateOnly, isCaptchaPending, presentProfile, type ProfileView } from './profile.ts';
import { requireViewer } from './users.policy.ts';
import { refuseWhileActing } from '../support/impersonation.policy.ts';
import { LIST_LIMITS, TEXT_LIMITS } from '@cadence/domain/text-limits';
import { textLimit } from '@cadence/domain/text-limit-checks';
import { assertWithinLimits } from '../../input-limits.ts';

export const AGE_RESTRICTED_MESSAGE = "Sorry, we're unable to process your request at this time.";
export const NOT_DELETABLE_MESSAGE = 'Your account can be deleted only while every release is a draft. Please contact support.';
export const CURRENT_PASSWORD_WRONG = 'The current password is not correct.';

const emailOptions = (ctx: AppContext) => ({ blockedDomains: ctx.config.env.blackDomainList });
const today = () => utcDate(new Date());
const fe = (field: string, e: { key: string; message: string }): FieldError => ({ field, key: e.key, message: e.message });

async function loadUser(ctx: AppContext, userId: string): Promise<User> {
  const user = await ctx.prisma.user.findUnique({ where: { id: userId } });
  if (!user || user.deletedAt) throw new DomainError('UNAUTHENTICATED', 'Sign in required');
  return user;
}

/** The signed-in viewer's profile. */
export async function getViewerProfile(ctx: AppContext): Promise<ProfileView> {
  const viewer = requireViewer(ctx.viewer);
  return presentProfile(ctx, await loadUser(ctx, viewer.userId));
}

/** Token check (core §4): locked users get status 'locked' so the client sends them to /captcha. */
export async function checkToken(ctx: AppContext): Promise<{ valid: true; status?: 'locked' }> {
  const viewer = requireViewer(ctx.viewer);
  const user = await loadUser(ctx, viewer.userId);
  return user.isLocked ? { valid: true, status: 'locked' } : { valid: true };
}

/** Refuses users under 13: sets the age_restricted cookie (only /disabled) and answers FORBIDDEN. */
function refuseUnder13(ctx: AppContext): never {
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
function minorConsentErrors(ctx: AppContext, v: { minor: boolean; distributionAgreement: boolean; privacyPolicyAgreement: boolean; parentEmail: string | null }): FieldError[] {
  const errors: FieldError[] = [];
  const parentError = validateParentEmail(v.parentEmail, v.minor && v.distributionAgreement, emailOptions(ctx));
  if (parentError && (v.parentEmail || (v.minor && v.distributionAgreement))) errors.push(fe('parentEmail', parentError));
  if (v.minor && v.distributionAgreement && !v.privacyPolicyAgreement) {
    errors.push({ field: 'privacyPolicyAgreement', key: 'required', message: 'The privacy policy agreement is required under 18' });
  }
  return errors;
}

/** Asks the parent or guardian of a minor to confirm consent (supporting §5: verified parent consent). */
async function sendParentConsent(ctx: AppContext, user: Pick<User, 'id' | 'firstName' | 'lastName'>, parentEmail: string): Promise<void> {
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

async function sendVerification(ctx: AppContext, user: Pick<User, 'id' | 'email'>): Promise<void> {
  const token = await issueEmailToken(ctx, user.id, 'VERIFY_EMAIL', user.email);
  await sendMail(ctx, { to: user.email, userId: user.id, template: 'verify-email', link: `${MAIL_LINK_ROUTES.verifyEmail}?token=${encodeURIComponent(token)}` });
}

export interface ProfilePatchInput {
  firstName?: string | null;
  lastName?: string | null;
  birthday?: string | null;
  primaryArtists?: (string | null)[] | null;
  country?: string | null;
  state?: string | null;
  city?: string | null;
  address1?: string | null;
  address2?: string | null;
  postalCode?: string | null;
  distributionAgreement?: boolean | null;
  privacyPolicyAgreement?: boolean | null;
  parentEmail?: string | null;
  paypalEmail?: string | null;
  paypalFirstName?: string | null;
  paypalLastName?: string | null;
  /** The answer to a 'signup' captcha, while on-boarding asks for one (profile.needsCaptcha). */
  captchaCode?: string | null;
}

const PAYPAL_FIELDS = ['paypalEmail', 'paypalFirstName', 'paypalLastName'] as const;

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
const PROFILE_LIMITS = {
  firstName: TEXT_LIMITS.anyField,
  lastName: TEXT_LIMITS.anyField,
  birthday: TEXT_LIMITS.date,
  primaryArtists: { each: TEXT_LIMITS.anyField, items: LIST_LIMITS.primaryArtists },
  country: TEXT_LIMITS.code,
  state: TEXT_LIMITS.anyField,
  city: TEXT_LIMITS.anyField,
  address1: TEXT_LIMITS.anyField,
  address2: TEXT_LIMITS.anyField,
  postalCode: TEXT_LIMITS.anyField,
  parentEmail: TEXT_LIMITS.email,
  paypalEmail: TEXT_LIMITS.email,
  paypalFirstName: TEXT_LIMITS.anyField,
  paypalLastName: TEXT_LIMITS.anyField,
};

/** The patch gives or withdraws an agreement, or names another parent for consent (the person's own acts). */
function changesConsent(user: Pick<User, 'distributionAgreement' | 'privacyPolicyAgreement' | 'parentEmail'>, patch: ProfilePatchInput): boolean {
  const parent = patch.parentEmail === undefined ? user.parentEmail : blankToNull(patch.parentEmail);
  return (
    (patch.distributionAgreement != null && patch.distributionAgreement !== user.distributionAgreement) ||
    (patch.privacyPolicyAgreement != null && patch.privacyPolicyAgreement !== user.privacyPolicyAgreement) ||
    (parent ?? '').toLowerCase() !== (user.parentEmail ?? '').toLowerCase()
  );
}
const blankToNull = (v: string | null | undefined): string | null => (v == null || v.trim() === '' ? null : v.trim());

/**
 * Applies the changed, valid fields of a partial profile and reports the others as field errors
 * (core §7: only changed valid fields are applied). A US address is not saved without a valid state.
 * While the account owes a sign-up captcha, a captchaCode present in the patch is checked (a
 * missing or wrong one is a field error) and a right one completes the Name step's captcha.
 */
export async function updateProfile(ctx: AppContext, patch: ProfilePatchInput): Promise<{ profile: ProfileView; fieldErrors: FieldError[] }> {
  const viewer = requireViewer(ctx.viewer);
  assertWithinLimits(patch, PROFILE_LIMITS);
  const user = await loadUser(ctx, viewer.userId);
  if (PAYPAL_FIELDS.some((f) => patch[f] !== undefined)) refuseWhileActing(viewer, 'money');
  if (changesConsent(user, patch)) refuseWhileActing(viewer, 'consents');
  const errors: FieldError[] = [];
  const data: Prisma.UserUpdateInput = {};
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  const set = (field: string, oldValue: unknown, value: unknown) => {
    if (JSON.stringify(oldValue ?? null) === JSON.stringify(value ?? null)) return;
    (data as Record<string, unknown>)[field] = field === 'birthday' ? (value ? new Date(`${String(value)}T00:00:00Z`) : null) : value;
    oldValues[field] = oldValue ?? null;
    newValues[field] = value ?? null;
  };

  if (patch.captchaCode !== undefined && isCaptchaPending(ctx, user)) {
    try {
      await requireSignupCaptcha(ctx, patch);
      set('captchaPassedAt', null, new Date());
    } catch (err) {
      if (!(err instanceof DomainError && err.code === 'BAD_USER_INPUT')) throw err;
      errors.push(...(err.details.fieldErrors ?? []));
    }
  }

  for (const field of ['firstName', 'lastName'] as const) {
    if (patch[field] === undefined) continue;
    const e = (field === 'firstName' ? validateFirstName : validateLastName)(patch[field]);
    if (e) errors.push(fe(field, e));
    else set(field, user[field], String(patch[field]).trim());
  }

  const savedBirthday = dateOnly(user.birthday);
  let birthday = savedBirthday;
  if (patch.birthday !== undefined) {
    const iso = toIsoDate(patch.birthday);
    if (user.birthdayDisabled && iso !== savedBirthday) {
      errors.push({ field: 'birthday', key: 'birthday-locked', message: LOCKED_BIRTHDAY_TEXT });
    } else {
      const e = validateBirthday(patch.birthday);
      if (e) errors.push(fe('birthday', e));
      else {
        if (isBlockedByAge(iso, today())) refuseUnder13(ctx);
        birthday = iso;
        set('birthday', savedBirthday, iso);
      }
    }
  }

  if (patch.primaryArtists !== undefined) {
    const names = (patch.primaryArtists ?? []).map((n) => (typeof n === 'string' ? n.trim() : ''));
    const listErrors = validateArtistsList(names);
    const first = listErrors.find(Boolean) ?? names.map((n) => validateProfileArtistName(n)).find(Boolean);
    const plan = await activePlanName(ctx, user.id);
    const max = planLimits(isPlanName(plan) ? plan : 'FREE').maxPrimaryArtists;
    if (first) errors.push(fe('primaryArtists', first));
    else if (names.length > max) errors.push({ field: 'primaryArtists', key: 'range', message: `At most ${max} primary artists on your plan` });
    else set('primaryArtists', user.primaryArtists, names);
  }

  const addressFields = ADDRESS_FIELDS.filter((f) => patch[f] !== undefined);
  if (addressFields.length) {
    const saved: AddressInput = { country: user.country, state: user.state, city: user.city, address1: user.address1, address2: user.address2, postalCode: user.postalCode };
    const merged = normalizeAddress({ ...saved, ...Object.fromEntries(addressFields.map((f) => [f, blankToNull(patch[f])])) } as AddressInput);
    if (requiresState(merged.country) && validateAddressField('state', merged)) {
      const e = validateAddressField('state', merged);
      if (e) errors.push(fe('state', e));
      for (const f of addressFields.filter((x) => x !== 'state')) {
        const fieldErr = validateAddressField(f, merged);
        if (fieldErr) errors.push(fe(f, fieldErr));
      }
    } else {
      const changed = new Set<AddressField>(addressFields);
      if (merged.state !== saved.state) changed.add('state');
      for (const f of changed) {
        const e = validateAddressField(f, merged);
        if (e) errors.push(fe(f, e));
        else set(f, saved[f], merged[f] ?? null);
      }
    }
  }

  const minor = isMinor(birthday, today());
  const nextPrivacy = patch.privacyPolicyAgreement ?? user.privacyPolicyAgreement;
  const nextParent = patch.parentEmail !== undefined ? blankToNull(patch.parentEmail) : user.parentEmail;
  if (patch.parentEmail !== undefined) {
    const e = validateParentEmail(nextParent, false, emailOptions(ctx));
    if (e) errors.push(fe('parentEmail', e));
    else {
      set('parentEmail', user.parentEmail, nextParent);
      if ('parentEmail' in newValues) data.parentConsentAt = null;
    }
  }
  if (patch.privacyPolicyAgreement != null) set('privacyPolicyAgreement', user.privacyPolicyAgreement, patch.privacyPolicyAgreement);
  if (patch.distributionAgreement != null) {
    const consent = minorConsentErrors(ctx, { minor, distributionAgreement: patch.distributionAgreement, privacyPolicyAgreement: nextPrivacy, parentEmail: nextParent });
    if (consent.length) errors.push(...consent.filter((c) => !errors.some((x) => x.field === c.field)));
    else set('distributionAgreement', user.distributionAgreement, patch.distributionAgreement);
  }

  if (patch.paypalEmail !== undefined) {
    const value = blankToNull(patch.paypalEmail);
    const e = value === null ? undefined : validateEmail(value, emailOptions(ctx));
    if (e) errors.push({ field: 'paypalEmail', key: e.key, message: 'Invalid PayPal Email Address' });
    else set('paypalEmail', user.paypalEmail, value);
  }
  for (const field of ['paypalFirstName', 'paypalLastName'] as const) {
    if (patch[field] === undefined) continue;
    const value = blankToNull(patch[field]);
    const e = value === null ? undefined : (required()(value) ?? textLimit('personName')(value) ?? payoutName(value));
    if (e) errors.push(fe(field, e));
    else set(field, user[field], value);
  }

  // The address withdrawals are paid to is trusted only as verified with PayPal (paypal.service.ts):
  // a change made here unlinks it until it is verified again.
  if (PAYPAL_FIELDS.some((f) => f in newValues)) data.paypalVerifiedAt = null;

  let updated = user;
  if (Object.keys(data).length) {
    updated = await ctx.prisma.user.update({ where: { id: user.id }, data });
    await recordAudit(ctx, { category: 'USER', subcategory: 'USER_EDITED', userId: user.id, entityType: 'User', entityId: user.id, oldValues: oldValues as Prisma.InputJsonValue, newValues: newValues as Prisma.InputJsonValue });
    if ('paypalEmail' in newValues) {
      await recordAudit(ctx, { category: 'USER', subcategory: 'PAYPAL_EMAIL_UPDATE', userId: user.id, oldValues: { paypalEmail: oldValues.paypalEmail ?? null }, newValues: { paypalEmail: newValues.paypalEmail ?? null } });
    }
  }
  if ('parentEmail' in newValues && updated.parentEmail && minor) await sendParentConsent(ctx, updated, updated.parentEmail);
  const profile = await presentProfile(ctx, updated);
  if (!updated.onboardingCompletedAt && profile.onboarding.firstIncompleteStep === null) {
    await ctx.prisma.user.update({ where: { id: user.id }, data: { onboardingCompletedAt: new Date() } });
  }
  return { profile, fieldErrors: errors };
}

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

/** Records acceptance of the distribution agreement (tax and agreement step). */
export async function acceptAgreement(ctx: AppContext): Promise<ProfileView> {
  const viewer = requireViewer(ctx.viewer);
  refuseWhileActing(viewer, 'consents');
  const user = await loadUser(ctx, viewer.userId);
  const updated = await ctx.prisma.user.update({ where: { id: user.id }, data: { agreementAcceptedAt: user.agreementAcceptedAt ?? new Date() } });
  if (!user.agreementAcceptedAt) {
    await recordAudit(ctx, { category: 'USER', subcategory: 'USER_EDITED', userId: user.id, oldValues: { agreementAcceptedAt: null }, newValues: { agreementAcceptedAt: updated.agreementAcceptedAt?.toISOString() ?? null } });
  }
  return presentProfile(ctx, updated);
}

/** The viewer's tax verification status, as the payout provider reports it (kept on the profile). */
export async function getTaxStatus(ctx: AppContext): Promise<{ taxVerificationStatus: User['taxVerificationStatus'] }> {
  const viewer = requireViewer(ctx.viewer);
  return { taxVerificationStatus: await refreshTaxStatus(ctx, viewer.userId) };
}

/** The viewer's active plan (FREE without a subscription). */
export async function getActiveSubscription(ctx: AppContext): Promise<{ planName: string } & Partial<PlanTerms>> {
  const viewer = requireViewer(ctx.viewer);
  const planName = await activePlanName(ctx, viewer.userId);
  return { planName, ...(await planTerms(ctx, planName)) };
}

/** A plan ("tier") by name, for the plan pages; unknown names are NOT_FOUND. */
export async function getTier(ctx: AppContext, tierName: string) {
  const name = tierName.toUpperCase();
  if (!isPlanName(name)) throw new DomainError('NOT_FOUND', 'No such tier');
  const plan = await ctx.prisma.plan.findUnique({ where: { name } });
  if (!plan) throw new DomainError('NOT_FOUND', 'No such tier');
  const { maxPrimaryArtists, maxTracks } = planLimits(name);
  return {
    name: plan.name,
    displayName: plan.displayName,
    description: plan.description,
    priceMinor: plan.priceMinor,
    currency: plan.currency,
    billingPeriod: plan.billingPeriod,
    primaryArtistLimit: plan.primaryArtistLimit || maxPrimaryArtists,
    trackLimit: plan.trackLimit || maxTracks,
    features: plan.features,
    ...(await planTerms(ctx, plan.name)),
  };
}

/**
 * Deletes the viewer's account when the release rule allows it: sessions end, personal data is
 * erased (the row is anonymised so accounting rows keep their reference), tokens and personal
 * tracking rows are deleted.
 */
export async function deleteAccount(ctx: AppContext): Promise<void> {
  const viewer = requireViewer(ctx.viewer);
  refuseWhileActing(viewer, 'account-deletion');
  const user = await loadUser(ctx, viewer.userId);
  const releases = await ctx.prisma.release.findMany({ where: { userId: user.id }, select: { status: true } });
  const statuses = releases.map((r) => ({ status: statusFromOrder(r.status) ?? 'LIVE' }));
  if (!canDeleteAccount(statuses)) throw new DomainError('FORBIDDEN', NOT_DELETABLE_MESSAGE, { key: 'account-not-deletable' });
  await recordAudit(ctx, { category: 'USER', subcategory: 'USER_REMOVED', userId: user.id, oldValues: { email: user.email } });
  const id = user.id;
  // The person's drafts (the only releases a deletable account can have) and their files are
  // personal data too: rows go in the transaction, stored objects right after it.
  const files = await ctx.prisma.storedFile.findMany({ where: { userId: id, kind: { in: ['TRACK', 'COVER_IMAGE'] } }, select: { id: true, storageKey: true } });
  await ctx.prisma.$transaction([
    ctx.prisma.release.deleteMany({ where: { userId: id } }),
    ctx.prisma.storedFile.deleteMany({ where: { id: { in: files.map((f) => f.id) } } }),
    ctx.prisma.session.deleteMany({ where: { OR: [{ userId: id }, { impersonatorId: id }] } }),
    ctx.prisma.apiToken.deleteMany({ where: { userId: id } }),
    ctx.prisma.emailToken.deleteMany({ where: { userId: id } }),
    ctx.prisma.inAppMessageDismissal.deleteMany({ where: { userId: id } }),
    ctx.prisma.webPushToken.deleteMany({ where: { userId: id } }),
    ctx.prisma.invitation.deleteMany({ where: { inviterId: id } }),
    ctx.prisma.trackedEvent.deleteMany({ where: { userId: id } }),
    ctx.prisma.marketingTracking.deleteMany({ where: { userId: id } }),
    ctx.prisma.outboxEmail.deleteMany({ where: { userId: id } }),
    ctx.prisma.user.update({
      where: { id },
      data: {
        email: `deleted-${id}@deleted.invalid`,
        emailNormalized: `deleted-${id}@deleted.invalid`,
        passwordHash: null,
        firstName: null,
        lastName: null,
        birthday: null,
        country: null,
        state: null,
        city: null,
        address1: null,
        address2: null,
        postalCode: null,
        primaryArtists: [],
        parentEmail: null,
        paypalEmail: null,
        paypalFirstName: null,
        paypalLastName: null,
        userMetadata: {},
        deletedAt: new Date(),
      },
    }),
  ]);
  const storage = storageFor(ctx.config);
  await Promise.all(
    files.map((f) => storage.delete(f.storageKey).catch((err: unknown) => ctx.logger.warn('could not delete a stored file of a deleted account', { key: f.storageKey, err: err as Error }))),
  );
  await signOut(ctx);
}

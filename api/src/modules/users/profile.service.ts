/**
 * The profile's partial updates (on-boarding and settings): names, birthday, address, artists, PayPal fields and the agreements.
 */
import type { AppContext } from '../../context.ts';
import { DomainError, type FieldError } from '../../domain-error.ts';
import type { Prisma, User } from '../../generated/prisma/client.ts';
import { isBlockedByAge, isMinor } from '@cadence/domain/age';
import { ADDRESS_FIELDS, normalizeAddress, validateAddressField, type AddressField, type AddressInput } from '@cadence/domain/address';
import { requiresState } from '@cadence/domain/countries';
import { toIsoDate } from '@cadence/domain/date-string';
import { validateEmail, validateParentEmail } from '@cadence/domain/email';
import { LOCKED_BIRTHDAY_TEXT, validateBirthday, validateFirstName, validateLastName, validateProfileArtistName } from '@cadence/domain/profile';
import { payoutName, required, validateArtistsList } from '@cadence/domain/validators';
import { planLimits, isPlanName } from '@cadence/domain/plans';
import { recordAudit } from '../audit/audit.service.ts';
import { requireSignupCaptcha } from '../captcha/captcha.service.ts';
import { activePlanName, dateOnly, isCaptchaPending, presentProfile, type ProfileView } from './profile.ts';
import { requireViewer } from './users.policy.ts';
import { refuseWhileActing } from '../support/impersonation.policy.ts';
import { LIST_LIMITS, TEXT_LIMITS } from '@cadence/domain/text-limits';
import { textLimit } from '@cadence/domain/text-limit-checks';
import { assertWithinLimits } from '../../input-limits.ts';

import { emailOptions, fe, loadUser, today } from './users.service.ts';
import { minorConsentErrors, refuseUnder13, sendParentConsent } from './sign-up.service.ts';


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

/** Hard limits checked before anything else (400 naming the field), against oversized payloads. */
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

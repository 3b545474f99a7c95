/** The profile as both transports present it (core §3 / supporting §3 fields, camelCase). */
import type { AppContext, Viewer } from '../../context.ts';
import type { User } from '../../generated/prisma/client.ts';
import { utcDate } from '@cadence/domain/date-string';
import { onboardingOf, type OnboardingView } from '../onboarding/onboarding.service.ts';
import { canChangeEmail, canChangePassword, canDeleteOwnAccount, canWithdraw } from './users.policy.ts';

export interface ProfileView {
  id: string;
  email: string;
  emailVerified: boolean;
  notValidEmail: boolean;
  firstName: string | null;
  lastName: string | null;
  birthday: string | null;
  birthdayDisabled: boolean;
  country: string | null;
  state: string | null;
  city: string | null;
  address1: string | null;
  address2: string | null;
  postalCode: string | null;
  primaryArtists: string[];
  distributionAgreement: boolean;
  privacyPolicyAgreement: boolean;
  parentEmail: string | null;
  parentConsentConfirmed: boolean;
  paypalEmail: string | null;
  paypalFirstName: string | null;
  paypalLastName: string | null;
  activeSubscription: string;
  taxVerificationStatus: User['taxVerificationStatus'];
  isAnalyticsDisabled: boolean;
  role: User['role'];
  status: User['status'];
  isLocked: boolean;
  agreementAcceptedAt: Date | null;
  userMetadata: unknown;
  onboarding: OnboardingView;
  /** On-boarding step 1 asks for a sign-up captcha (see isCaptchaPending). */
  needsCaptcha: boolean;
  impersonatedBy: { id: string; email: string; name: string } | null;
  viewerCan: { changePassword: boolean; changeEmail: boolean; withdraw: boolean; deleteAccount: boolean };
}

/** The calendar date of a DATE column ('YYYY-MM-DD'). */
export function dateOnly(value: Date | null): string | null {
  return value ? value.toISOString().slice(0, 10) : null;
}

/** The plan name of the user's current subscription, FREE without one. */
export async function activePlanName(ctx: AppContext, userId: string, now = new Date()): Promise<string> {
  const sub = await ctx.prisma.subscription.findFirst({
    // PAST_DUE keeps the plan through its grace period (the renewal job downgrades it after).
    where: { userId, OR: [{ status: 'PAST_DUE' }, { status: 'ACTIVE', OR: [{ currentPeriodEnd: null }, { currentPeriodEnd: { gt: now } }] }] },
    orderBy: { currentPeriodStart: 'desc' },
    select: { planName: true },
  });
  return sub?.planName ?? 'FREE';
}

/**
 * With the sign-up captcha on, an account still in on-boarding that never answered one (made while
 * it was off, or by other means than sign-up) answers it at on-boarding step 1.
 */
export function isCaptchaPending(ctx: AppContext, user: Pick<User, 'captchaPassedAt' | 'onboardingCompletedAt'>): boolean {
  return ctx.config.signupCaptcha && user.captchaPassedAt === null && user.onboardingCompletedAt === null;
}

/** Builds the profile of `user` as seen by `viewer` (permissions and the impersonation banner). */
export async function presentProfile(ctx: AppContext, user: User, viewer: Viewer | null = ctx.viewer): Promise<ProfileView> {
  const birthday = dateOnly(user.birthday);
  const needsCaptcha = isCaptchaPending(ctx, user);
  let impersonatedBy: ProfileView['impersonatedBy'] = null;
  if (viewer?.impersonatorId && viewer.userId === user.id) {
    const staff = await ctx.prisma.user.findUnique({ where: { id: viewer.impersonatorId }, select: { id: true, email: true, firstName: true, lastName: true } });
    if (staff) impersonatedBy = { id: staff.id, email: staff.email, name: [staff.firstName, staff.lastName].filter(Boolean).join(' ') || staff.email };
  }
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    notValidEmail: user.notValidEmail,
    firstName: user.firstName,
    lastName: user.lastName,
    birthday,
    birthdayDisabled: user.birthdayDisabled,
    country: user.country,
    state: user.state,
    city: user.city,
    address1: user.address1,
    address2: user.address2,
    postalCode: user.postalCode,
    primaryArtists: user.primaryArtists,
    distributionAgreement: user.distributionAgreement,
    privacyPolicyAgreement: user.privacyPolicyAgreement,
    parentEmail: user.parentEmail,
    parentConsentConfirmed: user.parentConsentAt !== null,
    paypalEmail: user.paypalEmail,
    paypalFirstName: user.paypalFirstName,
    paypalLastName: user.paypalLastName,
    activeSubscription: await activePlanName(ctx, user.id),
    taxVerificationStatus: user.taxVerificationStatus,
    isAnalyticsDisabled: user.isAnalyticsDisabled,
    role: user.role,
    status: user.status,
    isLocked: user.isLocked,
    agreementAcceptedAt: user.agreementAcceptedAt,
    userMetadata: user.userMetadata,
    onboarding: onboardingOf({ ...user, birthday, captchaPending: needsCaptcha }, utcDate(new Date())),
    needsCaptcha,
    impersonatedBy,
    viewerCan: {
      changePassword: canChangePassword(viewer),
      changeEmail: canChangeEmail(viewer),
      withdraw: canWithdraw(viewer),
      deleteAccount: canDeleteOwnAccount(viewer),
    },
  };
}

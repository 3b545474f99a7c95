/** GraphQL: the viewer's profile, sign-up, profile updates, email and password flows, deletion. */
import { TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';
import { builder } from '../../graphql/builder.ts';
import type { FieldError } from '../../domain-error.ts';
import type { BillingPeriod } from '../../generated/prisma/client.ts';
import type { OnboardingView } from '../onboarding/onboarding.service.ts';
import type { ProfileView } from './profile.ts';
import { acceptAgreement, getTier } from './consent.service.ts';
import { changePassword, confirmEmail, confirmEmailChange, requestEmailChange, requestPasswordReset, resendVerificationEmail, resetPassword } from './credentials.service.ts';
import { deleteAccount } from './deletion.service.ts';
import { updateProfile } from './profile.service.ts';
import { confirmParentConsent, signUp } from './sign-up.service.ts';
import { getViewerProfile } from './users.service.ts';
import { requireViewer } from './users.policy.ts';

export const UserRoleEnum = builder.enumType('UserRole', {
  description: 'What an account may do on the platform.',
  values: {
    USER: { description: 'An artist or label account: its own catalog, earnings and plan.' },
    SUPPORT: { description: 'Staff who can act as a user to help them.' },
    ADMIN: { description: 'Staff with the administration pages.' },
  } as const,
});
export const AccountStatusEnum = builder.enumType('AccountStatus', {
  description: 'active, blocked or super_blocked (core §3). Blocked accounts reach only /disabled.',
  values: {
    ACTIVE: { description: 'The account works normally.' },
    BLOCKED: { description: 'Blocked by staff; the person reaches only /disabled.' },
    SUPER_BLOCKED: { description: 'Blocked with no way back (fraud); the person reaches only /disabled.' },
  } as const,
});
export const TaxVerificationStatusEnum = builder.enumType('TaxVerificationStatus', {
  description: 'Where the tax verification (the tax form needed before withdrawals) stands.',
  values: {
    NOT_REQUIRED: { description: 'No tax form is needed yet.' },
    REQUIRED: { description: 'A tax form must be submitted before withdrawing.' },
    FAILED: { description: 'The submitted form was rejected; submit it again.' },
    UNDER_REVIEW: { description: 'A form was submitted and is being checked.' },
    VERIFIED: { description: 'The tax form is accepted.' },
  } as const,
});

export const ProfileFieldError = builder.objectRef<FieldError>('ProfileFieldError').implement({
  description: "One field that was not saved: the spec's error key and message.",
  fields: (t) => ({ field: t.exposeString('field'), key: t.exposeString('key'), message: t.exposeString('message') }),
});

const Onboarding = builder.objectRef<OnboardingView>('Onboarding').implement({
  description: 'On-boarding completion (core §4); the guard sends the user to firstIncompleteStep.',
  fields: (t) => ({
    name: t.exposeBoolean('name', { description: 'Step 1 (name and artist name) is complete.' }),
    contacts: t.exposeBoolean('contacts', { description: 'Step 2 (contact details) is complete.' }),
    distribution: t.exposeBoolean('distribution', { description: 'Step 3 (distribution details and agreement) is complete.' }),
    firstIncompleteStep: t.exposeInt('firstIncompleteStep', { nullable: true, description: '1 Name, 2 Contact, 3 Distribution; null when complete.' }),
  }),
});

const Impersonator = builder.objectRef<NonNullable<ProfileView['impersonatedBy']>>('Impersonator').implement({
  description: 'The support agent acting as this user (shown in the impersonation banner).',
  fields: (t) => ({ id: t.exposeID('id', { description: 'The agent.' }), email: t.exposeString('email', { description: "The agent's email." }), name: t.exposeString('name', { description: "The agent's name." }) }),
});

const ProfileAbilities = builder.objectRef<ProfileView['viewerCan']>('ProfileAbilities').implement({
  description: 'What the viewer may do with this account (false while support acts as the user).',
  fields: (t) => ({
    changePassword: t.exposeBoolean('changePassword', { description: 'May change the password.' }),
    changeEmail: t.exposeBoolean('changeEmail', { description: 'May change the email address.' }),
    withdraw: t.exposeBoolean('withdraw', { description: 'May withdraw money.' }),
    deleteAccount: t.exposeBoolean('deleteAccount', { description: 'May delete the account.' }),
  }),
});

export const Profile = builder.objectRef<ProfileView>('Profile').implement({
  description: "The signed-in user's profile (core §3, supporting §3).",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The account.' }),
    email: t.exposeString('email', { description: 'The email address, as typed.' }),
    emailVerified: t.exposeBoolean('emailVerified', { description: 'The email address was confirmed through the mailed link.' }),
    notValidEmail: t.exposeBoolean('notValidEmail', { description: 'Mail bounced: show the invalid-email notice.' }),
    firstName: t.exposeString('firstName', { description: 'First name.', nullable: true }),
    lastName: t.exposeString('lastName', { description: 'Last name.', nullable: true }),
    birthday: t.expose('birthday', { description: 'Date of birth.', type: 'Date', nullable: true }),
    birthdayDisabled: t.exposeBoolean('birthdayDisabled', { description: "Locked birthday: 'contact us to change this date'." }),
    country: t.exposeString('country', { description: 'ISO 3166-1 alpha-2 country of the address.', nullable: true }),
    state: t.exposeString('state', { description: 'State, province or region.', nullable: true }),
    city: t.exposeString('city', { description: 'City.', nullable: true }),
    address1: t.exposeString('address1', { description: 'Street address.', nullable: true }),
    address2: t.exposeString('address2', { description: 'Apartment, suite or floor.', nullable: true }),
    postalCode: t.exposeString('postalCode', { description: 'Postal or ZIP code.', nullable: true }),
    primaryArtists: t.exposeStringList('primaryArtists', { description: 'The first entry is the artist name shown.' }),
    distributionAgreement: t.exposeBoolean('distributionAgreement', { description: 'Accepted the distribution agreement.' }),
    privacyPolicyAgreement: t.exposeBoolean('privacyPolicyAgreement', { description: 'Accepted the privacy policy.' }),
    parentEmail: t.exposeString('parentEmail', { description: 'A parent\'s or guardian\'s email, for users under 18.', nullable: true }),
    parentConsentConfirmed: t.exposeBoolean('parentConsentConfirmed', { description: 'The parent opened the consent link mailed to parentEmail.' }),
    paypalEmail: t.exposeString('paypalEmail', { description: 'The linked PayPal email.', nullable: true }),
    paypalFirstName: t.exposeString('paypalFirstName', { description: 'First name on the linked PayPal account.', nullable: true }),
    paypalLastName: t.exposeString('paypalLastName', { description: 'Last name on the linked PayPal account.', nullable: true }),
    activeSubscription: t.exposeString('activeSubscription', { description: 'Plan name of the active subscription; FREE without one.' }),
    taxVerificationStatus: t.expose('taxVerificationStatus', { description: 'Where the tax verification stands.', type: TaxVerificationStatusEnum }),
    isAnalyticsDisabled: t.exposeBoolean('isAnalyticsDisabled', { description: 'True until the user has a published release (the sales and trends pages are empty).' }),
    role: t.expose('role', { description: 'USER, SUPPORT or ADMIN.', type: UserRoleEnum }),
    status: t.expose('status', { description: 'Whether the account is active or blocked.', type: AccountStatusEnum }),
    isLocked: t.exposeBoolean('isLocked', { description: 'Locked after failed sign-ins: the client sends the user to /captcha.' }),
    agreementAcceptedAt: t.expose('agreementAcceptedAt', { description: 'When the current agreement was accepted.', type: 'DateTime', nullable: true }),
    onboarding: t.field({ description: 'Which on-boarding steps are complete.', type: Onboarding, resolve: (p) => p.onboarding }),
    needsCaptcha: t.exposeBoolean('needsCaptcha', {
      description:
        "The sign-up captcha is on and this account, still on-boarding, never answered one: step 1 shows a 'signup' captcha, answered through updateProfile(captchaCode); until then onboarding.name is false.",
    }),
    impersonatedBy: t.field({ description: 'The support agent acting as this user, or null.', type: Impersonator, nullable: true, resolve: (p) => p.impersonatedBy }),
    viewerCan: t.field({ description: 'What the viewer may do with this account.', type: ProfileAbilities, resolve: (p) => p.viewerCan }),
  }),
});




interface TierShape {
  name: string;
  displayName: string;
  description: string | null;
  priceMinor: number;
  currency: string;
  billingPeriod: BillingPeriod;
  primaryArtistLimit: number;
  trackLimit: number;
  features: string[];
}
/** How often a plan is paid (Plan and Tier); REST answers the same upper-case words. */
export const BillingPeriodEnum = builder.enumType('BillingPeriod', {
  description: 'How often a plan is paid for.',
  values: {
    ANNUAL: { description: 'Once a year.' },
    MONTHLY: { description: 'Once a month.' },
    NONE: { description: 'No period: a plan that costs nothing and does not renew.' },
  } as const satisfies Record<BillingPeriod, { description: string }>,
});

const Tier = builder.objectRef<TierShape>('Tier').implement({
  description: 'A plan as GET /api/tier/{tierName} shows it.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The plan’s name (VIP, FREE, ...), in capitals.' }),
    displayName: t.exposeString('displayName', { description: 'The plan’s name as shown to people.' }),
    description: t.exposeString('description', { nullable: true, description: 'A sentence on what the plan is for; null when none is written.' }),
    priceMinor: t.exposeInt('priceMinor', { description: 'Price in minor units (cents).' }),
    currency: t.exposeString('currency', { description: 'ISO 4217 code of the price (USD).' }),
    billingPeriod: t.expose('billingPeriod', { type: BillingPeriodEnum, description: 'How often the plan is paid: ANNUAL, MONTHLY or NONE.' }),
    primaryArtistLimit: t.exposeInt('primaryArtistLimit', { description: 'How many primary artists the plan allows (the plan’s own limit, or the default for its name).' }),
    trackLimit: t.exposeInt('trackLimit', { description: 'Recordings per primary artist the plan allows.' }),
    features: t.exposeStringList('features', { description: 'What the plan includes, one line each, in display order.' }),
  }),
});

builder.queryFields((t) => ({
  viewer: t.field({
    type: Profile,
    nullable: true,
    description: 'The signed-in user (or the user support is acting as); null when signed out.',
    resolve: (_r, _a, ctx) => (ctx.viewer ? getViewerProfile(ctx) : null),
  }),
  tier: t.field({
    type: Tier,
    description: 'One plan by name, as GET /api/tier/{tierName} shows it; NOT_FOUND for an unknown name.',
    args: { name: t.arg.string({ required: true, description: 'The plan’s name, in any case (vip or VIP).' }) },
    resolve: (_r, a, ctx) => getTier(ctx, a.name) }),
}));

const pw = limitDescription(TEXT_LIMITS.password);
const mailedToken = 'The token from the mailed link.';

builder.relayMutationField(
  'signUp',
  {
    inputFields: (t) => ({
      email: t.string({ required: true, description: limitDescription(TEXT_LIMITS.email) }),
      password: t.string({ required: true, description: limitDescription(TEXT_LIMITS.password) }),
      firstName: t.string({ description: limitDescription(TEXT_LIMITS.personName) }),
      lastName: t.string({ description: limitDescription(TEXT_LIMITS.personName) }),
      birthday: t.string({ description: 'YYYY-MM-DD or MM/DD/YYYY.' }),
      distributionAgreement: t.boolean(),
      privacyPolicyAgreement: t.boolean(),
      parentEmail: t.string({ description: limitDescription(TEXT_LIMITS.email) }),
      captchaCode: t.string({ description: "The ALTCHA widget's payload for a solved 'signup' challenge; required when the sign-up captcha is on (clientConfig.signupCaptcha)." }),
      campaignId: t.string({ description: limitDescription(TEXT_LIMITS.label) }),
      templateId: t.string({ description: limitDescription(TEXT_LIMITS.label) }),
    }),
  },
  {
    description: 'Creates the account, mails the verification link and signs in (sets the session cookie).',
    resolve: async (_r, { input }, ctx) => ({ viewer: await signUp(ctx, input) }),
  },
  { description: 'The new account, signed in.', outputFields: (t) => ({ viewer: t.field({ type: Profile, description: 'The new account.', resolve: (p) => p.viewer }) }) },
);

builder.relayMutationField(
  'updateProfile',
  {
    description: 'Only the fields present are considered; null clears a field (state, address2, parentEmail, paypal*).',
    inputFields: (t) => ({
      firstName: t.string({ description: limitDescription(TEXT_LIMITS.personName) }),
      lastName: t.string({ description: limitDescription(TEXT_LIMITS.personName) }),
      birthday: t.string(),
      primaryArtists: t.stringList({ description: `Each ${limitDescription(TEXT_LIMITS.artistName).toLowerCase()}` }),
      country: t.string({ description: limitDescription(TEXT_LIMITS.code) }),
      state: t.string({ description: limitDescription(TEXT_LIMITS.code) }),
      city: t.string({ description: limitDescription(TEXT_LIMITS.city) }),
      address1: t.string({ description: limitDescription(TEXT_LIMITS.addressLine) }),
      address2: t.string({ description: limitDescription(TEXT_LIMITS.addressLine) }),
      postalCode: t.string({ description: limitDescription(TEXT_LIMITS.postalCode) }),
      distributionAgreement: t.boolean(),
      privacyPolicyAgreement: t.boolean(),
      parentEmail: t.string({ description: limitDescription(TEXT_LIMITS.email) }),
      paypalEmail: t.string({ description: limitDescription(TEXT_LIMITS.email) }),
      paypalFirstName: t.string({ description: limitDescription(TEXT_LIMITS.personName) }),
      paypalLastName: t.string({ description: limitDescription(TEXT_LIMITS.personName) }),
      captchaCode: t.string({ description: "While profile.needsCaptcha: the ALTCHA widget's payload for a solved 'signup' challenge (a missing or wrong one is a field error)." }),
    }),
  },
  { authScopes: { signedIn: true }, resolve: (_r, { input }, ctx) => updateProfile(ctx, input) },
  {
    description: 'The profile after applying the valid changed fields, and the fields that were refused.',
    outputFields: (t) => ({
      viewer: t.field({ type: Profile, resolve: (p) => p.profile }),
      fieldErrors: t.field({ type: [ProfileFieldError], resolve: (p) => p.fieldErrors }),
    }),
  },
);

builder.relayMutationField(
  'requestPasswordReset',
  { inputFields: (t) => ({ email: t.string({ required: true, description: 'The address the account signs in with.' }) }) },
  {
    description: 'Mails a reset link to /reset-password?token=… when the address has an account; always answers requested: true.',
    resolve: async (_r, { input }, ctx) => {
      await requestPasswordReset(ctx, input.email);
      return { requested: true };
    },
  },
  { outputFields: (t) => ({ requested: t.exposeBoolean('requested', { description: 'Always true, whether or not the address has an account.' }) }) },
);

builder.relayMutationField(
  'resetPassword',
  { inputFields: (t) => ({ token: t.string({ required: true, description: mailedToken }), password: t.string({ required: true, description: `The new password. ${pw}` }) }) },
  {
    description: 'Sets a new password with the token of a mailed reset link.',
    resolve: async (_r, { input }, ctx) => {
      await resetPassword(ctx, input.token, input.password);
      return { changed: true };
    },
  },
  { outputFields: (t) => ({ changed: t.exposeBoolean('changed', { description: 'True once the new password is saved.' }) }) },
);

builder.relayMutationField(
  'changePassword',
  { inputFields: (t) => ({ currentPassword: t.string({ required: true, description: 'The password in use.' }), newPassword: t.string({ required: true, description: `The new password. ${pw}` }) }) },
  {
    authScopes: { signedIn: true },
    description: 'Changes the signed-in viewer’s password.',
    resolve: async (_r, { input }, ctx) => {
      await changePassword(ctx, input.currentPassword, input.newPassword);
      return { changed: true };
    },
  },
  { outputFields: (t) => ({ changed: t.exposeBoolean('changed', { description: 'True once the new password is saved.' }) }) },
);

builder.relayMutationField(
  'requestEmailChange',
  { inputFields: (t) => ({ newEmail: t.string({ required: true, description: limitDescription(TEXT_LIMITS.email) }) }) },
  {
    authScopes: { signedIn: true },
    description: 'Mails a confirmation link to the new address.',
    resolve: (_r, { input }, ctx) => requestEmailChange(ctx, input.newEmail),
  },
  { outputFields: (t) => ({ message: t.exposeString('message', { description: "'Change Email request has been sent. Please check your {email} email'." }) }) },
);


for (const [name, confirm, description] of [
  ['confirmEmail', confirmEmail, 'Confirms the account’s address with the token of the mailed verification link.'],
  ['confirmParentConsent', confirmParentConsent, 'The parent or guardian confirms consent from the link mailed to them (/parent-consent?token=…).'],
  ['confirmEmailChange', confirmEmailChange, 'Moves the account to the new address with the token mailed to it.'],
] as const) {
  builder.relayMutationField(
    name,
    { inputFields: (t) => ({ token: t.string({ required: true, description: mailedToken }) }) },
    {
      description,
      resolve: async (_r, { input }, ctx) => {
        await confirm(ctx, input.token);
        return { confirmed: true };
      },
    },
    { outputFields: (t) => ({ confirmed: t.exposeBoolean('confirmed', { description: 'True once the token was accepted.' }) }) },
  );
}

builder.relayMutationField(
  'resendVerificationEmail',
  null,
  {
    authScopes: { signedIn: true },
    description: 'Mails the verification link again.',
    resolve: async (_r, _a, ctx) => {
      await resendVerificationEmail(ctx);
      return { sent: true };
    },
  },
  { outputFields: (t) => ({ sent: t.exposeBoolean('sent', { description: 'True once the mail is queued.' }) }) },
);

builder.relayMutationField(
  'acceptAgreement',
  null,
  { authScopes: { signedIn: true }, description: 'Accepts the current distribution agreement.', resolve: async (_r, _a, ctx) => ({ viewer: await acceptAgreement(ctx) }) },
  { outputFields: (t) => ({ viewer: t.field({ type: Profile, description: 'The profile with the agreement accepted.', resolve: (p) => p.viewer }) }) },
);

builder.relayMutationField(
  'deleteAccount',
  null,
  {
    authScopes: { signedIn: true },
    description: 'Allowed only when every release is NOT_COMPLETED or BEFORE_CREATED; ends sessions and erases personal data.',
    resolve: async (_r, _a, ctx) => {
      const deletedUserId = requireViewer(ctx.viewer).userId;
      await deleteAccount(ctx);
      return { deletedUserId };
    },
  },
  { outputFields: (t) => ({ deletedUserId: t.exposeID('deletedUserId', { description: 'The erased account.' }) }) },
);

/** OpenAPI declarations of the account paths (core §7; http/openapi.ts reads them into /api/openapi.json). */
import { documentRoutes, fromStruct, type JsonSchema } from '../../http/openapi.ts';
import { ChangePasswordBody, EmailBody, LoginBody, NewEmailBody, ProfileBody, ResetConfirmBody, SignUpBody, TokenBody } from './users.rest.ts';

const str = { type: 'string' };
const strOrNull = { type: ['string', 'null'] };
const bool = { type: 'boolean' };
const obj = (properties: Record<string, JsonSchema>, extra: JsonSchema = {}): JsonSchema => ({ type: 'object', required: Object.keys(properties), properties, ...extra });
const taxStatus = { enum: ['NOT_REQUIRED', 'REQUIRED', 'FAILED', 'UNDER_REVIEW', 'VERIFIED'] };
const success = obj({ success: { const: true } });

/** The signed-in user's profile, as sign-in, GET and PUT current-user-info answer it. */
const profile = obj({
  id: str,
  email: str,
  emailVerified: bool,
  notValidEmail: { ...bool, description: 'Mail to this address bounced: the client asks for a new one.' },
  firstName: strOrNull,
  lastName: strOrNull,
  birthday: { ...strOrNull, format: 'date' },
  birthdayDisabled: bool,
  country: strOrNull,
  state: strOrNull,
  city: strOrNull,
  address1: strOrNull,
  address2: strOrNull,
  postalCode: strOrNull,
  primaryArtists: { type: 'array', items: str },
  distributionAgreement: bool,
  privacyPolicyAgreement: bool,
  parentEmail: strOrNull,
  parentConsentConfirmed: bool,
  paypalEmail: strOrNull,
  paypalFirstName: strOrNull,
  paypalLastName: strOrNull,
  activeSubscription: { ...str, description: 'The plan name (e.g. FREE, VIP).' },
  taxVerificationStatus: taxStatus,
  isAnalyticsDisabled: bool,
  role: { enum: ['USER', 'SUPPORT', 'ADMIN'] },
  status: { enum: ['ACTIVE', 'BLOCKED', 'SUPER_BLOCKED'] },
  isLocked: bool,
  agreementAcceptedAt: { type: ['string', 'null'], format: 'date-time' },
  userMetadata: { description: 'Free-form settings the client keeps.' },
  onboarding: obj({ name: bool, contacts: bool, distribution: bool, firstIncompleteStep: { type: ['integer', 'null'], description: '1 Name, 2 Contact, 3 Distribution; null when complete.' } }),
  needsCaptcha: bool,
  impersonatedBy: { oneOf: [obj({ id: str, email: str, name: str }), { type: 'null' }] },
  viewerCan: obj({ changePassword: bool, changeEmail: bool, withdraw: bool, deleteAccount: bool }),
});
const planTerms: Record<string, JsonSchema> = {
  price: { ...str, description: 'A decimal amount with 2 places ("20.00").' },
  priceMinor: { type: 'integer' },
  currency: str,
  period: { ...str, description: "'annual', or 'none' for plans without a period." },
  renewalDate: strOrNull,
  autoRenew: bool,
  status: strOrNull,
  currentPeriodEnd: strOrNull,
};
const profileRefused = 'Some fields were refused (BAD_USER_INPUT with fieldErrors, and `user`: the profile with the valid fields saved).';
const badToken = 'The link is unknown, expired or was already used.';

documentRoutes({
  'POST /api/auth/login': {
    summary: 'Signs in with email and password (starts a browser session)',
    description: 'After repeated failures the account is locked until a captcha is solved (423 LOCKED); a blocked account is a 403 with key account-blocked.',
    body: fromStruct(LoginBody),
    response: { status: 200, schema: profile },
    errors: { 423: 'Too many failed attempts: solve the captcha (LOCKED).' },
  },
  'POST /api/auth/logout': { summary: 'Signs out (ends the browser session)', response: { status: 200, schema: success } },
  'GET /api/auth/logout': { summary: 'Signs out; legacy path, only from our own pages', response: { status: 200, schema: success } },
  'POST /api/users': {
    summary: 'Signs up',
    description: 'Under 13 is refused; under 18 needs parentEmail (the parent confirms by mail). A captcha code may be required.',
    body: fromStruct(SignUpBody),
    response: { status: 201, schema: profile },
    errors: { 409: 'The email is taken.' },
  },
  'GET /api/users/current-user-info': { summary: "The signed-in user's profile", response: { status: 200, schema: profile } },
  'PUT /api/users/current-user-info': {
    summary: 'Changes profile fields (partial)',
    description: 'Only the fields sent change; valid fields are saved even when others are refused (400 lists them). `state: null` clears the state; birthday is YYYY-MM-DD.',
    body: fromStruct(ProfileBody),
    response: { status: 200, schema: profile },
    errors: { 400: profileRefused },
  },
  'POST /api/users/primary-artists': {
    summary: "Sets the user's primary artists",
    description: 'The body is the list of names, or {primaryArtists: [...]}; the plan limits how many.',
    body: { anyOf: [{ type: 'array', items: str, maxItems: 50 }, obj({ primaryArtists: { type: 'array', items: str, maxItems: 50 } }, { additionalProperties: false })] },
    response: { status: 200, schema: profile },
    errors: { 400: profileRefused },
  },
  'GET /api/users/check-token': {
    summary: 'Whether the session or token is valid',
    response: { status: 200, schema: { type: 'object', required: ['valid'], properties: { valid: { const: true }, status: { const: 'locked', description: 'The account is locked: the client sends the user to /captcha.' } } } },
  },
  'POST /api/users/reset-password': { summary: 'Mails a password reset link (the same answer whether or not the address is known)', body: fromStruct(EmailBody), response: { status: 200, schema: success } },
  'POST /api/users/reset-password/confirm': { summary: 'Sets a new password with a reset link token', body: fromStruct(ResetConfirmBody), response: { status: 200, schema: success }, errors: { 400: `${badToken} Or the password is too short.` } },
  'POST /api/users/change-password': { summary: 'Changes the password (the current one is checked)', body: fromStruct(ChangePasswordBody), response: { status: 200, schema: success } },
  'POST /api/users/verification-email': { summary: 'Sends the email verification mail again', response: { status: 200, schema: success } },
  'POST /api/users/verify-email': { summary: 'Confirms the email address with the mailed token', body: fromStruct(TokenBody), response: { status: 200, schema: success }, errors: { 400: badToken } },
  'POST /api/users/update-email': {
    summary: 'Asks to change the email address (a link is mailed to the new one)',
    body: fromStruct(NewEmailBody),
    response: { status: 200, schema: { const: true } },
    errors: { 409: { description: "The address belongs to another account: the body is the JSON string 'User exists' (core §8), not the error object.", schema: { const: 'User exists' } } },
  },
  'POST /api/users/confirm-email-change': { summary: 'Confirms an email change with the mailed token', body: fromStruct(TokenBody), response: { status: 200, schema: success }, errors: { 400: badToken } },
  'POST /api/users/parent-consent': { summary: "A parent confirms a minor's account with the mailed token", body: fromStruct(TokenBody), response: { status: 200, schema: success }, errors: { 400: badToken } },
  'DELETE /api/users/me': { summary: "Deletes the signed-in user's account", description: 'Refused while a release is in stores or being delivered.', response: { status: 200, schema: success }, errors: { 409: 'The account cannot be deleted yet (a release is live or in progress).' } },
  'GET /api/users/tax-status': { summary: "The user's tax verification status", response: { status: 200, schema: obj({ taxVerificationStatus: taxStatus }) } },
  'POST /api/users/accept-agreement': { summary: 'Accepts the distribution agreement', response: { status: 200, schema: profile } },
  'GET /api/users/active-subscription': {
    summary: "The user's plan and its terms",
    response: { status: 200, schema: { type: 'object', required: ['planName'], properties: { planName: str, ...planTerms } } },
  },
  'GET /api/tier/:tierName': {
    summary: 'A plan (tier) by name, with its limits and, for the signed-in user, its terms',
    response: {
      status: 200,
      schema: {
        type: 'object',
        required: ['name', 'displayName', 'description', 'priceMinor', 'currency', 'billingPeriod', 'primaryArtistLimit', 'trackLimit', 'features'],
        properties: { name: str, displayName: str, description: strOrNull, priceMinor: { type: 'integer' }, currency: str, billingPeriod: { enum: ['MONTHLY', 'ANNUAL', 'NONE'] }, primaryArtistLimit: { type: 'integer' }, trackLimit: { type: 'integer' }, features: { type: 'array', items: str }, ...planTerms },
      },
    },
    errors: { 404: 'No such tier.' },
  },
});

/** Legacy REST paths for accounts (core §7): parse, call the service, present. */
import { Router, type Response } from 'express';
import { array, boolean, nullable, object, optional, size, string, union } from 'superstruct';
import { USER_EXISTS_BODY } from '@cadence/domain/email';
import { DomainError } from '../../domain-error.ts';
import { handler, LISTED, signedIn, validate, pathParam } from '../../http/rest-helpers.ts';
import { sameOriginOnly } from '../../http/auth.ts';
import { signIn, signOut } from '../auth/auth.service.ts';
import { acceptAgreement, getActiveSubscription, getTaxStatus, getTier } from './consent.service.ts';
import { changePassword, confirmEmail, confirmEmailChange, requestEmailChange, requestPasswordReset, resendVerificationEmail, resetPassword } from './credentials.service.ts';
import { deleteAccount } from './deletion.service.ts';
import { updateProfile, type ProfilePatchInput } from './profile.service.ts';
import { confirmParentConsent, signUp } from './sign-up.service.ts';
import { checkToken, getViewerProfile } from './users.service.ts';
import type { ProfileView } from './profile.ts';
import type { FieldError } from '../../domain-error.ts';

const text = () => optional(nullable(string()));
const flag = () => optional(nullable(boolean()));

export const LoginBody = object({ username: string(), password: string(), rememberMe: optional(boolean()), captchaCode: optional(string()) });
export const SignUpBody = object({
  email: string(),
  password: string(),
  firstName: text(),
  lastName: text(),
  birthday: text(),
  distributionAgreement: flag(),
  privacyPolicyAgreement: flag(),
  parentEmail: text(),
  captchaCode: text(),
  campaignId: text(),
  templateId: text(),
});
export const ProfileBody = object({
  firstName: text(),
  lastName: text(),
  birthday: text(),
  primaryArtists: optional(nullable(array(string()))),
  country: text(),
  state: text(),
  city: text(),
  address1: text(),
  address2: text(),
  postalCode: text(),
  distributionAgreement: flag(),
  privacyPolicyAgreement: flag(),
  parentEmail: text(),
  paypalEmail: text(),
  paypalFirstName: text(),
  paypalLastName: text(),
  captchaCode: text(),
  // Legacy snake_case names of the PayPal fields (supporting §3).
  paypal_email: text(),
  paypal_first_name: text(),
  paypal_last_name: text(),
});
export const EmailBody = object({ email: string() });
export const NewEmailBody = object({ newEmail: string() });
export const TokenBody = object({ token: string() });
export const ResetConfirmBody = object({ token: string(), password: string() });
export const ChangePasswordBody = object({ currentPassword: string(), newPassword: string() });
const PrimaryArtistsBody = union([size(array(string()), 0, 50), object({ primaryArtists: size(array(string()), 0, 50) })]);

/** Profile update answer: 200 with the profile, or 400 listing refused fields (valid ones are saved). */
function presentUpdate(res: Response, result: { profile: ProfileView; fieldErrors: FieldError[] }) {
  if (result.fieldErrors.length === 0) return result.profile;
  res.status(400).json({ code: 'BAD_USER_INPUT', message: result.fieldErrors.map((e) => e.message).join('; '), fieldErrors: result.fieldErrors, user: result.profile });
  return undefined;
}

function toPatch(body: ReturnType<typeof parseProfile>): ProfilePatchInput {
  const { paypal_email, paypal_first_name, paypal_last_name, ...rest } = body;
  return {
    ...rest,
    ...(paypal_email !== undefined && rest.paypalEmail === undefined ? { paypalEmail: paypal_email } : {}),
    ...(paypal_first_name !== undefined && rest.paypalFirstName === undefined ? { paypalFirstName: paypal_first_name } : {}),
    ...(paypal_last_name !== undefined && rest.paypalLastName === undefined ? { paypalLastName: paypal_last_name } : {}),
  };
}
const parseProfile = (body: unknown) => validate(ProfileBody, body, LISTED);

export function usersRouter(): Router {
  const r = Router();

  r.post('/auth/login', handler(async (req) => signIn(req.ctx, validate(LoginBody, req.body, LISTED))));
  const logout = handler(async (req) => {
    await signOut(req.ctx);
    return { success: true };
  });
  r.post('/auth/logout', logout);
  // The legacy path stays for old clients, but only from our own pages: a GET must not sign
  // people out because another site embedded it.
  r.get('/auth/logout', sameOriginOnly(), logout);

  r.post('/users', handler(async (req, res) => {
    const profile = await signUp(req.ctx, validate(SignUpBody, req.body, LISTED));
    res.status(201);
    return profile;
  }));
  r.get('/users/current-user-info', handler(async (req) => getViewerProfile(req.ctx)));
  r.put('/users/current-user-info', signedIn, handler(async (req, res) => presentUpdate(res, await updateProfile(req.ctx, toPatch(parseProfile(req.body))))));
  r.post('/users/primary-artists', signedIn, handler(async (req, res) => {
    const body = validate(PrimaryArtistsBody, req.body, LISTED);
    const primaryArtists = Array.isArray(body) ? body : body.primaryArtists;
    return presentUpdate(res, await updateProfile(req.ctx, { primaryArtists }));
  }));
  r.get('/users/check-token', handler(async (req) => checkToken(req.ctx)));

  r.post('/users/reset-password', handler(async (req) => {
    await requestPasswordReset(req.ctx, validate(EmailBody, req.body, LISTED).email);
    return { success: true };
  }));
  r.post('/users/reset-password/confirm', handler(async (req) => {
    const body = validate(ResetConfirmBody, req.body, LISTED);
    await resetPassword(req.ctx, body.token, body.password);
    return { success: true };
  }));
  r.post('/users/change-password', signedIn, handler(async (req) => {
    const body = validate(ChangePasswordBody, req.body, LISTED);
    await changePassword(req.ctx, body.currentPassword, body.newPassword);
    return { success: true };
  }));
  r.post('/users/verification-email', handler(async (req) => {
    await resendVerificationEmail(req.ctx);
    return { success: true };
  }));
  r.post('/users/verify-email', handler(async (req) => {
    await confirmEmail(req.ctx, validate(TokenBody, req.body, LISTED).token);
    return { success: true };
  }));
  r.post('/users/update-email', signedIn, handler(async (req, res) => {
    try {
      await requestEmailChange(req.ctx, validate(NewEmailBody, req.body, LISTED).newEmail);
      return true;
    } catch (err) {
      // The legacy client compares the body with the plain string 'User exists' (core §8).
      if (err instanceof DomainError && err.details.body === USER_EXISTS_BODY) {
        res.status(409).json(USER_EXISTS_BODY);
        return undefined;
      }
      throw err;
    }
  }));
  r.post('/users/confirm-email-change', handler(async (req) => {
    await confirmEmailChange(req.ctx, validate(TokenBody, req.body, LISTED).token);
    return { success: true };
  }));

  r.post('/users/parent-consent', handler(async (req) => {
    await confirmParentConsent(req.ctx, validate(TokenBody, req.body, LISTED).token);
    return { success: true };
  }));

  r.delete('/users/me', handler(async (req) => {
    await deleteAccount(req.ctx);
    return { success: true };
  }));
  r.get('/users/tax-status', handler(async (req) => getTaxStatus(req.ctx)));
  r.post('/users/accept-agreement', handler(async (req) => acceptAgreement(req.ctx)));
  r.get('/users/active-subscription', handler(async (req) => getActiveSubscription(req.ctx)));
  r.get('/tier/:tierName', handler(async (req) => getTier(req.ctx, pathParam(req, 'tierName'))));
  return r;
}


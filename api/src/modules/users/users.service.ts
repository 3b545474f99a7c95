/**
 * Account use-cases behind both transports, split by concern: this file holds what they share
 * (the viewer's profile and token check, loading the user); sign-up, profile, credentials, consent
 * and deletion live in their own *.service.ts files beside it.
 */
import type { AppContext } from '../../context.ts';
import { DomainError, type FieldError } from '../../domain-error.ts';
import type { User } from '../../generated/prisma/client.ts';
import { utcDate } from '@cadence/domain/date-string';
import { presentProfile, type ProfileView } from './profile.ts';
import { requireViewer } from './users.policy.ts';

export const AGE_RESTRICTED_MESSAGE = "Sorry, we're unable to process your request at this time.";
export const NOT_DELETABLE_MESSAGE = 'Your account can be deleted only while every release is a draft. Please contact support.';
export const CURRENT_PASSWORD_WRONG = 'The current password is not correct.';

export const emailOptions = (ctx: AppContext) => ({ blockedDomains: ctx.config.env.blackDomainList });
export const today = () => utcDate(new Date());
export const fe = (field: string, e: { key: string; message: string }): FieldError => ({ field, key: e.key, message: e.message });

export async function loadUser(ctx: AppContext, userId: string): Promise<User> {
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

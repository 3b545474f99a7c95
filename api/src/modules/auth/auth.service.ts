/**
 * Sign-in, sign-out and the viewer's own sessions. Answers never reveal whether an email exists:
 * unknown addresses take the same time (a dummy argon2 check), count failures and lock the same way.
 */
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain-error.ts';
import { BLOCKED_PAGE_TEXT, COOKIES } from '@cadence/domain/constants';
import { sessionCookieOptions } from '../../http/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_IP, assertUnderLimit, hit } from '../rate-limit/rate-limit.service.ts';
import { clearCookie, requestCookie, requestMeta, setCookie } from './http-binding.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { SESSION_COOKIE, createSession, hashToken, revokeSession } from './session.service.ts';
import { presentProfile, type ProfileView } from '../users/profile.ts';
import { requireViewer } from '../users/users.policy.ts';

/** Consecutive failed sign-ins that lock an account until a captcha is solved. */
export const LOCK_AFTER_FAILURES = 5;
export const INVALID_CREDENTIALS = 'The email or password is incorrect.';
export const LOCKED_MESSAGE = 'Too many failed sign-in attempts. Please solve the captcha to continue.';
/** Failed attempts on unknown addresses are counted here so they lock like real accounts. */
const UNKNOWN_FAILURES_WINDOW = { limit: LOCK_AFTER_FAILURES, windowMs: 24 * 3600_000 };

let dummyHash: Promise<string> | null = null;
function dummy(): Promise<string> {
  dummyHash ??= hashPassword('dummy-password-for-timing-Aa1');
  return dummyHash;
}

/** The key of failed attempts on an address that has no account. */
export function unknownFailuresKey(emailNormalized: string): string {
  return `signin-fail:${emailNormalized}`;
}

/** Ends a session cookie the browser presented (sign-in rotates the id; sign-out ends it). */
async function endPresentedSession(ctx: AppContext, reason: string): Promise<void> {
  const presented = requestCookie(ctx, SESSION_COOKIE);
  if (presented && presented.length <= 200) await revokeSession(ctx.prisma, hashToken(presented), reason);
}

/** Starts a new browser session for a user (a new id every time) and sets the cookie. */
export async function startBrowserSession(
  ctx: AppContext,
  userId: string,
  options: { impersonatorId?: string; keepPresented?: boolean } = {},
): Promise<{ token: string; sessionId: string }> {
  const { impersonatorId } = options;
  if (!options.keepPresented) await endPresentedSession(ctx, 'replaced at sign-in');
  const meta = requestMeta(ctx);
  const session = await createSession(ctx.prisma, { userId, impersonatorId, ip: meta.ip, userAgent: meta.userAgent });
  setCookie(ctx, SESSION_COOKIE, session.token, sessionCookieOptions(ctx.config, session.expiresAt));
  ctx.viewer = { userId, role: (await ctx.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { role: true } })).role, sessionId: session.sessionId, impersonatorId };
  return session;
}

/** Signs in with email and password; on success the session cookie is set and the profile returned. */
export async function signIn(ctx: AppContext, input: { username: string; password: string }, now = new Date()): Promise<ProfileView> {
  const emailNormalized = input.username.trim().toLowerCase();
  const ip = requestMeta(ctx).ip ?? 'unknown';
  const ipKey = `signin:ip:${ip}`;
  const accountKey = `signin:email:${emailNormalized}`;
  await assertUnderLimit(ctx.prisma, ipKey, SIGN_IN_PER_IP, now);
  await assertUnderLimit(ctx.prisma, accountKey, SIGN_IN_PER_ACCOUNT, now);
  // Only failures count, so people and test suites signing in often are never throttled.
  const failed = async () => {
    await hit(ctx.prisma, ipKey, SIGN_IN_PER_IP, now);
    await hit(ctx.prisma, accountKey, SIGN_IN_PER_ACCOUNT, now);
  };
  const user = emailNormalized ? await ctx.prisma.user.findUnique({ where: { emailNormalized } }) : null;
  if (!user || user.deletedAt || !user.passwordHash) {
    await verifyPassword(await dummy(), input.password);
    await failed();
    const failures = await hit(ctx.prisma, unknownFailuresKey(emailNormalized), UNKNOWN_FAILURES_WINDOW, now);
    if (failures >= LOCK_AFTER_FAILURES) throw locked();
    throw new DomainError('UNAUTHENTICATED', INVALID_CREDENTIALS, { key: 'invalid-credentials' });
  }
  if (user.isLocked) {
    await verifyPassword(await dummy(), input.password);
    await failed();
    throw locked();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await failed();
    const failures = user.failedSignInCount + 1;
    const lockNow = failures >= LOCK_AFTER_FAILURES;
    await ctx.prisma.user.update({ where: { id: user.id }, data: { failedSignInCount: failures, ...(lockNow ? { isLocked: true, lockedAt: now } : {}) } });
    if (lockNow) {
      await recordAudit(ctx, { category: 'ACCOUNT', subcategory: 'ACCOUNT_LOCKED', userId: user.id, actorId: null, newValues: { isLocked: true, failedSignInCount: failures } });
      throw locked();
    }
    throw new DomainError('UNAUTHENTICATED', INVALID_CREDENTIALS, { key: 'invalid-credentials' });
  }
  if (user.status !== 'ACTIVE') {
    throw new DomainError('FORBIDDEN', BLOCKED_PAGE_TEXT, { key: 'account-blocked', status: user.status.toLowerCase() });
  }
  await ctx.prisma.user.update({ where: { id: user.id }, data: { failedSignInCount: 0, lastSignInAt: now } });
  await startBrowserSession(ctx, user.id);
  return presentProfile(ctx, { ...user, failedSignInCount: 0, lastSignInAt: now });
}

function locked(): DomainError {
  return new DomainError('LOCKED', LOCKED_MESSAGE, { key: 'account-locked', status: 'locked' });
}

/** Ends the viewer's session on the server and clears the cookies (an impersonation ends with it). */
export async function signOut(ctx: AppContext): Promise<void> {
  if (ctx.viewer?.sessionId) await revokeSession(ctx.prisma, ctx.viewer.sessionId, 'signed out');
  else await endPresentedSession(ctx, 'signed out');
  clearCookie(ctx, SESSION_COOKIE, sessionCookieOptions(ctx.config));
  clearCookie(ctx, STAFF_SESSION_COOKIE, sessionCookieOptions(ctx.config));
  clearCookie(ctx, COOKIES.forceLogin);
  ctx.viewer = null;
}

/** Holds a support agent's own session token while they act as a user (restored when they stop). */
export const STAFF_SESSION_COOKIE = 'cadence_staff_session';

export interface SessionView {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
  impersonated: boolean;
}

/** The viewer's own live sessions (never anyone else's). */
export async function listSessions(ctx: AppContext, now = new Date()): Promise<SessionView[]> {
  const viewer = requireViewer(ctx.viewer);
  const rows = await ctx.prisma.session.findMany({
    where: { userId: viewer.userId, revokedAt: null, expiresAt: { gt: now }, idleExpiresAt: { gt: now } },
    orderBy: { lastSeenAt: 'desc' },
    take: 100,
  });
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt,
    expiresAt: s.expiresAt,
    ip: s.ip,
    userAgent: s.userAgent,
    current: s.id === viewer.sessionId,
    impersonated: s.impersonatorId !== null,
  }));
}

/** Ends one of the viewer's own sessions; someone else's id answers NOT_FOUND. */
export async function revokeOwnSession(ctx: AppContext, sessionId: string): Promise<void> {
  const viewer = requireViewer(ctx.viewer);
  const r = await ctx.prisma.session.updateMany({ where: { id: sessionId, userId: viewer.userId, revokedAt: null }, data: { revokedAt: new Date(), revokedReason: 'revoked by user' } });
  if (r.count === 0) throw new DomainError('NOT_FOUND', 'No such session');
}

/**
 * Sign-in, sign-out and the viewer's own sessions. Answers never reveal whether an email exists:
 * unknown addresses take the same time (a dummy argon2 check), count failures and lock the same way.
 */
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain-error.ts';
import { BLOCKED_PAGE_TEXT, COOKIES } from '@cadence/domain/constants';
import { TEXT_LIMITS } from '@cadence/domain/text-limits';
import { assertWithinLimits } from '../../input-limits.ts';
import { sessionCookieOptions } from '../../http/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { SIGN_IN_PER_IP, consume, hit, refund } from '../rate-limit/rate-limit.service.ts';
import { clearSignInLock } from '../captcha/account-unlock.service.ts';
import { verifyCaptcha } from '../captcha/captcha.service.ts';
import { clearCookie, requestCookie, requestMeta, setCookie } from './http-binding.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { SESSION_COOKIE, createSession, hashToken, revokeSession } from './session.service.ts';
import { presentProfile, type ProfileView } from '../users/profile.ts';
import { requireViewer } from '../users/users.policy.ts';

/** Consecutive failed sign-ins that lock an account: then signing in needs a solved challenge too, or the mailed link. */
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

/**
 * A solved 'unlock' challenge sent with a sign-in attempt over the lock, taken once; false when
 * none was sent (a forged, used or expired one is a field error on captchaCode).
 */
async function takeUnlockChallenge(ctx: AppContext, captchaCode: string | null | undefined, now: Date): Promise<boolean> {
  if (!captchaCode?.trim()) return false;
  await verifyCaptcha(ctx, captchaCode, 'unlock', 'captchaCode', now);
  return true;
}

/**
 * Signs in with email and password; on success the session cookie is set and the profile returned.
 * Every attempt is counted before the password is checked, each in one statement (the address's
 * bucket, the account's failure counter), so parallel guesses cannot slip past a limit: a success
 * gives its slot back. The first LOCK_AFTER_FAILURES failures are free; after them the account is
 * locked and each attempt needs a solved 'unlock' challenge as well: the password with a challenge
 * always gets the owner in, so strangers' failures can slow guessing but never keep the owner out.
 */
export async function signIn(ctx: AppContext, input: { username: string; password: string; captchaCode?: string | null }, now = new Date()): Promise<ProfileView> {
  // Before any work (and before counting): an over-long address or password is bad input, not a guess.
  assertWithinLimits({ username: input.username, password: input.password }, { username: TEXT_LIMITS.email, password: TEXT_LIMITS.password });
  const emailNormalized = input.username.trim().toLowerCase();
  const ipKey = `signin:ip:${requestMeta(ctx).ip ?? 'unknown'}`;
  await consume(ctx.prisma, ipKey, SIGN_IN_PER_IP, now);
  const user = emailNormalized ? await ctx.prisma.user.findUnique({ where: { emailNormalized } }) : null;
  if (!user || user.deletedAt || !user.passwordHash) {
    // Unknown addresses count and lock exactly like accounts, so answers reveal nothing.
    const attempt = await hit(ctx.prisma, unknownFailuresKey(emailNormalized), UNKNOWN_FAILURES_WINDOW, now);
    const challenged = attempt > LOCK_AFTER_FAILURES && (await takeUnlockChallenge(ctx, input.captchaCode, now));
    await verifyPassword(await dummy(), input.password);
    if (attempt === LOCK_AFTER_FAILURES || (attempt > LOCK_AFTER_FAILURES && !challenged)) throw locked();
    throw invalidCredentials();
  }
  const [claim] = await ctx.prisma.$queryRaw<{ failures: number; locked: boolean }[]>`
    UPDATE users SET failed_sign_in_count = failed_sign_in_count + 1 WHERE id = ${user.id}
    RETURNING failed_sign_in_count AS failures, is_locked AS locked`;
  const failures = Number(claim!.failures);
  const overLimit = claim!.locked || failures > LOCK_AFTER_FAILURES;
  const challenged = overLimit && (await takeUnlockChallenge(ctx, input.captchaCode, now));
  if (overLimit && !challenged) {
    await verifyPassword(await dummy(), input.password);
    throw locked();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    if (!overLimit && failures >= LOCK_AFTER_FAILURES) {
      const lockedNow = await ctx.prisma.user.updateMany({ where: { id: user.id, isLocked: false }, data: { isLocked: true, lockedAt: now } });
      if (lockedNow.count === 1) {
        await recordAudit(ctx, { category: 'ACCOUNT', subcategory: 'ACCOUNT_LOCKED', userId: user.id, actorId: null, newValues: { isLocked: true, failedSignInCount: failures } });
      }
      throw locked();
    }
    throw invalidCredentials();
  }
  // The right password: this attempt was no failure.
  await refund(ctx.prisma, ipKey, SIGN_IN_PER_IP, now);
  if (challenged) await clearSignInLock(ctx, user.id, 'captcha');
  if (user.status !== 'ACTIVE') {
    await ctx.prisma.user.update({ where: { id: user.id }, data: { failedSignInCount: 0 } });
    throw new DomainError('FORBIDDEN', BLOCKED_PAGE_TEXT, { key: 'account-blocked', status: user.status.toLowerCase() });
  }
  const signedIn = await ctx.prisma.user.update({ where: { id: user.id }, data: { failedSignInCount: 0, lastSignInAt: now } });
  await startBrowserSession(ctx, user.id);
  return presentProfile(ctx, signedIn);
}

function invalidCredentials(): DomainError {
  return new DomainError('UNAUTHENTICATED', INVALID_CREDENTIALS, { key: 'invalid-credentials' });
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

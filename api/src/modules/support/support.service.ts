/**
 * Support tools: find a user, act as them (the force_login flow), block and unblock. Every
 * impersonation and status change is an audit event naming both people.
 */
import type { AppContext } from '../../context.ts';
import { DomainError, badInput } from '../../domain-error.ts';
import { COOKIES } from '@cadence/domain/constants';
import { sessionCookieOptions } from '../../http/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { STAFF_SESSION_COOKIE, startBrowserSession } from '../auth/auth.service.ts';
import { clearCookie, requestCookie, setCookie } from '../auth/http-binding.ts';
import { SESSION_COOKIE, resolveSession, revokeSession, revokeUserSessions } from '../auth/session.service.ts';
import { presentProfile, type ProfileView } from '../users/profile.ts';
import { requireStaff, requireViewer } from '../users/users.policy.ts';
import { TEXT_LIMITS } from '@cadence/domain/text-limits';
import { assertWithinLimits } from '../../input-limits.ts';

export interface UserSummary {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  primaryArtists: string[];
  role: 'USER' | 'SUPPORT' | 'ADMIN';
  status: 'ACTIVE' | 'BLOCKED' | 'SUPER_BLOCKED';
  isLocked: boolean;
  createdAt: Date;
}

const SUMMARY = { id: true, email: true, firstName: true, lastName: true, primaryArtists: true, role: true, status: true, isLocked: true, createdAt: true } as const;
/** How long the force_login cookie lives: the app reads and deletes it on the next load. */
const FORCE_LOGIN_MS = 5 * 60_000;

/** Finds users by email, name or artist name (staff only). */
export async function searchUsers(ctx: AppContext, query: string): Promise<UserSummary[]> {
  requireStaff(ctx.viewer);
  const q = (query ?? '').trim();
  if (q.length < 2) throw badInput('Type at least 2 characters', [{ field: 'query', key: 'range', message: 'Type at least 2 characters' }]);
  assertWithinLimits({ query: q }, { query: TEXT_LIMITS.search });
  return ctx.prisma.user.findMany({
    where: {
      deletedAt: null,
      OR: [
        { emailNormalized: { contains: q.toLowerCase() } },
        { firstName: { contains: q, mode: 'insensitive' } },
        { lastName: { contains: q, mode: 'insensitive' } },
        { primaryArtists: { has: q } },
        ...(/^[0-9a-f-]{36}$/i.test(q) ? [{ id: q }] : []),
      ],
    },
    orderBy: [{ emailNormalized: 'asc' }],
    take: 25,
    select: SUMMARY,
  });
}

async function target(ctx: AppContext, userId: string) {
  const user = await ctx.prisma.user.findUnique({ where: { id: userId } });
  if (!user || user.deletedAt) throw new DomainError('NOT_FOUND', 'No such user');
  if (user.role !== 'USER') throw new DomainError('FORBIDDEN', 'Staff accounts cannot be managed here');
  return user;
}

/**
 * Starts acting as a user: a short impersonation session replaces the staff cookie (which is kept
 * aside to restore later), and the force_login cookie tells the app to load that user and go to /releases.
 */
export async function actAsUser(ctx: AppContext, userId: string): Promise<ProfileView> {
  const staff = requireStaff(ctx.viewer);
  if (!staff.sessionId) throw new DomainError('FORBIDDEN', 'Acting as a user needs a browser session, not an API token');
  const user = await target(ctx, userId);
  if (user.status !== 'ACTIVE') throw new DomainError('CONFLICT', 'This account is blocked; unblock it first', { key: 'account-blocked' });
  const staffToken = requestCookie(ctx, SESSION_COOKIE);
  if (staffToken) setCookie(ctx, STAFF_SESSION_COOKIE, staffToken, sessionCookieOptions(ctx.config));
  // The staff session stays valid (stopActingAsUser restores it), so only the cookie is swapped.
  const { sessionId } = await startBrowserSession(ctx, user.id, { impersonatorId: staff.userId, keepPresented: true });
  setCookie(ctx, COOKIES.forceLogin, user.id, { path: '/', sameSite: 'lax', secure: ctx.config.env.production, maxAge: FORCE_LOGIN_MS });
  ctx.viewer = { userId: user.id, role: user.role, sessionId, impersonatorId: staff.userId };
  await recordAudit(ctx, { category: 'SUPPORT', subcategory: 'IMPERSONATION_START', userId: user.id, actorId: staff.userId, entityType: 'Session', entityId: sessionId, newValues: { impersonatorId: staff.userId, userId: user.id } });
  return presentProfile(ctx, user);
}

/** Ends acting as a user and restores the staff member's own session. */
export async function stopActingAsUser(ctx: AppContext): Promise<boolean> {
  const viewer = requireViewer(ctx.viewer);
  if (!viewer.impersonatorId || !viewer.sessionId) throw new DomainError('FORBIDDEN', 'Not acting as a user');
  await revokeSession(ctx.prisma, viewer.sessionId, 'impersonation ended');
  await recordAudit(ctx, { category: 'SUPPORT', subcategory: 'IMPERSONATION_END', userId: viewer.userId, actorId: viewer.impersonatorId, entityType: 'Session', entityId: viewer.sessionId });
  clearCookie(ctx, COOKIES.forceLogin);
  const staffToken = requestCookie(ctx, STAFF_SESSION_COOKIE);
  clearCookie(ctx, STAFF_SESSION_COOKIE, sessionCookieOptions(ctx.config));
  const staff = staffToken ? await resolveSession(ctx, staffToken) : null;
  if (staff && staff.userId === viewer.impersonatorId) {
    setCookie(ctx, SESSION_COOKIE, staffToken as string, sessionCookieOptions(ctx.config));
    ctx.viewer = staff;
    return true;
  }
  clearCookie(ctx, SESSION_COOKIE, sessionCookieOptions(ctx.config));
  ctx.viewer = null;
  return false;
}

/** Blocks an account (blocked or super_blocked): every session ends at once. */
export async function blockUser(ctx: AppContext, userId: string, options: { superBlock?: boolean; reason?: string | null } = {}): Promise<UserSummary> {
  assertWithinLimits(options, { reason: TEXT_LIMITS.message });
  const staff = requireStaff(ctx.viewer);
  const user = await target(ctx, userId);
  const status = options.superBlock ? 'SUPER_BLOCKED' : 'BLOCKED';
  const updated = await ctx.prisma.user.update({ where: { id: user.id }, data: { status, statusReason: options.reason?.trim() || null, statusChangedAt: new Date() }, select: SUMMARY });
  await revokeUserSessions(ctx.prisma, user.id, 'account blocked');
  await recordAudit(ctx, { category: 'ACCOUNT', subcategory: 'BLOCK_ACCOUNT', userId: user.id, actorId: staff.userId, oldValues: { status: user.status }, newValues: { status, reason: options.reason ?? null } });
  return updated;
}

/** Unblocks an account. */
export async function unblockUser(ctx: AppContext, userId: string): Promise<UserSummary> {
  const staff = requireStaff(ctx.viewer);
  const user = await target(ctx, userId);
  const updated = await ctx.prisma.user.update({ where: { id: user.id }, data: { status: 'ACTIVE', statusReason: null, statusChangedAt: new Date() }, select: SUMMARY });
  await recordAudit(ctx, { category: 'ACCOUNT', subcategory: 'UNBLOCK_ACCOUNT', userId: user.id, actorId: staff.userId, oldValues: { status: user.status }, newValues: { status: 'ACTIVE' } });
  return updated;
}

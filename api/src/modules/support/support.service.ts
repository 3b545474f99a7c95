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
import { activePlanName, presentProfile, type ProfileView } from '../users/profile.ts';
import { canLiftSuperBlock, requireStaffAction } from '../users/staff.policy.ts';
import { requireViewer } from '../users/users.policy.ts';
import { TEXT_LIMITS } from '@cadence/domain/text-limits';
import { assertWithinLimits } from '../../input-limits.ts';
import { formatMinor, formatUsd } from '@cadence/domain/money';
import { accountBalance, findWalletAccount } from '../ledger/ledger.service.ts';

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

/** `%text%` for LIKE/ILIKE, with the pattern characters in the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Finds users by email, name, full name or artist name (staff only): case-insensitive and partial,
 * so "nova lane", "Lane" and "NOVA" all find Nova Lane (issue 19 item 9). Artist names are a list
 * column, which Prisma's filters only match whole, hence one SQL statement for the ids.
 */
export async function searchUsers(ctx: AppContext, query: string): Promise<UserSummary[]> {
  requireStaffAction(ctx.viewer, 'manage-accounts');
  const q = (query ?? '').trim().replace(/\s+/g, ' ');
  if (q.length < 2) throw badInput('Type at least 2 characters', [{ field: 'query', key: 'range', message: 'Type at least 2 characters' }]);
  assertWithinLimits({ query: q }, { query: TEXT_LIMITS.search });
  const pattern = containsPattern(q);
  const exactId = /^[0-9a-f-]{36}$/i.test(q) ? q.toLowerCase() : '';
  const rows = await ctx.prisma.$queryRaw<{ id: string }[]>`
    SELECT u.id FROM users u
    WHERE u.deleted_at IS NULL AND (
      u.email_normalized ILIKE ${pattern}
      OR concat_ws(' ', u.first_name, u.last_name) ILIKE ${pattern}
      OR concat_ws(' ', u.last_name, u.first_name) ILIKE ${pattern}
      OR EXISTS (SELECT 1 FROM unnest(u.primary_artists) AS artist(name) WHERE artist.name ILIKE ${pattern})
      OR u.id = ${exactId}
    )
    ORDER BY u.email_normalized
    LIMIT 25`;
  if (rows.length === 0) return [];
  return ctx.prisma.user.findMany({ where: { id: { in: rows.map((r) => r.id) } }, orderBy: [{ emailNormalized: 'asc' }], select: SUMMARY });
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
  const staff = requireStaffAction(ctx.viewer, 'act-as-user');
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

export interface BlockUserInput {
  userId: string;
  /** Why (required): shown to staff on the account page and kept in the audit event. */
  reason: string;
  /** super_blocked: only an admin can lift it. */
  superBlock?: boolean | null;
}

/**
 * Blocks an account (core §3: blocked or super_blocked). Either way sign-in is refused with the
 * account's status (the app shows /disabled), every session ends at once and API tokens stop
 * working; a super block can only be lifted by an admin. Audited with the reason and the staff member.
 */
export async function blockUser(ctx: AppContext, input: BlockUserInput): Promise<UserSummary> {
  const staff = requireStaffAction(ctx.viewer, 'manage-accounts');
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason) throw badInput('Give a reason', [{ field: 'reason', key: 'required', message: 'Give a reason' }], 'required');
  assertWithinLimits({ reason }, { reason: TEXT_LIMITS.message });
  const user = await target(ctx, input.userId);
  const status = input.superBlock ? 'SUPER_BLOCKED' : 'BLOCKED';
  if (user.status === 'SUPER_BLOCKED' && status === 'BLOCKED' && !canLiftSuperBlock(staff)) {
    throw new DomainError('FORBIDDEN', 'Only an admin can lift a super block', { key: 'super-block-admin-only' });
  }
  const updated = await ctx.prisma.user.update({ where: { id: user.id }, data: { status, statusReason: reason, statusChangedAt: new Date() }, select: SUMMARY });
  await revokeUserSessions(ctx.prisma, user.id, 'account blocked');
  await recordAudit(ctx, { category: 'ACCOUNT', subcategory: 'BLOCK_ACCOUNT', userId: user.id, actorId: staff.userId, entityType: 'User', entityId: user.id, oldValues: { status: user.status, reason: user.statusReason }, newValues: { status, reason } });
  return updated;
}

export interface UnblockUserInput {
  userId: string;
  /** Why, kept in the audit event (optional). */
  reason?: string | null;
}

/** Unblocks an account (ACTIVE again); lifting a super block is for admins only. */
export async function unblockUser(ctx: AppContext, input: UnblockUserInput): Promise<UserSummary> {
  const staff = requireStaffAction(ctx.viewer, 'manage-accounts');
  const reason = typeof input.reason === 'string' ? input.reason.trim() || null : null;
  assertWithinLimits({ reason }, { reason: TEXT_LIMITS.message });
  const user = await target(ctx, input.userId);
  if (user.status === 'SUPER_BLOCKED' && !canLiftSuperBlock(staff)) {
    throw new DomainError('FORBIDDEN', 'Only an admin can lift a super block', { key: 'super-block-admin-only' });
  }
  const updated = await ctx.prisma.user.update({ where: { id: user.id }, data: { status: 'ACTIVE', statusReason: null, statusChangedAt: new Date() }, select: SUMMARY });
  await recordAudit(ctx, { category: 'ACCOUNT', subcategory: 'UNBLOCK_ACCOUNT', userId: user.id, actorId: staff.userId, entityType: 'User', entityId: user.id, oldValues: { status: user.status, reason: user.statusReason }, newValues: { status: 'ACTIVE', reason } });
  return updated;
}

export interface ChangeUserRoleInput {
  userId: string;
  role: 'USER' | 'SUPPORT' | 'ADMIN';
}

/** Changes a person's role (admin only; an admin cannot change their own): their sessions end so the new role applies at once. */
export async function changeUserRole(ctx: AppContext, input: ChangeUserRoleInput): Promise<UserSummary> {
  const admin = requireStaffAction(ctx.viewer, 'manage-staff');
  if (!['USER', 'SUPPORT', 'ADMIN'].includes(input.role)) throw badInput('role must be USER, SUPPORT or ADMIN', [{ field: 'role', key: 'invalid', message: 'role must be USER, SUPPORT or ADMIN' }], 'invalid');
  if (input.userId === admin.userId) throw new DomainError('FORBIDDEN', 'You cannot change your own role', { key: 'own-role' });
  const user = await ctx.prisma.user.findUnique({ where: { id: input.userId } });
  if (!user || user.deletedAt) throw new DomainError('NOT_FOUND', 'No such user');
  if (user.role === input.role) return ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: SUMMARY });
  const updated = await ctx.prisma.user.update({ where: { id: user.id }, data: { role: input.role }, select: SUMMARY });
  await revokeUserSessions(ctx.prisma, user.id, 'role changed');
  await recordAudit(ctx, { category: 'ACCOUNT', subcategory: 'ROLE_CHANGED', userId: user.id, actorId: admin.userId, entityType: 'User', entityId: user.id, oldValues: { role: user.role }, newValues: { role: input.role } });
  return updated;
}

/** What staff see on a person's account page, besides their releases and audit history. */
export interface StaffAccountView extends UserSummary {
  country: string | null;
  city: string | null;
  emailVerified: boolean;
  statusReason: string | null;
  statusChangedAt: Date | null;
  lastSignInAt: Date | null;
  plan: string;
  /** The wallet's balance from the ledger, formatted ('$120.00'; '$0.00' without a wallet); read-only. */
  balance: string;
}

/** A person's account as staff see it. */
export async function getStaffAccount(ctx: AppContext, userId: string): Promise<StaffAccountView> {
  requireStaffAction(ctx.viewer, 'manage-accounts');
  const user = await ctx.prisma.user.findUnique({
    where: { id: userId },
    select: { ...SUMMARY, country: true, city: true, emailVerified: true, statusReason: true, statusChangedAt: true, lastSignInAt: true, deletedAt: true },
  });
  if (!user || user.deletedAt) throw new DomainError('NOT_FOUND', 'No such user');
  const { deletedAt: _deleted, ...rest } = user;
  return { ...rest, plan: await activePlanName(ctx, user.id), balance: await walletBalanceText(ctx, user.id) };
}

/** A user's wallet balance as staff read it (reads never create a wallet). */
async function walletBalanceText(ctx: AppContext, userId: string): Promise<string> {
  const wallet = await findWalletAccount(ctx.prisma, userId);
  if (!wallet) return formatUsd(0n);
  const b = await accountBalance(ctx.prisma, wallet.id);
  return b.currency === 'USD' ? formatUsd(b.balanceMinor) : `${formatMinor(b.balanceMinor)} ${b.currency}`;
}

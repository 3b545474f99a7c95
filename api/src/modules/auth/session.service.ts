/**
 * Sessions and personal API tokens. The browser holds a random token in an httpOnly SameSite
 * cookie; the database keeps only its SHA-256, so a leaked table cannot be replayed. Partners
 * and internal tools send a personal API token as `Authorization: Bearer`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { Role, Viewer } from '../../context.ts';
import type { SqlRunner } from '../../db/database.ts';

export const SESSION_COOKIE = 'cadence_session';
export const API_TOKEN_PREFIX = 'cad_';
/** A session ends after this long without use... */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
/** ...and in any case this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** Impersonation sessions are short. */
export const IMPERSONATION_ABSOLUTE_MS = 2 * 3600_000;
const TOUCH_AFTER_MS = 60_000;

type Db = Pick<PrismaClient, 'session' | 'apiToken'>;

/** SHA-256 hex of a secret token (what is stored). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new unguessable token (256 bits, base64url). */
export function newToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** Starts a session; the caller sets the returned token as the session cookie. */
export async function createSession(
  db: Db,
  input: { userId: string; impersonatorId?: string; ip?: string; userAgent?: string; now?: Date },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const token = newToken();
  const absolute = input.impersonatorId ? IMPERSONATION_ABSOLUTE_MS : SESSION_ABSOLUTE_MS;
  const expiresAt = new Date(now.getTime() + absolute);
  const idleExpiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, expiresAt.getTime()));
  const session = await db.session.create({
    data: {
      id: hashToken(token),
      userId: input.userId,
      impersonatorId: input.impersonatorId ?? null,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt,
      expiresAt,
      ip: input.ip?.slice(0, 100) ?? null,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
    },
  });
  return { token, sessionId: session.id, expiresAt };
}

const ACTIVE_USER = { status: 'ACTIVE' as const, deletedAt: null };

interface SessionRow {
  id: string;
  userId: string;
  impersonatorId: string | null;
  role: string;
  status: string;
  deleted: boolean;
  revoked: boolean;
  lastSeenMs: number;
  idleExpiresMs: number;
  expiresMs: number;
}

// Every request with a cookie asks this, so it is one prepared statement rather than a Prisma query
// (a third of a small request's CPU). Instants come back as epoch milliseconds.
const SESSION_SQL = `SELECT s.id, s.user_id AS "userId", s.impersonator_id AS "impersonatorId", u.role::text AS role, u.status::text AS status,
  u.deleted_at IS NOT NULL AS deleted, s.revoked_at IS NOT NULL AS revoked,
  (extract(epoch FROM s.last_seen_at) * 1000)::float8 AS "lastSeenMs",
  (extract(epoch FROM s.idle_expires_at) * 1000)::float8 AS "idleExpiresMs",
  (extract(epoch FROM s.expires_at) * 1000)::float8 AS "expiresMs"
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`;

/** Resolves a session cookie to the viewer; expired, revoked or blocked sessions give null. */
export async function resolveSession(ctx: { prisma: Db; sql: SqlRunner }, token: string, now = new Date()): Promise<Viewer | null> {
  if (!token || token.length > 200) return null;
  const [session] = await ctx.sql.query<SessionRow>(SESSION_SQL, [hashToken(token)], { prepare: true });
  const at = now.getTime();
  if (!session || session.revoked || session.expiresMs <= at || session.idleExpiresMs <= at) return null;
  if (session.status !== ACTIVE_USER.status || session.deleted) return null;
  if (at - session.lastSeenMs > TOUCH_AFTER_MS) {
    const idle = Math.min(at + SESSION_IDLE_MS, session.expiresMs);
    await ctx.prisma.session.update({ where: { id: session.id }, data: { lastSeenAt: now, idleExpiresAt: new Date(idle) } });
  }
  return {
    userId: session.userId,
    role: session.role as Role,
    sessionId: session.id,
    impersonatorId: session.impersonatorId ?? undefined,
  };
}

/** Ends one session on the server (sign-out). */
export async function revokeSession(db: Db, sessionId: string, reason = 'signed out'): Promise<void> {
  await db.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date(), revokedReason: reason } });
}

/** Ends every session of a user (block, deletion, password change). */
export async function revokeUserSessions(db: Db, userId: string, reason: string, exceptSessionId?: string): Promise<number> {
  const r = await db.session.updateMany({
    where: { userId, revokedAt: null, ...(exceptSessionId ? { id: { not: exceptSessionId } } : {}) },
    data: { revokedAt: new Date(), revokedReason: reason },
  });
  return r.count;
}

/** Resolves a personal API token to its owner; revoked or expired tokens give null. */
export async function resolveApiToken(db: Db, token: string, now = new Date(), ip?: string): Promise<Viewer | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
  // Read on every request (no cache), so a revocation or expiry holds at once on every process.
  const row = await db.apiToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, userId: true, scopes: true, revokedAt: true, expiresAt: true, lastUsedAt: true, lastUsedIp: true, user: { select: { role: true, status: true, deletedAt: true } } },
  });
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now)) return null;
  if (row.user.status !== 'ACTIVE' || row.user.deletedAt) return null;
  const address = ip?.slice(0, 100) ?? null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS || (address && address !== row.lastUsedIp)) {
    await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: now, ...(address ? { lastUsedIp: address } : {}) } });
  }
  return { userId: row.userId, role: row.user.role as Role, apiTokenId: row.id, apiTokenScopes: row.scopes };
}

/**
 * Sessions and personal API tokens. The browser holds a random token in an httpOnly SameSite
 * cookie; the database keeps only its SHA-256, so a leaked table cannot be replayed. Partners
 * and internal tools send a personal API token as `Authorization: Bearer`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { Role, Viewer } from '../../context.ts';

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

/** Resolves a session cookie to the viewer; expired, revoked or blocked sessions give null. */
export async function resolveSession(db: Db, token: string, now = new Date()): Promise<Viewer | null> {
  if (!token || token.length > 200) return null;
  const session = await db.session.findUnique({
    where: { id: hashToken(token) },
    select: {
      id: true,
      userId: true,
      impersonatorId: true,
      lastSeenAt: true,
      idleExpiresAt: true,
      expiresAt: true,
      revokedAt: true,
      user: { select: { role: true, status: true, deletedAt: true } },
    },
  });
  if (!session || session.revokedAt || session.expiresAt <= now || session.idleExpiresAt <= now) return null;
  if (session.user.status !== ACTIVE_USER.status || session.user.deletedAt) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    const idle = Math.min(now.getTime() + SESSION_IDLE_MS, session.expiresAt.getTime());
    await db.session.update({ where: { id: session.id }, data: { lastSeenAt: now, idleExpiresAt: new Date(idle) } });
  }
  return {
    userId: session.userId,
    role: session.user.role as Role,
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
export async function resolveApiToken(db: Db, token: string, now = new Date()): Promise<Viewer | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
  const row = await db.apiToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, userId: true, revokedAt: true, expiresAt: true, lastUsedAt: true, user: { select: { role: true, status: true, deletedAt: true } } },
  });
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now)) return null;
  if (row.user.status !== 'ACTIVE' || row.user.deletedAt) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  return { userId: row.userId, role: row.user.role as Role, apiTokenId: row.id };
}

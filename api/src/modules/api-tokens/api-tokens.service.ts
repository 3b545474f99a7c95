/** Personal API tokens (Bearer) for partners and internal tools: shown once, stored hashed. */
import type { AppContext } from '../../context.ts';
import { DomainError, badInput } from '../../domain-error.ts';
import { API_TOKEN_PREFIX, hashToken, newToken } from '../auth/session.service.ts';
import { requireViewer } from '../users/users.policy.ts';
import { refuseWhileActing } from '../support/impersonation.policy.ts';
import { TEXT_LIMITS } from '@cadence/domain/text-limits';
import { TOKEN_SCOPES, type TokenScope } from './token-scopes.ts';

export const MAX_ACTIVE_TOKENS = 20;
export const TOKEN_NAME_MAX = TEXT_LIMITS.label;

export interface ApiTokenView {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  scopes: string[];
}

const SELECT = { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, lastUsedIp: true, expiresAt: true, revokedAt: true, scopes: true } as const;

/** The scopes a token gets when none are chosen: reading, never writing. */
export const DEFAULT_SCOPES: readonly TokenScope[] = TOKEN_SCOPES.filter((s) => s.endsWith(':read'));
/** The longest a token may live when it has an expiry. */
export const MAX_TOKEN_DAYS = 3650;

export interface CreateApiTokenOptions {
  scopes?: readonly string[] | null;
  expiresAt?: Date | null;
}

/**
 * Creates a token for the viewer with its scopes and optional expiry; the secret is returned only
 * here. Refused while impersonating, and to a token (only a signed-in person makes tokens).
 */
export async function createApiToken(ctx: AppContext, name: string, opts: CreateApiTokenOptions = {}, now = new Date()): Promise<{ token: string; apiToken: ApiTokenView }> {
  const viewer = requireViewer(ctx.viewer);
  refuseWhileActing(viewer, 'api-tokens');
  if (viewer.apiTokenId) throw new DomainError('FORBIDDEN', 'API tokens cannot create tokens');
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (!trimmed || trimmed.length > TOKEN_NAME_MAX) {
    throw badInput(`Token name is required (at most ${TOKEN_NAME_MAX} characters)`, [{ field: 'name', key: trimmed ? 'maxlength' : 'required', message: `Token name is required (at most ${TOKEN_NAME_MAX} characters)` }]);
  }
  const scopes = [...new Set(opts.scopes ?? DEFAULT_SCOPES)];
  const unknown = scopes.filter((s) => !(TOKEN_SCOPES as readonly string[]).includes(s));
  if (unknown.length || scopes.length === 0) {
    const message = scopes.length === 0 ? 'Choose at least one scope' : `Unknown scope: ${unknown.join(', ')}`;
    throw badInput(message, [{ field: 'scopes', key: scopes.length === 0 ? 'required' : 'invalid', message }]);
  }
  const expiresAt = opts.expiresAt ?? null;
  if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt <= now || expiresAt.getTime() - now.getTime() > MAX_TOKEN_DAYS * 86_400_000)) {
    const message = `The expiry must be in the future and within ${MAX_TOKEN_DAYS} days`;
    throw badInput(message, [{ field: 'expiresAt', key: 'invalid', message }]);
  }
  const token = newToken(API_TOKEN_PREFIX);
  // Count and insert under a lock on the account's row, so parallel creations queue and the
  // limit holds exactly (a count outside the lock lets every racer see room).
  const apiToken = await ctx.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${viewer.userId} FOR UPDATE`;
    const active = await tx.apiToken.count({ where: { userId: viewer.userId, revokedAt: null } });
    if (active >= MAX_ACTIVE_TOKENS) throw new DomainError('CONFLICT', `At most ${MAX_ACTIVE_TOKENS} active tokens; revoke one first`, { key: 'too-many-tokens' });
    return tx.apiToken.create({
      data: { userId: viewer.userId, name: trimmed, tokenHash: hashToken(token), prefix: token.slice(0, 10), scopes, expiresAt },
      select: SELECT,
    });
  });
  return { token, apiToken };
}

/** The viewer's own tokens, newest first (never the secret). */
export async function listApiTokens(ctx: AppContext): Promise<ApiTokenView[]> {
  const viewer = requireViewer(ctx.viewer);
  return ctx.prisma.apiToken.findMany({ where: { userId: viewer.userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: SELECT, take: 200 });
}

/** Revokes one of the viewer's tokens; another user's id answers NOT_FOUND. Refused while impersonating. */
export async function revokeApiToken(ctx: AppContext, id: string): Promise<ApiTokenView> {
  const viewer = requireViewer(ctx.viewer);
  refuseWhileActing(viewer, 'api-tokens');
  if (viewer.apiTokenId) throw new DomainError('FORBIDDEN', 'API tokens cannot revoke tokens');
  const row = await ctx.prisma.apiToken.findFirst({ where: { id, userId: viewer.userId }, select: SELECT });
  if (!row) throw new DomainError('NOT_FOUND', 'No such token');
  if (row.revokedAt) return row;
  return ctx.prisma.apiToken.update({ where: { id: row.id }, data: { revokedAt: new Date() }, select: SELECT });
}

/** Single-use, expiring mail link tokens (stored hashed). */
import type { AppContext } from '../../context.ts';
import { badInput } from '../../domain-error.ts';
import type { EmailToken, EmailTokenKind } from '../../generated/prisma/client.ts';
import { hashToken, newToken } from '../auth/session.service.ts';
import { requestMeta } from '../auth/http-binding.ts';
import { LINK_PER_IP, consume } from '../rate-limit/rate-limit.service.ts';

export const TOKEN_TTL_MS: Record<EmailTokenKind, number> = {
  VERIFY_EMAIL: 7 * 24 * 3600_000,
  RESET_PASSWORD: 3600_000,
  CHANGE_EMAIL: 24 * 3600_000,
  PARENT_CONSENT: 7 * 24 * 3600_000,
  UNLOCK_ACCOUNT: 3600_000,
};

export const LINK_INVALID_MESSAGE = 'This link has expired or was already used.';
export const LINK_OTHER_ACCOUNT_MESSAGE = 'This link is for another account. Sign out, then open it again.';

/** Issues a token of a kind, voiding the user's earlier unused ones of the same kind. */
export async function issueEmailToken(ctx: AppContext, userId: string, kind: EmailTokenKind, newEmail: string | null, now = new Date()): Promise<string> {
  await ctx.prisma.emailToken.updateMany({ where: { userId, kind, usedAt: null }, data: { usedAt: now } });
  const token = newToken();
  await ctx.prisma.emailToken.create({
    data: { userId, kind, tokenHash: hashToken(token), newEmail, expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[kind]) },
  });
  return token;
}

/**
 * Claims a token once (atomically); an unknown, used, expired or wrong-kind token is a 400. With
 * `ownerId`, a token of another user is refused too, and stays unused for its owner. Attempts are
 * limited per client address (the paths that redeem links are open to anyone).
 */
export async function claimEmailToken(ctx: AppContext, token: unknown, kind: EmailTokenKind, now = new Date(), ownerId?: string): Promise<EmailToken> {
  await consume(ctx.prisma, `link:ip:${requestMeta(ctx).ip ?? 'unknown'}`, LINK_PER_IP, now);
  const invalid = () => badInput(LINK_INVALID_MESSAGE, [{ field: 'token', key: 'token-invalid', message: LINK_INVALID_MESSAGE }], 'token-invalid');
  if (typeof token !== 'string' || token.length < 10 || token.length > 200) throw invalid();
  const row = await ctx.prisma.emailToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.kind !== kind || row.usedAt || row.expiresAt <= now) throw invalid();
  if (ownerId !== undefined && row.userId !== ownerId) {
    throw badInput(LINK_OTHER_ACCOUNT_MESSAGE, [{ field: 'token', key: 'token-other-account', message: LINK_OTHER_ACCOUNT_MESSAGE }], 'token-other-account');
  }
  const claimed = await ctx.prisma.emailToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
  if (claimed.count === 0) throw invalid();
  return row;
}

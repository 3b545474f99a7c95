/**
 * Edit locks per release and lock type, so two tabs or two people editing one release are told
 * who holds what instead of silently overwriting each other (versions still refuse stale writes).
 */
import { badInput } from '../../domain-error.ts';
import { requireViewer } from '../releases/release-model.ts';
import { getRelease, type ReleaseCtx } from '../releases/releases.service.ts';
import { LIST_LIMITS } from '@cadence/domain/text-limits';

/** How long a lock lasts without being renewed (the editor renews it while open). */
export const LOCK_TTL_MS = 2 * 60_000;

export interface LockState {
  lockType: string;
  /** The viewer's session holds the lock now. */
  acquired: boolean;
  /** Who holds it: this session, another session of the same account (another tab, or support), or nobody. */
  heldBy: 'THIS_SESSION' | 'OTHER_SESSION' | 'NOBODY';
  holderUserId: string | null;
  expiresAt: Date | null;
}

/** Lock types are short names chosen by the client ('release', 'tracks', 'cover'). */
export function parseLockTypes(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
  if (!list || list.length === 0 || list.length > LIST_LIMITS.lockTypes || !list.every((t) => typeof t === 'string' && /^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(t.trim()))) {
    throw badInput('lockTypes must be a list of 1 to 10 lock names', [{ field: 'lockTypes', key: 'invalid', message: 'lockTypes must be a list of 1 to 10 lock names' }], 'invalid');
  }
  return [...new Set(list.map((t: string) => t.trim()))];
}

function sessionOf(ctx: ReleaseCtx): string | null {
  return ctx.viewer?.sessionId ?? ctx.viewer?.apiTokenId ?? null;
}

/** Takes (or renews) each lock that is free, expired or already this session's; reports the holder of the others. */
export async function acquireReleaseLocks(ctx: ReleaseCtx, releaseId: string, lockTypes: readonly string[]): Promise<LockState[]> {
  const viewer = requireViewer(ctx);
  await getRelease(ctx, releaseId, { select: { id: true } });
  const session = sessionOf(ctx);
  return ctx.prisma.$transaction(async (tx) => {
    const now = new Date();
    const out: LockState[] = [];
    for (const lockType of lockTypes) {
      const existing = await tx.releaseLock.findUnique({ where: { releaseId_lockType: { releaseId, lockType } } });
      const mine = existing && existing.userId === viewer.userId && existing.sessionId === session;
      if (!existing || existing.expiresAt <= now || mine) {
        const expiresAt = new Date(now.getTime() + LOCK_TTL_MS);
        await tx.releaseLock.upsert({
          where: { releaseId_lockType: { releaseId, lockType } },
          create: { releaseId, lockType, userId: viewer.userId, sessionId: session, expiresAt },
          update: { userId: viewer.userId, sessionId: session, expiresAt },
        });
        out.push({ lockType, acquired: true, heldBy: 'THIS_SESSION', holderUserId: viewer.userId, expiresAt });
      } else {
        out.push({ lockType, acquired: false, heldBy: 'OTHER_SESSION', holderUserId: existing.userId, expiresAt: existing.expiresAt });
      }
    }
    return out;
  });
}

/** Who holds which lock, without taking any. */
export async function releaseLockStatus(ctx: ReleaseCtx, releaseId: string, lockTypes: readonly string[]): Promise<LockState[]> {
  requireViewer(ctx);
  await getRelease(ctx, releaseId, { select: { id: true } });
  const session = sessionOf(ctx);
  const now = new Date();
  const rows = await ctx.prisma.releaseLock.findMany({ where: { releaseId, lockType: { in: [...lockTypes] }, expiresAt: { gt: now } } });
  return lockTypes.map((lockType) => {
    const row = rows.find((r) => r.lockType === lockType);
    if (!row) return { lockType, acquired: false, heldBy: 'NOBODY', holderUserId: null, expiresAt: null };
    const mine = row.userId === ctx.viewer?.userId && row.sessionId === session;
    return { lockType, acquired: mine, heldBy: mine ? 'THIS_SESSION' : 'OTHER_SESSION', holderUserId: row.userId, expiresAt: row.expiresAt };
  });
}

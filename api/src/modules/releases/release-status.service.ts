/**
 * The one place a release's status changes: every move is checked by the domain's transition table
 * and written together with its audit event, in the caller's transaction.
 */
import { assertTransition, InvalidStatusTransitionError, type ReleaseStatus, type StatusActor } from '@cadence/domain/release-status';
import type { Prisma } from '../../generated/prisma/client.ts';
import { DomainError } from '../../domain-error.ts';
import type { Viewer } from '../../context.ts';
import { statusName, statusNumber } from './release-model.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';

export type Tx = Prisma.TransactionClient;
type ReleaseAuditSubcategory = 'RELEASE_START' | 'STATUS_CHANGE' | 'SUBMIT' | 'TAKEDOWN_AWAITING' | 'DELETE' | 'TRANSFER_SUBMITTED' | 'TRANSFER_APPROVED';

/** Who is acting: a viewer (user, or support impersonating one) or the system (viewer null). */
export interface Actor {
  viewer: Viewer | null;
  requestId?: string;
}

export interface StatusChange {
  to: ReleaseStatus;
  actor: StatusActor;
  /** The audit subcategory; STATUS_CHANGE by default. */
  subcategory?: ReleaseAuditSubcategory;
  /** Other columns written with the status (dates, comment). */
  data?: Prisma.ReleaseUpdateManyMutationInput;
  /** What the user reads when the move is not allowed. */
  refusal?: string;
}

/** The answer when a release changed since the caller read it (two tabs, two people), so no edit is lost silently. */
export function versionConflict(): DomainError {
  return new DomainError('CONFLICT', 'This release was changed in another tab or by someone else. Reload to see the latest version.', { key: 'stale-version' });
}

/**
 * Refuses an edit made on an older version of the release than the stored one. `expected` is the
 * version the caller last read; none (legacy REST callers) means last write wins.
 */
export function assertExpectedVersion(release: { version: number }, expected: number | null | undefined): void {
  if (expected !== undefined && expected !== null && expected !== release.version) throw versionConflict();
}

/** Appends a release audit event (who, what, old and new values). */
export async function auditRelease(
  tx: Tx,
  actor: Actor,
  release: { id: string; userId: string },
  subcategory: ReleaseAuditSubcategory,
  oldValues: Prisma.InputJsonValue | undefined,
  newValues: Prisma.InputJsonValue | undefined,
): Promise<void> {
  await tx.auditEvent.create({
    data: {
      category: 'RELEASE',
      subcategory,
      userId: release.userId,
      actorId: actor.viewer?.userId ?? null,
      impersonatorId: actor.viewer?.impersonatorId ?? null,
      entityType: 'Release',
      entityId: release.id,
      oldValues,
      newValues,
      requestId: actor.requestId ?? null,
    },
  });
}

/**
 * Moves a release to another status if the transition table allows it for this actor, bumping the
 * version (a concurrent change makes this fail with CONFLICT) and writing the audit event.
 */
export async function changeReleaseStatus(
  tx: Tx,
  actor: Actor,
  release: { id: string; userId: string; status: number; version: number },
  change: StatusChange,
): Promise<{ version: number }> {
  const from = statusName(release.status);
  try {
    assertTransition(from, change.to, change.actor);
  } catch (err) {
    if (err instanceof InvalidStatusTransitionError) {
      throw new DomainError('CONFLICT', change.refusal ?? `A ${from} release cannot be moved to ${change.to}`, {
        key: 'invalid-status-transition',
        from,
        to: change.to,
      });
    }
    throw err;
  }
  const { count } = await tx.release.updateMany({
    where: { id: release.id, version: release.version, status: release.status },
    data: { ...change.data, status: statusNumber(change.to), statusChangedAt: new Date(), version: { increment: 1 } },
  });
  if (count === 0) throw versionConflict();
  await auditRelease(tx, actor, release, change.subcategory ?? 'STATUS_CHANGE', { status: from }, { status: change.to });
  await emitWebhookEvent(tx, release.userId, 'release.status_changed', { releaseId: release.id, from, to: change.to });
  return { version: release.version + 1 };
}

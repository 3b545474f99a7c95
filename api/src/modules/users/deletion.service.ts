/**
 * Account deletion: allowed while every release is a draft; the row is anonymised, sessions and tokens end.
 */
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain-error.ts';
import { canDeleteAccount } from '@cadence/domain/release-rules';
import { statusFromOrder } from '@cadence/domain/release-status';
import { recordAudit } from '../audit/audit.service.ts';
import { storageFor } from '../uploads/storage.ts';
import { signOut } from '../auth/auth.service.ts';
import { requireViewer } from './users.policy.ts';
import { refuseWhileActing } from '../support/impersonation.policy.ts';

import { NOT_DELETABLE_MESSAGE, loadUser } from './users.service.ts';

/**
 * Deletes the viewer's account when the release rule allows it: sessions end, personal data is
 * erased (the row is anonymised so accounting rows keep their reference), tokens and personal
 * tracking rows are deleted.
 */
export async function deleteAccount(ctx: AppContext): Promise<void> {
  const viewer = requireViewer(ctx.viewer);
  refuseWhileActing(viewer, 'account-deletion');
  const user = await loadUser(ctx, viewer.userId);
  const releases = await ctx.prisma.release.findMany({ where: { userId: user.id }, select: { status: true } });
  const statuses = releases.map((r) => ({ status: statusFromOrder(r.status) ?? 'LIVE' }));
  if (!canDeleteAccount(statuses)) throw new DomainError('FORBIDDEN', NOT_DELETABLE_MESSAGE, { key: 'account-not-deletable' });
  await recordAudit(ctx, { category: 'USER', subcategory: 'USER_REMOVED', userId: user.id, oldValues: { email: user.email } });
  const id = user.id;
  // The person's drafts (the only releases a deletable account can have) and their files are
  // personal data too: rows go in the transaction, stored objects right after it.
  const files = await ctx.prisma.storedFile.findMany({ where: { userId: id, kind: { in: ['TRACK', 'COVER_IMAGE'] } }, select: { id: true, storageKey: true } });
  await ctx.prisma.$transaction([
    ctx.prisma.release.deleteMany({ where: { userId: id } }),
    ctx.prisma.storedFile.deleteMany({ where: { id: { in: files.map((f) => f.id) } } }),
    ctx.prisma.session.deleteMany({ where: { OR: [{ userId: id }, { impersonatorId: id }] } }),
    ctx.prisma.apiToken.deleteMany({ where: { userId: id } }),
    ctx.prisma.emailToken.deleteMany({ where: { userId: id } }),
    ctx.prisma.inAppMessageDismissal.deleteMany({ where: { userId: id } }),
    ctx.prisma.webPushToken.deleteMany({ where: { userId: id } }),
    ctx.prisma.invitation.deleteMany({ where: { inviterId: id } }),
    ctx.prisma.trackedEvent.deleteMany({ where: { userId: id } }),
    ctx.prisma.marketingTracking.deleteMany({ where: { userId: id } }),
    ctx.prisma.outboxEmail.deleteMany({ where: { userId: id } }),
    ctx.prisma.user.update({
      where: { id },
      data: {
        email: `deleted-${id}@deleted.invalid`,
        emailNormalized: `deleted-${id}@deleted.invalid`,
        passwordHash: null,
        firstName: null,
        lastName: null,
        birthday: null,
        country: null,
        state: null,
        city: null,
        address1: null,
        address2: null,
        postalCode: null,
        primaryArtists: [],
        parentEmail: null,
        paypalEmail: null,
        paypalFirstName: null,
        paypalLastName: null,
        userMetadata: {},
        deletedAt: new Date(),
      },
    }),
  ]);
  const storage = storageFor(ctx.config);
  await Promise.all(
    files.map((f) => storage.delete(f.storageKey).catch((err: unknown) => ctx.logger.warn('could not delete a stored file of a deleted account', { key: f.storageKey, err: err as Error }))),
  );
  await signOut(ctx);
}

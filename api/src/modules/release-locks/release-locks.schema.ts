/** GraphQL: release edit locks. */
import { builder } from '../../graphql/builder.ts';
import { acquireReleaseLocks, parseLockTypes, releaseLockStatus, type LockState } from './release-locks.service.ts';

const LockHolder = builder.enumType('ReleaseLockHolder', { values: ['THIS_SESSION', 'OTHER_SESSION', 'NOBODY'] as const });

const ReleaseLock = builder.objectRef<LockState>('ReleaseLock').implement({
  description: 'One lock on a release: whether this session holds it, or who does.',
  fields: (t) => ({
    lockType: t.exposeString('lockType'),
    acquired: t.exposeBoolean('acquired'),
    heldBy: t.field({ type: LockHolder, resolve: (l) => l.heldBy }),
    holderUserId: t.exposeID('holderUserId', { nullable: true }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
  }),
});

builder.queryField('releaseLockStatus', (t) =>
  t.field({
    type: [ReleaseLock],
    authScopes: { signedIn: true },
    args: { releaseId: t.arg.id({ required: true }), lockTypes: t.arg.stringList({ required: true }) },
    resolve: (_p, args, ctx) => releaseLockStatus(ctx, String(args.releaseId), parseLockTypes(args.lockTypes)),
  }),
);

builder.mutationField('acquireReleaseLock', (t) =>
  t.field({
    type: [ReleaseLock],
    authScopes: { signedIn: true },
    description: 'Takes or renews (2 minutes) each free lock; reports who holds the others. Call again to keep them.',
    args: { releaseId: t.arg.id({ required: true }), lockTypes: t.arg.stringList({ required: true }) },
    resolve: (_p, args, ctx) => acquireReleaseLocks(ctx, String(args.releaseId), parseLockTypes(args.lockTypes)),
  }),
);

/** GraphQL: release edit locks. */
import { builder } from '../../graphql/builder.ts';
import { acquireReleaseLocks, parseLockTypes, releaseLockStatus, type LockState } from './release-locks.service.ts';

const LockHolder = builder.enumType('ReleaseLockHolder', {
  description: 'Who holds a release edit lock.',
  values: {
    THIS_SESSION: { description: 'The session (or API token) that asked.' },
    OTHER_SESSION: { description: 'Another session of the same account: another tab, another token, or support acting as the person.' },
    NOBODY: { description: 'The lock is free (never taken, released, or expired).' },
  } as const,
});

const ReleaseLock = builder.objectRef<LockState>('ReleaseLock').implement({
  description: 'One lock on a release: whether this session holds it, or who does.',
  fields: (t) => ({
    lockType: t.exposeString('lockType', { description: 'The lock’s name, as asked for (each part of a release being edited has its own).' }),
    acquired: t.exposeBoolean('acquired', { description: 'True when the session that asked holds the lock now.' }),
    heldBy: t.field({ type: LockHolder, description: 'THIS_SESSION, OTHER_SESSION or NOBODY.', resolve: (l) => l.heldBy }),
    holderUserId: t.exposeID('holderUserId', { nullable: true, description: 'The account holding the lock; null when nobody does.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true, description: 'When the lock lapses unless renewed (2 minutes after it was last taken); null when nobody holds it.' }),
  }),
});

builder.queryField('releaseLockStatus', (t) =>
  t.field({
    type: [ReleaseLock],
    authScopes: { signedIn: true },
    description: 'Who holds each of the named locks on a release, without taking any.',
    args: {
      releaseId: t.arg.id({ required: true, description: 'One of the viewer’s releases.' }),
      lockTypes: t.arg.stringList({ required: true, description: '1 to 10 lock names (a letter, then up to 39 letters, digits, - or _).' }),
    },
    resolve: (_p, args, ctx) => releaseLockStatus(ctx, String(args.releaseId), parseLockTypes(args.lockTypes)),
  }),
);

builder.relayMutationField(
  'acquireReleaseLock',
  {
    description: 'The release and the locks wanted.',
    inputFields: (t) => ({
      releaseId: t.id({ required: true, description: 'One of the viewer’s releases.' }),
      lockTypes: t.stringList({ required: true, description: '1 to 10 lock names (a letter, then up to 39 letters, digits, - or _).' }),
    }),
  },
  {
    authScopes: { signedIn: true },
    description: 'Takes or renews (2 minutes) each free lock; reports who holds the others. Call again to keep them.',
    resolve: async (_p, { input }, ctx) => ({ locks: await acquireReleaseLocks(ctx, String(input.releaseId), parseLockTypes(input.lockTypes)) }),
  },
  { description: 'The state of each lock asked for.', outputFields: (t) => ({ locks: t.field({ type: [ReleaseLock], description: 'Each lock asked for, in the order asked.', resolve: (p) => p.locks }) }) },
);

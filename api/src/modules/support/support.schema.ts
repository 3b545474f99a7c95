/** GraphQL: support tools (staff only). */
import { TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';
import { builder } from '../../graphql/builder.ts';
import { AccountStatusEnum, Profile, UserRoleEnum } from '../users/users.schema.ts';
import { actAsUser, blockUser, searchUsers, stopActingAsUser, unblockUser, type UserSummary } from './support.service.ts';

export const UserSummaryRef = builder.objectRef<UserSummary>('UserSummary').implement({
  description: 'A user as support staff see them in search results.',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    primaryArtists: t.exposeStringList('primaryArtists'),
    role: t.expose('role', { type: UserRoleEnum }),
    status: t.expose('status', { type: AccountStatusEnum }),
    isLocked: t.exposeBoolean('isLocked'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryField('searchUsers', (t) =>
  t.field({
    type: [UserSummaryRef],
    authScopes: { support: true },
    args: { query: t.arg.string({ required: true, description: `At least 2 characters. ${limitDescription(TEXT_LIMITS.search)}` }) },
    resolve: (_r, a, ctx) => searchUsers(ctx, a.query),
  }),
);

builder.mutationFields((t) => ({
  actAsUser: t.field({
    type: Profile,
    authScopes: { support: true },
    description: 'Starts acting as the user: swaps the session cookie and sets the force_login cookie; the app then goes to /releases.',
    args: { userId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => actAsUser(ctx, String(a.userId)),
  }),
  stopActingAsUser: t.boolean({
    authScopes: { signedIn: true },
    description: "Ends acting as a user; true when the agent's own session was restored.",
    resolve: (_r, _a, ctx) => stopActingAsUser(ctx),
  }),
  blockUser: t.field({
    type: UserSummaryRef,
    authScopes: { support: true },
    description: 'Blocks (or, with superBlock, super-blocks) an account: sign-in is refused and every session ends. A reason is required. Only an admin can lift a super block.',
    args: { userId: t.arg.id({ required: true }), superBlock: t.arg.boolean(), reason: t.arg.string({ description: `Required. ${limitDescription(TEXT_LIMITS.message)}` }) },
    resolve: (_r, a, ctx) => blockUser(ctx, { userId: String(a.userId), superBlock: a.superBlock ?? false, reason: a.reason ?? '' }),
  }),
  unblockUser: t.field({
    type: UserSummaryRef,
    authScopes: { support: true },
    description: 'Makes a blocked account active again (a super block: admin only).',
    args: { userId: t.arg.id({ required: true }), reason: t.arg.string({ description: limitDescription(TEXT_LIMITS.message) }) },
    resolve: (_r, a, ctx) => unblockUser(ctx, { userId: String(a.userId), reason: a.reason }),
  }),
}));

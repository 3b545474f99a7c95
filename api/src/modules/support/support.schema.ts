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

builder.relayMutationField(
  'actAsUser',
  { inputFields: (t) => ({ userId: t.id({ required: true, description: 'The person to act as.' }) }) },
  {
    authScopes: { support: true },
    description: 'Starts acting as the user: swaps the session cookie and sets the force_login cookie; the app then goes to /releases.',
    resolve: async (_r, { input }, ctx) => ({ viewer: await actAsUser(ctx, String(input.userId)) }),
  },
  { outputFields: (t) => ({ viewer: t.field({ type: Profile, description: 'The person, as the agent now sees them.', resolve: (p) => p.viewer }) }) },
);

builder.relayMutationField(
  'stopActingAsUser',
  null,
  {
    authScopes: { signedIn: true },
    description: 'Ends acting as a user.',
    resolve: async (_r, _a, ctx) => ({ restored: await stopActingAsUser(ctx) }),
  },
  { outputFields: (t) => ({ restored: t.exposeBoolean('restored', { description: "True when the agent's own session was restored." }) }) },
);

const userOutput = { description: 'The account after the change.' };

builder.relayMutationField(
  'blockUser',
  {
    inputFields: (t) => ({
      userId: t.id({ required: true, description: 'The account to block.' }),
      superBlock: t.boolean({ description: 'A block with no way back (fraud); only an admin can lift it.' }),
      reason: t.string({ description: `Required. ${limitDescription(TEXT_LIMITS.message)}` }),
    }),
  },
  {
    authScopes: { support: true },
    description: 'Blocks (or, with superBlock, super-blocks) an account: sign-in is refused and every session ends. A reason is required. Only an admin can lift a super block.',
    resolve: async (_r, { input }, ctx) => ({ user: await blockUser(ctx, { userId: String(input.userId), superBlock: input.superBlock ?? false, reason: input.reason ?? '' }) }),
  },
  { outputFields: (t) => ({ user: t.field({ type: UserSummaryRef, ...userOutput, resolve: (p) => p.user }) }) },
);

builder.relayMutationField(
  'unblockUser',
  {
    inputFields: (t) => ({
      userId: t.id({ required: true, description: 'The account to make active again.' }),
      reason: t.string({ description: limitDescription(TEXT_LIMITS.message) }),
    }),
  },
  {
    authScopes: { support: true },
    description: 'Makes a blocked account active again (a super block: admin only).',
    resolve: async (_r, { input }, ctx) => ({ user: await unblockUser(ctx, { userId: String(input.userId), reason: input.reason }) }),
  },
  { outputFields: (t) => ({ user: t.field({ type: UserSummaryRef, ...userOutput, resolve: (p) => p.user }) }) },
);

/** GraphQL: sign-in, sign-out and the viewer's own sessions. */
import { builder } from '../../graphql/builder.ts';
import { Profile } from '../users/users.schema.ts';
import { listSessions, revokeOwnSession, signIn, signOut, type SessionView } from './auth.service.ts';
import { TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';


const SessionInfo = builder.objectRef<SessionView>('SessionInfo').implement({
  description: "One of the viewer's signed-in browsers.",
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    ip: t.exposeString('ip', { nullable: true }),
    userAgent: t.exposeString('userAgent', { nullable: true }),
    current: t.exposeBoolean('current'),
    impersonated: t.exposeBoolean('impersonated', { description: 'A support agent acting as the user.' }),
  }),
});

builder.queryField('sessions', (t) =>
  t.field({ type: [SessionInfo], authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => listSessions(ctx) }),
);

builder.relayMutationField(
  'signIn',
  {
    inputFields: (t) => ({
      username: t.string({ required: true, description: `The email address. ${limitDescription(TEXT_LIMITS.email)}` }),
      password: t.string({ required: true, description: limitDescription(TEXT_LIMITS.password) }),
      captchaCode: t.string({ description: "While the account is locked (LOCKED): the ALTCHA widget's payload for a solved 'unlock' challenge; with the right password it signs in and clears the lock." }),
    }),
  },
  {
    description:
      "Sets the session cookie. Errors: UNAUTHENTICATED (bad credentials), LOCKED with extensions.status 'locked' (go to /captcha: sign in again with captchaCode), FORBIDDEN with extensions.status 'blocked'|'super_blocked' (go to /disabled), RATE_LIMITED (per client address), BAD_USER_INPUT key captcha-mismatch / captcha-expired.",
    resolve: async (_r, { input }, ctx) => ({ viewer: await signIn(ctx, input) }),
  },
  { outputFields: (t) => ({ viewer: t.field({ type: Profile, description: 'The signed-in account.', resolve: (p) => p.viewer }) }) },
);

builder.relayMutationField(
  'signOut',
  null,
  {
    description: 'Ends the current session (harmless when it is gone already).',
    resolve: async (_r, _a, ctx) => {
      await signOut(ctx);
      return { signedOut: true };
    },
  },
  { outputFields: (t) => ({ signedOut: t.exposeBoolean('signedOut', { description: 'Always true.' }) }) },
);

builder.relayMutationField(
  'revokeSession',
  { inputFields: (t) => ({ id: t.id({ required: true, description: "One of the viewer's sessions." }) }) },
  {
    authScopes: { signedIn: true },
    description: "Ends one of the viewer's sessions.",
    resolve: async (_r, { input }, ctx) => {
      await revokeOwnSession(ctx, String(input.id));
      return { revokedSessionId: String(input.id) };
    },
  },
  { outputFields: (t) => ({ revokedSessionId: t.exposeID('revokedSessionId', { description: 'The session that ended.' }) }) },
);

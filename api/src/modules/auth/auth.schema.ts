/** GraphQL: sign-in, sign-out and the viewer's own sessions. */
import { builder } from '../../graphql/builder.ts';
import { Profile } from '../users/users.schema.ts';
import { listSessions, revokeOwnSession, signIn, signOut, type SessionView } from './auth.service.ts';
import { TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';

const SignInInput = builder.inputType('SignInInput', {
  fields: (t) => ({
    username: t.string({ required: true, description: `The email address. ${limitDescription(TEXT_LIMITS.email)}` }),
    password: t.string({ required: true, description: limitDescription(TEXT_LIMITS.password) }),
    captchaCode: t.string({ description: "While the account is locked (LOCKED): the ALTCHA widget's payload for a solved 'unlock' challenge; with the right password it signs in and clears the lock." }),
  }),
});

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

builder.mutationFields((t) => ({
  signIn: t.field({
    type: Profile,
    description:
      "Sets the session cookie. Errors: UNAUTHENTICATED (bad credentials), LOCKED with extensions.status 'locked' (go to /captcha: sign in again with captchaCode), FORBIDDEN with extensions.status 'blocked'|'super_blocked' (go to /disabled), RATE_LIMITED (per client address), BAD_USER_INPUT key captcha-mismatch / captcha-expired.",
    args: { input: t.arg({ type: SignInInput, required: true }) },
    resolve: (_r, { input }, ctx) => signIn(ctx, input),
  }),
  signOut: t.boolean({
    resolve: async (_r, _a, ctx) => {
      await signOut(ctx);
      return true;
    },
  }),
  revokeSession: t.boolean({
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => {
      await revokeOwnSession(ctx, String(a.id));
      return true;
    },
  }),
}));

/** GraphQL: the proof-of-work captcha (ALTCHA) and the mailed unlock link. */
import { builder } from '../../graphql/builder.ts';
import { requestUnlockLink, unlockWithLink } from './account-unlock.service.ts';
import { issueCaptchaChallenge, parseCaptchaPurpose, solveCaptcha } from './captcha.service.ts';

const CaptchaChallenge = builder.objectRef<{ challenge: unknown; expiresAt: Date }>('CaptchaChallenge').implement({
  description:
    'A proof-of-work challenge for the ALTCHA widget (the same JSON as GET /api/captcha/challenge). The widget solves it and gives a payload to send as `code` / `captchaCode`.',
  fields: (t) => ({
    altcha: t.string({ description: "The challenge as JSON text, for the widget's `challenge` option.", resolve: (c) => JSON.stringify(c.challenge) }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'After this the challenge is refused; ask for a new one.' }),
  }),
});

const SolveCaptchaPayload = builder.objectRef<{ solved: boolean; unlocked: boolean }>('SolveCaptchaPayload').implement({
  description: 'The answer to solveCaptcha.',
  fields: (t) => ({
    solved: t.exposeBoolean('solved', { description: 'True: the solution was right, in time, and not used before.' }),
    unlocked: t.exposeBoolean('unlocked', { description: 'The signed-in viewer was locked and is now unlocked.' }),
  }),
});

builder.mutationField('createCaptchaChallenge', (t) =>
  t.field({
    type: CaptchaChallenge,
    description: "Issues a new challenge; type is 'unlock' (locked account, default) or 'signup'. Nothing is stored. RATE_LIMITED after 60 in 15 minutes per client address.",
    args: { type: t.arg.string({ required: false, description: "'unlock' (default) or 'signup'." }) },
    resolve: async (_r, a, ctx) => {
      const challenge = await issueCaptchaChallenge(ctx, parseCaptchaPurpose(a.type ?? 'unlock'));
      return { challenge, expiresAt: new Date((challenge.parameters.expiresAt ?? 0) * 1000) };
    },
  }),
);

builder.mutationField('solveCaptcha', (t) =>
  t.field({
    type: SolveCaptchaPayload,
    description:
      "Checks a solved challenge (the widget's payload as `code`), once. For type 'unlock' it unlocks the signed-in viewer; signed out, sign in with the password and `captchaCode` instead. Errors: BAD_USER_INPUT key captcha-mismatch / captcha-expired.",
    args: {
      code: t.arg.string({ required: true, description: 'The payload the ALTCHA widget gives once it solved the challenge.' }),
      type: t.arg.string({ required: false, description: "The challenge’s purpose: 'unlock' (default) or 'signup'." }),
    },
    resolve: (_r, a, ctx) => solveCaptcha(ctx, { code: a.code, type: parseCaptchaPurpose(a.type ?? 'unlock') }),
  }),
);

builder.mutationField('requestUnlockLink', (t) =>
  t.boolean({
    description:
      'Mails a single-use link to /captcha?unlock=… (valid one hour) when the account is locked: the signed-in viewer, or `username` when signed out. Always true; RATE_LIMITED after 5 an hour per account.',
    args: { username: t.arg.string({ required: false }) },
    resolve: async (_r, a, ctx) => {
      await requestUnlockLink(ctx, { username: a.username });
      return true;
    },
  }),
);

builder.mutationField('unlockAccount', (t) =>
  t.boolean({
    description: 'Clears the lock with the token of a mailed unlock link, once. Errors: BAD_USER_INPUT key token-invalid, or token-other-account when signed in as someone else.',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      await unlockWithLink(ctx, a.token);
      return true;
    },
  }),
);

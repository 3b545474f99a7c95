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

const CaptchaPurposeEnum = builder.enumType('CaptchaPurpose', {
  description: 'What a captcha challenge is for.',
  values: {
    UNLOCK: { value: 'unlock', description: 'Unlocking an account locked after failed sign-ins.' },
    SIGNUP: { value: 'signup', description: 'Signing up while the sign-up captcha is on.' },
  } as const,
});

builder.relayMutationField(
  'createCaptchaChallenge',
  { description: 'What the challenge is for.', inputFields: (t) => ({ type: t.field({ type: CaptchaPurposeEnum, required: false, description: 'UNLOCK (default) or SIGNUP.' }) }) },
  {
    description: 'Issues a new challenge. Nothing is stored. RATE_LIMITED after 60 in 15 minutes per client address.',
    resolve: async (_r, { input }, ctx) => {
      const challenge = await issueCaptchaChallenge(ctx, parseCaptchaPurpose(input.type ?? 'unlock'));
      return { challenge, expiresAt: new Date((challenge.parameters.expiresAt ?? 0) * 1000) };
    },
  },
  { description: 'The new challenge.', outputFields: (t) => ({ challenge: t.field({ type: CaptchaChallenge, description: 'The challenge for the widget.', resolve: (p) => p }) }) },
);

builder.relayMutationField(
  'solveCaptcha',
  {
    description: 'The solved challenge.',
    inputFields: (t) => ({
      code: t.string({ required: true, description: 'The payload the ALTCHA widget gives once it solved the challenge.' }),
      type: t.field({ type: CaptchaPurposeEnum, required: false, description: 'The challenge’s purpose: UNLOCK (default) or SIGNUP.' }),
    }),
  },
  {
    description:
      "Checks a solved challenge (the widget's payload as `code`), once. For UNLOCK it unlocks the signed-in viewer; signed out, sign in with the password and `captchaCode` instead. Errors: BAD_USER_INPUT key captcha-mismatch / captcha-expired.",
    resolve: (_r, { input }, ctx) => solveCaptcha(ctx, { code: input.code, type: parseCaptchaPurpose(input.type ?? 'unlock') }),
  },
  {
    description: 'The answer to solveCaptcha.',
    outputFields: (t) => ({
      solved: t.exposeBoolean('solved', { description: 'True: the solution was right, in time, and not used before.' }),
      unlocked: t.exposeBoolean('unlocked', { description: 'The signed-in viewer was locked and is now unlocked.' }),
    }),
  },
);

builder.relayMutationField(
  'requestUnlockLink',
  { description: 'Whose account, when signed out.', inputFields: (t) => ({ username: t.string({ required: false, description: 'The account’s email address, when signed out.' }) }) },
  {
    description:
      'Mails a single-use link to /captcha?unlock=… (valid one hour) when the account is locked: the signed-in viewer, or `username` when signed out. Always answers requested: true; RATE_LIMITED after 5 an hour per account.',
    resolve: async (_r, { input }, ctx) => {
      await requestUnlockLink(ctx, { username: input.username });
      return { requested: true };
    },
  },
  { description: 'The answer (alike whether or not a mail went out).', outputFields: (t) => ({ requested: t.exposeBoolean('requested', { description: 'Always true, whether or not a mail was sent.' }) }) },
);

builder.relayMutationField(
  'unlockAccount',
  { description: 'The mailed link’s token.', inputFields: (t) => ({ token: t.string({ required: true, description: 'The token of the mailed unlock link.' }) }) },
  {
    description: 'Clears the lock with the token of a mailed unlock link, once. Errors: BAD_USER_INPUT key token-invalid, or token-other-account when signed in as someone else.',
    resolve: async (_r, { input }, ctx) => {
      await unlockWithLink(ctx, input.token);
      return { unlocked: true };
    },
  },
  { description: 'The account is unlocked.', outputFields: (t) => ({ unlocked: t.exposeBoolean('unlocked', { description: 'True once the lock is cleared.' }) }) },
);

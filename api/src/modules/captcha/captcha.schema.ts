/** GraphQL: the self-hosted captcha, its text-question alternative and the mailed unlock link. */
import { builder } from '../../graphql/builder.ts';
import { requestUnlockLink, unlockWithLink } from './account-unlock.service.ts';
import { createCaptcha, createCaptchaQuestion, parseCaptchaPurpose, solveCaptcha, type CaptchaQuestionView, type CaptchaView } from './captcha.service.ts';

const CaptchaChallenge = builder.objectRef<CaptchaView>('CaptchaChallenge').implement({
  description: 'A text captcha drawn as SVG; answer it with solveCaptcha(id, code, type).',
  fields: (t) => ({
    id: t.exposeID('id'),
    svg: t.exposeString('svg', { description: 'SVG markup; show it as an <img> via a data: URL.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
});

const CaptchaQuestion = builder.objectRef<CaptchaQuestionView>('CaptchaQuestion').implement({
  description: 'The accessible alternative to the picture: a question in words whose answer is a number; answer it with solveCaptcha(id, code, type).',
  fields: (t) => ({
    id: t.exposeID('id'),
    question: t.exposeString('question', { description: 'Plain text, e.g. "What is seven plus four?"; digits or a number word answer it.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
});

const SolveCaptchaPayload = builder.objectRef<{ solved: boolean; unlocked: boolean }>('SolveCaptchaPayload').implement({
  fields: (t) => ({
    solved: t.exposeBoolean('solved'),
    unlocked: t.exposeBoolean('unlocked', { description: 'The signed-in viewer was locked and is now unlocked.' }),
  }),
});

builder.mutationField('createCaptchaChallenge', (t) =>
  t.field({
    type: CaptchaChallenge,
    description: "Issues a new challenge (call again to refresh); type is 'unlock' (locked account, default) or 'signup'.",
    args: { type: t.arg.string({ required: false }) },
    resolve: (_r, a, ctx) => createCaptcha(ctx, parseCaptchaPurpose(a.type ?? 'unlock')),
  }),
);

builder.mutationField('createCaptchaQuestion', (t) =>
  t.field({
    type: CaptchaQuestion,
    description: "Issues a text question instead of a picture (screen readers); type is 'unlock' (default) or 'signup', answered like the picture's challenge of that type. Same expiry and attempt limit as the picture.",
    args: { type: t.arg.string({ required: false }) },
    resolve: (_r, a, ctx) => createCaptchaQuestion(ctx, parseCaptchaPurpose(a.type ?? 'unlock')),
  }),
);

builder.mutationField('solveCaptcha', (t) =>
  t.field({
    type: SolveCaptchaPayload,
    description:
      "Checks the answer to a picture (case-insensitive) or a question (digits or a number word). For type 'unlock' it unlocks the signed-in viewer, or the account of `username` when signed out. Errors: BAD_USER_INPUT key captcha-mismatch / captcha-expired.",
    args: {
      id: t.arg.id({ required: true }),
      code: t.arg.string({ required: true }),
      type: t.arg.string({ required: false }),
      username: t.arg.string({ required: false }),
    },
    resolve: (_r, a, ctx) =>
      solveCaptcha(ctx, { challengeId: String(a.id), code: a.code, type: parseCaptchaPurpose(a.type ?? 'unlock'), username: a.username ?? undefined }),
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

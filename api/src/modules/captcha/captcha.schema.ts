/** GraphQL: the self-hosted captcha. */
import { builder } from '../../graphql/builder.ts';
import { createCaptcha, parseCaptchaPurpose, solveCaptcha, type CaptchaView } from './captcha.service.ts';

const CaptchaChallenge = builder.objectRef<CaptchaView>('CaptchaChallenge').implement({
  description: 'A text captcha drawn as SVG; answer it with solveCaptcha(id, code, type).',
  fields: (t) => ({
    id: t.exposeID('id'),
    svg: t.exposeString('svg', { description: 'SVG markup; show it as an <img> via a data: URL.' }),
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

builder.mutationField('solveCaptcha', (t) =>
  t.field({
    type: SolveCaptchaPayload,
    description:
      "Checks the answer (case-insensitive). For type 'unlock' it unlocks the signed-in viewer, or the account of `username` when signed out. Errors: BAD_USER_INPUT key captcha-mismatch / captcha-expired.",
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

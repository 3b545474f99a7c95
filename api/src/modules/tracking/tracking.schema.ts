/** GraphQL: marketing attribution, product events, web push and client logs. */
import { builder } from '../../graphql/builder.ts';
import { clientLog, registerBrowserToken, trackEvent, trackMarketing, trackWebPushClick } from './tracking.service.ts';

const done = async (p: Promise<void>) => {
  await p;
  return true;
};

builder.mutationFields((t) => ({
  trackMarketing: t.boolean({
    args: { campaignId: t.arg.string({ required: true }), templateId: t.arg.string() },
    resolve: (_r, a, ctx) => done(trackMarketing(ctx, { campaignId: a.campaignId, templateId: a.templateId })),
  }),
  trackEvent: t.boolean({
    authScopes: { signedIn: true },
    args: { name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => done(trackEvent(ctx, a.name)),
  }),
  registerBrowserToken: t.boolean({
    authScopes: { signedIn: true },
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => done(registerBrowserToken(ctx, a.token)),
  }),
  trackWebPushClick: t.boolean({
    args: { campaignId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => done(trackWebPushClick(ctx, a.campaignId)),
  }),
  clientLog: t.boolean({
    description: 'type: error, warn, info or an upper-case tag such as GLOBAL_ERROR.',
    args: { message: t.arg.string({ required: true }), type: t.arg.string({ required: true }), url: t.arg.string() },
    resolve: (_r, a, ctx) => done(clientLog(ctx, { message: a.message, type: a.type, url: a.url })),
  }),
}));

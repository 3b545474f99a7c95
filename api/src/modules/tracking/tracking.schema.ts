/** GraphQL: marketing attribution, product events, web push and client logs. */
import { TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';
import { builder } from '../../graphql/builder.ts';
import { clientLog, registerBrowserToken, trackEvent, trackMarketing, trackWebPushClick } from './tracking.service.ts';

const done = async (p: Promise<void>) => {
  await p;
  return true;
};

builder.mutationFields((t) => ({
  trackMarketing: t.boolean({
    description: 'Records that a marketing mail link was opened (campaign attribution).',
    args: { campaignId: t.arg.string({ required: true, description: limitDescription(TEXT_LIMITS.label) }), templateId: t.arg.string({ description: limitDescription(TEXT_LIMITS.label) }) },
    resolve: (_r, a, ctx) => done(trackMarketing(ctx, { campaignId: a.campaignId, templateId: a.templateId })),
  }),
  trackEvent: t.boolean({
    description: 'Records a named product event for the signed-in user.',
    authScopes: { signedIn: true },
    args: { name: t.arg.string({ required: true, description: limitDescription(TEXT_LIMITS.label) }) },
    resolve: (_r, a, ctx) => done(trackEvent(ctx, a.name)),
  }),
  registerBrowserToken: t.boolean({
    authScopes: { signedIn: true },
    args: { token: t.arg.string({ required: true, description: limitDescription(TEXT_LIMITS.token) }) },
    resolve: (_r, a, ctx) => done(registerBrowserToken(ctx, a.token)),
  }),
  trackWebPushClick: t.boolean({
    description: 'Records that a web push notification was clicked.',
    args: { campaignId: t.arg.string({ required: true, description: limitDescription(TEXT_LIMITS.label) }) },
    resolve: (_r, a, ctx) => done(trackWebPushClick(ctx, a.campaignId)),
  }),
  clientLog: t.boolean({
    description: 'type: error, warn, info or an upper-case tag such as GLOBAL_ERROR.',
    args: { message: t.arg.string({ required: true, description: `Cut to ${TEXT_LIMITS.logMessage} characters.` }), type: t.arg.string({ required: true, description: 'error, warn, info or an upper-case tag.' }), url: t.arg.string({ description: `Cut to ${TEXT_LIMITS.url} characters.` }) },
    resolve: (_r, a, ctx) => done(clientLog(ctx, { message: a.message, type: a.type, url: a.url })),
  }),
}));

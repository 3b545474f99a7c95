/** GraphQL: marketing attribution, product events, web push and client logs. */
import { TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';
import { builder } from '../../graphql/builder.ts';
import { clientLog, registerBrowserToken, trackEvent, trackMarketing, trackWebPushClick } from './tracking.service.ts';

/** Each of these answers `{ recorded: true }` once the event is stored. */
const recordedPayload = { description: 'The answer once the event is stored.' } as const;
const recorded = async (p: Promise<void>) => {
  await p;
  return { recorded: true };
};

builder.relayMutationField(
  'trackMarketing',
  { description: 'The campaign and mail template of the opened link.', inputFields: (t) => ({ campaignId: t.string({ required: true, description: limitDescription(TEXT_LIMITS.label) }), templateId: t.string({ description: limitDescription(TEXT_LIMITS.label) }) }) },
  {
    description: 'Records that a marketing mail link was opened (campaign attribution).',
    resolve: (_r, { input }, ctx) => recorded(trackMarketing(ctx, { campaignId: input.campaignId, templateId: input.templateId })),
  },
  { ...recordedPayload, outputFields: (t) => ({ recorded: t.exposeBoolean('recorded', { description: 'Always true.' }) }) },
);

builder.relayMutationField(
  'trackEvent',
  { description: 'The event.', inputFields: (t) => ({ name: t.string({ required: true, description: limitDescription(TEXT_LIMITS.label) }) }) },
  {
    description: 'Records a named product event for the signed-in user.',
    authScopes: { signedIn: true },
    resolve: (_r, { input }, ctx) => recorded(trackEvent(ctx, input.name)),
  },
  { ...recordedPayload, outputFields: (t) => ({ recorded: t.exposeBoolean('recorded', { description: 'Always true.' }) }) },
);

builder.relayMutationField(
  'registerBrowserToken',
  { description: 'The browser’s push token.', inputFields: (t) => ({ token: t.string({ required: true, description: limitDescription(TEXT_LIMITS.token) }) }) },
  {
    description: "Registers the browser's web push token for the signed-in user.",
    authScopes: { signedIn: true },
    resolve: (_r, { input }, ctx) => recorded(registerBrowserToken(ctx, input.token)),
  },
  { ...recordedPayload, outputFields: (t) => ({ recorded: t.exposeBoolean('recorded', { description: 'Always true.' }) }) },
);

builder.relayMutationField(
  'trackWebPushClick',
  { description: 'The campaign of the clicked notification.', inputFields: (t) => ({ campaignId: t.string({ required: true, description: limitDescription(TEXT_LIMITS.label) }) }) },
  { description: 'Records that a web push notification was clicked.', resolve: (_r, { input }, ctx) => recorded(trackWebPushClick(ctx, input.campaignId)) },
  { ...recordedPayload, outputFields: (t) => ({ recorded: t.exposeBoolean('recorded', { description: 'Always true.' }) }) },
);

builder.relayMutationField(
  'clientLog',
  {
    description: 'One log line.',
    inputFields: (t) => ({
      message: t.string({ required: true, description: `Cut to ${TEXT_LIMITS.logMessage} characters.` }),
      type: t.string({ required: true, description: 'error, warn, info or an upper-case tag such as GLOBAL_ERROR (an open set, so a string).' }),
      url: t.string({ description: `Cut to ${TEXT_LIMITS.url} characters.` }),
    }),
  },
  { description: 'Records a log line from the browser.', resolve: (_r, { input }, ctx) => recorded(clientLog(ctx, { message: input.message, type: input.type, url: input.url })) },
  { ...recordedPayload, outputFields: (t) => ({ recorded: t.exposeBoolean('recorded', { description: 'Always true.' }) }) },
);

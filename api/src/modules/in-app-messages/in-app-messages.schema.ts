/** GraphQL types, queries and mutations of in-app messages. */
import { type IN_APP_AUDIENCES, IN_APP_MESSAGE_LIMITS, type IN_APP_MESSAGE_TYPE_NAMES } from '@cadence/domain/in-app-message-input';
import { DEVICES, type Device } from '@cadence/domain/breakpoints';
import { BREAKPOINT_DESKTOP_ABOVE, BREAKPOINT_TABLET_MIN } from '@cadence/domain/constants';
import { TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';
import { builder } from '../../graphql/builder.ts';
import type { InputFieldBuilder, SchemaTypes } from '@pothos/core';
import {
  createInAppMessage,
  deleteInAppMessage,
  inAppMessageStats,
  listAllInAppMessages,
  listInAppMessagesForViewer,
  listPublicInAppMessages,
  recordInAppMessageEvent,
  updateInAppMessage,
  type InAppMessageInput,
  type InAppMessageStat,
} from './in-app-messages.service.ts';

const InAppMessageType = builder.enumType('InAppMessageType', {
  description: 'Where a message shows: popup-modal, alert-banner, sticky-bar or blue-banner.',
  values: {
    POPUP_MODAL: { description: 'A popup in the middle of the page, with a headline.' },
    ALERT_BANNER: { description: 'A banner across the top of the page.' },
    STICKY_BAR: { description: 'A bar that stays at the bottom of the window while the page scrolls.' },
    BLUE_BANNER: { description: 'A blue information banner on the page.' },
  } as const satisfies Record<(typeof IN_APP_MESSAGE_TYPE_NAMES)[number], { description: string }>,
});
const InAppMessageAudience = builder.enumType('InAppMessageAudience', {
  description: 'Who receives a message: everyone, signed-in people only, or visitors only.',
  values: {
    ALL: { description: 'Everyone, signed in or not.' },
    SIGNED_IN: { description: 'Only signed-in people.' },
    VISITORS: { description: 'Only visitors who are not signed in.' },
  } as const satisfies Record<(typeof IN_APP_AUDIENCES)[number], { description: string }>,
});
/** The stored messages, the domain rules and REST keep the lower-case words ('desktop'); GraphQL names them DESKTOP. */
const InAppMessageDevice = builder.enumType('InAppMessageDevice', {
  description: 'A kind of screen a message shows on, by window width.',
  values: {
    DESKTOP: { value: 'desktop', description: `Windows wider than ${BREAKPOINT_DESKTOP_ABOVE} pixels.` },
    MOBILE: { value: 'mobile', description: `Windows narrower than ${BREAKPOINT_TABLET_MIN} pixels.` },
    TABLET: { value: 'tablet', description: `Windows from ${BREAKPOINT_TABLET_MIN} to ${BREAKPOINT_DESKTOP_ABOVE} pixels wide.` },
  } as const satisfies Record<string, { value: Device; description: string }>,
});
const isDevice = (d: string): d is Device => (DEVICES as readonly string[]).includes(d);

const InAppMessageEventType = builder.enumType('InAppMessageEventType', {
  description: 'TRIGGERED when a message is shown, CLICKED when its button is clicked or it is dismissed.',
  values: {
    TRIGGERED: { description: 'The message was shown.' },
    CLICKED: { description: 'Its button was clicked, or it was dismissed.' },
  } as const,
});

interface CtaButtonShape {
  text: string | null;
  url: string | null;
  isNewTab: boolean;
}
const CtaButton = builder.objectRef<CtaButtonShape>('InAppMessageCtaButton').implement({
  description: "A message's call-to-action button.",
  fields: (t) => ({
    text: t.exposeString('text', { nullable: true, description: 'The button’s label.' }),
    url: t.exposeString('url', { nullable: true, description: 'Where the button leads.' }),
    isNewTab: t.exposeBoolean('isNewTab', { description: 'Open the address in a new tab.' }),
  }),
});

const InAppMessage = builder.prismaObject('InAppMessage', {
  description: 'A message support staff show in the app (supporting spec §3, §4).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The message’s identifier; dismissals are remembered by type and id.' }),
    type: t.field({ type: InAppMessageType, description: 'Where the message shows (popup, banner, sticky bar).', resolve: (m) => m.type }),
    headline: t.exposeString('headline', { nullable: true, description: 'Shown by popups.' }),
    bodyText: t.exposeString('bodyText', { description: 'Sanitised HTML.' }),
    ctaBtn: t.field({
      type: CtaButton,
      nullable: true,
      description: 'The call-to-action button; null when the message has none.',
      select: { ctaText: true, ctaUrl: true, ctaNewTab: true },
      resolve: (m) => (m.ctaText || m.ctaUrl ? { text: m.ctaText, url: m.ctaUrl, isNewTab: m.ctaNewTab } : null),
    }),
    disableCloseBtn: t.exposeBoolean('disableCloseBtn', { description: 'Hide the close button (only the call to action dismisses it).' }),
    delay: t.exposeInt('delay', { description: 'Seconds before the message shows.' }),
    pages: t.exposeStringList('pages', { description: "Page ids, or 'all'." }),
    devices: t.field({
      type: [InAppMessageDevice],
      description: 'The message shows only when the window size matches one of these.',
      // Stored lists are checked on the way in (domain inAppMessageStruct), so nothing is dropped here in practice.
      resolve: (m) => m.devices.filter(isDevice),
    }),
    startDate: t.expose('startDate', { type: 'DateTime', description: 'When the message starts showing; of each type only the newest by start date shows.' }),
    endDate: t.expose('endDate', { type: 'DateTime', nullable: true, authScopes: { support: true }, description: 'When it stops showing; null for no end (support staff only).' }),
    force: t.exposeBoolean('force', { description: 'Shown alone, on every page, even when dismissed before.' }),
    isStandAlone: t.exposeBoolean('isStandAlone', { description: 'When it is the newest message, no other message shows with it.' }),
    isDisplayAlways: t.exposeBoolean('isDisplayAlways', { description: 'A dismissal lasts only for the browser session (it shows again in a new one).' }),
    audience: t.field({ type: InAppMessageAudience, description: 'Who receives it (support staff only).', authScopes: { support: true }, resolve: (m) => m.audience }),
  }),
});

const InAppMessageStatRef = builder.objectRef<InAppMessageStat>('InAppMessageStat').implement({
  description: 'How often a message was shown and clicked.',
  fields: (t) => ({
    messageId: t.exposeID('messageId'),
    triggered: t.exposeInt('triggered'),
    clicked: t.exposeInt('clicked'),
  }),
});

/** The message fields both inputs share; creating requires a type and a body, updating nothing but the id. */
type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T extends SchemaTypes> ? T : never;

function messageFields(t: InputFieldBuilder<Types, 'InputObject'>, create: boolean) {
  return {
    type: t.field({ type: InAppMessageType, required: create }),
    headline: t.string({ description: limitDescription(IN_APP_MESSAGE_LIMITS.headline) }),
    bodyText: t.string({ required: create, description: `HTML; sanitised before it is stored. ${limitDescription(IN_APP_MESSAGE_LIMITS.bodyText)}` }),
    ctaText: t.string({ description: limitDescription(IN_APP_MESSAGE_LIMITS.ctaText) }),
    ctaUrl: t.string({ description: limitDescription(IN_APP_MESSAGE_LIMITS.ctaUrl) }),
    ctaNewTab: t.boolean(),
    disableCloseBtn: t.boolean(),
    delay: t.int({ description: `Whole seconds from 0 to ${IN_APP_MESSAGE_LIMITS.delaySeconds}.` }),
    pages: t.stringList({ description: limitDescription(IN_APP_MESSAGE_LIMITS.pages, 'pages') }),
    devices: t.field({ type: [InAppMessageDevice], description: 'DESKTOP, MOBILE and/or TABLET; at least one.' }),
    startDate: t.field({ type: 'DateTime' }),
    endDate: t.field({ type: 'DateTime' }),
    force: t.boolean(),
    isStandAlone: t.boolean(),
    isDisplayAlways: t.boolean(),
    audience: t.field({ type: InAppMessageAudience }),
  };
}

const CreateInAppMessageInput = builder.inputType('CreateInAppMessageInput', {
  fields: (t) => messageFields(t, true),
});

const UpdateInAppMessageInput = builder.inputType('UpdateInAppMessageInput', {
  fields: (t) => ({ id: t.id({ required: true }), ...messageFields(t, false) }),
});

const RecordInAppMessageEventInput = builder.inputType('RecordInAppMessageEventInput', {
  description: 'One event of one message, as the browser saw it.',
  fields: (t) => ({
    messageId: t.id({ required: true, description: 'The message shown or clicked.' }),
    destinationUrl: t.string({ description: `The button's address; empty when the message has none. ${limitDescription(TEXT_LIMITS.url)}` }),
    siteLocation: t.string({ required: true, description: `The page the message showed on. ${limitDescription(TEXT_LIMITS.url)}` }),
    type: t.field({ type: InAppMessageEventType, required: true, description: 'TRIGGERED or CLICKED.' }),
  }),
});

const InAppMessagePayload = builder.objectRef<{ inAppMessage: { id: string } }>('InAppMessagePayload').implement({
  fields: (t) => ({ inAppMessage: t.field({ type: InAppMessage, resolve: (p) => p.inAppMessage as never }) }),
});
const RecordInAppMessageEventPayload = builder.objectRef<{ recorded: boolean }>('RecordInAppMessageEventPayload').implement({
  description: 'The answer to recordInAppMessageEvent.',
  fields: (t) => ({ recorded: t.exposeBoolean('recorded', { description: 'Always true once the event is stored.' }) }),
});

builder.queryFields((t) => ({
  inAppMessages: t.prismaField({
    type: [InAppMessage],
    description: "The signed-in person's messages, newest first (GET /api/in-app-messages).",
    authScopes: { signedIn: true },
    resolve: (query, _r, _a, ctx) => listInAppMessagesForViewer(ctx, query),
  }),
  publicInAppMessages: t.prismaField({
    type: [InAppMessage],
    description: "Visitors' messages, newest first (GET /api/in-app-messages/unauthorized).",
    resolve: (query, _r, _a, ctx) => listPublicInAppMessages(ctx, query),
  }),
  allInAppMessages: t.prismaField({
    type: [InAppMessage],
    description: 'Every message, including scheduled, ended and deleted ones, for support staff.',
    authScopes: { support: true },
    resolve: (query, _r, _a, ctx) => listAllInAppMessages(ctx, query),
  }),
  inAppMessageStats: t.field({
    type: [InAppMessageStatRef],
    description: 'Triggered and clicked events counted per message.',
    authScopes: { support: true },
    resolve: (_r, _a, ctx) => inAppMessageStats(ctx),
  }),
}));

builder.relayMutationField(
  'deleteInAppMessage',
  { inputFields: (t) => ({ id: t.id({ required: true, description: 'The message.' }) }) },
  {
    authScopes: { support: true },
    description: 'Deletes a message (it stays in allInAppMessages, marked deleted).',
    resolve: async (_r, { input }, ctx) => ({ deletedId: await deleteInAppMessage(ctx, String(input.id)) }),
  },
  { outputFields: (t) => ({ deletedId: t.exposeID('deletedId', { description: 'The message deleted.' }) }) },
);

const toInput = (input: Record<string, unknown>): InAppMessageInput => input as InAppMessageInput;

builder.mutationFields((t) => ({
  createInAppMessage: t.field({
    type: InAppMessagePayload,
    authScopes: { support: true },
    args: { input: t.arg({ type: CreateInAppMessageInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ inAppMessage: await createInAppMessage(ctx, toInput(input)) }),
  }),
  updateInAppMessage: t.field({
    type: InAppMessagePayload,
    authScopes: { support: true },
    args: { input: t.arg({ type: UpdateInAppMessageInput, required: true }) },
    resolve: async (_r, { input: { id, ...rest } }, ctx) => ({ inAppMessage: await updateInAppMessage(ctx, String(id), toInput(rest)) }),
  }),
  recordInAppMessageEvent: t.field({
    type: RecordInAppMessageEventPayload,
    description: 'Reports that a message was shown (TRIGGERED) or clicked or dismissed (CLICKED).',
    args: { input: t.arg({ type: RecordInAppMessageEventInput, required: true, description: 'The message and what happened to it.' }) },
    resolve: async (_r, { input }, ctx) => {
      await recordInAppMessageEvent(ctx, input);
      return { recorded: true };
    },
  }),
}));

/** GraphQL: webhook endpoints, their delivery log and redelivery (issue 18). */
import { builder } from '../../graphql/builder.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  updateWebhookEndpoint,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENTS,
  type WebhookEventType as WebhookEventName,
  type WebhookDeliveryStatus,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from './webhooks.service.ts';

const enumName = (e: string) => e.replace('.', '_').toUpperCase();

const WebhookEventType = builder.enumType('WebhookEventType', {
  description: 'An event a webhook endpoint can subscribe to.',
  values: Object.fromEntries(WEBHOOK_EVENTS.map((e) => [enumName(e), { value: e, description: `\`${e}\`: ${WEBHOOK_EVENT_DESCRIPTIONS[e]}` }])) as Record<string, { value: (typeof WEBHOOK_EVENTS)[number]; description: string }>,
});

const WebhookDeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
  description: 'Where the delivery of one event to one endpoint stands.',
  values: {
    PENDING: { description: 'Being tried (or queued again by a redelivery).' },
    SUCCEEDED: { description: 'The endpoint accepted it (answered 2xx).' },
    FAILED: { description: 'Given up after the last attempt, or the endpoint was disabled.' },
  } as const satisfies Record<WebhookDeliveryStatus, { description: string }>,
});

const WebhookDelivery = builder.objectRef<WebhookDeliveryView>('WebhookDelivery').implement({
  description: 'One event sent to one endpoint: its state and the last answer.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The delivery id.' }),
    eventId: t.exposeString('eventId', { description: 'The event id (the webhook-id header): the same on every retry and redelivery.' }),
    eventType: t.field({ type: WebhookEventType, description: 'The event type (RELEASE_STATUS_CHANGED is release.status_changed).', resolve: (d) => d.eventType as WebhookEventName }),
    payload: t.string({ description: 'The event body as JSON (without the id).', resolve: (d) => JSON.stringify(d.payload) }),
    status: t.field({ type: WebhookDeliveryStatusEnum, description: 'PENDING (being tried), SUCCEEDED or FAILED (gave up).', resolve: (d) => d.status as WebhookDeliveryStatus }),
    attempts: t.exposeInt('attempts', { description: 'Attempts made so far.' }),
    responseStatus: t.exposeInt('responseStatus', { nullable: true, description: 'HTTP status of the last answer (null: no answer).' }),
    error: t.exposeString('error', { nullable: true, description: 'Why the last attempt failed.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the event happened.' }),
    lastAttemptAt: t.expose('lastAttemptAt', { type: 'DateTime', nullable: true, description: 'When it was last tried.' }),
    deliveredAt: t.expose('deliveredAt', { type: 'DateTime', nullable: true, description: 'When the endpoint accepted it.' }),
  }),
});

const WebhookEndpoint = builder.objectRef<WebhookEndpointView>('WebhookEndpoint').implement({
  description: 'A URL that receives signed events (Standard Webhooks signatures; docs/webhooks.md).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The endpoint id.' }),
    url: t.exposeString('url', { description: 'Where events are POSTed.' }),
    events: t.field({ type: [WebhookEventType], description: 'The events sent here.', resolve: (e) => e.events.filter((x): x is (typeof WEBHOOK_EVENTS)[number] => (WEBHOOK_EVENTS as readonly string[]).includes(x)) }),
    description: t.exposeString('description', { description: 'A note for the owner.' }),
    enabled: t.exposeBoolean('enabled', { description: 'Whether events are sent.' }),
    disabledAt: t.expose('disabledAt', { type: 'DateTime', nullable: true, description: 'When it was disabled.' }),
    disabledReason: t.exposeString('disabledReason', { nullable: true, description: 'Why it was disabled.' }),
    failingSince: t.expose('failingSince', { type: 'DateTime', nullable: true, description: 'First failure since the last success.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was registered.' }),
    deliveries: t.field({
      type: [WebhookDelivery],
      description: 'The newest deliveries, newest first.',
      args: { first: t.arg.int({ required: false, description: 'How many (1 to 200, default 50).' }) },
      resolve: (e, a, ctx) => listWebhookDeliveries(ctx, e.id, a.first ?? 50),
    }),
  }),
});

const CreateWebhookEndpointInput = builder.inputType('CreateWebhookEndpointInput', {
  description: 'A new webhook endpoint.',
  fields: (t) => ({
    url: t.string({ required: true, description: 'https:// URL on a public address.' }),
    events: t.field({ type: [WebhookEventType], required: true, description: 'The events to send.' }),
    description: t.string({ required: false, description: 'A note (at most 200 characters).' }),
  }),
});

const UpdateWebhookEndpointInput = builder.inputType('UpdateWebhookEndpointInput', {
  description: 'Changes to a webhook endpoint; omitted fields stay.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The endpoint id.' }),
    url: t.string({ required: false, description: 'https:// URL on a public address.' }),
    events: t.field({ type: [WebhookEventType], required: false, description: 'The events to send.' }),
    description: t.string({ required: false, description: 'A note.' }),
    enabled: t.boolean({ required: false, description: 'Send events (enabling again clears the failure record).' }),
  }),
});

const CreateWebhookEndpointPayload = builder.objectRef<{ endpoint: WebhookEndpointView; secret: string }>('CreateWebhookEndpointPayload').implement({
  description: 'The new endpoint and its signing secret.',
  fields: (t) => ({
    webhookEndpoint: t.field({ type: WebhookEndpoint, description: 'The endpoint.', resolve: (p) => p.endpoint }),
    secret: t.exposeString('secret', { description: 'The signing secret (whsec_…): shown once, store it now.' }),
  }),
});

const WebhookEndpointPayload = builder.objectRef<{ endpoint: WebhookEndpointView }>('WebhookEndpointPayload').implement({
  description: 'The endpoint after the change.',
  fields: (t) => ({ webhookEndpoint: t.field({ type: WebhookEndpoint, description: 'The endpoint.', resolve: (p) => p.endpoint }) }),
});

const RedeliverWebhookPayload = builder.objectRef<{ delivery: WebhookDeliveryView }>('RedeliverWebhookPayload').implement({
  description: 'The delivery, queued again.',
  fields: (t) => ({ webhookDelivery: t.field({ type: WebhookDelivery, description: 'The delivery.', resolve: (p) => p.delivery }) }),
});

const IdInput = (name: string, description: string) =>
  builder.inputType(name, { description, fields: (t) => ({ id: t.id({ required: true, description: 'The id.' }) }) });
const DeleteWebhookEndpointInput = IdInput('DeleteWebhookEndpointInput', 'The endpoint to remove.');
const RedeliverWebhookInput = IdInput('RedeliverWebhookInput', 'The delivery to send again.');

builder.queryField('webhookEndpoints', (t) =>
  t.field({ type: [WebhookEndpoint], description: "The viewer's webhook endpoints.", authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => listWebhookEndpoints(ctx) }),
);

builder.mutationFields((t) => ({
  createWebhookEndpoint: t.field({
    type: CreateWebhookEndpointPayload,
    description: 'Registers a webhook endpoint.',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: CreateWebhookEndpointInput, required: true, description: 'The endpoint.' }) },
    resolve: (_r, { input }, ctx) => createWebhookEndpoint(ctx, input),
  }),
  updateWebhookEndpoint: t.field({
    type: WebhookEndpointPayload,
    description: 'Changes a webhook endpoint.',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: UpdateWebhookEndpointInput, required: true, description: 'The changes.' }) },
    resolve: async (_r, { input }, ctx) => ({ endpoint: await updateWebhookEndpoint(ctx, String(input.id), input) }),
  }),
  deleteWebhookEndpoint: t.field({
    type: WebhookEndpointPayload,
    description: 'Removes a webhook endpoint and its delivery log.',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: DeleteWebhookEndpointInput, required: true, description: 'The endpoint.' }) },
    resolve: async (_r, { input }, ctx) => ({ endpoint: await deleteWebhookEndpoint(ctx, String(input.id)) }),
  }),
  redeliverWebhook: t.field({
    type: RedeliverWebhookPayload,
    description: 'Sends a delivery again now, with the same event id.',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: RedeliverWebhookInput, required: true, description: 'The delivery.' }) },
    resolve: async (_r, { input }, ctx) => ({ delivery: await redeliverWebhook(ctx, String(input.id)) }),
  }),
}));

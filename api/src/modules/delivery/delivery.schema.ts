/** GraphQL: a release's deliveries (owner), store endpoints (admins), marking a delivery acknowledged (staff). */
import { builder } from '../../graphql/builder.ts';
import { Release, releaseReads } from '../releases/releases.schema.ts';
import { acknowledgeDelivery, deliveriesOf, type DeliveryView } from './delivery.service.ts';
import { listStoreEndpoints, removeStoreEndpoint, setStoreEndpoint, type StoreEndpointView } from './store-endpoints.service.ts';

export const DeliveryKindEnum = builder.enumType('DeliveryKind', {
  description: 'What a DDEX message asks the store to do with the release.',
  values: {
    INSERT: { description: 'The first delivery: put the release on sale.' },
    UPDATE: { description: 'A metadata change to a release already delivered.' },
    TAKEDOWN: { description: 'Remove the release from sale.' },
  } as const,
});
const DeliveryStatusEnum = builder.enumType('DeliveryStatus', {
  description: 'Where one DDEX message to one store stands.',
  values: {
    PENDING: { description: 'Queued; not sent yet (or waiting for a retry).' },
    SENT: { description: 'Uploaded to the store; no acknowledgement yet.' },
    ACKNOWLEDGED: { description: 'The store confirmed it received and accepted the message.' },
    FAILED: { description: 'Could not be sent after the retries (see error).' },
  } as const,
});
const StoreEndpointKindEnum = builder.enumType('StoreEndpointKind', { values: ['LOCAL', 'SFTP', 'S3'] as const });
/** How we sign in to a store's SFTP server; the stored settings keep 'key' / 'password' (store-endpoints.service.ts). */
const SftpAuthEnum = builder.enumType('SftpAuth', {
  description: 'How we sign in to a store’s SFTP server.',
  values: {
    KEY: { value: 'key', description: 'A private key (the secret).' },
    PASSWORD: { value: 'password', description: 'A password (the secret).' },
  } as const,
});

export const ReleaseDelivery = builder.objectRef<DeliveryView>('ReleaseDelivery').implement({
  description: 'One DDEX message sent (or being sent) to one store.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The delivery’s identifier.' }),
    store: t.exposeString('store', { description: 'The store (DSP) name.' }),
    dspId: t.exposeInt('dspId', { description: 'The store’s id, as in the stores list (Dsp.id).' }),
    kind: t.field({ type: DeliveryKindEnum, description: 'INSERT (first delivery), UPDATE (metadata change) or TAKEDOWN.', resolve: (d) => d.kind }),
    status: t.field({ type: DeliveryStatusEnum, description: 'PENDING, SENT, ACKNOWLEDGED or FAILED.', resolve: (d) => d.status }),
    sentAt: t.field({ type: 'DateTime', nullable: true, description: 'When the message reached the store; null until SENT.', resolve: (d) => d.sentAt }),
    acknowledgedAt: t.field({ type: 'DateTime', nullable: true, description: 'When the store acknowledged it; null until ACKNOWLEDGED.', resolve: (d) => d.acknowledgedAt }),
    error: t.exposeString('error', { nullable: true, description: 'Why the last attempt failed, in words an artist can read.' }),
    messageUrl: t.exposeString('messageUrl', { nullable: true, description: 'Where the ERN XML of this message can be read.' }),
  }),
});

builder.objectField(Release, 'deliveries', (t) =>
  t.loadableList({
    ...releaseReads({ keys: ['id'] }),
    type: ReleaseDelivery,
    description: 'Messages sent to stores, newest first.',
    load: async (ids: string[], ctx) => {
      const byRelease = await deliveriesOf(ctx.prisma, ids);
      return ids.map((id) => byRelease.get(id) ?? []);
    },
    resolve: (r) => r.id,
  }),
);

const text = (e: StoreEndpointView, k: string): string | null => (typeof e.settings[k] === 'string' ? (e.settings[k] as string) : null);

const StoreEndpoint = builder.objectRef<StoreEndpointView>('StoreEndpoint').implement({
  description: "Where one store's deliveries go. The secret (SFTP key or password, S3 secret key) is never answered.",
  fields: (t) => ({
    dspId: t.exposeInt('dspId'),
    dspName: t.exposeString('dspName'),
    kind: t.field({ type: StoreEndpointKindEnum, resolve: (e) => e.kind }),
    recipientDpid: t.exposeString('recipientDpid', { description: "The store's DDEX Party Id (MessageRecipient)." }),
    recipientName: t.exposeString('recipientName'),
    host: t.string({ nullable: true, resolve: (e) => text(e, 'host') }),
    port: t.int({ nullable: true, resolve: (e) => (typeof e.settings.port === 'number' ? e.settings.port : null) }),
    username: t.string({ nullable: true, resolve: (e) => text(e, 'username') }),
    path: t.string({ nullable: true, resolve: (e) => text(e, 'path') }),
    auth: t.field({
      type: SftpAuthEnum,
      nullable: true,
      description: 'SFTP: KEY (default) or PASSWORD.',
      resolve: (e) => {
        const auth = text(e, 'auth');
        return auth === 'key' || auth === 'password' ? auth : null;
      },
    }),
    bucket: t.string({ nullable: true, resolve: (e) => text(e, 'bucket') }),
    region: t.string({ nullable: true, resolve: (e) => text(e, 'region') }),
    endpoint: t.string({ nullable: true, description: 'S3-compatible service address; AWS when empty.', resolve: (e) => text(e, 'endpoint') }),
    prefix: t.string({ nullable: true, resolve: (e) => text(e, 'prefix') }),
    accessKeyId: t.string({ nullable: true, resolve: (e) => text(e, 'accessKeyId') }),
    hasSecret: t.exposeBoolean('hasSecret'),
    enabled: t.exposeBoolean('enabled'),
    isDefault: t.exposeBoolean('isDefault', { description: 'No endpoint configured: deliveries go to the local folder.' }),
  }),
});

const SetStoreEndpointInput = builder.inputType('SetStoreEndpointInput', {
  fields: (t) => ({
    dspId: t.int({ required: true }),
    kind: t.field({ type: StoreEndpointKindEnum, required: true }),
    recipientDpid: t.string({ required: true, description: 'PADPIDA followed by letters or digits.' }),
    recipientName: t.string({ required: true, description: 'Up to 200 characters.' }),
    host: t.string(),
    port: t.int(),
    username: t.string(),
    path: t.string(),
    auth: t.field({ type: SftpAuthEnum, description: 'SFTP: KEY (default) or PASSWORD.' }),
    bucket: t.string(),
    region: t.string(),
    endpoint: t.string(),
    prefix: t.string(),
    accessKeyId: t.string(),
    secret: t.string({ description: 'A new secret; null clears it; leave it out to keep the stored one. Up to 20000 characters.' }),
    enabled: t.boolean(),
  }),
});
const SETTING_FIELDS = ['host', 'port', 'username', 'path', 'auth', 'bucket', 'region', 'endpoint', 'prefix', 'accessKeyId'] as const;

const StoreEndpointPayload = (name: string) =>
  builder.objectRef<StoreEndpointView>(name).implement({ fields: (t) => ({ storeEndpoint: t.field({ type: StoreEndpoint, resolve: (e) => e }) }) });
const SetStoreEndpointPayload = StoreEndpointPayload('SetStoreEndpointPayload');
const RemoveStoreEndpointPayload = StoreEndpointPayload('RemoveStoreEndpointPayload');
const RemoveStoreEndpointInput = builder.inputType('RemoveStoreEndpointInput', { fields: (t) => ({ dspId: t.int({ required: true }) }) });
const AcknowledgeDeliveryInput = builder.inputType('AcknowledgeDeliveryInput', { fields: (t) => ({ deliveryId: t.id({ required: true }) }) });
const AcknowledgeDeliveryPayload = builder.objectRef<DeliveryView>('AcknowledgeDeliveryPayload').implement({
  fields: (t) => ({ delivery: t.field({ type: ReleaseDelivery, resolve: (d) => d }) }),
});

builder.queryField('storeEndpoints', (t) =>
  t.field({ type: [StoreEndpoint], authScopes: { admin: true }, description: 'Every store with its endpoint (admins).', resolve: (_r, _a, ctx) => listStoreEndpoints(ctx) }),
);

builder.mutationFields((t) => ({
  setStoreEndpoint: t.field({
    type: SetStoreEndpointPayload,
    authScopes: { admin: true },
    description: "Creates or replaces a store's endpoint (admins); an audit event.",
    args: { input: t.arg({ type: SetStoreEndpointInput, required: true }) },
    resolve: (_r, { input }, ctx) => {
      const settings: Record<string, unknown> = {};
      for (const k of SETTING_FIELDS) if (input[k] !== undefined && input[k] !== null) settings[k] = input[k];
      return setStoreEndpoint(ctx, {
        dspId: input.dspId,
        kind: input.kind,
        recipientDpid: input.recipientDpid,
        recipientName: input.recipientName,
        settings,
        ...(input.secret !== undefined ? { secret: input.secret } : {}),
        enabled: input.enabled ?? true,
      });
    },
  }),
  removeStoreEndpoint: t.field({
    type: RemoveStoreEndpointPayload,
    authScopes: { admin: true },
    description: "Removes a store's endpoint: its deliveries go to the local folder again (admins).",
    args: { input: t.arg({ type: RemoveStoreEndpointInput, required: true }) },
    resolve: (_r, { input }, ctx) => removeStoreEndpoint(ctx, input.dspId),
  }),
  acknowledgeDelivery: t.field({
    type: AcknowledgeDeliveryPayload,
    authScopes: { support: true },
    description: 'Staff mark a sent delivery acknowledged (the store confirmed another way); the release may go LIVE.',
    args: { input: t.arg({ type: AcknowledgeDeliveryInput, required: true }) },
    resolve: (_r, { input }, ctx) => acknowledgeDelivery(ctx, String(input.deliveryId)),
  }),
}));

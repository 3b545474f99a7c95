/**
 * Store endpoints per DSP (admins only): where each store's deliveries go. A DSP without a row
 * gets the default local-folder endpoint under LOCAL_STORE_DIR/<dsp uri>, so a fresh install
 * delivers somewhere a person can look. Secrets (SFTP key or password, S3 secret key) are
 * written here and never answered.
 */
import path from 'node:path';
import type { AppContext } from '../../context.ts';
import type { Config } from '../../config.ts';
import type { Prisma, PrismaClient, StoreEndpointKind } from '../../generated/prisma/client.ts';
import { badInput, DomainError } from '../../domain-error.ts';
import { createStore } from '../../integrations/stores/create-store.ts';
import type { StoreEndpoint } from '../../integrations/stores/store.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { canManageStoreEndpoints } from './delivery.policy.ts';

type Ctx = Pick<AppContext, 'prisma' | 'viewer' | 'requestId' | 'config'>;

/** An endpoint as staff see it: the settings, whether a secret is set, never the secret. */
export interface StoreEndpointView {
  dspId: number;
  dspName: string;
  kind: StoreEndpointKind;
  recipientDpid: string;
  recipientName: string;
  settings: Record<string, unknown>;
  hasSecret: boolean;
  enabled: boolean;
  /** True for a DSP without a row (the local folder is used). */
  isDefault: boolean;
}

export interface SetStoreEndpointInput {
  dspId: number;
  kind: StoreEndpointKind;
  recipientDpid: string;
  recipientName: string;
  settings: Record<string, unknown>;
  /** A new secret; null clears it; absent keeps the stored one. */
  secret?: string | null;
  enabled?: boolean;
}

/** The recipient DPID the local folder answers as when no endpoint names one. */
export const LOCAL_STORE_DPID = 'PADPIDA0000000000LOCAL';

function requireAdmin(ctx: Ctx): void {
  if (!ctx.viewer) throw new DomainError('UNAUTHENTICATED', 'Sign in required');
  if (!canManageStoreEndpoints(ctx.viewer)) throw new DomainError('FORBIDDEN', 'Only administrators can manage store endpoints');
}

/** The folder of a DSP's local-folder endpoint. */
export function localStoreFolder(config: Config, dspUri: string): string {
  return path.join(config.ddex.localStoreDir, dspUri.replace(/[^a-zA-Z0-9_-]/g, '_') || 'store');
}

/** What the delivery job needs for one DSP: the endpoint to write to and the message's recipient. */
export async function endpointForDsp(prisma: Pick<PrismaClient, 'dsp'>, config: Config, dspId: number): Promise<{ store: StoreEndpoint; recipient: { dpid: string; name: string }; kind: StoreEndpointKind }> {
  const dsp = await prisma.dsp.findUniqueOrThrow({ where: { id: dspId }, include: { endpoint: true } });
  const folder = localStoreFolder(config, dsp.uri);
  const e = dsp.endpoint && dsp.endpoint.enabled ? dsp.endpoint : null;
  if (!e) return { store: createStore({ kind: 'LOCAL', settings: {} }, folder), recipient: { dpid: LOCAL_STORE_DPID, name: dsp.name }, kind: 'LOCAL' };
  return {
    store: createStore({ kind: e.kind, settings: e.settings as Record<string, unknown>, secret: e.secret }, folder),
    recipient: { dpid: e.recipientDpid, name: e.recipientName },
    kind: e.kind,
  };
}

/** Every DSP with its endpoint (configured or the default local folder), for admins. */
export async function listStoreEndpoints(ctx: Ctx): Promise<StoreEndpointView[]> {
  requireAdmin(ctx);
  const dsps = await ctx.prisma.dsp.findMany({ orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }], include: { endpoint: true } });
  return dsps.map((d) =>
    d.endpoint
      ? { dspId: d.id, dspName: d.name, kind: d.endpoint.kind, recipientDpid: d.endpoint.recipientDpid, recipientName: d.endpoint.recipientName, settings: d.endpoint.settings as Record<string, unknown>, hasSecret: !!d.endpoint.secret, enabled: d.endpoint.enabled, isDefault: false }
      : { dspId: d.id, dspName: d.name, kind: 'LOCAL', recipientDpid: LOCAL_STORE_DPID, recipientName: d.name, settings: { path: localStoreFolder(ctx.config, d.uri) }, hasSecret: false, enabled: true, isDefault: true },
  );
}

const SETTING_KEYS: Record<StoreEndpointKind, readonly string[]> = {
  LOCAL: [],
  SFTP: ['host', 'port', 'username', 'path', 'auth'],
  S3: ['bucket', 'region', 'endpoint', 'prefix', 'accessKeyId'],
};
const REQUIRED: Record<StoreEndpointKind, readonly string[]> = { LOCAL: [], SFTP: ['host', 'username'], S3: ['bucket', 'accessKeyId'] };

/** Checks an endpoint's settings for its kind: known keys only, required ones present, a valid port and DPID. */
export function validateEndpointInput(input: SetStoreEndpointInput): Record<string, unknown> {
  const errors: { field: string; key: string; message: string }[] = [];
  if (!/^PADPIDA[a-zA-Z0-9]+$/.test(input.recipientDpid)) errors.push({ field: 'recipientDpid', key: 'invalid', message: 'recipientDpid must be a DDEX Party Id such as PADPIDA2011072101T' });
  if (!input.recipientName.trim() || input.recipientName.length > 200) errors.push({ field: 'recipientName', key: 'required', message: 'recipientName is required (up to 200 characters)' });
  const settings: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input.settings)) {
    if (!SETTING_KEYS[input.kind].includes(k)) errors.push({ field: `settings.${k}`, key: 'unknown', message: `${k} is not a setting of a ${input.kind} endpoint` });
    else if (k === 'port') {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 65535) errors.push({ field: 'settings.port', key: 'invalid', message: 'port must be a whole number from 1 to 65535' });
      else settings[k] = v;
    } else if (k === 'auth') {
      if (v !== 'key' && v !== 'password') errors.push({ field: 'settings.auth', key: 'invalid', message: "auth must be 'key' or 'password'" });
      else settings[k] = v;
    } else if (typeof v !== 'string' || v.length > 500) errors.push({ field: `settings.${k}`, key: 'invalid', message: `${k} must be text (up to 500 characters)` });
    else settings[k] = v;
  }
  for (const k of REQUIRED[input.kind]) if (!settings[k]) errors.push({ field: `settings.${k}`, key: 'required', message: `${k} is required for a ${input.kind} endpoint` });
  if (input.secret && input.secret.length > 20_000) errors.push({ field: 'secret', key: 'too-long', message: 'secret is too long' });
  if (errors.length) throw badInput(errors[0]!.message, errors);
  return settings;
}

/** Creates or replaces a DSP's endpoint (admins); an audit event names the admin, without the secret. */
export async function setStoreEndpoint(ctx: Ctx, input: SetStoreEndpointInput): Promise<StoreEndpointView> {
  requireAdmin(ctx);
  const settings = validateEndpointInput(input);
  const dsp = await ctx.prisma.dsp.findUnique({ where: { id: input.dspId }, include: { endpoint: true } });
  if (!dsp) throw new DomainError('NOT_FOUND', 'No such DSP');
  const data = {
    kind: input.kind,
    recipientDpid: input.recipientDpid,
    recipientName: input.recipientName.trim(),
    settings: settings as object,
    enabled: input.enabled ?? true,
    ...(input.secret !== undefined ? { secret: input.secret } : {}),
  };
  await ctx.prisma.$transaction(async (tx) => {
    await tx.storeEndpoint.upsert({ where: { dspId: input.dspId }, create: { dspId: input.dspId, ...data }, update: data });
    const before = dsp.endpoint ? { kind: dsp.endpoint.kind, recipientDpid: dsp.endpoint.recipientDpid, settings: dsp.endpoint.settings as Prisma.InputJsonObject, enabled: dsp.endpoint.enabled } : null;
    await recordAudit(
      ctx,
      {
        category: 'DELIVERY',
        subcategory: 'STORE_ENDPOINT_EDITED',
        userId: null,
        entityType: 'StoreEndpoint',
        entityId: String(input.dspId),
        oldValues: before ?? undefined,
        newValues: { kind: data.kind, recipientDpid: data.recipientDpid, settings: settings as Prisma.InputJsonObject, enabled: data.enabled, secretChanged: input.secret !== undefined },
      },
      tx,
    );
  });
  const all = await listStoreEndpoints(ctx);
  return all.find((e) => e.dspId === input.dspId)!;
}

/** Removes a DSP's endpoint, so its deliveries go to the local folder again (admins). */
export async function removeStoreEndpoint(ctx: Ctx, dspId: number): Promise<StoreEndpointView> {
  requireAdmin(ctx);
  const existing = await ctx.prisma.storeEndpoint.findUnique({ where: { dspId } });
  if (!existing) throw new DomainError('NOT_FOUND', 'This DSP has no configured endpoint');
  await ctx.prisma.$transaction(async (tx) => {
    await tx.storeEndpoint.delete({ where: { dspId } });
    await recordAudit(ctx, { category: 'DELIVERY', subcategory: 'STORE_ENDPOINT_EDITED', userId: null, entityType: 'StoreEndpoint', entityId: String(dspId), oldValues: { kind: existing.kind, recipientDpid: existing.recipientDpid }, newValues: { removed: true } }, tx);
  });
  const all = await listStoreEndpoints(ctx);
  return all.find((e) => e.dspId === dspId)!;
}

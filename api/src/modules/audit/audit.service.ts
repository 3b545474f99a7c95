/** The append-only audit trail (supporting §3): who did what to which account, with old and new values. */
import type { AppContext } from '../../context.ts';
import type { AuditCategory, AuditSubcategory, Prisma } from '../../generated/prisma/client.ts';
import { requestMeta } from '../auth/http-binding.ts';

export interface AuditInput {
  category: AuditCategory;
  subcategory: AuditSubcategory;
  /** The account the event is about. */
  userId: string | null;
  entityType?: string;
  entityId?: string;
  oldValues?: Prisma.InputJsonValue;
  newValues?: Prisma.InputJsonValue;
  /** Overrides the actor taken from the viewer (e.g. sign-up, where nobody is signed in yet). */
  actorId?: string | null;
  /** Overrides the impersonator taken from the viewer (the acting hook, which runs after the request). */
  impersonatorId?: string | null;
}

type AuditDb = Pick<AppContext['prisma'], 'auditEvent'>;
/** What recording needs from the request: services with a narrower context (releases) pass theirs. */
type AuditCtx = Pick<AppContext, 'prisma' | 'viewer' | 'requestId'>;

/** Records one audit event; the actor and impersonator come from the viewer so no caller can forge them. */
export async function recordAudit(ctx: AuditCtx, input: AuditInput, db: AuditDb = ctx.prisma): Promise<void> {
  const viewer = ctx.viewer;
  await db.auditEvent.create({
    data: {
      category: input.category,
      subcategory: input.subcategory,
      userId: input.userId,
      actorId: input.actorId !== undefined ? input.actorId : (viewer?.impersonatorId ?? viewer?.userId ?? null),
      impersonatorId: input.impersonatorId !== undefined ? input.impersonatorId : (viewer?.impersonatorId ?? null),
      entityType: input.entityType ?? null,
      entityId: input.entityId ?? null,
      oldValues: input.oldValues,
      newValues: input.newValues,
      // The HTTP binding is keyed by the request's context object, whichever view of it we were given.
      ip: requestMeta(ctx as AppContext).ip ?? null,
      requestId: ctx.requestId,
    },
  });
}

type Json = Prisma.InputJsonValue | null;

/** A value as it is kept in an audit row: dates as ISO strings, big integers as strings. */
function auditValue(value: unknown): Json {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return JSON.parse(JSON.stringify(value)) as Json;
}

/**
 * The fields of `patch` whose value differs from `before`, as old and new audit values; null when
 * nothing changes (an edit that changes nothing leaves no event).
 */
export function changedValues(before: Record<string, unknown>, patch: Record<string, unknown>): { oldValues: Record<string, Json>; newValues: Record<string, Json> } | null {
  const oldValues: Record<string, Json> = {};
  const newValues: Record<string, Json> = {};
  for (const [field, next] of Object.entries(patch)) {
    if (next === undefined) continue;
    const was = auditValue(before[field]);
    const now = auditValue(next);
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    oldValues[field] = was;
    newValues[field] = now;
  }
  return Object.keys(newValues).length ? { oldValues, newValues } : null;
}

export type CatalogEditSubcategory = 'RELEASE_EDITED' | 'TRACK_EDITED' | 'COVER_EDITED' | 'CREDIT_EDITED';

/**
 * Records an edit of a release, track, cover or credit with its old and new values, in the
 * caller's transaction; who did it and whom support was acting as come from the viewer.
 */
export async function auditCatalogEdit(
  ctx: AuditCtx,
  db: AuditDb,
  edit: { subcategory: CatalogEditSubcategory; userId: string; entityType: 'Release' | 'Track' | 'Cover' | 'Credit'; entityId: string; before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<void> {
  const changes = changedValues(edit.before, edit.after);
  if (!changes) return;
  await recordAudit(ctx, { category: 'RELEASE', subcategory: edit.subcategory, userId: edit.userId, entityType: edit.entityType, entityId: edit.entityId, oldValues: changes.oldValues, newValues: changes.newValues }, db);
}

export interface AuditLogInput {
  /** Events about this account. */
  userId?: string | null;
  /** Events about these entities (a release and its tracks). */
  entityIds?: readonly string[] | null;
  /** How many, at most (1-100). */
  first?: number | null;
  /** The id of the last event of the previous page. */
  after?: string | null;
}

type PersonRef = { id: string; email: string; firstName: string | null; lastName: string | null } | null;

export interface AuditEventView {
  id: string;
  createdAt: Date;
  category: AuditCategory;
  subcategory: AuditSubcategory;
  userId: string | null;
  actor: PersonRef;
  impersonator: PersonRef;
  entityType: string | null;
  entityId: string | null;
  oldValues: Prisma.JsonValue | null;
  newValues: Prisma.JsonValue | null;
}

export interface AuditLogPayload {
  events: AuditEventView[];
  hasMore: boolean;
  endCursor: string | null;
}

const PERSON = { select: { id: true, email: true, firstName: true, lastName: true } } as const;

/**
 * A page of the audit trail, newest first (ids are UUIDv7: id order is time order), about one account
 * or some entities. The caller (a staff service) decides who may read it.
 */
export async function listAuditEvents(ctx: Pick<AppContext, 'prisma'>, input: AuditLogInput): Promise<AuditLogPayload> {
  const first = input.first ?? 50;
  const where: Prisma.AuditEventWhereInput = {
    ...(input.userId ? { userId: input.userId } : {}),
    ...(input.entityIds ? { entityId: { in: [...input.entityIds] } } : {}),
    ...(input.after ? { id: { lt: input.after } } : {}),
  };
  const rows = await ctx.prisma.auditEvent.findMany({ where, orderBy: { id: 'desc' }, take: first + 1, include: { actor: PERSON, impersonator: PERSON } });
  const page = rows.slice(0, first);
  return {
    events: page.map((e) => ({
      id: e.id,
      createdAt: e.createdAt,
      category: e.category,
      subcategory: e.subcategory,
      userId: e.userId,
      actor: e.actor,
      impersonator: e.impersonator,
      entityType: e.entityType,
      entityId: e.entityId,
      oldValues: e.oldValues,
      newValues: e.newValues,
    })),
    hasMore: rows.length > first,
    endCursor: page.at(-1)?.id ?? null,
  };
}

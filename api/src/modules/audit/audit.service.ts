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
}

type AuditDb = Pick<AppContext['prisma'], 'auditEvent'>;

/** Records one audit event; the actor and impersonator come from the viewer so no caller can forge them. */
export async function recordAudit(ctx: AppContext, input: AuditInput, db: AuditDb = ctx.prisma): Promise<void> {
  const viewer = ctx.viewer;
  await db.auditEvent.create({
    data: {
      category: input.category,
      subcategory: input.subcategory,
      userId: input.userId,
      actorId: input.actorId !== undefined ? input.actorId : (viewer?.impersonatorId ?? viewer?.userId ?? null),
      impersonatorId: viewer?.impersonatorId ?? null,
      entityType: input.entityType ?? null,
      entityId: input.entityId ?? null,
      oldValues: input.oldValues,
      newValues: input.newValues,
      ip: requestMeta(ctx).ip ?? null,
      requestId: ctx.requestId,
    },
  });
}

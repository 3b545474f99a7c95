/**
 * The one hook that audits every write support makes while acting as a user: an Apollo plugin for
 * GraphQL mutations and an express middleware for the REST paths. Each write becomes a SUPPORT /
 * ACTED_AS_USER event naming both people (userId: the person acted as; actorId and impersonatorId:
 * the staff member), the operation and its outcome. It sits at the transports because it must see
 * every write, including the ones no service audits itself; the services still record their own
 * old→new values, and those rows name the impersonator too.
 */
import type { RequestHandler } from 'express';
import type { ApolloServerPlugin } from '@apollo/server';
import { Kind } from 'graphql';
import type { AppContext, Viewer } from '../../context.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { isActingAsUser } from './impersonation.policy.ts';

interface ActingWrite {
  transport: 'graphql' | 'rest';
  /** GraphQL: the mutation fields; REST: "METHOD /api/path". */
  operation: string;
  operationName?: string | null;
  outcome: 'ok' | 'refused' | 'failed';
  status?: number;
}

/** The viewer as it was when the request began (an act-as or stop request changes ctx.viewer). */
function actingViewer(ctx: AppContext | undefined): (Viewer & { impersonatorId: string }) | null {
  const viewer = ctx?.viewer ?? null;
  return viewer && isActingAsUser(viewer) ? ({ ...viewer } as Viewer & { impersonatorId: string }) : null;
}

async function recordActingWrite(ctx: AppContext, acting: Viewer & { impersonatorId: string }, write: ActingWrite): Promise<void> {
  try {
    await recordAudit(ctx, {
      category: 'SUPPORT',
      subcategory: 'ACTED_AS_USER',
      userId: acting.userId,
      actorId: acting.impersonatorId,
      impersonatorId: acting.impersonatorId,
      entityType: write.transport === 'graphql' ? 'GraphQL' : 'REST',
      entityId: write.operation.slice(0, 200),
      newValues: { ...write, actingAsUserId: acting.userId, staffUserId: acting.impersonatorId },
    });
  } catch (err) {
    ctx.logger.error('acting-as-user audit not recorded', { err: err as Error, operation: write.operation });
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Express: audits each non-GET /api request made while acting, before its answer leaves. */
export function actingAuditMiddleware(): RequestHandler {
  return (req, res, next) => {
    const acting = SAFE_METHODS.has(req.method) ? null : actingViewer(req.ctx);
    if (!acting) {
      next();
      return;
    }
    const operation = `${req.method} ${req.baseUrl}${req.path}`;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    let recorded = false;
    res.end = ((...args: unknown[]) => {
      if (recorded) return end(...args);
      recorded = true;
      const status = res.statusCode;
      void recordActingWrite(req.ctx, acting, { transport: 'rest', operation, outcome: status < 400 ? 'ok' : status === 401 || status === 403 ? 'refused' : 'failed', status }).finally(() => end(...args));
      return res;
    }) as typeof res.end;
    next();
  };
}

/** Apollo: audits each mutation operation run while acting, before the response is sent. */
export function actingAuditPlugin(): ApolloServerPlugin<AppContext> {
  return {
    async requestDidStart({ contextValue }) {
      const acting = actingViewer(contextValue);
      if (!acting) return undefined;
      return {
        async willSendResponse({ operation, operationName, response, contextValue: ctx }) {
          if (operation?.operation !== 'mutation') return;
          const fields = operation.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : []));
          const errors = response.body.kind === 'single' ? (response.body.singleResult.errors ?? []) : [];
          const refused = errors.some((e) => e.extensions?.code === 'FORBIDDEN' || e.extensions?.code === 'UNAUTHENTICATED');
          await recordActingWrite(ctx, acting, { transport: 'graphql', operation: fields.join(','), operationName: operationName ?? null, outcome: errors.length === 0 ? 'ok' : refused ? 'refused' : 'failed' });
        },
      };
    },
  };
}

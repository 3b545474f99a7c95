/**
 * What every request made with an API token passes through, on both transports: the per-token
 * and per-account request limits (with RateLimit-* headers), and the scope check that
 * token-scopes.ts declares (REST here, GraphQL in the Apollo plugin below).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, TypeInfo, getNamedType, visit, visitWithTypeInfo, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { AppContext } from '../../context.ts';
import { hit, RATE_LIMITED_MESSAGE } from '../rate-limit/rate-limit.service.ts';
import { allows, graphqlRequirement, nestedRequirement, refusalMessage, restRequirement, type Requirement } from './token-scopes.ts';

const WINDOW_MS = 60_000;

/**
 * Counts the request against the token's and the account's minute (SQL counters, so the limits
 * hold across API processes), sets `RateLimit-Limit/Remaining/Reset` and `RateLimit-Policy` for
 * the tighter of the two, and answers 429 with Retry-After past either.
 */
async function limitRequest(req: Request, res: Response): Promise<boolean> {
  const viewer = req.ctx.viewer;
  if (!viewer?.apiTokenId) return true;
  const { tokenRequestsPerMinute, accountRequestsPerMinute } = req.ctx.config.partner;
  const now = new Date();
  const rule = { limit: 0, windowMs: WINDOW_MS };
  const [perToken, perAccount] = await Promise.all([
    hit(req.ctx.prisma, `api-token:${viewer.apiTokenId}`, rule, now),
    hit(req.ctx.prisma, `api-account:${viewer.userId}`, rule, now),
  ]);
  const remainingToken = tokenRequestsPerMinute - perToken;
  const remainingAccount = accountRequestsPerMinute - perAccount;
  const byToken = remainingToken <= remainingAccount;
  const limit = byToken ? tokenRequestsPerMinute : accountRequestsPerMinute;
  const remaining = Math.min(remainingToken, remainingAccount);
  const reset = Math.max(1, Math.ceil((WINDOW_MS - (now.getTime() % WINDOW_MS)) / 1000));
  res.setHeader('RateLimit-Policy', `${tokenRequestsPerMinute};w=60;comment="per token", ${accountRequestsPerMinute};w=60;comment="per account"`);
  res.setHeader('RateLimit-Limit', String(limit));
  res.setHeader('RateLimit-Remaining', String(Math.max(0, remaining)));
  res.setHeader('RateLimit-Reset', String(reset));
  if (remaining >= 0) return true;
  res.setHeader('Retry-After', String(reset));
  res.status(429).json({ code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE, key: byToken ? 'token-limit' : 'account-limit', retryAfterSeconds: reset });
  return false;
}

function refuse(res: Response, requirement: Requirement): void {
  res.status(403).json({ code: 'FORBIDDEN', message: refusalMessage(requirement), key: 'insufficient-scope' });
}

/** Express middleware on /api and /graphql: limits, then (REST) the scope check. */
export function tokenGate(): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const viewer = req.ctx.viewer;
      if (!viewer?.apiTokenId) return next();
      if (!(await limitRequest(req, res))) return;
      if (req.baseUrl === '/api') {
        const requirement = restRequirement(req.method, `/api${req.path}`);
        if (!allows(viewer.apiTokenScopes ?? [], requirement)) return refuse(res, requirement);
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** The first field of the document a token with these scopes may not read or call, with what it needs. */
export function refusedField(schema: GraphQLSchema, document: DocumentNode, scopes: readonly string[]): { field: string; requirement: Requirement } | null {
  const typeInfo = new TypeInfo(schema);
  const queryType = schema.getQueryType()?.name;
  const mutationType = schema.getMutationType()?.name;
  let refused: { field: string; requirement: Requirement } | null = null;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        if (refused || node.name.value.startsWith('__')) return;
        const parent = typeInfo.getParentType()?.name;
        const def = typeInfo.getFieldDef();
        if (!def) return;
        let requirement: Requirement | null;
        if (parent === queryType) requirement = graphqlRequirement('query', node.name.value);
        else if (parent === mutationType) requirement = graphqlRequirement('mutation', node.name.value);
        else requirement = nestedRequirement(node.name.value, getNamedType(def.type).name);
        if (requirement && !allows(scopes, requirement)) refused = { field: `${parent}.${node.name.value}`, requirement };
      },
    }),
  );
  return refused;
}

/** Apollo plugin: an operation sent with a token is refused whole when any field needs a scope it lacks. */
export function tokenScopePlugin(): ApolloServerPlugin<AppContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ contextValue, document, schema }) {
          const viewer = contextValue.viewer;
          if (!viewer?.apiTokenId) return;
          const refused = refusedField(schema, document, viewer.apiTokenScopes ?? []);
          if (refused) {
            throw new GraphQLError(`${refusalMessage(refused.requirement)} (${refused.field})`, {
              extensions: { code: 'FORBIDDEN', key: 'insufficient-scope', http: { status: 403 } },
            });
          }
        },
      };
    },
  };
}

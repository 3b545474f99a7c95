/** GraphQL: personal API tokens (settings). */
import { TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';
import { builder } from '../../graphql/builder.ts';
import { createApiToken, listApiTokens, revokeApiToken, type ApiTokenView } from './api-tokens.service.ts';

const ApiToken = builder.objectRef<ApiTokenView>('ApiToken').implement({
  description: 'A personal API token, used as `Authorization: Bearer cad_…` on both transports. The secret is never shown again.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    prefix: t.exposeString('prefix', { description: 'First characters of the token, to tell tokens apart.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
  }),
});

const CreateApiTokenPayload = builder.objectRef<{ token: string; apiToken: ApiTokenView }>('CreateApiTokenPayload').implement({
  fields: (t) => ({
    token: t.exposeString('token', { description: 'The secret: shown once, store it now.' }),
    apiToken: t.field({ type: ApiToken, resolve: (p) => p.apiToken }),
  }),
});

builder.queryField('apiTokens', (t) =>
  t.field({ type: [ApiToken], authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => listApiTokens(ctx) }),
);

builder.mutationFields((t) => ({
  createApiToken: t.field({
    type: CreateApiTokenPayload,
    authScopes: { signedIn: true },
    args: { name: t.arg.string({ required: true, description: limitDescription(TEXT_LIMITS.label) }) },
    resolve: (_r, a, ctx) => createApiToken(ctx, a.name),
  }),
  revokeApiToken: t.field({
    type: ApiToken,
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => revokeApiToken(ctx, String(a.id)),
  }),
}));

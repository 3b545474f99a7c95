/** GraphQL: personal API tokens (settings), with their scopes, expiry and last use. */
import { TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';
import { builder } from '../../graphql/builder.ts';
import { createApiToken, listApiTokens, revokeApiToken, type ApiTokenView } from './api-tokens.service.ts';
import { SCOPE_DESCRIPTIONS, TOKEN_SCOPES } from './token-scopes.ts';

const enumName = (scope: string) => scope.replace(':', '_').toUpperCase();

export const ApiTokenScope = builder.enumType('ApiTokenScope', {
  description: 'What an API token may do (api-tokens/token-scopes.ts). Credentials, tokens and withdrawals are never open to a token.',
  values: Object.fromEntries(TOKEN_SCOPES.map((s) => [enumName(s), { value: s, description: `\`${s}\`: ${SCOPE_DESCRIPTIONS[s]}` }])) as Record<string, { value: (typeof TOKEN_SCOPES)[number]; description: string }>,
});

const ApiToken = builder.objectRef<ApiTokenView>('ApiToken').implement({
  description: 'A personal API token, used as `Authorization: Bearer cad_…` on both transports. The secret is never shown again.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The token id.' }),
    name: t.exposeString('name', { description: 'The name its owner gave it.' }),
    prefix: t.exposeString('prefix', { description: 'First characters of the token, to tell tokens apart.' }),
    scopes: t.field({ type: [ApiTokenScope], description: 'What the token may do.', resolve: (p) => p.scopes.filter((s): s is (typeof TOKEN_SCOPES)[number] => (TOKEN_SCOPES as readonly string[]).includes(s)) }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true, description: 'When it was last used (to the minute).' }),
    lastUsedIp: t.exposeString('lastUsedIp', { nullable: true, description: 'The client address of its last use.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true, description: 'When it stops working; null: never.' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true, description: 'When it was revoked.' }),
  }),
});


builder.queryField('apiTokens', (t) =>
  t.field({ type: [ApiToken], description: "The viewer's API tokens, newest first.", authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => listApiTokens(ctx) }),
);

builder.relayMutationField(
  'createApiToken',
  {
    description: 'The new token’s name, scopes and end.',
    inputFields: (t) => ({
      name: t.string({ required: true, description: limitDescription(TEXT_LIMITS.label) }),
      scopes: t.field({ type: [ApiTokenScope], required: false, description: 'What the token may do (default: every read scope).' }),
      expiresAt: t.field({ type: 'DateTime', required: false, description: 'When the token stops working (default: never).' }),
    }),
  },
  {
    description: 'Creates an API token; without scopes it may only read.',
    authScopes: { signedIn: true },
    resolve: (_r, { input }, ctx) => createApiToken(ctx, input.name, { scopes: input.scopes, expiresAt: input.expiresAt }),
  },
  {
    description: 'A new token and its secret.',
    outputFields: (t) => ({
      token: t.exposeString('token', { description: 'The secret: shown once, store it now.' }),
      apiToken: t.field({ type: ApiToken, description: 'The token as listed.', resolve: (p) => p.apiToken }),
    }),
  },
);

builder.relayMutationField(
  'revokeApiToken',
  { description: 'The token to revoke.', inputFields: (t) => ({ id: t.id({ required: true, description: 'The token id.' }) }) },
  {
    description: "Revokes one of the viewer's tokens; it stops working at once on every server.",
    authScopes: { signedIn: true },
    resolve: async (_r, { input }, ctx) => ({ apiToken: await revokeApiToken(ctx, String(input.id)) }),
  },
  { description: 'The revoked token.', outputFields: (t) => ({ apiToken: t.field({ type: ApiToken, description: 'The token, now revoked.', resolve: (p) => p.apiToken }) }) },
);

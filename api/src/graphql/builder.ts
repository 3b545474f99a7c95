/** The Pothos schema builder. It defines no types: each module adds its own. */
import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import type PrismaTypes from '../generated/pothos-types.ts';
import { getDatamodel } from '../generated/pothos-types.ts';
import type { AppContext } from '../context.ts';

export const builder = new SchemaBuilder<{
  Context: AppContext;
  PrismaTypes: PrismaTypes;
  AuthScopes: { signedIn: boolean; support: boolean; admin: boolean };
  Scalars: {
    Upload: { Input: Promise<FileUpload>; Output: never };
    Date: { Input: string; Output: string };
    DateTime: { Input: Date; Output: Date | string };
  };
  DefaultFieldNullability: false;
}>({
  defaultFieldNullability: false,
  plugins: [ScopeAuthPlugin, PrismaPlugin, RelayPlugin, DataloaderPlugin],
  scopeAuth: {
    authScopes: (ctx) => ({
      signedIn: ctx.viewer !== null,
      support: ctx.viewer?.role === 'SUPPORT' || ctx.viewer?.role === 'ADMIN',
      admin: ctx.viewer?.role === 'ADMIN',
    }),
    unauthorizedError: (_parent, ctx) =>
      new (class extends Error {
        extensions = { code: ctx.viewer ? 'FORBIDDEN' : 'UNAUTHENTICATED' };
      })(ctx.viewer ? 'Not allowed' : 'Sign in required'),
  },
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
  // Descriptions of the Relay connection types every paginated list shares (partners read them in schema.graphql).
  relay: {
    // Every mutation is builder.relayMutationField: one required `input` (XInput) and an XPayload, without Relay's clientMutationId.
    clientMutationId: 'omit',
    mutationInputArgOptions: { description: 'Everything the mutation needs, in one object.' },
    defaultConnectionTypeOptions: { description: 'A page of a list (Relay cursor connection).' },
    defaultEdgeTypeOptions: { description: 'One item of a page with its cursor.' },
    pageInfoTypeOptions: { description: 'Where a page sits in its list, and the cursors to ask for the pages around it.' },
    edgesFieldOptions: { description: "The page's items in order." },
    pageInfoFieldOptions: { description: 'The cursors of this page.' },
    nodeFieldOptions: { description: 'The item.' },
    cursorFieldOptions: { description: 'Pass as after (or before) to get the items after (or before) this one.' },
    hasNextPageFieldOptions: { description: 'More items follow this page.' },
    hasPreviousPageFieldOptions: { description: 'Items come before this page.' },
    startCursorFieldOptions: { description: "The first item's cursor (null on an empty page)." },
    endCursorFieldOptions: { description: "The last item's cursor (null on an empty page)." },
    firstArgOptions: { description: 'How many items after `after` (or from the start).' },
    afterArgOptions: { description: 'A cursor: start after this item.' },
    lastArgOptions: { description: 'How many items before `before` (or up to the end).' },
    beforeArgOptions: { description: 'A cursor: end before this item.' },
  },
});

builder.queryType({});
builder.mutationType({});
builder.addScalarType('Upload', GraphQLUpload as never);
builder.scalarType('Date', {
  description: 'A calendar date as YYYY-MM-DD.',
  serialize: (v) => v,
  parseValue: (v) => {
    if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new TypeError('Date must be YYYY-MM-DD');
    return v;
  },
});
builder.scalarType('DateTime', {
  description: 'An instant as an ISO 8601 string.',
  serialize: (v) => (typeof v === 'string' ? v : v.toISOString()),
  parseValue: (v) => {
    const d = new Date(String(v));
    if (Number.isNaN(d.getTime())) throw new TypeError('DateTime must be an ISO 8601 string');
    return d;
  },
});

/**
 * What one GraphQL request may ask for, so that no document, however small on the wire, can
 * amplify into seconds of CPU or hundreds of megabytes (issue 11: 30,000 aliases of `countries`
 * answered 264 MB). Every refusal is a 400 whose message names the limit:
 * - tokens: graphql-js's own parser limit, so a huge document stops being read at the limit.
 *   (graphql-armor's token plugin throws outside Apollo's parse step, which Apollo answers 500.)
 * - aliases, depth, cost and directives: graphql-armor's validation rules;
 * - field suggestions ("Did you mean ...") are hidden and introspection is off in production;
 * - no `subscription` operations (this server has none); persisted documents (a hash instead of
 *   the text, graphql/persisted-documents.ts) pass the same limits once their text is found;
 * - no NUL character in strings or variables (PostgreSQL cannot store one);
 * - an answer larger than the cap is replaced by an error naming the cap.
 * The limits sit far above what the client sends: graphql/limits.test.ts runs every operation
 * document of the client through them.
 */
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { ApolloServerOptions, ApolloServerPlugin, BaseContext, GraphQLRequestContextWillSendResponse } from '@apollo/server';
import { GraphQLError, type ASTVisitor, type ValidationContext, type ValidationRule } from 'graphql';
import { checkJsonValue, RequestLimitError, responseTooLargeMessage } from '../http/body-limits.ts';

/** The limits, with the client's heaviest document for scale (see limits.test.ts). */
export const GRAPHQL_LIMITS = {
  /** Lexical tokens in one document (the client's largest has about 200 with __typename). */
  maxTokens: 2_000,
  /** Aliased fields (the client uses none). */
  maxAliases: 15,
  /** Nesting of selections (the release editor's mutations reach 11). */
  maxDepth: 15,
  /** graphql-armor's cost: objects 2, scalars 1, times 1.5 per level (the release editor's mutations cost about 1,800). */
  maxCost: 5_000,
  /** Directives in one document (the client uses none). */
  maxDirectives: 20,
} as const;

export interface GraphqlLimitOptions {
  /** Production hides the schema: no introspection, no field suggestions. */
  production: boolean;
  /** The largest answer sent; a larger one becomes a RESPONSE_TOO_LARGE error. */
  responseBytes: number;
}

type LimitServerOptions = Pick<
  ApolloServerOptions<BaseContext>,
  'introspection' | 'parseOptions' | 'validationRules' | 'allowBatchedHttpRequests'
> & { plugins: ApolloServerPlugin<BaseContext>[] };

/** Apollo Server options that enforce the limits (spread into `new ApolloServer`). */
export function graphqlLimits(options: GraphqlLimitOptions): LimitServerOptions {
  const armor = new ApolloArmor({
    maxTokens: { enabled: false },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
    blockFieldSuggestion: { enabled: options.production },
  }).protect();
  return {
    introspection: !options.production,
    parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
    validationRules: [...armor.validationRules, noNulCharacter],
    allowBatchedHttpRequests: false,
    plugins: [...(armor.plugins as ApolloServerPlugin<BaseContext>[]), refuseUnsupportedRequests(), capResponseSize(options.responseBytes)],
  };
}

/** A 400 raised from a plugin hook (Apollo keeps the status of `extensions.http`). */
function badRequest(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });
}

const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)';

/** String literals in the document must not hold a NUL character. */
export const noNulCharacter: ValidationRule = (context: ValidationContext): ASTVisitor => ({
  StringValue(node) {
    if (node.value.includes('\0')) context.reportError(new GraphQLError(NUL_MESSAGE, { nodes: [node] }));
  },
});

/**
 * graphql-armor prefixes its validation errors with "Syntax Error: " (they are not), and graphql 16
 * writes "more that N tokens".
 */
function clearLimitMessage(message: string): string {
  const m = /^Syntax Error: ((?:Query Cost|Query depth|Aliases|Directives) limit of .*)$/.exec(message);
  if (m) return m[1]!;
  return message.replace(' contains more that ', ' contains more than ');
}

/** Subscriptions and over-limit variables answer 400 (not 500, not 200). */
function refuseUnsupportedRequests(): ApolloServerPlugin<BaseContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, request }) {
          if (operation?.operation === 'subscription') {
            throw badRequest('Subscriptions are not supported: this API answers queries and mutations over HTTP');
          }
          // POST bodies were checked before parsing; this covers GET's `variables` parameter too.
          try {
            checkJsonValue(request.variables ?? {});
          } catch (err) {
            if (err instanceof RequestLimitError) throw badRequest(`Variables: ${err.message}`);
            throw err;
          }
        },
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          const errors = response.body.singleResult.errors;
          for (const e of errors ?? []) Object.assign(e, { message: clearLimitMessage(e.message) });
        },
      };
    },
  };
}

/**
 * Replaces an answer whose JSON would exceed `maxBytes` with a 400 naming the cap. The size is
 * counted without serialising, and counting stops at the cap, so checking costs at most the cap.
 */
function capResponseSize(maxBytes: number): ApolloServerPlugin<BaseContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }: GraphQLRequestContextWillSendResponse<BaseContext>) {
          if (response.body.kind !== 'single' || !jsonSizeExceeds(response.body.singleResult, maxBytes)) return;
          response.http.status = 400;
          response.body.singleResult = { errors: [{ message: responseTooLargeMessage(maxBytes), extensions: { code: 'RESPONSE_TOO_LARGE' } }] };
        },
      };
    },
  };
}

/** True when the JSON text of `value` would be longer than `max` bytes (escapes aside). */
export function jsonSizeExceeds(value: unknown, max: number): boolean {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') size += Buffer.byteLength(v) + 2;
    else if (typeof v === 'number' || typeof v === 'boolean') size += String(v).length;
    else if (v === null || v === undefined) size += 4;
    else if (Array.isArray(v)) {
      size += 1 + v.length;
      for (const item of v) stack.push(item);
    } else if (typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>);
      size += 1 + entries.length;
      for (const [k, item] of entries) {
        size += Buffer.byteLength(k) + 3;
        stack.push(item);
      }
    }
    if (size > max) return true;
  }
  return false;
}

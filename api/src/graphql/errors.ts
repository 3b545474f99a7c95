/** Maps domain errors to GraphQL errors with `extensions.code` (one exhaustive switch). */
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { DomainError, type DomainErrorCode } from '../domain-error.ts';
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import type { Logger } from '../logger.ts';
import { reportServerError } from '../log-context.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, isConnectionLost, RETRY_AFTER_SECONDS } from '../db/connection-errors.ts';

/** The GraphQL extension code for a domain error code. */
export function graphqlCode(code: DomainErrorCode): string {
  switch (code) {
    case 'BAD_USER_INPUT':
    case 'UNAUTHENTICATED':
    case 'FORBIDDEN':
    case 'NOT_FOUND':
    case 'CONFLICT':
    case 'LOCKED':
    case 'RATE_LIMITED':
    case 'PAYLOAD_TOO_LARGE':
    case 'UNSUPPORTED_MEDIA_TYPE':
    case 'UNAVAILABLE':
      return code;
    default: {
      const never: never = code;
      return never;
    }
  }
}

/** The extension code of an answer that failed because the database connection was lost. */
export const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';

/**
 * Apollo formatError: domain errors keep their message and details; a lost database connection is
 * SERVICE_UNAVAILABLE (see serviceUnavailableStatus); unknown errors are hidden.
 */
export function formatError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof DomainError) {
      return {
        ...formatted,
        message: original.message,
        extensions: { ...original.details, code: graphqlCode(original.code) },
      };
    }
    const code = formatted.extensions?.code;
    if (isConnectionLost(original)) {
      logger.warn('database connection lost during a request', { err: original instanceof Error ? original : new Error(String(original)) });
      return { message: DATABASE_UNAVAILABLE_MESSAGE, locations: formatted.locations, path: formatted.path, extensions: { code: SERVICE_UNAVAILABLE } };
    }
    // Apollo's own refusals of a request (a persisted-query hash that is not the text's, an unknown
    // persisted-query version) carry a 4xx status but no code (Apollo fills in INTERNAL_SERVER_ERROR):
    // the caller's mistake, said as is.
    if ((code === undefined || code === 'INTERNAL_SERVER_ERROR') && isClientRefusal(original)) return { ...formatted, extensions: { ...formatted.extensions, code: 'BAD_REQUEST' } };
    if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
      logger.error('graphql resolver failed', { err: original instanceof Error ? original : new Error(String(original)) });
      reportServerError(original);
      return { message: 'Internal server error', locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
    return formatted;
  };
}

function isClientRefusal(error: unknown): boolean {
  const status = error instanceof GraphQLError ? (error.extensions.http as { status?: unknown } | undefined)?.status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** Answers 503 with Retry-After when any error of the answer is SERVICE_UNAVAILABLE. */
export function serviceUnavailableStatus(): ApolloServerPlugin<BaseContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          if (!response.body.singleResult.errors?.some((e) => e.extensions?.code === SERVICE_UNAVAILABLE)) return;
          response.http.status = 503;
          response.http.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
        },
      };
    },
  };
}

export { GraphQLError };

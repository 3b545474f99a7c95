/** Maps domain errors to GraphQL errors with `extensions.code` (one exhaustive switch). */
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { DomainError, type DomainErrorCode } from '../domain-error.ts';
import type { Logger } from '../logger.ts';

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

/** Apollo formatError: domain errors keep their message and details; unknown errors are hidden. */
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
    if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
      logger.error('graphql resolver failed', { err: original instanceof Error ? original : new Error(String(original)) });
      return { message: 'Internal server error', locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
    return formatted;
  };
}

export { GraphQLError };

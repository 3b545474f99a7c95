/**
 * Errors a service raises on purpose. Transports map `code` to a GraphQL extension code and an
 * HTTP status in one exhaustive switch each (graphql/errors.ts, http/errors.ts).
 */
export type DomainErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'LOCKED'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNAVAILABLE';

/** One field's problem: the spec's error key and its user-facing message. */
export interface FieldError {
  field: string;
  key: string;
  message: string;
}

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: { fieldErrors?: FieldError[]; key?: string; [k: string]: unknown } = {},
  ) {
    super(message);
  }
}

/** Shorthand for a 4xx input error carrying per-field keys and messages. */
export function badInput(message: string, fieldErrors: FieldError[] = [], key?: string): DomainError {
  return new DomainError('BAD_USER_INPUT', message, { fieldErrors, key });
}

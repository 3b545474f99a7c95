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

/**
 * The message people read for several field errors: each field's own sentence once, without the
 * field's name in front ("ISRC is required", never "isrc: ISRC is required"); the field names
 * travel in `fieldErrors` for the forms.
 */
export function peopleMessage(fieldErrors: readonly { message: string }[]): string {
  return [...new Set(fieldErrors.map((e) => e.message))].join('; ');
}

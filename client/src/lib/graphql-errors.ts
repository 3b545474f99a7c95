import { CombinedGraphQLErrors } from '@apollo/client/errors';

/** The parts of a GraphQL error the account screens act on (extensions set by the API's error mapping). */
export interface GraphqlErrorInfo {
  code: string | null;
  key: string | null;
  status: string | null;
  message: string;
  fieldErrors: { field: string; key: string; message: string }[];
}

const SERVER_TROUBLE = 'Something with server. Please try again later';

/** Reads the first GraphQL error of a failed call; a network failure becomes the spec's server message. */
export function graphqlErrorInfo(error: unknown): GraphqlErrorInfo {
  if (CombinedGraphQLErrors.is(error) && error.errors.length > 0) {
    const first = error.errors[0]!;
    const ext = (first.extensions ?? {}) as Record<string, unknown>;
    const fieldErrors = Array.isArray(ext.fieldErrors)
      ? (ext.fieldErrors as unknown[]).filter(
          (e): e is { field: string; key: string; message: string } =>
            typeof e === 'object' && e !== null && typeof (e as { field?: unknown }).field === 'string' && typeof (e as { message?: unknown }).message === 'string',
        )
      : [];
    return {
      code: typeof ext.code === 'string' ? ext.code : null,
      key: typeof ext.key === 'string' ? ext.key : null,
      status: typeof ext.status === 'string' ? ext.status : null,
      message: first.message,
      fieldErrors,
    };
  }
  return { code: null, key: null, status: null, message: SERVER_TROUBLE, fieldErrors: [] };
}

/** Field errors by field name, for react-final-form's submit errors. */
export function fieldErrorsByName(info: GraphqlErrorInfo): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of info.fieldErrors) out[e.field] ??= e.message;
  return out;
}

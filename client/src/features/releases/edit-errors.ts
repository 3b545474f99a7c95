import { graphqlErrorInfo } from '../../lib/graphql-errors';

/**
 * What to tell the user when an edit of the release failed: a refusal of the edit itself (CONFLICT:
 * changed in another tab, or no longer editable) in the server's words, as the details form shows it;
 * anything else as the fallback.
 */
export function editFailureMessage(error: unknown, fallback: string): string {
  const info = graphqlErrorInfo(error);
  return info.code === 'CONFLICT' ? info.message : fallback;
}

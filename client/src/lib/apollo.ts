import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';
import { typePolicies } from './cache-policies';
import { createUploadLink, hasFiles } from './upload-link';
import { unauthenticatedHandler } from './unauthenticated';

export interface ApolloOptions {
  /** GraphQL endpoint; tests pass an absolute URL. */
  uri?: string;
}

/** Operations whose UNAUTHENTICATED answer means "wrong credentials", not "signed out" (core §8). */
const SIGN_IN_OPERATIONS = new Set(['SignIn']);

export { setUnauthenticatedHandler } from './unauthenticated';

/** True when a GraphQL answer says the session is gone (any error with code UNAUTHENTICATED). */
export function isUnauthenticated(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
}

const unauthenticatedLink = new ErrorLink(({ error, operation }) => {
  if (isUnauthenticated(error) && !SIGN_IN_OPERATIONS.has(operation.operationName ?? '')) unauthenticatedHandler()(operation.operationName ?? '');
});

/** One Apollo Client for the app: same-origin cookies, the shared cache policies. */
export function createApolloClient({ uri = '/graphql' }: ApolloOptions = {}): ApolloClient {
  return new ApolloClient({
    // Operations carrying files go as multipart requests with upload progress (upload-link.ts).
    link: ApolloLink.from([
      unauthenticatedLink,
      ApolloLink.split(hasFiles, createUploadLink({ uri }), new HttpLink({ uri, credentials: 'same-origin' })),
    ]),
    cache: new InMemoryCache({ typePolicies }),
    // Issue 17: a query hands each component only what it selected itself; fragments are read with useFragment.
    dataMasking: true,
  });
}

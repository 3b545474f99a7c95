import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { typePolicies } from './cache-policies';

export interface ApolloOptions {
  /** GraphQL endpoint; tests pass an absolute URL. */
  uri?: string;
}

/** One Apollo Client for the app: same-origin cookies, the shared cache policies. */
export function createApolloClient({ uri = '/graphql' }: ApolloOptions = {}): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri, credentials: 'same-origin' }),
    cache: new InMemoryCache({ typePolicies }),
  });
}

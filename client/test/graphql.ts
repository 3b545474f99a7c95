import { graphql } from 'msw';

/** Tests talk to an absolute endpoint: Node's fetch cannot resolve '/graphql' on its own. */
export const GRAPHQL_URL = 'http://localhost/graphql';

/** msw handlers scoped to the app's GraphQL endpoint. */
export const api = graphql.link(GRAPHQL_URL);

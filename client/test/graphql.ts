import type { FragmentType } from '@apollo/client';
import { graphql } from 'msw';

/** Tests talk to an absolute endpoint: Node's fetch cannot resolve '/graphql' on its own. */
export const GRAPHQL_URL = 'http://localhost/graphql';

/** msw handlers scoped to the app's GraphQL endpoint. */
export const api = graphql.link(GRAPHQL_URL);

/**
 * What a parent hands a component that reads its own fragment: the entity's identity, typed as the
 * fragment's masked reference (useFragment finds the entity in the cache by __typename and id).
 */
export function fragmentRef<TFragment>(entity: { __typename: string; id: string }): FragmentType<TFragment> {
  return { __typename: entity.__typename, id: entity.id } as unknown as FragmentType<TFragment>;
}

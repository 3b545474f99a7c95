/** What a query selects below the field being resolved, for resolvers that load in one statement. */
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/** Field name → the selection sets under it (aliases merged, fragments and inline fragments followed). */
export type Selected = Map<string, SelectionSetNode[]>;

function collect(info: Pick<GraphQLResolveInfo, 'fragments'>, sets: readonly SelectionSetNode[], out: Selected = new Map()): Selected {
  for (const set of sets) {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        let under = out.get(selection.name.value);
        if (!under) out.set(selection.name.value, (under = []));
        if (selection.selectionSet) under.push(selection.selectionSet);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        collect(info, [selection.selectionSet], out);
      } else {
        const fragment = info.fragments[selection.name.value];
        if (fragment) collect(info, [fragment.selectionSet], out);
      }
    }
  }
  return out;
}

/**
 * The fields selected at `path` below the resolved field (e.g. ['edges', 'node'] of a connection).
 * @skip and @include are not evaluated: a field they may drop counts as selected, which only means
 * loading something that is not shown.
 */
export function selectedFields(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>, path: readonly string[] = []): Selected {
  let sets = info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  for (const name of path) sets = collect(info, sets).get(name) ?? [];
  return collect(info, sets);
}

/** The fields selected under one field of a selection (e.g. the `tracks` of a release). */
export function selectedUnder(info: Pick<GraphQLResolveInfo, 'fragments'>, selected: Selected, field: string): Selected {
  return collect(info, selected.get(field) ?? []);
}

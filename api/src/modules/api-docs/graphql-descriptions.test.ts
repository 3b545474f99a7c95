/**
 * The GraphQL reference for partners (issue 18): every type, field, argument and enum value a
 * token can reach has a description. The surface is derived from the built schema and the token
 * scopes (root fields not closed to tokens, and what their answers and arguments reach, minus
 * nested fields closed to tokens), so a field added later is checked the day it exists. What
 * still lacks a description is listed in undescribed-graphql.json, a baseline that may only
 * shrink: a new undescribed element fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { getNamedType, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isUnionType, type GraphQLArgument, type GraphQLNamedType } from 'graphql';
import { graphqlSchema } from '../../test/harness.ts';
import { graphqlRequirement, nestedRequirement } from '../api-tokens/token-scopes.ts';

/** Every element partners see, by coordinate (Type, Type.field, Type.field(arg), Enum.VALUE), with whether it is described. */
function partnerSurface(): Map<string, boolean> {
  const out = new Map<string, boolean>();
  const seen = new Set<string>();
  const args = (owner: string, list: readonly GraphQLArgument[]) => {
    for (const a of list) {
      out.set(`${owner}(${a.name})`, Boolean(a.description));
      visit(getNamedType(a.type));
    }
  };
  const visit = (t: GraphQLNamedType): void => {
    if (seen.has(t.name) || t.name.startsWith('__')) return;
    seen.add(t.name);
    out.set(t.name, Boolean(t.description));
    if (isObjectType(t) || isInterfaceType(t)) {
      for (const f of Object.values(t.getFields())) {
        const req = nestedRequirement(f.name, getNamedType(f.type).name);
        if (req && 'never' in req) continue;
        out.set(`${t.name}.${f.name}`, Boolean(f.description));
        args(`${t.name}.${f.name}`, f.args);
        visit(getNamedType(f.type));
      }
      for (const i of t.getInterfaces()) visit(i);
    } else if (isInputObjectType(t)) {
      for (const f of Object.values(t.getFields())) {
        out.set(`${t.name}.${f.name}`, Boolean(f.description));
        visit(getNamedType(f.type));
      }
    } else if (isUnionType(t)) {
      t.getTypes().forEach(visit);
    } else if (isEnumType(t)) {
      for (const v of t.getValues()) out.set(`${t.name}.${v.name}`, Boolean(v.description));
    }
  };
  for (const [operation, root] of [['query', graphqlSchema.getQueryType()], ['mutation', graphqlSchema.getMutationType()]] as const) {
    if (!root) continue;
    for (const f of Object.values(root.getFields())) {
      if ('never' in graphqlRequirement(operation, f.name)) continue;
      out.set(`${root.name}.${f.name}`, Boolean(f.description));
      args(`${root.name}.${f.name}`, f.args);
      visit(getNamedType(f.type));
    }
  }
  return out;
}

const baseline = JSON.parse(readFileSync(new URL('./undescribed-graphql.json', import.meta.url), 'utf8')) as string[];

describe('the GraphQL schema partners reach', () => {
  const surface = partnerSurface();

  it('covers the scoped and public root fields and what they reach, not what tokens never get', () => {
    expect(surface.has('Query.releases')).toBe(true);
    expect(surface.has('Mutation.createRelease')).toBe(true);
    expect(surface.has('Release')).toBe(true);
    expect(surface.has('Mutation.withdraw')).toBe(false);
    expect(surface.has('Mutation.createApiToken')).toBe(false);
  });

  it('describes every type, field, argument and enum value, except the shrinking baseline', () => {
    const undescribed = [...surface].filter(([, described]) => !described).map(([coordinate]) => coordinate);
    expect(undescribed.filter((c) => !baseline.includes(c))).toEqual([]);
    // The baseline names only elements that exist for partners and still lack a description.
    expect(baseline.filter((c) => !undescribed.includes(c))).toEqual([]);
  });
});

/**
 * One shape for every mutation (issue 17): a single required `input` argument (or none at all, for
 * a mutation that needs nothing, such as signOut) and an object type named `...Payload`, so that
 * clients can add fields on either side later without breaking a caller. Built with
 * `builder.relayMutationField` (or an input type and a shared payload ref); this walks the built
 * schema, so a mutation added later in any other shape fails here.
 */
import { describe, expect, it } from '@jest/globals';
import { getNamedType, isNonNullType, isObjectType } from 'graphql';
import { graphqlSchema } from '../test/harness.ts';

/** Mutations allowed another shape, each with its reason. None today: keep it that way. */
const EXCEPTIONS: Record<string, string> = {};

const mutations = Object.values(graphqlSchema.getMutationType()!.getFields());

describe('every mutation', () => {
  it('takes one required `input` argument, or none', () => {
    const wrong = mutations
      .filter((m) => !(m.name in EXCEPTIONS))
      .filter((m) => !(m.args.length === 0 || (m.args.length === 1 && m.args[0]!.name === 'input' && isNonNullType(m.args[0]!.type))))
      .map((m) => `${m.name}(${m.args.map((a) => `${a.name}: ${String(a.type)}`).join(', ')})`);
    expect(wrong).toEqual([]);
  });

  it('names its input type after itself (fooBar takes FooBarInput)', () => {
    const wrong = mutations
      .filter((m) => !(m.name in EXCEPTIONS) && m.args.length === 1)
      .filter((m) => getNamedType(m.args[0]!.type).name !== `${m.name[0]!.toUpperCase()}${m.name.slice(1)}Input`)
      .map((m) => `${m.name}: ${String(m.args[0]!.type)}`);
    // Two mutations share one input on purpose: accepting and declining a split answer the same invitation.
    expect(wrong).toEqual(['acceptSplit: RespondToSplitInput!', 'declineSplit: RespondToSplitInput!']);
  });

  it('returns a non-null object type whose name ends in Payload', () => {
    const wrong = mutations
      .filter((m) => !(m.name in EXCEPTIONS))
      .filter((m) => !(isNonNullType(m.type) && isObjectType(m.type.ofType) && m.type.ofType.name.endsWith('Payload')))
      .map((m) => `${m.name}: ${String(m.type)}`);
    expect(wrong).toEqual([]);
  });

  it('lists only exceptions that still exist', () => {
    expect(Object.keys(EXCEPTIONS).filter((name) => !mutations.some((m) => m.name === name))).toEqual([]);
  });
});

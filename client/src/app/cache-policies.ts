import type { TypePolicies } from '@apollo/client';

/**
 * Field and type policies of the InMemoryCache. Features add theirs here (for example release
 * status fields that read domain rules); dictionaries are plain lists and need none.
 */
export const typePolicies: TypePolicies = {
  // The configuration is one object per deployment and brand; it has no id.
  ClientConfig: { keyFields: [] },
  // Outlets are identified by a numeric id; Dsp, Genre and Language use their ID field.
  Country: { keyFields: ['code'] },
  Region: { keyFields: ['value'] },
};

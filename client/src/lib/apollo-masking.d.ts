/**
 * Apollo Client's data masking types follow GraphQL Codegen's (issue 17): a spread fragment is a
 * reference in the parent's type, `useFragment` and `Unmasked` unwrap it. The client is created
 * with `dataMasking: true` (apollo.ts), so the runtime data agrees with these types.
 */
import type { GraphQLCodegenDataMasking } from '@apollo/client/masking';

declare module '@apollo/client' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the documented augmentation
  export interface TypeOverrides extends GraphQLCodegenDataMasking.TypeOverrides {}
}

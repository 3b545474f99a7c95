import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed documents for the client, generated from the committed schema (never a live server).
 * Run with `npm run codegen`; the output folder client/src/gql/ is gitignored.
 */
const config: CodegenConfig = {
  schema: './schema.graphql',
  documents: ['client/src/**/*.{ts,tsx}', '!client/src/gql/**/*'],
  // Lets a fresh checkout generate the gql/ helpers before any document exists.
  ignoreNoDocuments: true,
  generates: {
    'client/src/gql/': {
      preset: 'client',
      presetConfig: {
        // Fragment masking is Apollo Client's, not the preset's (issue 17): the client runs with
        // `dataMasking: true`, so a route query's data only holds the fields the route itself
        // selected, and a component reads its own fragment (`ReleaseRow_release`) through
        // Apollo's `useFragment`. The preset's `useFragment` helper would clash with Apollo's hook
        // and mask types only, so it stays off; the types come from `inlineFragmentTypes: 'mask'`.
        fragmentMasking: false,
        // Also writes client/src/gql/persisted-documents.json: SHA-256 of each operation's printed
        // text -> that text. The API accepts these hashes alone (trusted documents, issue 18); the
        // browser still sends the full text. The hash is embedded as `__meta__.hash` in each document.
        persistedDocuments: { hashAlgorithm: 'sha256' },
      },
      config: {
        useTypeImports: true,
        // Apollo Client's data masking (client/src/lib/apollo-masking.d.ts): spreads are typed as
        // fragment references, and a spread marked `@unmask` keeps its fields in the parent's type.
        customDirectives: { apolloUnmask: true },
        inlineFragmentTypes: 'mask',
        // client-preset 6 forwards `enumType` only; the old `enumsAsTypes: true` is ignored
        // there. 'string-literal' produces the same union-of-strings types.
        enumType: 'string-literal',
        // Scalars the API will add; unknown ones become `unknown` rather than `any`.
        scalars: {
          ID: { input: 'string', output: 'string' },
          Upload: { input: 'File', output: 'never' },
          Date: 'string',
          DateTime: 'string',
        },
        defaultScalarType: 'unknown',
        skipTypeNameForRoot: true,
      },
    },
  },
};

export default config;

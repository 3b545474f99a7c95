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
        // Components receive plain typed data: no `useFragment` unmasking helper, and no
        // clash with Apollo Client's own `useFragment` hook. Fragments still live next to
        // the component that reads them (`StoresList_dsp`) and are spread into route queries.
        fragmentMasking: false,
        // Also writes client/src/gql/persisted-documents.json: SHA-256 of each operation's printed
        // text -> that text. The API accepts these hashes alone (trusted documents, issue 18); the
        // browser still sends the full text. The hash is embedded as `__meta__.hash` in each document.
        persistedDocuments: { hashAlgorithm: 'sha256' },
      },
      config: {
        useTypeImports: true,
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

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**', '**/dist/**', '**/dist-ssr/**', '**/coverage/**', 'api/src/generated/**', 'client/src/gql/**',
      'data/**', 'test-results/**', 'playwright-report/**', '.test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read configuration through api/src/config.ts' },
      ],
    },
  },
  {
    files: ['api/src/config.ts', 'scripts/**', 'e2e/**', 'bench/**', '**/*.config.{js,ts}', 'codegen.ts', 'client/**', 'api/src/db/**', 'api/src/test/**', 'api/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['domain/**'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', '@prisma/*', 'graphql', 'react', '../api/*', '../client/*'] }],
    },
  },
);

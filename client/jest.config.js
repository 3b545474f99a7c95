/**
 * Client component tests: ESM mode (run with NODE_OPTIONS=--experimental-vm-modules), @swc/jest,
 * a jsdom that keeps Node's fetch, streams and URL (needed by msw).
 */
const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'es6' },
};

export default {
  rootDir: import.meta.dirname,
  testEnvironment: 'jest-fixed-jsdom',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swcOptions] },
  // msw and its dependencies ship ESM only; they load natively, no transform needed.
  moduleNameMapper: {
    '\\.css$': '<rootDir>/test/style-stub.js',
    '^altcha/external$': '<rootDir>/test/altcha-stub.js',
    '\\?worker$': '<rootDir>/test/worker-stub.js',
  },
  setupFiles: ['<rootDir>/test/setup-polyfills.js'],
  setupFilesAfterEnv: ['<rootDir>/test/setup-after-env.ts'],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  // A loaded CI machine (two cores) can take more than jest's 5 s default for a whole render-and-wait test.
  testTimeout: 20_000,
};

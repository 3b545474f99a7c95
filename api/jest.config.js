export default { testEnvironment: 'node', extensionsToTreatAsEsm: ['.ts'], transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }] }, testMatch: ['<rootDir>/src/**/*.test.ts'],
  // Every REST response a test sees is checked against /api/openapi.json (src/test/openapi-conformance.ts).
  setupFilesAfterEnv: ['<rootDir>/src/test/openapi-conformance.setup.ts'],
  // Names the run (CADENCE_TEST_RUN): test servers' seeded data is seeded once per run and copied (src/test/test-database.ts).
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  // *.isolated.test.ts run in a jest process of their own (scripts/test.mjs): they change the process for later files.
  testPathIgnorePatterns: ['/node_modules/', '\\.isolated\\.test\\.ts$'], 
  // Hooks that seed the demo data or boot a process take tens of seconds on a loaded 2-core machine;
  // a hang still fails, two minutes later. Speed targets live in bench/, not here.
  testTimeout: 120000 };

export default { testEnvironment: 'node', extensionsToTreatAsEsm: ['.ts'], transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }] }, testMatch: ['<rootDir>/src/**/*.test.ts'],
  // *.isolated.test.ts run in a jest process of their own (scripts/test.mjs): they change the process for later files.
  testPathIgnorePatterns: ['/node_modules/', '\\.isolated\\.test\\.ts$'], testTimeout: 30000 };

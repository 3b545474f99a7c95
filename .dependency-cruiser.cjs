// The floor plan's import rules (docs/architecture.md). `npm run lint` runs them; a violation fails `npm test`.
// Each rule's comment says why it exists; dependency-cruiser prints it beside the offending import.
const TEST = '\\.test\\.tsx?$';
// Test-support folders: shared test helpers, fixtures and fakes (api/src/test, client/test, and a
// module's own __test-support__ folder beside it). Tests may use them; shipped code may not.
const TEST_KITS = ['^api/src/test/', '(^|/)__test-support__/', '^client/test/'];
// A file named like a test kit: it belongs in a test-support folder, where the rules above can see it.
const KIT_NAMES = ['^(api/src|client/src|domain/src)/.*(test-(kit|utils|data|browser)|-kit|fixtures)[^/]*$', '^(api/src|client/src|domain/src)/.*/fake-[^/]+$'];
const API_KITS = '^api/src/(graphql|http|db|jobs|integrations)/|^api/src/(config|logger|context|domain-error|module)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle has no bottom floor: no file in it can be read, tested or moved without the others.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-imports-only-itself',
      comment: 'domain/ runs unchanged in the browser and the API, so it may use only itself and its one library (superstruct).',
      severity: 'error',
      from: { path: '^domain/', pathNot: TEST },
      to: { pathNot: ['^domain/', '(^|/)node_modules/superstruct/'] },
    },
    {
      name: 'client-never-imports-api',
      comment: 'The browser bundle must never pull server code (Node APIs, secrets); share rules through domain/.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^api/' },
    },
    {
      name: 'api-never-imports-client',
      comment: 'The server shares rules with the browser through domain/; SSR loads the built client at run time, not its sources.',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^client/' },
    },
    {
      name: 'api-kits-import-no-module',
      comment: 'Kits are the floor every module stands on; a kit that imports a module makes the arrows run both ways.',
      severity: 'error',
      from: { path: API_KITS },
      // (Their tests may run the whole app through the assembly; nothing-imports-the-api-assembly covers shipped kits.)
      to: { path: '^api/src/modules/' },
    },
    {
      name: 'nothing-imports-the-api-assembly',
      comment: 'Only the assembly (api/src/server) knows every module; only what runs it (tests, scripts, benchmarks) may import it.',
      severity: 'error',
      from: { pathNot: ['^api/src/server/', '^api/src/scripts/', '^bench/', TEST, ...TEST_KITS] },
      to: { path: '^api/src/server/' },
    },
    {
      name: 'modules-use-services-not-transports',
      comment: "A module uses another through its service, never through its GraphQL or REST layer, so every rule sits behind one door.",
      severity: 'error',
      from: { path: '^api/src/modules/([^/]+)/', pathNot: '\\.schema\\.ts$' },
      to: { path: '^api/src/modules/[^/]+/[^/]+\\.(rest|schema)\\.ts$', pathNot: '^api/src/modules/$1/' },
    },
    {
      name: 'graphql-types-reference-only-graphql-types',
      comment: "A module's GraphQL types may name another module's types (a Release has Tracks), never its REST layer.",
      severity: 'error',
      from: { path: '^api/src/modules/([^/]+)/[^/]+\\.schema\\.ts$' },
      to: { path: '^api/src/modules/[^/]+/[^/]+\\.rest\\.ts$', pathNot: '^api/src/modules/$1/' },
    },
    {
      name: 'nothing-imports-the-client-assembly',
      comment: 'The router and shell (client/src/app) know every feature; a feature or kit importing them makes the arrows run both ways.',
      severity: 'error',
      from: { path: '^client/src/', pathNot: ['^client/src/app/', '^client/src/(main|entry-server)\\.tsx$', TEST, ...TEST_KITS] },
      to: { path: '^client/src/app/' },
    },
    {
      name: 'features-keep-their-insides',
      comment: "A feature's insides change with it; what two features share belongs in lib/ (logic) or ui/ (components).",
      severity: 'error',
      from: { path: '^client/src/features/([^/]+)/' },
      to: { path: '^client/src/features/', pathNot: '^client/src/features/$1/' },
    },
    {
      name: 'client-kits-import-no-feature',
      comment: 'lib/ and ui/ are the floor features stand on: they may not import a feature or the assembly (their tests may use real documents).',
      severity: 'error',
      from: { path: '^client/src/(lib|ui)/', pathNot: TEST },
      to: { path: '^client/src/(features|app)/' },
    },
    {
      name: 'shipped-code-imports-no-tooling',
      comment: "Shipped code must run without the repository's scripts, benchmarks, e2e journeys or test kits.",
      severity: 'error',
      from: { path: '^(api/src|client/src|domain/src)/', pathNot: [TEST, '^api/src/scripts/', ...TEST_KITS] },
      to: { path: ['^scripts/', '^bench/', '^e2e/'] },
    },
    {
      name: 'shipped-code-imports-no-test-support',
      comment: 'Test kits, fixtures and fakes live in test-support folders; shipped code never imports them, so no bundle or server module carries test code.',
      severity: 'error',
      from: { path: '^(api/src|client/src|domain/src)/', pathNot: [TEST, ...TEST_KITS] },
      to: { path: TEST_KITS },
    },
    {
      name: 'test-kits-live-in-test-support-folders',
      comment: 'A test kit beside production code looks like production code; move it into the module\'s __test-support__ folder (or api/src/test, client/test).',
      severity: 'error',
      from: {},
      to: { path: KIT_NAMES, pathNot: TEST_KITS },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '^api/src/generated/', '^client/src/gql/', '(^|/)dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'] },
    moduleSystems: ['es6', 'cjs'],
  },
};

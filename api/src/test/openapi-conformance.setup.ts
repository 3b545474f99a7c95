/**
 * jest setup (every API test file): a test during which a test server answered an /api path
 * other than as /api/openapi.json says fails with the list (test/openapi-conformance.ts); what
 * hooks outside a test caused fails the file.
 */
import { afterAll, afterEach } from '@jest/globals';
import { takeConformanceProblems } from './openapi-conformance.ts';

function failOnProblems(when: string): void {
  const problems = takeConformanceProblems();
  if (problems.length) throw new Error(`REST responses ${when} do not match /api/openapi.json:\n- ${[...new Set(problems)].join('\n- ')}`);
}

afterEach(() => failOnProblems('during this test'));
afterAll(() => failOnProblems('in this file (hooks, or after its last test)'));

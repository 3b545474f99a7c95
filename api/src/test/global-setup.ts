/**
 * jest's global setup (api/jest.config.js): names this run, so that data seeded once per run (the
 * demo data, src/test/test-database.ts) is copied by this run's test files and by no later run's.
 * The workers are started after it and inherit the environment it sets.
 */
import { randomBytes } from 'node:crypto';

/** The variable holding the run's name. */
export const TEST_RUN_ENV = 'CADENCE_TEST_RUN';

export default function globalSetup(): void {
  process.env[TEST_RUN_ENV] = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

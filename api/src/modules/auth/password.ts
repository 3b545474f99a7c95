/** Password hashing with argon2id (OWASP parameters: 19 MiB memory, 2 iterations, 1 lane). */
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// algorithm 2 is Argon2id (the package's const enum cannot be imported under isolatedModules).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most (cores - 1) argon2 computations at once, at least one. Each one keeps a core busy for tens
 * of milliseconds; left alone, a burst of guesses fills libuv's four threads and takes every core
 * from the event loop, so every other request waits. Queued checks wait their turn instead.
 */
export const HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);
const limit = pLimit(HASH_CONCURRENCY);

/** How many argon2 computations are running and waiting now (for tests and diagnostics). */
export function hashingLoad(): { active: number; pending: number } {
  return { active: limit.activeCount, pending: limit.pendingCount };
}

/** Hashes a password into a self-describing argon2id string. */
export function hashPassword(password: string): Promise<string> {
  return limit(() => hash(password, OPTIONS));
}

/** Checks a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await limit(() => verify(stored, password));
  } catch {
    return false;
  }
}

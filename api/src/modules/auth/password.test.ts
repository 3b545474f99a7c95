import { HASH_CONCURRENCY, hashPassword, hashingLoad, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one or a malformed hash', async () => {
    const stored = await hashPassword('Cadence123');
    expect(stored).toMatch(/^\$argon2id\$/);
    await expect(verifyPassword(stored, 'Cadence123')).resolves.toBe(true);
    await expect(verifyPassword(stored, 'cadence123')).resolves.toBe(false);
    await expect(verifyPassword('not a hash', 'Cadence123')).resolves.toBe(false);
  });

  it('runs no more argon2 computations at once than the limit; the rest wait their turn', async () => {
    const stored = await hashPassword('Cadence123');
    let mostActive = 0;
    const watch = setInterval(() => {
      const load = hashingLoad();
      mostActive = Math.max(mostActive, load.active);
    }, 1);
    const guesses = Array.from({ length: HASH_CONCURRENCY + 4 }, (_, i) => verifyPassword(stored, i === 0 ? 'Cadence123' : `guess-${i}`));
    const load = hashingLoad();
    const results = await Promise.all(guesses);
    clearInterval(watch);
    expect(load).toEqual({ active: HASH_CONCURRENCY, pending: 4 });
    expect(mostActive).toBeLessThanOrEqual(HASH_CONCURRENCY);
    expect(results).toEqual([true, ...Array.from({ length: HASH_CONCURRENCY + 3 }, () => false)]);
    expect(hashingLoad()).toEqual({ active: 0, pending: 0 });
  });
});

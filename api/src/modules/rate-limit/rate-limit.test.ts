/**
 * A key past its limit is refused from memory for the rest of its window, so a flood of refused
 * attempts costs the database nothing; the database still decides every first refusal.
 */
import { describe, expect, it } from '@jest/globals';
import { consume, EXHAUSTED_WINDOWS_KEPT, type RateLimit } from './rate-limit.service.ts';

/** A database stand-in that counts like the real INSERT ... ON CONFLICT and records each statement. */
function countingDb() {
  const counts = new Map<string, number>();
  const db = {
    statements: 0,
    async $queryRaw(_strings: TemplateStringsArray, key: string, windowStart: Date) {
      db.statements += 1;
      const id = `${key}@${windowStart.getTime()}`;
      counts.set(id, (counts.get(id) ?? 0) + 1);
      return [{ count: counts.get(id) }];
    },
  };
  return db;
}

const RULE: RateLimit = { limit: 3, windowMs: 60_000 };
const AT = new Date('2030-01-01T00:00:10Z');
const refusal = { code: 'RATE_LIMITED' };

describe('consume', () => {
  it('asks the database until the limit is passed, then refuses from memory until the window ends', async () => {
    const db = countingDb();
    for (let i = 0; i < 3; i += 1) await consume(db as never, 'k', RULE, AT);
    await expect(consume(db as never, 'k', RULE, AT)).rejects.toMatchObject(refusal);
    expect(db.statements).toBe(4);
    for (let i = 0; i < 100; i += 1) await expect(consume(db as never, 'k', RULE, AT)).rejects.toMatchObject(refusal);
    expect(db.statements).toBe(4);
    // another key, and the same key in the next window, go to the database again
    await consume(db as never, 'other', RULE, AT);
    await consume(db as never, 'k', RULE, new Date(AT.getTime() + RULE.windowMs));
    expect(db.statements).toBe(6);
  });

  it('keeps what it remembers per database, so a second database decides for itself', async () => {
    const first = countingDb();
    const second = countingDb();
    for (let i = 0; i < 4; i += 1) await consume(first as never, 'k', RULE, AT).catch(() => undefined);
    await expect(consume(first as never, 'k', RULE, AT)).rejects.toMatchObject(refusal);
    await expect(consume(second as never, 'k', RULE, AT)).resolves.toBeUndefined();
  });

  it('remembers at most a bounded number of windows; past it the database answers', async () => {
    const db = countingDb();
    const over = async (key: string) => {
      for (let i = 0; i < 4; i += 1) await consume(db as never, key, RULE, AT).catch(() => undefined);
    };
    for (let i = 0; i < EXHAUSTED_WINDOWS_KEPT; i += 1) await over(`ip${i}`);
    await over('one-too-many');
    const before = db.statements;
    await expect(consume(db as never, 'one-too-many', RULE, AT)).rejects.toMatchObject(refusal);
    expect(db.statements).toBe(before + 1);
  });
});

/** Test helper: solves proof-of-work challenges the way the ALTCHA widget does, and builds its payload. */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** The widget's payload (base64 JSON of the challenge and its solution) for a challenge. */
export async function solveAltcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('challenge not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Changes a payload's solution so that it no longer matches its challenge. */
export function tamperAltcha(payload: string): string {
  const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { solution: { derivedKey: string } };
  const key = value.solution.derivedKey;
  value.solution.derivedKey = key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');
  return Buffer.from(JSON.stringify(value)).toString('base64');
}

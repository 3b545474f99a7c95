import { InvalidKeyError } from './errors.ts';
import type { ByteRange } from './storage.ts';

// Keys are relative, slash-separated, made of URL-safe characters. The same rule for every
// driver means a key that works locally also works in S3 (and cannot escape the local root).
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

/** Throws InvalidKeyError unless `key` is a safe relative object key. */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidKeyError(String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidKeyError(key, `longer than ${MAX_KEY_LENGTH} characters`);
  if (key.startsWith('/') || /^[A-Za-z]:/.test(key)) throw new InvalidKeyError(key, 'absolute paths are not allowed');
  if (key.includes('\\') || key.includes('\0')) throw new InvalidKeyError(key, 'backslashes and NUL are not allowed');
  for (const segment of key.split('/')) {
    if (segment === '..' || segment === '.') throw new InvalidKeyError(key, "'.' and '..' segments are not allowed");
    // A leading dot is refused too: local temp files are dot-files, and hidden names help no one.
    if (!SEGMENT.test(segment)) throw new InvalidKeyError(key, 'segments must be letters, digits, . _ - and not start with a dot');
  }
}

/** Throws RangeError for a malformed range (negative, fractional, end before start). */
export function checkRange(range: ByteRange): void {
  const ok =
    Number.isSafeInteger(range.start) &&
    range.start >= 0 &&
    (range.end === undefined || (Number.isSafeInteger(range.end) && range.end >= range.start));
  if (!ok) throw new RangeError(`Invalid byte range ${range.start}-${range.end ?? ''}`);
}

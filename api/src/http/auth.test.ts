import { describe, expect, it } from '@jest/globals';
import { readCookie } from './auth.ts';

const req = (cookie?: string) => ({ headers: { cookie } });

describe('readCookie', () => {
  it.each([
    ['sid=abc; theme=dark', 'sid', 'abc'],
    ['theme=dark;sid=abc', 'sid', 'abc'],
    ['sid=a%20b', 'sid', 'a b'],
    ['sid=first; sid=second', 'sid', 'first'],
    ['xsid=nope; sid=yes', 'sid', 'yes'],
    ['sid=%E0%A4%A', 'sid', '%E0%A4%A'],
    ['theme=dark', 'sid', undefined],
    ['garbage', 'sid', undefined],
    [undefined, 'sid', undefined],
  ])('%s → %s=%s', (header, name, value) => {
    expect(readCookie(req(header), name)).toBe(value);
  });
});

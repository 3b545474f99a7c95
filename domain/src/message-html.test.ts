import { describe, expect, it } from '@jest/globals';
import { isSafeMessageUrl, MESSAGE_URI_PATTERN } from './message-html.ts';

describe('isSafeMessageUrl', () => {
  it.each([
    ['https://a.test', true],
    ['HTTP://a.test', true],
    ['mailto:a@b.test', true],
    ['/path', true],
    ['#top', true],
    ['page?x=1:2', true],
    ['//evil.test', false],
    ['vbscript:x', false],
    ['java\tscript:alert(1)', false],
    ['java&#x09;script&colon;alert(1)', false],
    ['&#106;avascript:alert(1)', false],
    ['javascript&amp;#58;alert(1)', false],
    ['javascript&NewLine;:x', false],
    ['a&Tab;b', true],
    ['', false],
  ])('%s → %s', (url, safe) => {
    expect(isSafeMessageUrl(url)).toBe(safe);
  });
});

describe('MESSAGE_URI_PATTERN (DOMPurify)', () => {
  it.each([
    ['https://a.test', true],
    ['mailto:a@b.test', true],
    ['/path', true],
    ['javascript:alert(1)', false],
    ['data:text/html,x', false],
    ['tel:123', false],
  ])('%s → %s', (url, allowed) => {
    expect(MESSAGE_URI_PATTERN.test(url)).toBe(allowed);
  });
});

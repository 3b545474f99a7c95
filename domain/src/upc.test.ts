import { completeUpc, isValidUpc, upcCheckDigit, validateUpc } from './upc';

describe('upcCheckDigit', () => {
  it.each([
    ['03600029145', 2], // UPC-A 036000291452
    ['04210000526', 4], // UPC-A 042100005264
    ['400638133393', 1], // EAN-13 4006381333931
    ['978030640615', 7], // ISBN-13 9780306406157
    ['00000000000', 0],
  ])('%s -> %i', (body, digit) => {
    expect(upcCheckDigit(body)).toBe(digit);
    expect(completeUpc(body)).toBe(`${body}${digit}`);
  });
  it.each([['123'], ['1234567890123'], ['0360002914a']])('rejects body %j', (body) => {
    expect(() => upcCheckDigit(body)).toThrow(RangeError);
  });
});

describe('isValidUpc / validateUpc', () => {
  it.each([
    ['036000291452', true],
    ['0 36000 29145 2', true],
    ['4006381333931', true],
    ['978-0-306-40615-7', true],
    ['036000291453', false],
    ['4006381333932', false],
    ['03600029145', false],
    ['abc', false],
    [36000291452, false],
  ])('isValidUpc(%j) = %s', (value, expected) => {
    expect(isValidUpc(value)).toBe(expected);
  });
  it.each([
    [null, undefined],
    [undefined, undefined],
    ['', undefined],
    ['036000291452', undefined],
    ['036000291453', { key: 'bad-upc-format', message: 'UPC must be a valid 12-digit UPC-A or 13-digit EAN-13 code' }],
  ])('validateUpc(%j)', (value, expected) => {
    expect(validateUpc(value)).toEqual(expected);
  });
});

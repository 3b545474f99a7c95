import { formatIsrc, isValidIsrc, normalizeIsrc, validateIsrc } from './isrc';

describe('ISRC pattern', () => {
  it.each([
    ['USRC17607839', 'USRC17607839'],
    ['US-RC1-76-07839', 'USRC17607839'],
    ['us-rc1-76-07839', 'USRC17607839'],
    ['gbAYE0000351', 'GBAYE0000351'],
    ['  QZ-ABC-24-00001 ', 'QZABC2400001'],
    ['US-RC17607839', 'USRC17607839'],
  ])('%j is valid and normalises to %s', (input, canonical) => {
    expect(isValidIsrc(input)).toBe(true);
    expect(normalizeIsrc(input)).toBe(canonical);
  });

  it.each([
    ['U1RC17607839'], // country code must be letters
    ['USRC1760783'], // too short
    ['USRC176078390'], // too long
    ['USRC1A607839'], // year must be digits
    ['US--RC17607839'],
    ['US RC1 76 07839'],
    [''],
    [null],
    [12],
  ])('%j is invalid', (input) => {
    expect(isValidIsrc(input)).toBe(false);
    expect(normalizeIsrc(input)).toBeNull();
  });

  it.each([
    ['usrc17607839', 'US-RC1-76-07839'],
    ['bad', null],
  ])('formatIsrc(%j) = %j', (input, out) => {
    expect(formatIsrc(input)).toBe(out);
  });
});

describe('validateIsrc', () => {
  it.each([
    [null, { key: 'required', message: 'ISRC is required' }],
    [undefined, { key: 'required', message: 'ISRC is required' }],
    ['', { key: 'required', message: 'ISRC is required' }],
    ['   ', { key: 'string-empty', message: 'This field cannot be blank' }],
    ['XX-123', { key: 'bad-isrc-format', message: 'ISRC must look like CC-XXX-YY-NNNNN' }],
    ['US-RC1-76-07839', undefined],
  ])('%j', (value, expected) => {
    expect(validateIsrc(value)).toEqual(expected);
  });
});

import { completeUpc } from './upc';
import { duplicateCodes, isOwnIsrc, isOwnUpc, normalizeTransferUpc, validateTransferIsrc, validateTransferUpc } from './transfer';

describe('normalizeTransferUpc', () => {
  it.each([
    ['036000291452', '036000291452'],
    ['0-36000-29145-2', '036000291452'],
    ['4006381333931', '4006381333931'],
    ['00094631432057', '0094631432057'],
    ['036000291453', null],
    ['10094631432057', null],
    ['abc', null],
    [42, null],
  ])('%s -> %s', (input, out) => expect(normalizeTransferUpc(input)).toBe(out));
});

describe('validateTransferUpc', () => {
  it.each([
    [undefined, 'required'],
    [null, 'required'],
    ['  ', 'required'],
    ['12345', 'bad-upc-format'],
    [12, 'bad-upc-format'],
    ['036000291453', 'bad-upc-check-digit'],
    ['036000291452', undefined],
  ])('%s -> %s', (input, key) => expect(validateTransferUpc(input)?.key).toBe(key));
});

describe('validateTransferIsrc', () => {
  it.each([
    [undefined, 'required'],
    ['', 'required'],
    ['US-RC1-76-07839', undefined],
    ['USRC17607839', undefined],
    ['US-RC1-76-0783', 'bad-isrc-format'],
  ])('%s -> %s', (input, key) => expect(validateTransferIsrc(input)?.key).toBe(key));
});

describe('own codes', () => {
  it('knows ISRCs under our registrant', () => {
    expect(isOwnIsrc('QZ-CAD-26-00001', 'QZ-CAD')).toBe(true);
    expect(isOwnIsrc('USRC17607839', 'QZCAD')).toBe(false);
    expect(isOwnIsrc('nope', 'QZCAD')).toBe(false);
  });
  it('knows UPCs under our company prefix, also in EAN-13 form', () => {
    expect(isOwnUpc(completeUpc('86000000001'), '86000')).toBe(true);
    expect(isOwnUpc(completeUpc('086000000001'), '86000')).toBe(true);
    expect(isOwnUpc(completeUpc('186000000001'), '86000')).toBe(false);
    expect(isOwnUpc('036000291452', '86000')).toBe(false);
    expect(isOwnUpc('036000291453', '86000')).toBe(false);
  });
});

it('duplicateCodes lists each repeated code once', () => {
  expect(duplicateCodes(['A', 'B', 'A', 'A', 'C', 'B'])).toEqual(['A', 'B']);
  expect(duplicateCodes([])).toEqual([]);
});

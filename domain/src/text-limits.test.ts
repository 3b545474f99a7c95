import { limitDescription, PAGE_SIZE_MAX, TEXT_LIMITS } from './text-limits';
import { describeLimitErrors, listLimit, textLimit, textLimitErrors } from './text-limit-checks';

describe('TEXT_LIMITS', () => {
  it.each([
    ['releaseTitle', 200],
    ['trackTitle', 200],
    ['artistName', 50],
    ['personName', 50],
    ['addressLine', 100],
    ['city', 100],
    ['email', 254],
    ['message', 2000],
    ['label', 100],
  ] as const)('%s is %d', (name, max) => {
    expect(TEXT_LIMITS[name]).toBe(max);
    expect(textLimit(name)('x'.repeat(max))).toBeUndefined();
    expect(textLimit(name)('x'.repeat(max + 1))).toEqual({ key: 'maxlength', message: `Length should be less or equal to ${max}` });
  });
  it('caps pages at 100', () => {
    expect(PAGE_SIZE_MAX).toBe(100);
  });
});

describe('limitDescription', () => {
  it('states characters by default, or the unit given', () => {
    expect(limitDescription(200)).toBe('At most 200 characters.');
    expect(limitDescription(50, 'items')).toBe('At most 50 items.');
  });
});

describe('listLimit', () => {
  it.each([
    [['a', 'b'], undefined],
    [['a', 'b', 'c'], 'maxitems'],
    ['not a list', undefined],
  ])('%j -> %s', (value, key) => {
    expect(listLimit(2)(value)?.key).toBe(key);
  });
});

describe('textLimitErrors', () => {
  const limits = { name: 5, tags: { each: 3, items: 2 } };
  it.each([
    [{}, []],
    [{ name: 'short', tags: ['abc', 'de'] }, []],
    [{ name: 'toolong' }, [{ field: 'name', key: 'maxlength', message: 'Length should be less or equal to 5' }]],
    [{ tags: ['a', 'b', 'c'] }, [{ field: 'tags', key: 'maxitems', message: 'At most 2 items' }]],
    [{ tags: ['abcd'] }, [{ field: 'tags', key: 'maxlength', message: 'Length should be less or equal to 3' }]],
    [{ tags: 'not a list', name: 42 }, []],
  ])('%j', (values, errors) => {
    expect(textLimitErrors(values, limits)).toEqual(errors);
  });
  it('names each field in one line', () => {
    expect(describeLimitErrors(textLimitErrors({ name: 'toolong', tags: ['a', 'b', 'c'] }, limits))).toBe('name: Length should be less or equal to 5; tags: At most 2 items');
  });
});

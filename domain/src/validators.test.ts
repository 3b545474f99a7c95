import { number, object, optional, string, type } from 'superstruct';
import {
  checked,
  checkedFields,
  composeChecks,
  countriesSelected,
  dspSelected,
  emailFormat,
  fieldError,
  firstError,
  hasErrors,
  matches,
  maxLength,
  minDate,
  notWhitespaceOnly,
  numberRange,
  password,
  payoutName,
  phone,
  postalCode,
  required,
  requiredText,
  stateSelected,
  toFieldValidator,
  toMessages,
  validateArtistsList,
  validateShape,
  validDate,
  type Check,
} from './validators';
import { isBlank } from './blank';

const keyOf = (check: Check<unknown>, value: unknown) => check(value)?.key;

describe('combinators', () => {
  const short: Check<string> = (v) => (v.length < 2 ? fieldError('short', 'Too short') : undefined);
  const noX: Check<string> = (v) => (v.includes('x') ? fieldError('x', 'No x') : undefined);

  it.each([
    ['a', { key: 'short', message: 'Too short' }],
    ['xx', { key: 'x', message: 'No x' }],
    ['ok', undefined],
  ])('firstError/composeChecks(%j)', (value, expected) => {
    expect(firstError(value, [short, noX])).toEqual(expected);
    expect(composeChecks(short, noX)(value)).toEqual(expected);
  });

  it('gives react-final-form the message', () => {
    const validate = toFieldValidator(short, noX);
    expect(validate('x')).toBe('Too short');
    expect(validate('fine')).toBeUndefined();
  });

  it('maps errors to messages and tells whether any exist', () => {
    const errors = { a: fieldError('required', 'A is required'), b: undefined };
    expect(toMessages(errors)).toEqual({ a: 'A is required' });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors({ b: undefined })).toBe(false);
  });
});

describe('superstruct integration', () => {
  const Named = type({ name: checked(string(), required('Name is required')), age: optional(number()) });

  it('keeps the check key as refinement and the message', () => {
    expect(validateShape(Named, { name: '  ' })).toEqual({
      ok: false,
      errors: { name: { key: 'required', message: 'Name is required' } },
    });
  });

  it('reports type failures with key invalid-type, once per path', () => {
    const result = validateShape(Named, { name: 5, age: 'x' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.name?.key).toBe('invalid-type');
      expect(result.errors.age?.key).toBe('invalid-type');
    }
  });

  it('returns the value when valid', () => {
    expect(validateShape(Named, { name: 'Ann', extra: 1 })).toEqual({ ok: true, value: { name: 'Ann', extra: 1 } });
  });

  it('puts cross-field errors on the field path, nested too', () => {
    const Pair = checkedFields(object({ a: string(), b: string() }), 'pair', (v) =>
      v.a === v.b ? { b: fieldError('isNotMatching', 'Must differ'), a: undefined } : {},
    );
    const Outer = object({ pair: Pair });
    expect(validateShape(Outer, { pair: { a: 'x', b: 'x' } })).toEqual({
      ok: false,
      errors: { 'pair.b': { key: 'isNotMatching', message: 'Must differ' } },
    });
    expect(validateShape(Outer, { pair: { a: 'x', b: 'y' } }).ok).toBe(true);
  });
});

describe('isBlank', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['   ', true],
    [[], true],
    ['a', false],
    [['a'], false],
    [0, false],
    [{}, false],
  ])('isBlank(%j) = %s', (value, expected) => {
    expect(isBlank(value)).toBe(expected);
  });
});

describe('required / requiredText / notWhitespaceOnly / maxLength', () => {
  it.each([
    [null, { key: 'required', message: 'Country is required' }],
    [' ', { key: 'required', message: 'Country is required' }],
    ['US', undefined],
  ])('required(%j)', (value, expected) => {
    expect(required('Country is required')(value)).toEqual(expected);
  });
  it('has a default message', () => {
    expect(required()('')).toEqual({ key: 'required', message: 'This field is required' });
  });
  it.each([
    [null, undefined],
    [undefined, undefined],
    ['a', undefined],
    ['', 'required'],
    ['  ', 'required'],
    [5, 'required'],
  ])('requiredText(%j) -> %s', (value, key) => {
    expect(keyOf(requiredText, value)).toBe(key);
  });
  it.each([
    ['   ', 'string-empty'],
    ['', undefined],
    [' a ', undefined],
    [null, undefined],
  ])('notWhitespaceOnly(%j) -> %s', (value, key) => {
    expect(keyOf(notWhitespaceOnly, value)).toBe(key);
  });
  it.each([
    ['x'.repeat(50), undefined],
    ['x'.repeat(51), { key: 'maxlength', message: 'Length should be less or equal to 50' }],
    [null, undefined],
  ])('maxLength(50)(%j)', (value, expected) => {
    expect(maxLength(50)(value)).toEqual(expected);
  });
});

describe('pattern validators', () => {
  it.each([
    ['90210', undefined],
    ['SW1A 1AA', undefined],
    ['12345-6789', undefined],
    ['', undefined],
    [null, undefined],
    ['123#', { key: 'postalcode', message: 'Invalid Zip/Postal Code' }],
    [12345, { key: 'postalcode', message: 'Invalid Zip/Postal Code' }],
  ])('postalCode(%j)', (value, expected) => {
    expect(postalCode(value)).toEqual(expected);
  });

  it.each([
    [null, undefined],
    ['', undefined],
    ['555-123-4567', undefined],
    ['+555 123 4567', undefined],
    ['(555).123.456789', undefined],
    ['5551234567', undefined],
    ['555-123-45', 'phone'],
    ['(555-123-4567', 'phone'],
    ['555-123-4567890', 'phone'],
    [5551234567, 'phone'],
  ])('phone(%j) -> %s', (value, key) => {
    expect(keyOf(phone, value)).toBe(key);
  });

  it.each([
    [null, undefined],
    ['', undefined],
    ['a@b.co', undefined],
    ['a@b', undefined],
    ['not an email', 'email'],
    ['a@@b.co', 'email'],
    [42, 'email'],
  ])('emailFormat(%j) -> %s', (value, key) => {
    expect(keyOf(emailFormat, value)).toBe(key);
  });
  it('emailFormat message', () => {
    expect(emailFormat('x')?.message).toBe('Not a valid email');
  });

  it.each([
    ["Anne-Marie O'Neil", undefined],
    ['José Ñúñez', undefined],
    ['Jr., Sam.', undefined],
    ['', undefined],
    [null, undefined],
    ['R2D2', { key: 'pattern', message: "Allowed letters, space and ',-. symbols" }],
    ['Ann_B', { key: 'pattern', message: "Allowed letters, space and ',-. symbols" }],
  ])('payoutName(%j)', (value, expected) => {
    expect(payoutName(value)).toEqual(expected);
  });
});

describe('dates', () => {
  it.each([
    ['', undefined],
    [null, undefined],
    ['2020-02-29', undefined],
    ['02/29/2020', undefined],
    ['2021-02-29', 'invalidDate'],
    ['tomorrow', 'invalidDate'],
  ])('validDate(%j) -> %s', (value, key) => {
    expect(keyOf(validDate, value)).toBe(key);
  });
  it.each([
    ['', undefined],
    ['2024-06-01', undefined],
    ['2024-06-02', undefined],
    ['06/02/2024', undefined],
    ['2024-05-31', { key: 'releaseDate', message: 'Date must be 06/01/2024 or later' }],
    ['bad', { key: 'releaseDate', message: 'Date must be 06/01/2024 or later' }],
  ])('minDate(2024-06-01)(%j)', (value, expected) => {
    expect(minDate('2024-06-01')(value)).toEqual(expected);
  });
});

describe('selections', () => {
  it.each([
    [null, undefined],
    [undefined, undefined],
    [{ countryCodes: 'US,CA' }, undefined],
    [{ countryCodes: ['US'] }, undefined],
    [{ countryCodes: '' }, 'missingCountries'],
    [{ countryCodes: [] }, 'missingCountries'],
    [{ countryCodes: 5 }, 'missingCountries'],
    [{}, 'missingCountries'],
    ['US', 'missingCountries'],
  ])('countriesSelected(%j) -> %s', (value, key) => {
    expect(keyOf(countriesSelected, value)).toBe(key);
  });
  it.each([
    [null, undefined],
    [undefined, undefined],
    [['spotify'], undefined],
    [[], 'missingDSP'],
    ['spotify', 'missingDSP'],
  ])('dspSelected(%j) -> %s', (value, key) => {
    expect(keyOf(dspSelected, value)).toBe(key);
  });
  it.each([
    [null, undefined],
    [undefined, undefined],
    ['', undefined],
    [1, undefined],
    [10, undefined],
    ['5', undefined],
    [0, 'range'],
    [11, 'range'],
    ['abc', 'range'],
    ['  ', 'range'],
    [{}, 'range'],
    [Number.NaN, 'range'],
  ])('numberRange(1, 10)(%j) -> %s', (value, key) => {
    expect(keyOf(numberRange(1, 10), value)).toBe(key);
  });
  it('numberRange message', () => {
    expect(numberRange(1, 10)(0)?.message).toBe('Must be a number from 1 to 10');
  });
  it.each([
    ['NY', undefined],
    ['XX', { key: 'stateNotSelected', message: 'State/Province is required' }],
    [null, { key: 'stateNotSelected', message: 'State/Province is required' }],
  ])('stateSelected(%j)', (value, expected) => {
    expect(stateSelected(value)).toEqual(expected);
  });
});

describe('matches and password', () => {
  it.each([
    ['Secret1x', undefined],
    ['secret1x', { key: 'isNotMatching', message: 'Values do not match' }],
  ])('matches(%j)', (value, expected) => {
    expect(matches(() => 'Secret1x')(value)).toEqual(expected);
  });
  it('matches takes a custom message', () => {
    expect(matches(() => 'a', 'Passwords do not match')('b')?.message).toBe('Passwords do not match');
  });
  it.each([
    [undefined, 'required', 'Password is required'],
    ['', 'required', 'Password is required'],
    ['Ab1', 'password-min-length', 'Password must be at least 8 characters'],
    ['ABCDEFG1', 'password-lowercase', 'Password must contain a lowercase letter'],
    ['abcdefg1', 'password-uppercase', 'Password must contain an uppercase letter'],
    ['Abcdefgh', 'password-digit', 'Password must contain a digit'],
  ])('password(%j) -> %s', (value, key, message) => {
    expect(password(value)).toEqual({ key, message });
  });
  it('accepts a good password', () => {
    expect(password('Abcdefg1')).toBeUndefined();
  });
});

describe('validateArtistsList', () => {
  const req = { key: 'required', message: 'Artist Name is required' };
  const dup = { key: 'ArtistDuplicate', message: 'This name has already been entered in.' };
  const num = { key: 'ArtistNoNumber', message: 'Artist names must not contain numbers.' };
  it.each([
    [[], [req]],
    [['', null, undefined], [req, undefined, undefined]],
    [['  '], [req]],
    [['Ann', 'Bob'], [undefined, undefined]],
    [['Ann', ' ann '], [undefined, dup]],
    [['Ann', '', ''], [undefined, undefined, undefined]],
    [['Blink 182', 'Ann'], [num, undefined]],
    [['Ann', 'Ann', 'Ann'], [undefined, dup, dup]],
  ])('%j', (values, expected) => {
    expect(validateArtistsList(values)).toEqual(expected);
  });
});

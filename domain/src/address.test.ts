import { addressPatch, AddressStruct, normalizeAddress, validateAddress, validateAddressField, type AddressInput } from './address';
import { validateShape } from './validators';

const valid: AddressInput = { country: 'US', address1: '1 Main St', address2: null, city: 'Austin', state: 'TX', postalCode: '73301' };
const long = 'x'.repeat(101);
const max100 = { key: 'maxlength', message: 'Length should be less or equal to 100' };

describe('validateAddressField', () => {
  it.each([
    ['country', { country: '' }, { key: 'required', message: 'Country is required' }],
    ['country', { country: 'GB' }, undefined],
    ['address1', { address1: ' ' }, { key: 'required', message: 'Address is required' }],
    ['address1', { address1: long }, max100],
    ['address1', { address1: 'x'.repeat(100) }, undefined],
    ['address2', { address2: null }, undefined],
    ['address2', { address2: long }, max100],
    ['city', {}, { key: 'required', message: 'City is required' }],
    ['city', { city: long }, max100],
    ['city', { city: 'Leeds' }, undefined],
    ['state', { country: 'US', state: '' }, { key: 'required', message: 'State/Province is required' }],
    ['state', { country: 'US', state: 'Texas' }, { key: 'stateNotSelected', message: 'State/Province is required' }],
    ['state', { country: 'US', state: 'TX' }, undefined],
    ['state', { country: 'CA', state: '' }, undefined],
    ['state', { country: 'GB', state: 'whatever' }, undefined],
    ['postalCode', { postalCode: null }, { key: 'required', message: 'Zip/Postal Code is required' }],
    ['postalCode', { postalCode: '12#45' }, { key: 'postalcode', message: 'Invalid Zip/Postal Code' }],
    ['postalCode', { postalCode: 'K1A 0B1' }, undefined],
    ['postalCode', { postalCode: '1'.repeat(21) }, { key: 'maxlength', message: 'Length should be less or equal to 20' }],
    ['state', { country: 'GB', state: 'x'.repeat(65) }, { key: 'maxlength', message: 'Length should be less or equal to 64' }],
  ] as const)('%s of %j', (field, address, expected) => {
    expect(validateAddressField(field, address)).toEqual(expected);
  });
});

describe('validateAddress', () => {
  it('accepts a complete US address', () => {
    expect(validateAddress(valid)).toEqual({});
  });
  it('reports every failing field', () => {
    expect(validateAddress({})).toEqual({
      country: { key: 'required', message: 'Country is required' },
      address1: { key: 'required', message: 'Address is required' },
      city: { key: 'required', message: 'City is required' },
      postalCode: { key: 'required', message: 'Zip/Postal Code is required' },
    });
  });
});

describe('normalizeAddress', () => {
  it.each([
    [{ country: 'US', state: 'TX' }, { country: 'US', state: 'TX' }],
    [{ country: 'CA', state: 'ON' }, { country: 'CA', state: null }],
    [{ state: 'TX' }, { state: null }],
  ])('%j -> %j', (input, output) => {
    expect(normalizeAddress(input)).toEqual(output);
  });
});

describe('addressPatch', () => {
  it.each([
    ['nothing changed', valid, valid, {}],
    ['a changed valid field', valid, { ...valid, city: 'Dallas' }, { city: 'Dallas' }],
    ['an invalid change is not sent', valid, { ...valid, city: '', address1: '2 Main St' }, { address1: '2 Main St' }],
    ['blank and null are the same', { ...valid, address2: '' }, { ...valid, address2: null }, {}],
    ['a cleared optional field is sent as null', { ...valid, address2: 'Apt 1' }, { ...valid, address2: undefined }, { address2: null }],
    ['a non-US country clears the state', valid, { ...valid, country: 'GB', postalCode: 'SW1A 1AA' }, { country: 'GB', state: null, postalCode: 'SW1A 1AA' }],
    ['a US address without a valid state is not saved', { ...valid, country: 'GB', state: null }, { ...valid, state: 'Texas', city: 'Dallas' }, {}],
    ['choosing the state saves the US address', { ...valid, country: 'GB', state: null }, valid, { country: 'US', state: 'TX' }],
  ])('%s', (_name, saved, edited, patch) => {
    expect(addressPatch(saved, edited)).toEqual(patch);
  });
});

describe('AddressStruct', () => {
  it('reuses the rules with field paths', () => {
    expect(validateShape(AddressStruct, { ...valid, state: 'XX', postalCode: '!' })).toEqual({
      ok: false,
      errors: {
        state: { key: 'stateNotSelected', message: 'State/Province is required' },
        postalCode: { key: 'postalcode', message: 'Invalid Zip/Postal Code' },
      },
    });
    expect(validateShape(AddressStruct, valid)).toEqual({ ok: true, value: valid });
  });
  it('rejects wrong types', () => {
    const result = validateShape(AddressStruct, { ...valid, city: 5 });
    expect(result.ok).toBe(false);
  });
});

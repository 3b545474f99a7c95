/**
 * Address rules (core spec §5, supporting spec §4-§5): the contact step and settings share them,
 * and the API re-checks them on save.
 */
import { nullable, optional, string, type } from 'superstruct';
import { ADDRESS_LINE_MAX_LENGTH, CITY_MAX_LENGTH } from './constants';
import { textLimit } from './text-limit-checks';
import { isUsState, requiresState } from './countries';
import { isBlank } from './blank';
import { checkedFields, fieldError, maxLength, postalCode, required, type FieldError, type FieldErrors } from './validators';

export const ADDRESS_FIELDS = ['country', 'address1', 'address2', 'city', 'state', 'postalCode'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressInput = Partial<Record<AddressField, string | null>>;

export const ADDRESS_MESSAGES = {
  country: 'Country is required',
  address1: 'Address is required',
  city: 'City is required',
  state: 'State/Province is required',
  postalCode: 'Zip/Postal Code is required',
  postalCodeInvalid: 'Invalid Zip/Postal Code',
} as const;

const requiredCountry = required(ADDRESS_MESSAGES.country);
const requiredAddress1 = required(ADDRESS_MESSAGES.address1);
const requiredCity = required(ADDRESS_MESSAGES.city);
const requiredState = required(ADDRESS_MESSAGES.state);
const requiredPostalCode = required(ADDRESS_MESSAGES.postalCode);
const lineMax = maxLength(ADDRESS_LINE_MAX_LENGTH);
const cityMax = maxLength(CITY_MAX_LENGTH);
const postalCodeMax = textLimit('postalCode');
const regionMax = textLimit('code');

/** One field's rule; the state rule depends on the country (required and from the US list for US, ignored elsewhere). */
export function validateAddressField(field: AddressField, address: AddressInput): FieldError | undefined {
  const value = address[field];
  switch (field) {
    case 'country':
      return requiredCountry(value);
    case 'address1':
      return requiredAddress1(value) ?? lineMax(value);
    case 'address2':
      return lineMax(value);
    case 'city':
      return requiredCity(value) ?? cityMax(value);
    case 'state':
      if (!requiresState(address.country)) return regionMax(value);
      return requiredState(value) ?? (isUsState(value) ? undefined : fieldError('stateNotSelected', ADDRESS_MESSAGES.state));
    case 'postalCode':
      return requiredPostalCode(value) ?? postalCodeMax(value) ?? postalCode(value);
  }
}

/** Every address rule at once, keyed by field. */
export function validateAddress(address: AddressInput): FieldErrors<AddressField> {
  const errors: FieldErrors<AddressField> = {};
  for (const field of ADDRESS_FIELDS) {
    const error = validateAddressField(field, address);
    if (error) errors[field] = error;
  }
  return errors;
}

/** Choosing a country other than the US clears the state. */
export function normalizeAddress<A extends AddressInput>(address: A): A {
  return requiresState(address.country) ? address : { ...address, state: null };
}

const same = (a: string | null | undefined, b: string | null | undefined): boolean => (isBlank(a) ? '' : a) === (isBlank(b) ? '' : b);

/**
 * What the address form sends on blur: only fields that changed and are valid. A non-US country
 * clears the state (sent as null); a US address sends nothing until a valid state is chosen.
 */
export function addressPatch(saved: AddressInput, edited: AddressInput): AddressInput {
  const next = normalizeAddress(edited);
  if (requiresState(next.country) && validateAddressField('state', next)) return {};
  const patch: AddressInput = {};
  for (const field of ADDRESS_FIELDS) {
    if (!same(saved[field], next[field]) && !validateAddressField(field, next)) patch[field] = next[field] ?? null;
  }
  return patch;
}

const text = () => optional(nullable(string()));

/** Whole-address shape for API inputs and record-level form validation, reusing validateAddress. */
export const AddressStruct = checkedFields(
  type({ country: text(), address1: text(), address2: text(), city: text(), state: text(), postalCode: text() }),
  'address',
  validateAddress,
);

/** UPC-A (12 digits) and EAN-13 (13 digits) codes with the GS1 mod-10 check digit. */
import { fieldError, type FieldError } from './validators';

/** The GS1 check digit for an 11-digit (UPC-A) or 12-digit (EAN-13) body: weights 3,1,3,... from the right. */
export function upcCheckDigit(body: string): number {
  if (!/^\d{11,12}$/.test(body)) throw new RangeError('A UPC body has 11 (UPC-A) or 12 (EAN-13) digits');
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = Number(body[body.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Appends the check digit to a body, for assigning new codes. */
export function completeUpc(body: string): string {
  return `${body}${upcCheckDigit(body)}`;
}

/** True for a 12-digit UPC-A or 13-digit EAN-13 with a correct check digit (spaces and dashes ignored). */
export function isValidUpc(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const code = value.replace(/[\s-]/g, '');
  return /^\d{12,13}$/.test(code) && upcCheckDigit(code.slice(0, -1)) === Number(code.slice(-1));
}

/** UPC field rule: empty is allowed (a UPC is assigned at delivery), else a valid UPC-A/EAN-13; key 'bad-upc-format'. */
export function validateUpc(value: unknown): FieldError | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return isValidUpc(value) ? undefined : fieldError('bad-upc-format', 'UPC must be a valid 12-digit UPC-A or 13-digit EAN-13 code');
}

/**
 * Catalogue transfer rules (issue 23): the codes a release already carries in the stores (UPC/EAN,
 * each track's ISRC) are kept, so stream counts and chart history follow the release. UPC/EAN/GTIN
 * carry a GS1 check digit; an ISRC has none, so only its format is checked.
 */
import { normalizeIsrc } from './isrc';
import { isValidUpc } from './upc';
import { fieldError, type FieldError } from './validators';

/** What the artist is told when a transfer is submitted (the terms ask them to keep it live until we confirm). */
export const TRANSFER_KEEP_LIVE_NOTICE =
  'Keep this release live at your previous distributor until we confirm the transfer: taking it down there first would lose its stream counts.';

/** The longest previous distributor name. */
export const PREVIOUS_DISTRIBUTOR_MAX = 100;
/** The most stores a transfer may name as "live at". */
export const LIVE_STORES_MAX = 50;

/**
 * The stored form of a UPC-A, EAN-13 or GTIN-14 (a DDEX ICPN): digits only, a GTIN-14's leading
 * zero dropped (it only pads the code); null when the code or its check digit is wrong.
 */
export function normalizeTransferUpc(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let code = value.replace(/[\s-]/g, '');
  if (/^0\d{13}$/.test(code)) code = code.slice(1);
  return isValidUpc(code) ? code : null;
}

/** UPC rule for a transfer: required, digits with a correct check digit. */
export function validateTransferUpc(value: unknown): FieldError | undefined {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return fieldError('required', 'A release already in stores needs its UPC/EAN');
  }
  if (typeof value !== 'string' || !/^\d{12,14}$/.test(value.replace(/[\s-]/g, ''))) {
    return fieldError('bad-upc-format', 'UPC must be a valid 12-digit UPC-A or 13-digit EAN-13 code');
  }
  return normalizeTransferUpc(value) ? undefined : fieldError('bad-upc-check-digit', 'The UPC/EAN check digit is wrong');
}

/** ISRC rule for a transfer: required (the stores know the track by it) and well formed. */
export function validateTransferIsrc(value: unknown): FieldError | undefined {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return fieldError('required', 'Each track of a release already in stores needs its ISRC');
  }
  return normalizeIsrc(value) ? undefined : fieldError('bad-isrc-format', 'ISRC must look like CC-XXX-YY-NNNNN');
}

/** True when the ISRC was issued under our own registrant code (a transfer cannot bring one of ours). */
export function isOwnIsrc(isrc: string, registrant: string): boolean {
  return normalizeIsrc(isrc)?.startsWith(registrant.replace('-', '').toUpperCase()) ?? false;
}

/** True when the UPC was issued under our own company prefix (as a 12-digit UPC-A or its EAN-13 form). */
export function isOwnUpc(upc: string, companyPrefix: string): boolean {
  const code = normalizeTransferUpc(upc);
  if (!code) return false;
  return code.startsWith(companyPrefix) || (code.length === 13 && code.startsWith(`0${companyPrefix}`));
}

/** Codes that appear more than once in a list (after normalising), in first-seen order. */
export function duplicateCodes(codes: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const c of codes) {
    if (seen.has(c)) dup.add(c);
    seen.add(c);
  }
  return [...dup];
}

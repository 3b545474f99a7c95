/**
 * Length limits of every free-text field, in one place: the API refuses longer values (400 /
 * BAD_USER_INPUT naming the field and the limit), the forms stop them before sending, and the
 * GraphQL input descriptions state them. Values follow what distributors and stores accept
 * (DDEX title fields, store metadata guides) and the spec where it has one (names and artist names
 * 50, address lines and city 100). Page sizes of list answers are capped here too.
 *
 * Plain numbers only: the checks built on them are in text-limit-checks.ts, so what only needs a
 * limit (the error reports in every page's first load) does not bring the validators along.
 */
import { ADDRESS_LINE_MAX_LENGTH, ARTIST_NAME_MAX_LENGTH, CITY_MAX_LENGTH, NAME_MAX_LENGTH } from './constants';

export const TEXT_LIMITS = {
  /** Release and track titles (stores show about 100; DDEX titles are free text, 200 is generous). */
  releaseTitle: 200,
  trackTitle: 200,
  catalogNumber: 50,
  /** ISRC with dashes is 15 characters; a little room for spaces. */
  isrc: 20,
  /** UPC/EAN is 12 or 13 digits; room for separators. */
  upc: 20,
  /** One artist name (spec: 50) and a comma-separated list typed at once. */
  artistName: ARTIST_NAME_MAX_LENGTH,
  artistNameList: 1000,
  /** First, last and payout names (spec: 50). */
  personName: NAME_MAX_LENGTH,
  addressLine: ADDRESS_LINE_MAX_LENGTH,
  city: CITY_MAX_LENGTH,
  postalCode: 20,
  /** RFC 5321: a path is at most 256 octets, so an address at most 254 characters. */
  email: 254,
  /** A password is hashed whole; longer than this is not a password but a payload. */
  password: 256,
  /**
   * Any text field at all: fields whose own rule reports a tighter limit field by field (names 50,
   * address lines 100) are still refused outright past this, before any other work.
   */
  anyField: 1000,
  /** Dictionary ids, country and state codes, DSP URIs, lock types, enum-like strings. */
  code: 64,
  /** Links (call-to-action, visited pages). */
  url: 2000,
  /** Labels: API token names, event names, campaign ids, button texts, page names. */
  label: 100,
  /** Headlines of in-app messages. */
  headline: 200,
  /** Messages, comments and reasons written by people (block reasons, rejection comments). */
  message: 2000,
  /** Formatted text written by staff (the in-app message body, sanitised HTML). */
  richText: 10_000,
  /** A browser log line (stack traces included); longer lines are cut, not refused. */
  logMessage: 10_000,
  /** Search boxes. */
  search: 200,
  /** Opaque client tokens (web-push registration). */
  token: 4096,
  /** Free-form JSON a client attaches to an event, as serialised text. */
  eventProperties: 2000,
  /** A typed date (MM/DD/YYYY or YYYY-MM-DD). */
  date: 32,
} as const;

export type TextLimitName = keyof typeof TEXT_LIMITS;

/** How many items a list input may carry (outlets, countries, invitations, names, pages). */
export const LIST_LIMITS = {
  outlets: 500,
  countries: 300,
  invitations: 20,
  primaryArtists: 50,
  pages: 50,
  lockTypes: 10,
} as const;

/** The largest page any list answer returns; a larger request is capped or refused. */
export const PAGE_SIZE_MAX = 100;

/** The limit as GraphQL input descriptions state it. */
export function limitDescription(max: number, what = 'characters'): string {
  return `At most ${max} ${what}.`;
}

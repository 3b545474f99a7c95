/**
 * Artist credit names (core spec §5, supporting spec §4-§5): length, duplicates, the account's primary
 * artists, the remixer rule and the composer/lyricist legal-name rules; comma-separated input is split
 * and each name checked.
 */
import { enums, string, type } from 'superstruct';
import { ARTIST_NAME_MAX_LENGTH, ARTIST_ROLE, type ArtistRoleId } from './constants';
import { isRemix } from './track-rules';
import { checkedFields, fieldError, maxLength, required, type FieldError, type FieldErrors } from './validators';

export const ARTIST_MESSAGES = {
  duplicate: 'This name has already been entered in.',
  inPrimaryArtists: 'Artist already exists in artists list.',
  remixerNotAdded: 'Remixer must be added for this remix.',
  parentheses: 'Composer or lyricist names must be full legal names of composer or participant and cannot contain parentheses.',
  noNumber: 'Composer or lyricist names must not contain numbers.',
} as const;

export interface ArtistNameContext {
  /** The credit role being entered. */
  role: ArtistRoleId;
  /** Names already in this list (same role on the same track). */
  listed?: readonly string[];
  /** The account's primary artists. */
  primaryArtists?: readonly string[];
}

const fold = (name: string): string => name.trim().toLowerCase();
const nameMax = maxLength(ARTIST_NAME_MAX_LENGTH);

/** Composer and lyricist credits must be full legal names. */
export function isComposerOrLyricist(role: number): boolean {
  return role === ARTIST_ROLE.COMPOSER || role === ARTIST_ROLE.LYRICIST;
}

/**
 * Performer roles (primary, featured, remixer): the ones the account's primary-artists rule applies
 * to. Composer, lyricist and producer are writing and production credits: an artist may credit
 * themselves there (issue 19, recorded in docs/decisions.md).
 */
export function isPerformerRole(role: number): boolean {
  return role === ARTIST_ROLE.PRIMARY || role === ARTIST_ROLE.FEATURED || role === ARTIST_ROLE.REMIXER;
}

/** Splits comma-separated input into trimmed, non-empty names. */
export function splitArtistNames(input: string): string[] {
  return input
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
}

/** One name's rules, in order: at most 50; not already listed; for a performer role, not one of the account's primary artists; composer/lyricist without parentheses or digits. */
export function validateArtistName(name: string, context: ArtistNameContext): FieldError | undefined {
  const folded = fold(name);
  const tooLong = nameMax(name.trim());
  if (tooLong) return tooLong;
  if ((context.listed ?? []).some((n) => fold(n) === folded)) return fieldError('artist-duplicate', ARTIST_MESSAGES.duplicate);
  if (isPerformerRole(context.role) && (context.primaryArtists ?? []).some((n) => fold(n) === folded)) return fieldError('artist-in-artists-list', ARTIST_MESSAGES.inPrimaryArtists);
  if (isComposerOrLyricist(context.role)) {
    if (/[()]/.test(name)) return fieldError('artist-no-parentheses', ARTIST_MESSAGES.parentheses);
    if (/\d/.test(name)) return fieldError('artist-no-number', ARTIST_MESSAGES.noNumber);
  }
  return undefined;
}

/** Checks comma-separated input name by name (a name repeated within the input is a duplicate too); first error wins. */
export function validateArtistInput(input: string, context: ArtistNameContext): FieldError | undefined {
  const listed = [...(context.listed ?? [])];
  for (const name of splitArtistNames(input)) {
    const error = validateArtistName(name, { ...context, listed });
    if (error) return error;
    listed.push(name);
  }
  return undefined;
}

export type ArtistCommit = { ok: true; names: string[]; input: '' } | { ok: false; error: FieldError; input: string };

/**
 * Enter, comma or blur: a trailing comma is stripped; valid non-empty input yields the names to add
 * and clears the input; invalid input stays with its error; empty input adds nothing.
 */
export function commitArtistInput(input: string, context: ArtistNameContext): ArtistCommit {
  const text = input.replace(/,\s*$/, '');
  const error = validateArtistInput(text, context);
  return error ? { ok: false, error, input: text } : { ok: true, names: splitArtistNames(text), input: '' };
}

/** A remix (flagged, or 'rmx'/'remix' in the title) needs a remixer credit: 'Remixer must be added for this remix.' */
export function validateRemixer(
  track: { isRemix?: boolean | null; title?: string | null },
  credits: readonly { artistRelationTypeId: number }[],
): FieldError | undefined {
  return isRemix(track) && !credits.some((c) => c.artistRelationTypeId === ARTIST_ROLE.REMIXER)
    ? fieldError('remixer-not-added', ARTIST_MESSAGES.remixerNotAdded)
    : undefined;
}

const nameRequired = required('Artist Name is required');

/** One credit's field errors (name required plus the name rules for its role). */
export function validateArtistCredit(credit: { artistName: string; artistRelationTypeId: ArtistRoleId }): FieldErrors<'artistName'> {
  const error = nameRequired(credit.artistName) ?? validateArtistName(credit.artistName, { role: credit.artistRelationTypeId });
  return error ? { artistName: error } : {};
}

/** Artist credit input shape for the API. */
export const ArtistCreditStruct = checkedFields(
  type({ artistName: string(), artistRelationTypeId: enums(Object.values(ARTIST_ROLE)) }),
  'artistCredit',
  validateArtistCredit,
);

/** Track rules (core spec §5, §9): remix detection, default title, and ISRC/title uniqueness within a release. */
import { DEFAULT_TRACK_TITLE } from './constants';
import { normalizeIsrc } from './isrc';
import { fieldError, type FieldError } from './validators';

/** A title containing 'rmx' or 'remix' in any case counts as a remix. */
export function isRemixTitle(title: string | null | undefined): boolean {
  return /rmx|remix/i.test(title ?? '');
}

/** A track is a remix when flagged or when its title says so. */
export function isRemix(track: { isRemix?: boolean | null; title?: string | null }): boolean {
  return track.isRemix === true || isRemixTitle(track.title);
}

/** A track's title, or 'Track Name' when blank. */
export function trackTitleOrDefault(title: string | null | undefined): string {
  return title?.trim() ? title : DEFAULT_TRACK_TITLE;
}

export const ISRC_DUPLICATE: FieldError = fieldError('isrc-duplicate', 'This ISRC is already used in this release');
export const TITLE_DUPLICATE: FieldError = fieldError('title-duplicate', 'This title is already used in this release');

export interface TrackDuplicateErrors {
  isrc?: FieldError;
  title?: FieldError;
}

/**
 * Uniqueness within a release: ISRCs (only among valid ones, compared in canonical form) and titles
 * (trimmed, case-insensitive, blanks ignored). The later track gets the error; one entry per track.
 */
export function trackDuplicateErrors(tracks: readonly { isrc?: string | null; title?: string | null }[]): TrackDuplicateErrors[] {
  const isrcs = new Set<string>();
  const titles = new Set<string>();
  return tracks.map((track) => {
    const errors: TrackDuplicateErrors = {};
    const isrc = normalizeIsrc(track.isrc);
    if (isrc !== null) {
      if (isrcs.has(isrc)) errors.isrc = ISRC_DUPLICATE;
      isrcs.add(isrc);
    }
    const title = (track.title ?? '').trim().toLowerCase();
    if (title !== '') {
      if (titles.has(title)) errors.title = TITLE_DUPLICATE;
      titles.add(title);
    }
    return errors;
  });
}

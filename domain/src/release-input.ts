/**
 * Whole-object shapes of release and track inputs (PUT /api/releases/{id}, PUT /api/track/{id} and
 * their GraphQL twins), built from the same rules the forms use. Fields are optional: drafts save
 * partially; present fields must be valid.
 */
import { array, boolean, nullable, number, optional, string, type, union } from 'superstruct';
import { validateIsrc } from './isrc';
import { validateUpc } from './upc';
import { checked, checkedFields, countriesSelected, dspSelected, minDate, validDate, type FieldErrors } from './validators';

const optionalText = () => optional(nullable(string()));

/** Release input; `today` bounds the release date (a new release date may not be in the past). */
export function releaseInputStruct(today: string) {
  return type({
    title: optionalText(),
    genreId: optionalText(),
    languageId: optionalText(),
    catalogNumber: optionalText(),
    upc: optional(nullable(checked(string(), validateUpc))),
    releaseDate: optional(nullable(checked(string(), (v) => validDate(v) ?? minDate(today)(v)))),
    originalReleaseDate: optional(nullable(checked(string(), validDate))),
    territory: optional(
      nullable(checked(type({ allowed: boolean(), countryCodes: union([string(), array(string())]) }), countriesSelected)),
    ),
    outletUris: optional(nullable(checked(array(string()), dspSelected))),
    coverArtUrl: optionalText(),
  });
}

/** Track input: a given ISRC must be valid; the other fields are typed. */
export const TrackInputStruct = checkedFields(
  type({
    title: optionalText(),
    isrc: optionalText(),
    genreId: optionalText(),
    languageId: optionalText(),
    recordingVersionId: optional(nullable(union([number(), string()]))),
    isCover: optional(boolean()),
    explicitLyrics: optional(boolean()),
    isRemix: optional(boolean()),
  }),
  'trackInput',
  (track): FieldErrors<'isrc'> => {
    const error = track.isrc === undefined ? undefined : validateIsrc(track.isrc);
    return error ? { isrc: error } : {};
  },
);

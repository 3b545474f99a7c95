/**
 * Whole-object shapes of release and track inputs (PUT /api/releases/{id}, PUT /api/track/{id} and
 * their GraphQL twins), built from the same rules the forms use. Fields are optional: drafts save
 * partially; present fields must be valid.
 */
import { array, boolean, nullable, number, optional, string, type, union } from 'superstruct';
import { validateIsrc } from './isrc';
import { validateUpc } from './upc';
import { LIST_LIMITS, TEXT_LIMITS, type TextLimitName } from './text-limits';
import { listLimit, textLimit } from './text-limit-checks';
import { checked, checkedFields, composeChecks, countriesSelected, dspSelected, maxLength, minDate, validDate, type FieldErrors } from './validators';

/** An optional, nullable string within its length limit (a longer one is 'maxlength' at that field). */
const optionalText = (limit: TextLimitName) => optional(nullable(checked(string(), textLimit(limit))));
const eachWithin = (max: number) => (values: readonly string[]) => values.map(maxLength(max)).find(Boolean);
/** Territory country codes: a list of at most LIST_LIMITS.countries codes, or one comma list as long. */
const countryCodesWithin = (territory: { countryCodes: string | string[] }) =>
  typeof territory.countryCodes === 'string'
    ? maxLength(TEXT_LIMITS.code * LIST_LIMITS.countries)(territory.countryCodes)
    : (listLimit(LIST_LIMITS.countries)(territory.countryCodes) ?? eachWithin(TEXT_LIMITS.code)(territory.countryCodes));

/** Release input; `today` bounds the release date (a new release date may not be in the past). */
export function releaseInputStruct(today: string) {
  return type({
    title: optionalText('releaseTitle'),
    genreId: optionalText('code'),
    languageId: optionalText('code'),
    catalogNumber: optionalText('catalogNumber'),
    upc: optional(nullable(checked(string(), composeChecks(textLimit('upc'), validateUpc)))),
    releaseDate: optional(nullable(checked(string(), composeChecks(textLimit('date'), (v) => validDate(v) ?? minDate(today)(v))))),
    originalReleaseDate: optional(nullable(checked(string(), composeChecks(textLimit('date'), validDate)))),
    territory: optional(
      nullable(
        checked(type({ allowed: boolean(), countryCodes: union([string(), array(string())]) }), composeChecks(countryCodesWithin, countriesSelected)),
      ),
    ),
    outletUris: optional(nullable(checked(array(string()), composeChecks(listLimit(LIST_LIMITS.outlets), eachWithin(TEXT_LIMITS.code), dspSelected)))),
    coverArtUrl: optionalText('url'),
  });
}

/** Track input: a given ISRC must be valid (none, null or empty: assigned at submission); the other fields are typed. */
export const TrackInputStruct = checkedFields(
  type({
    title: optionalText('trackTitle'),
    isrc: optionalText('isrc'),
    genreId: optionalText('code'),
    languageId: optionalText('code'),
    recordingVersionId: optional(nullable(union([number(), string()]))),
    isCover: optional(boolean()),
    explicitLyrics: optional(boolean()),
    isRemix: optional(boolean()),
  }),
  'trackInput',
  (track): FieldErrors<'isrc'> => {
    // An empty ISRC is allowed while drafting: one is assigned at submission (the field's hint says so).
    const error = track.isrc === undefined || track.isrc === null || track.isrc === '' ? undefined : validateIsrc(track.isrc);
    return error ? { isrc: error } : {};
  },
);

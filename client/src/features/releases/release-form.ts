import type { FieldError } from '@cadence/domain/validators';
import { releaseInputStruct } from '@cadence/domain/release-input';
import { toMessages, validateShape } from '@cadence/domain/validators';
import type { ReleaseEditor_ReleaseFragment, UpdateReleaseInput } from '../../gql/graphql';

export type TerritoryMode = 'worldwide' | 'only' | 'except';

/** The release metadata form's values: every text field a string ('' = not set). */
export interface ReleaseFormValues {
  title: string;
  genreId: string;
  languageId: string;
  releaseDate: string;
  originalReleaseDate: string;
  catalogNumber: string;
  upc: string;
  territoryMode: TerritoryMode;
  countryCodes: string[];
  outletUris: string[];
}

// final-form leaves a cleared field undefined.
const orNull = (value: string | null | undefined): string | null => ((value ?? '').trim() === '' ? null : (value ?? '').trim());

/** The form's starting values from the saved release. */
export function releaseFormValues(release: ReleaseEditor_ReleaseFragment): ReleaseFormValues {
  const { allowed, countryCodes } = release.territory;
  return {
    title: release.title,
    genreId: release.genreId ?? '',
    languageId: release.languageId,
    releaseDate: release.releaseDate ?? '',
    originalReleaseDate: release.originalReleaseDate ?? '',
    catalogNumber: release.catalogNumber ?? '',
    upc: release.upc ?? '',
    territoryMode: allowed === null || allowed === undefined ? 'worldwide' : allowed ? 'only' : 'except',
    countryCodes: [...countryCodes],
    outletUris: release.outlets.map((o) => o.uri),
  };
}

/** What updateRelease receives: blanks become null (an empty release date means ASAP), worldwide is a null territory. */
export function releaseInputFrom(values: ReleaseFormValues, hideDspSelection: boolean): Omit<UpdateReleaseInput, 'id' | 'version'> {
  return {
    title: (values.title ?? '').trim(),
    genreId: orNull(values.genreId),
    languageId: orNull(values.languageId),
    releaseDate: orNull(values.releaseDate),
    originalReleaseDate: orNull(values.originalReleaseDate),
    catalogNumber: orNull(values.catalogNumber),
    upc: orNull(values.upc),
    territory: values.territoryMode === 'worldwide' ? null : { allowed: values.territoryMode === 'only', countryCodes: values.countryCodes ?? [] },
    ...(hideDspSelection ? {} : { outletUris: values.outletUris?.length ? values.outletUris : null }),
  };
}

/** Where an input path's error shows in the form (the territory's error belongs to the country picker). */
const FORM_FIELD: Record<string, keyof ReleaseFormValues> = { territory: 'countryCodes', outletUris: 'outletUris' };

/**
 * Record-level validation with the same struct the API uses (domain release-input): UPC check digit,
 * release date not before today, countries chosen for a territory, valid dates.
 */
export function validateReleaseForm(values: ReleaseFormValues, today: string, hideDspSelection: boolean): Record<string, string> {
  const result = validateShape(releaseInputStruct(today), releaseInputFrom(values, hideDspSelection));
  if (result.ok) return {};
  const errors: Record<string, FieldError> = {};
  for (const [path, error] of Object.entries(result.errors)) errors[FORM_FIELD[path] ?? path] ??= error;
  return toMessages(errors);
}

/** Lists of choices (stores, countries) are equal when they hold the same items, in any order (final-form compares with ===). */
export const sameList = (a: unknown, b: unknown): boolean => {
  const x = new Set(Array.isArray(a) ? (a as unknown[]) : []);
  const y = new Set(Array.isArray(b) ? (b as unknown[]) : []);
  return x.size === y.size && [...x].every((v) => y.has(v));
};

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** A cleared text field (undefined in final-form) equals an empty saved one; the server trims, so spaces around do not count. */
export const sameText = (a: unknown, b: unknown): boolean => text(a) === text(b);

/** Two sets of starting values are the same when every field is (a new object with the same content does not reinitialise). */
export const sameValues = (a: object | undefined, b: object | undefined): boolean => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

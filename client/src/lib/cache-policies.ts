import type { FieldReadFunction, TypePolicies } from '@apollo/client';
import { utcDate } from '@cadence/domain/date-string';
import { displayStatus, isDenied, releaseDateText, type ReleaseLike } from '@cadence/domain/release-rules';
import { isReleaseStatus } from '@cadence/domain/release-status';

/** Cuts a DateTime ('2024-10-01T12:00:00.000Z') to its calendar date, as the domain rules expect. */
function calendarDate(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value.slice(0, 10) : null;
}

/**
 * A read function that recomputes one status predicate from the cached status, comment and dates
 * with the domain rule, so a status change written anywhere (a mutation payload, a refetch, a
 * cache.modify) updates every view without a refetch. Without a cached status (an operation that did
 * not select it) the server's value stands.
 *
 * Only the predicates the client reads have one (displayStatus, isDenied); both depend on nothing
 * configured. Every other field keeps the server's value: download eligibility needs the configured
 * sunset date, and what the viewer may do is viewerCan, never recomputed here.
 */
function fromReleaseRules<T>(rule: (release: ReleaseLike, today: string) => T): FieldReadFunction {
  return (existing, { readField }) => {
    const status = readField<string>('status');
    if (!isReleaseStatus(status)) return existing;
    const release: ReleaseLike = {
      status,
      comment: readField<string | null>('comment') ?? null,
      releaseDate: calendarDate(readField('releaseDate')),
      takedownDate: calendarDate(readField('takedownDate')),
      rejectDate: calendarDate(readField('rejectDate')),
    };
    return rule(release, utcDate(new Date()));
  };
}

/**
 * Field and type policies of the InMemoryCache. Features add theirs here; dictionaries are plain
 * lists and need little.
 * Types with an `id` field (Dsp, Genre, Language, Outlet) are normalised by it without an entry.
 */
export const typePolicies: TypePolicies = {
  // One configuration per deployment and brand: a singleton without an id.
  ClientConfig: { keyFields: [] },
  Country: { keyFields: ['code'] },
  // A region's value is a postal code, unique only within its country: keep regions inside their lists.
  Region: { keyFields: false },
  Release: {
    fields: {
      displayStatus: fromReleaseRules(displayStatus),
      isDenied: fromReleaseRules(isDenied),
      // 'ASAP' or MM/dd/yyyy follows a date edited in the cache, like the status fields.
      releaseDateText: (existing, { readField }) => {
        const date = readField('releaseDate');
        return date === undefined ? existing : releaseDateText(calendarDate(date));
      },
      // The list and the editor read the same release; tracks and credits are replaced, never merged.
      tracks: { merge: false },
      credits: { merge: false },
    },
  },
  Track: { fields: { credits: { merge: false } } },
  // Abilities and territory have no id: a payload that asks for some of their fields updates those
  // and keeps the others, so the list's and the editor's selections do not knock each other out.
  ReleaseViewerCan: { merge: true },
  Territory: { merge: true },
  // The same for the profile's abilities and on-boarding state: the PayPal form asks for
  // viewerCan { withdraw }, the guards for onboarding without firstIncompleteStep. Replaced instead of
  // merged, they left AccountProfile_profile incomplete and its useFragment readers (the settings
  // forms) unmounted and lost their state until the profile was fetched again (clientdata3).
  ProfileAbilities: { merge: true },
  Onboarding: { merge: true },
  // Each filter (statuses argument) is its own list; pages of one list are appended by cursor.
  Query: {
    fields: {
      releases: {
        keyArgs: ['statuses'],
        merge(existing: { edges?: unknown[] } | undefined, incoming: { edges?: unknown[] }, { args }) {
          if (!existing || !args?.after) return incoming;
          return { ...incoming, edges: [...(existing.edges ?? []), ...(incoming.edges ?? [])] };
        },
      },
    },
  },
};

/** Blankness, kept apart from validators.ts so code that only needs it does not load superstruct. */

/** Null, undefined, an empty or whitespace-only string, or an empty array. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/**
 * Parses legacy REST bodies with superstruct: wrong types and unknown fields are a 400 listing
 * each field with a key (`invalid-type`, `unknown-field`, `required`), never a 500.
 */
import { StructError, create, type Struct } from 'superstruct';
import { badInput, type FieldError } from '../domain-error.ts';

const WRONG_VALUE: FieldError = { field: 'body', key: 'invalid-type', message: 'body has a value of the wrong type' };
/** At most this many fields are listed in one answer; the rest are counted. */
export const MAX_LISTED_FIELD_ERRORS = 20;

/** Validates `body` against `struct` (an `object(...)`, so unknown fields are refused). */
export function parseBody<T, S>(struct: Struct<T, S>, body: unknown): T {
  try {
    return create(body ?? {}, struct);
  } catch (err) {
    // superstruct words each failure with `${value}`, which throws a plain TypeError for a JSON
    // object whose own toString or valueOf is not a function ({"email": {"toString": null}}), while
    // validating or while listing the failures: still bad input, never a 500.
    if (err instanceof TypeError && !(err instanceof StructError)) throw badInput(WRONG_VALUE.message, [WRONG_VALUE]);
    if (!(err instanceof StructError)) throw err;
    // Linear in the number of failures and bounded in output, however many fields a body has.
    const fieldErrors: FieldError[] = [];
    const seen = new Set<string>();
    try {
      for (const f of err.failures()) {
        const path = f.path.join('.') || 'body';
        if (seen.has(path)) continue;
        seen.add(path);
        if (fieldErrors.length === MAX_LISTED_FIELD_ERRORS) continue;
        const field = path.length > 100 ? `${path.slice(0, 100)}…` : path;
        const key = f.type === 'never' ? 'unknown-field' : f.value === undefined ? 'required' : 'invalid-type';
        const message = key === 'unknown-field' ? `Unknown field ${field}` : key === 'required' ? `${field} is required` : `${field} has the wrong type`;
        fieldErrors.push({ field, key, message });
      }
    } catch (wording) {
      if (!(wording instanceof TypeError)) throw wording;
      if (fieldErrors.length === 0) {
        fieldErrors.push(WRONG_VALUE);
        seen.add(WRONG_VALUE.field);
      }
    }
    const more = seen.size - fieldErrors.length;
    const summary = fieldErrors.map((e) => e.message).join('; ') + (more > 0 ? `; and ${more} more fields` : '');
    throw badInput(summary, fieldErrors);
  }
}

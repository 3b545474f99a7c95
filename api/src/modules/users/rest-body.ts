/**
 * Parses legacy REST bodies with superstruct: wrong types and unknown fields are a 400 listing
 * each field with a key (`invalid-type`, `unknown-field`, `required`), never a 500.
 */
import { StructError, create, type Struct } from 'superstruct';
import { badInput, type FieldError } from '../../domain-error.ts';

const WRONG_VALUE: FieldError = { field: 'body', key: 'invalid-type', message: 'body has a value of the wrong type' };

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
    const fieldErrors: FieldError[] = [];
    try {
      for (const f of err.failures()) {
        const field = f.path.join('.') || 'body';
        if (fieldErrors.some((e) => e.field === field)) continue;
        const key = f.type === 'never' ? 'unknown-field' : f.value === undefined ? 'required' : 'invalid-type';
        const message = key === 'unknown-field' ? `Unknown field ${field}` : key === 'required' ? `${field} is required` : `${field} has the wrong type`;
        fieldErrors.push({ field, key, message });
      }
    } catch (wording) {
      if (!(wording instanceof TypeError)) throw wording;
      if (fieldErrors.length === 0) fieldErrors.push(WRONG_VALUE);
    }
    throw badInput(fieldErrors.map((e) => e.message).join('; '), fieldErrors);
  }
}

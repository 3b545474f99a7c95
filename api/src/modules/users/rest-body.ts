/**
 * Parses legacy REST bodies with superstruct: wrong types and unknown fields are a 400 listing
 * each field with a key (`invalid-type`, `unknown-field`, `required`), never a 500.
 */
import { StructError, create, type Struct } from 'superstruct';
import { badInput, type FieldError } from '../../domain-error.ts';

/** Validates `body` against `struct` (an `object(...)`, so unknown fields are refused). */
export function parseBody<T, S>(struct: Struct<T, S>, body: unknown): T {
  try {
    return create(body ?? {}, struct);
  } catch (err) {
    if (!(err instanceof StructError)) throw err;
    const fieldErrors: FieldError[] = [];
    for (const f of err.failures()) {
      const field = f.path.join('.') || 'body';
      if (fieldErrors.some((e) => e.field === field)) continue;
      const key = f.type === 'never' ? 'unknown-field' : f.value === undefined ? 'required' : 'invalid-type';
      const message = key === 'unknown-field' ? `Unknown field ${field}` : key === 'required' ? `${field} is required` : `${field} has the wrong type`;
      fieldErrors.push({ field, key, message });
    }
    throw badInput(fieldErrors.map((e) => e.message).join('; '), fieldErrors);
  }
}

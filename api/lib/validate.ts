// Runs a contract schema on untrusted input: casts (trims, lowercases emails,
// normalises phones), drops unknown fields, and turns failures into the API's
// `{ message, errors: { field: message } }` answer.
import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { HttpError, isPlainObject } from './http.ts';
import { API_MESSAGES } from '../../contract/messages.ts';

export type ValidationResult<S extends AnyObjectSchema> =
  | { ok: true; value: InferType<S> }
  | { ok: false; error: HttpError };

/**
 * Synchronous: the contract's schemas have no async tests, and yup's async mode costs a
 * promise per field (measurable on the lead POST's hot path). A schema that gained an
 * async test would fail every valid submission here, which the endpoint tests catch.
 */
export function validate<S extends AnyObjectSchema>(schema: S, input: unknown): ValidationResult<S> {
  if (!isPlainObject(input)) return { ok: false, error: new HttpError(400, API_MESSAGES.notObject) };
  try {
    const value = schema.validateSync(input, { abortEarly: false, stripUnknown: true }) as InferType<S>;
    return { ok: true, value };
  } catch (err) {
    // yup's casting can throw on crafted values (an object whose toString is not a
    // function); that is a bad request, never a server error.
    if (!(err instanceof ValidationError)) return { ok: false, error: new HttpError(400, API_MESSAGES.wrongTypes) };
    const errors: Record<string, string> = {};
    const all = err.inner.length > 0 ? err.inner : [err];
    for (const e of all) {
      const field = e.path ?? '_';
      errors[field] ??= e.message;
    }
    return { ok: false, error: new HttpError(400, all[0]?.message ?? 'Invalid request', errors) };
  }
}

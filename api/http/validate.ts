// Runs a contract schema on untrusted input: casts (trims, lowercases emails,
// normalises phones), drops unknown fields, and turns failures into the API's
// `{ message, errors: { field: message } }` answer.
import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { HttpError, isPlainObject } from './http.ts';
import { API_MESSAGES } from '../../contract/messages.ts';

export type ValidationResult<S extends AnyObjectSchema> = { ok: true; value: InferType<S> } | { ok: false; error: HttpError };

/**
 * Synchronous: the contract's schemas have no async tests, and yup's async mode costs a
 * promise per field (measurable on the lead POST's hot path). A schema that gained an
 * async test would throw here (a 500, logged), which the endpoint tests catch.
 */
export function validate<S extends AnyObjectSchema>(schema: S, input: unknown): ValidationResult<S> {
  if (!isPlainObject(input)) return { ok: false, error: new HttpError(400, API_MESSAGES.notObject) };
  try {
    const value = schema.validateSync(input, { abortEarly: false, stripUnknown: true }) as InferType<S>;
    return { ok: true, value };
  } catch (err) {
    // yup's casting can throw on crafted values (an object whose toString is not a
    // function): a TypeError, and a bad request, never a server error. Anything else (a
    // schema that gained an async test throws a plain Error under validateSync) is our
    // bug and must surface as one, not as a 400 on every valid submission.
    if (err instanceof TypeError) return { ok: false, error: new HttpError(400, API_MESSAGES.wrongTypes) };
    if (!(err instanceof ValidationError)) throw err;
    const errors: Record<string, string> = {};
    const all = err.inner.length > 0 ? err.inner : [err];
    for (const e of all) {
      const field = e.path ?? '_';
      errors[field] ??= safeMessage(e);
    }
    return { ok: false, error: new HttpError(400, all[0] ? safeMessage(all[0]) : 'Invalid request', errors) };
  }
}

/** Longer than any message of ours: a message that long carries input. */
const MAX_MESSAGE_LENGTH = 200;

/**
 * The error's message without the submitted value: yup's default type error quotes it
 * ("…but the final value was: …"), so a 60 KB field came back as a 140 KB answer.
 */
function safeMessage(e: ValidationError): string {
  const field = e.path && e.path.length <= 64 ? e.path : 'A field';
  if (e.type === 'typeError' && /final value was/.test(e.message)) return API_MESSAGES.wrongType(field);
  if (e.message.length > MAX_MESSAGE_LENGTH) return API_MESSAGES.invalidField(field);
  return e.message;
}

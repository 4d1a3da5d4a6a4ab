// Errors the API answers as JSON, and reading a JSON body with a size limit.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_MESSAGES } from '../../contract/messages.ts';
import type { ApiError } from '../../contract/api.ts';

/** `application/json` or a `+json` type, with or without parameters. */
export function isJsonType(contentType: string | undefined): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? '');
}

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ApiError {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

/** Fatal: a body that is not valid UTF-8 is a bad request. Reusable, since it never streams. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads the request body as JSON, any value (the caller checks its shape: a lead is an
 * object, a sync batch an array). 415 unless the Content-Type is JSON, 413 past `maxBytes`
 * (a declared length is checked up front and held by the HTTP parser; a chunked body is
 * counted while streaming), 400 for bytes that are not UTF-8 JSON or a body cut off.
 */
export async function readJsonBody(c: Context, maxBytes: number): Promise<unknown> {
  const text = await readJsonText(c, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, API_MESSAGES.notJson);
  }
  // Validation walks values recursively (yup's printValue overflowed the stack at 3,000
  // levels): nothing deeper than any real body gets that far.
  if (isTooDeep(value, MAX_JSON_DEPTH)) throw new HttpError(400, API_MESSAGES.tooDeep);
  return value;
}

/** The same checks, up to the raw text (a signature is computed over the body as sent, before it is parsed). */
export async function readJsonText(c: Context, maxBytes: number): Promise<string> {
  if (!isJsonType(c.req.header('content-type'))) {
    throw new HttpError(415, API_MESSAGES.unsupportedMediaType);
  }
  const length = c.req.header('content-length');
  const declared = length === undefined ? NaN : Number(length);
  if (Number.isFinite(declared) && declared > maxBytes) throw new HttpError(413, API_MESSAGES.tooLarge(maxBytes));
  let bytes: Uint8Array;
  try {
    bytes = await readBody(c, declared, maxBytes);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // The client went away mid-body (a phone losing its signal): nothing to answer, and
    // nothing wrong on our side, so not a 5xx and never "database unavailable".
    throw new HttpError(400, API_MESSAGES.bodyIncomplete);
  }
  if (bytes.byteLength > maxBytes) throw new HttpError(413, API_MESSAGES.tooLarge(maxBytes));
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new HttpError(400, API_MESSAGES.notJson);
  }
}

/** Levels of arrays and objects a body may nest (the deepest real one, a sync batch of leads with consent, has 4). */
export const MAX_JSON_DEPTH = 32;

/** True when arrays and objects nest deeper than `max` levels; walked without recursion. */
export function isTooDeep(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

async function readBody(c: Context, declared: number, maxBytes: number): Promise<Uint8Array> {
  let bytes: Uint8Array;
  if (Number.isFinite(declared)) {
    // The HTTP parser holds the body to its declared length, so it can be read whole
    // (the adapter's fast path, no stream objects per request).
    bytes = new Uint8Array(await c.req.raw.arrayBuffer());
  } else {
    // Chunked: no length up front, so count while streaming and stop past the limit.
    const raw = c.req.raw.body;
    if (!raw) throw new HttpError(400, API_MESSAGES.notJson);
    const reader = raw.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new HttpError(413, API_MESSAGES.tooLarge(maxBytes));
      }
      chunks.push(value);
    }
    bytes = Buffer.concat(chunks);
  }
  return bytes;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

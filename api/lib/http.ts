// Errors the API answers as JSON, and reading a JSON body with a size limit.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_MESSAGES } from '../../contract/messages.ts';
import type { ApiError } from '../../contract/api.ts';

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

/**
 * Reads the request body as a JSON object. 415 unless the Content-Type is JSON, 413 past
 * `maxBytes` (checked while streaming, so a lying Content-Length cannot get past it),
 * 400 for malformed JSON or a JSON value that is not an object.
 */
export async function readJson(c: Context, maxBytes: number): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw new HttpError(415, API_MESSAGES.unsupportedMediaType);
  }
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new HttpError(413, API_MESSAGES.tooLarge);
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
      throw new HttpError(413, API_MESSAGES.tooLarge);
    }
    chunks.push(value);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new HttpError(400, API_MESSAGES.notJson);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, API_MESSAGES.notJson);
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

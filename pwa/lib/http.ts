// The one request shape the app sends: POST a JSON body, read a JSON answer. Used by the
// direct send (browsers without an outbox), the admin calls and the outbox delivery, which
// also runs in the service worker, so nothing here may touch window or document.

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface PostOptions {
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
  signal?: AbortSignal;
}

export interface JsonAnswer {
  response: Response;
  /** The parsed body; undefined when it is not JSON (an empty body, a proxy's HTML page, a body cut off). */
  data: unknown;
}

/**
 * Rejects only as fetch itself does (no connection, abort, timeout before the answer);
 * what that means is the caller's to decide. Status codes are the caller's too.
 */
export async function postJson(
  path: string,
  body: unknown,
  options: PostOptions = {},
  send: Fetch = (input, init) => fetch(input, init),
): Promise<JsonAnswer> {
  const { headers, ...rest } = options;
  const response = await send(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
    ...rest,
  });
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  return { response, data };
}

/** The `message` of an API answer (`{ message, errors? }`), when there is one. */
export function messageOf(data: unknown): string | undefined {
  return data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
    ? (data as { message: string }).message
    : undefined;
}

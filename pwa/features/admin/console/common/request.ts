// The console's calls: with the session's token, a 401 ends the session. Online only, like
// every admin call (they never go through the outbox).
import { CONSOLE_MESSAGES } from '../../../../../contract/console.ts';
import { messageOf } from '../../../../lib/http.ts';
import { endSession, readSession } from '../../session.ts';

/** A console call that did not succeed: the status (0: no answer) and the server's message, if any. */
export class AdminRequestError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
  ) {
    super(serverMessage ?? (status === 0 ? 'No connection to the server' : `The server answered ${status}`));
    this.name = 'AdminRequestError';
  }
}

export interface AdminResponse<T> {
  data: T;
  headers: Headers;
}

/**
 * A call of the console, with the session's token. A 401 ends the session (the console
 * returns to the login page and says the session has ended) and rejects.
 */
export async function adminRequest<T>(
  path: string,
  options: {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    body?: unknown;
    /** A file sent as it is (an import's CSV), instead of a JSON body. */
    file?: Blob;
    signal?: AbortSignal;
  } = {},
): Promise<AdminResponse<T>> {
  const session = readSession();
  // Ended already (by another call, or a logout in another tab).
  if (!session) throw new AdminRequestError(401, CONSOLE_MESSAGES.sessionEnded);
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${session.token}`,
        ...(options.file ? { 'Content-Type': 'text/csv' } : options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(options.file ? { body: options.file } : options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new AdminRequestError(0, undefined);
  }
  const data = (await response.json().catch(() => undefined)) as unknown;
  if (response.status === 401) {
    endSession(CONSOLE_MESSAGES.sessionEnded);
    throw new AdminRequestError(401, CONSOLE_MESSAGES.sessionEnded);
  }
  if (!response.ok) throw new AdminRequestError(response.status, messageOf(data));
  return { data: data as T, headers: response.headers };
}

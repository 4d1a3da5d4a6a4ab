// One console read: loading, ready with its data, or failed with a message to show beside a
// Try again button. The data stays on screen while a reload (a live event, a new page or
// filter) fetches again, so a list never blinks back to a skeleton. Every read of the
// console goes through here; a page that follows the live feed adds useRefreshOnEvents
// (./use-refresh.ts) or useListChanges with the reload this returns.
import { useCallback, useEffect, useRef, useState } from 'react';
import { AdminRequestError, adminRequest } from './request.ts';

export type Loaded<T> = { state: 'loading'; data?: T } | { state: 'ready'; data: T } | { state: 'error'; message: string; status: number };

/**
 * What a failed read says: a lead-in that the server's reason follows after a colon
 * ("Could not load the team: …"), or a function of the error for words of its own.
 */
export type Failure = string | ((err: unknown) => string);

export interface AdminDataOptions<T> {
  /** Shapes the answer before it is kept: a list's rows with the total from X-Total-Count. */
  select?: (data: unknown, headers: Headers) => T;
  /** Waits this long after the path changes before asking (a search as the member types). */
  delayMs?: number;
}

/** The server's own message when it gave one, else `fallback` (for pages whose words stand alone). */
export const serverOr =
  (fallback: string): Failure =>
  (err) =>
    err instanceof AdminRequestError && err.serverMessage ? err.serverMessage : fallback;

function failureMessage(failure: Failure, err: unknown): string {
  if (typeof failure === 'function') return failure(err);
  return err instanceof AdminRequestError && err.serverMessage ? `${failure}: ${err.serverMessage}` : failure;
}

/**
 * Reads `path` (nothing while it is null) and again whenever it changes or reload() is
 * called. replace(data) shows an answer the page already has (a change's response).
 */
export function useAdminData<T>(
  path: string | null,
  failure: Failure,
  options: AdminDataOptions<T> = {},
): [Loaded<T>, () => void, (data: T) => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  // The latest of these without asking again when a caller passes new functions each render.
  const latest = useRef({ failure, select: options.select });
  useEffect(() => {
    latest.current = { failure, select: options.select };
  });
  const delayMs = options.delayMs ?? 0;
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setLoaded((l) => (l.state === 'error' || l.data === undefined ? { state: 'loading' } : { state: 'loading', data: l.data }));
    const ask = () =>
      adminRequest<unknown>(path, { signal: controller.signal }).then(
        ({ data, headers }) => {
          const { select } = latest.current;
          setLoaded({ state: 'ready', data: select ? select(data, headers) : (data as T) });
        },
        (err: unknown) => {
          if (controller.signal.aborted) return;
          const status = err instanceof AdminRequestError ? err.status : 0;
          setLoaded({ state: 'error', message: failureMessage(latest.current.failure, err), status });
        },
      );
    const timer = delayMs > 0 ? window.setTimeout(() => void ask(), delayMs) : (void ask(), undefined);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [path, delayMs, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const replace = useCallback((data: T) => setLoaded({ state: 'ready', data }), []);
  return [loaded, reload, replace];
}

/** A change the console asks of the server: resolves the answer, or shows why not and resolves undefined. */
export async function attempt<T>(
  work: () => Promise<{ data: T }>,
  onError: (message: string) => void,
  fallback: string,
): Promise<T | undefined> {
  try {
    return (await work()).data;
  } catch (err) {
    if (err instanceof AdminRequestError && err.status === 401) return undefined;
    onError(err instanceof AdminRequestError && err.serverMessage ? err.serverMessage : fallback);
    return undefined;
  }
}

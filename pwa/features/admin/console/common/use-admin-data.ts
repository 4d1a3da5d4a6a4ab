// One console read: loading, ready with its data, or failed with a message to show beside a
// Try again button. The data stays on screen while a reload (a live event) fetches again.
import { useCallback, useEffect, useState } from 'react';
import { AdminRequestError, adminRequest } from './request.ts';

export type Loaded<T> = { state: 'loading'; data?: T } | { state: 'ready'; data: T } | { state: 'error'; message: string; status: number };

export function useAdminData<T>(path: string | null, failure: string): [Loaded<T>, () => void, (data: T) => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setLoaded((l) => (l.state === 'ready' ? { state: 'loading', data: l.data } : { state: 'loading' }));
    adminRequest<T>(path, { signal: controller.signal }).then(
      ({ data }) => setLoaded({ state: 'ready', data }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const status = err instanceof AdminRequestError ? err.status : 0;
        const message = err instanceof AdminRequestError && err.serverMessage ? `${failure}: ${err.serverMessage}` : failure;
        setLoaded({ state: 'error', message, status });
      },
    );
    return () => controller.abort();
  }, [path, failure, round]);
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

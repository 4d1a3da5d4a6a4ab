// The upcoming webinars (GET /api/v1/webinars). The last list fetched is kept on the device,
// so the page opened offline still shows what it saw last (said to be from earlier); with
// nothing kept, it says the list needs a connection.
import { useCallback, useEffect, useState } from 'react';
import { WEBINAR_PATHS, type UpcomingWebinar } from '../../../contract/webinars.ts';
import { readStoredJson, writeItem } from '../../lib/storage.ts';

const KEPT = 'upcomingWebinars';

export type WebinarsState =
  { state: 'loading' } | { state: 'ready'; webinars: UpcomingWebinar[]; kept: boolean } | { state: 'offline' } | { state: 'error' };

/** The kept list, without those that have started since. */
function kept(now = Date.now()): UpcomingWebinar[] | undefined {
  const value = readStoredJson(KEPT);
  if (!Array.isArray(value)) return undefined;
  return (value as UpcomingWebinar[]).filter((w) => typeof w?._id === 'string' && Date.parse(w.startsAt) > now);
}

export function useUpcomingWebinars(): [WebinarsState, () => void] {
  const [state, setState] = useState<WebinarsState>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    const fallback = (offline: boolean) => {
      const list = kept();
      if (list) setState({ state: 'ready', webinars: list, kept: true });
      else setState({ state: offline ? 'offline' : 'error' });
    };
    fetch(WEBINAR_PATHS.upcoming, { headers: { Accept: 'application/json' } })
      .then(async (res) => {
        if (!live) return;
        if (!res.ok) return fallback(false);
        const { data } = (await res.json()) as { data: UpcomingWebinar[] };
        writeItem(KEPT, JSON.stringify(data));
        setState({ state: 'ready', webinars: data, kept: false });
      })
      .catch(() => {
        if (live) fallback(true);
      });
    return () => {
      live = false;
    };
  }, [attempt]);
  return [state, useCallback(() => setAttempt((n) => n + 1), [])];
}

// Reloads a view when the live feed says something changed (at most every 2 seconds, so a
// burst of leads is one reload).
import { useEffect } from 'react';
import { useLeadEvents } from './lead-events.tsx';

export function useRefreshOnEvents(reload: () => void, delayMs = 2_000): void {
  const { subscribe } = useLeadEvents();
  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = subscribe(() => {
      if (timer === undefined) timer = window.setTimeout(() => ((timer = undefined), reload()), delayMs);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [subscribe, reload, delayMs]);
}

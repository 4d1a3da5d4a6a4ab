import { useCallback, useEffect, useRef } from 'react';
import { useLocalNavigate } from '../i18n/links.tsx';

/** Navigates after `ms` (the spec has some pages move on a moment after their success message); leaving the page first cancels it. */
export function useDelayedNavigate(): (to: string, ms: number) => void {
  const navigate = useLocalNavigate();
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(
    (to, ms) => {
      timer.current = window.setTimeout(() => navigate(to), ms);
    },
    [navigate],
  );
}

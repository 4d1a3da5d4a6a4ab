import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/** Navigates after `ms` (the spec has some pages move on a moment after their success message); leaving the page first cancels it. */
export function useDelayedNavigate(): (to: string, ms: number) => void {
  const navigate = useNavigate();
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(
    (to, ms) => {
      timer.current = window.setTimeout(() => void navigate(to), ms);
    },
    [navigate],
  );
}

import { useCallback, useEffect, useState, type FocusEvent } from 'react';
import { useReducedMotion } from './useReducedMotion.ts';

/**
 * A carousel index that advances every `intervalMs`, wraps around both ways, and pauses
 * while the pointer is over the carousel or focus is inside it, and under reduced motion.
 * Any manual move restarts the interval.
 */
export function useAutoAdvance(count: number, intervalMs: number) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reduced = useReducedMotion();
  const paused = hovered || focused || reduced || count < 2;

  const goTo = useCallback((i: number) => setIndex(((i % count) + count) % count), [count]);
  const next = useCallback(() => setIndex((i) => (i + 1) % count), [count]);
  const prev = useCallback(() => setIndex((i) => (i - 1 + count) % count), [count]);

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(next, intervalMs);
    return () => window.clearTimeout(timer);
  }, [paused, index, intervalMs, next]);

  const pauseHandlers = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
    },
  };
  return { index, next, prev, goTo, paused, pauseHandlers };
}

import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import { useNearScreen } from './useInView.ts';
import { useReducedMotion } from './useReducedMotion.ts';

/**
 * A carousel index that advances every `intervalMs`, wraps around both ways, and pauses
 * while the pointer is over the carousel or focus is inside it, under reduced motion, and
 * while the carousel (`ref`, on its root) is far from the screen: a slide nobody can see
 * is work for the phone's main thread and nothing else. Any manual move restarts the interval.
 */
export function useAutoAdvance<E extends Element = HTMLDivElement>(count: number, intervalMs: number) {
  const ref = useRef<E>(null);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reduced = useReducedMotion();
  const near = useNearScreen(ref);
  const paused = hovered || focused || reduced || count < 2;

  const goTo = useCallback((i: number) => setIndex(((i % count) + count) % count), [count]);
  const next = useCallback(() => setIndex((i) => (i + 1) % count), [count]);
  const prev = useCallback(() => setIndex((i) => (i - 1 + count) % count), [count]);

  useEffect(() => {
    if (paused || !near) return;
    const timer = window.setTimeout(next, intervalMs);
    return () => window.clearTimeout(timer);
  }, [paused, near, index, intervalMs, next]);

  const pauseHandlers = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
    },
  };
  return { ref, index, next, prev, goTo, paused, pauseHandlers };
}

import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Stat } from '../content/types.ts';
import { formatCount } from '../lib/numbers.ts';
import { prefersReducedMotion } from '../hooks/useReducedMotion.ts';
import { useInViewOnce } from '../hooks/useInView.ts';
import { useChrome } from '../i18n/LangContext.tsx';
import './stats-strip.css';

/** Spec §9: count over 2 s once 30% visible, once; cards stagger by 0.2 s. */
export const COUNT_MS = 2000;
export const VISIBLE_THRESHOLD = 0.3;
export const STAGGER_S = 0.2;

const statText = (s: Stat, progress: number) => `${formatCount(Math.round(s.value * progress))}${s.suffix}`;

/**
 * Counts the values up over COUNT_MS by writing each value's one text node, frame by frame,
 * and only when its text changes; `onDone` once it has reached the end. Not a React state per
 * frame: re-rendering the strip 120 times in two seconds was, with the layout each render
 * caused, a third of the home page's main-thread work on a 4× slower phone (Lighthouse).
 * React renders each value as a single string, so it owns that same text node and finds the
 * final text already there when `onDone` renders it.
 */
function useCountUp(run: boolean, stats: Stat[], values: RefObject<Array<HTMLElement | null>>, onDone: () => void): void {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (!run) return;
    let frame = 0;
    const start = performance.now();
    const shown = stats.map((s) => statText(s, 0));
    const tick = (now: number) => {
      const progress = Math.min(1, (now - start) / COUNT_MS);
      stats.forEach((s, i) => {
        const text = statText(s, progress);
        const node = values.current[i]?.firstChild;
        if (text === shown[i] || !node) return;
        node.nodeValue = text;
        shown[i] = text;
      });
      if (progress < 1) frame = requestAnimationFrame(tick);
      else done.current();
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [run, stats, values]);
}

export function StatsStrip({ stats }: { stats: Stat[] }) {
  const t = useChrome();
  const ref = useRef<HTMLUListElement>(null);
  const values = useRef<Array<HTMLElement | null>>([]);
  const seen = useInViewOnce(ref, VISIBLE_THRESHOLD);
  // The prerendered HTML holds the final numbers; once the page is live and motion is
  // allowed, they reset to 0 and count up when the strip comes into view.
  const [stage, setStage] = useState<'final' | 'armed' | 'counted'>('final');
  useEffect(() => {
    if (!prefersReducedMotion()) setStage('armed');
  }, []);
  useCountUp(stage === 'armed' && seen, stats, values, () => setStage('counted'));
  const counting = stage === 'armed';

  return (
    <section className="stats" aria-label={t.statsLabel}>
      <ul ref={ref} className={`container stats__grid${stage !== 'final' ? ' is-armed' : ''}${seen ? ' is-visible' : ''}`}>
        {stats.map((s, i) => (
          <li key={s.label} className="stats__card" style={{ animationDelay: `${(i * STAGGER_S).toFixed(1)}s` }}>
            <span
              ref={(el) => {
                values.current[i] = el;
              }}
              className="stats__value"
              data-testid="stat-value"
              aria-hidden={counting ? true : undefined}
            >
              {statText(s, counting ? 0 : 1)}
            </span>
            {counting && <span className="visually-hidden">{statText(s, 1)}</span>}
            <span className="stats__label">{s.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

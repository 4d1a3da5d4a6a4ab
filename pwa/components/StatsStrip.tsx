import { useEffect, useRef, useState } from 'react';
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

export function StatsStrip({ stats }: { stats: Stat[] }) {
  const t = useChrome();
  const ref = useRef<HTMLUListElement>(null);
  const seen = useInViewOnce(ref, VISIBLE_THRESHOLD);
  // The prerendered HTML holds the final numbers; once the page is live and motion is
  // allowed, they reset to 0 and count up when the strip comes into view.
  const [progress, setProgress] = useState(1);
  const [armed, setArmed] = useState(false);

  useEffect(() => {
    if (prefersReducedMotion()) return;
    setArmed(true);
    setProgress(0);
  }, []);

  useEffect(() => {
    if (!armed || !seen) return;
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - start) / COUNT_MS);
      setProgress(t);
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [armed, seen]);

  return (
    <section className="stats" aria-label={t.statsLabel}>
      <ul ref={ref} className={`container stats__grid${armed ? ' is-armed' : ''}${seen ? ' is-visible' : ''}`}>
        {stats.map((s, i) => (
          <li key={s.label} className="stats__card" style={{ animationDelay: `${(i * STAGGER_S).toFixed(1)}s` }}>
            <span className="stats__value" data-testid="stat-value" aria-hidden={progress < 1 ? true : undefined}>
              {formatCount(Math.round(s.value * progress))}
              {s.suffix}
            </span>
            {progress < 1 && (
              <span className="visually-hidden">
                {formatCount(s.value)}
                {s.suffix}
              </span>
            )}
            <span className="stats__label">{s.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

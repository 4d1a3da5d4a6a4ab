// Revenue by the IST week it was paid in, stacked by source: the five sources that brought the
// most in the period, and the rest together. An SVG of plain rects; the table has each week
// and every source.
import { rupeesText } from '../../../../../contract/bookings.ts';
import type { RevenueResponse } from '../../../../../contract/reports.ts';
import { formatCount, formatDay } from '../format.ts';
import { ChartFrame } from './ChartFrame.tsx';

/** One colour per stack, each with 3:1 contrast against white (WCAG non-text contrast). */
const COLOURS = ['#1d3557', '#2a7f62', '#b5452a', '#6a4c93', '#8a6d00', '#5f6b7a'];
const SHOWN = 5;
const OTHER = 'Other sources';
const NONE = 'No source';
const WIDTH = 900;
const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 28, left: 64 };

interface Week {
  week: string;
  bySource: Map<string, number>;
  total: number;
}

function shape(body: RevenueResponse) {
  const sourceTotals = new Map<string, number>();
  for (const r of body.data) sourceTotals.set(r.source ?? NONE, (sourceTotals.get(r.source ?? NONE) ?? 0) + r.revenue);
  const ranked = [...sourceTotals].sort((a, b) => b[1] - a[1]).map(([s]) => s);
  const stacks = ranked.length > SHOWN + 1 ? [...ranked.slice(0, SHOWN), OTHER] : ranked;
  const stackOf = (source: string) => (stacks.includes(source) ? source : OTHER);
  const weeks = new Map<string, Week>();
  for (const r of body.data) {
    const week = weeks.get(r.week) ?? { week: r.week, bySource: new Map(), total: 0 };
    const stack = stackOf(r.source ?? NONE);
    week.bySource.set(stack, (week.bySource.get(stack) ?? 0) + r.revenue);
    week.total += r.revenue;
    weeks.set(r.week, week);
  }
  return { stacks, ranked, weeks: [...weeks.values()] };
}

function niceMax(n: number): number {
  if (n <= 1000) return 1000;
  const power = 10 ** Math.floor(Math.log10(n));
  return [1, 2, 5, 10].map((m) => m * power).find((m) => m >= n)!;
}

function Bars({ weeks, stacks }: { weeks: Week[]; stacks: string[] }) {
  const max = niceMax(Math.max(0, ...weeks.map((w) => w.total)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const band = plotW / Math.max(weeks.length, 1);
  const barW = Math.max(3, band * 0.7);
  const y = (n: number) => PAD.top + plotH - (n / max) * plotH;
  const every = Math.ceil(weeks.length / 8);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="console-chart__svg" aria-hidden="true" focusable="false">
      {[0, max / 2, max].map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="console-chart__grid" />
          <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="console-chart__label">
            {rupeesText(tick)}
          </text>
        </g>
      ))}
      {weeks.map((w, i) => {
        let base = 0;
        const x = PAD.left + i * band + (band - barW) / 2;
        return (
          <g key={w.week}>
            {stacks.map((s, k) => {
              const n = w.bySource.get(s) ?? 0;
              if (n === 0) return null;
              const top = y(base + n);
              base += n;
              return <rect key={s} x={x} y={top} width={barW} height={y(base - n) - top} fill={COLOURS[k % COLOURS.length]} />;
            })}
            {i % every === 0 && (
              <text x={x + barW / 2} y={HEIGHT - 8} textAnchor="middle" className="console-chart__label">
                {formatDay(w.week)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

export function RevenueSection({ body }: { body: RevenueResponse }) {
  const { stacks, ranked, weeks } = shape(body);
  const total = weeks.reduce((n, w) => n + w.total, 0);
  const best = weeks.reduce<Week | undefined>((b, w) => (!b || w.total > b.total ? w : b), undefined);
  const summary =
    `${rupeesText(total)} paid in ${formatCount(weeks.length)} weeks` +
    (best ? `; the best week began ${formatDay(best.week)} with ${rupeesText(best.total)}` : '') +
    (ranked[0] ? `; the source that brought the most: ${ranked[0]}.` : '.');
  const legend = (
    <ul className="console-legend" aria-hidden="true">
      {stacks.map((s, k) => (
        <li key={s}>
          <span className="console-legend__swatch" style={{ background: COLOURS[k % COLOURS.length] }} />
          {s}
        </li>
      ))}
    </ul>
  );
  return (
    <ChartFrame
      title="Revenue by week and source"
      summary={summary}
      extra={legend}
      fileName={`revenue-by-week-${body.from}-to-${body.to}.csv`}
      table={{
        header: ['Week from', ...ranked.map((s) => `${s} (₹)`), 'Total (₹)'],
        rows: weeks.map((w) => [
          w.week,
          ...ranked.map((s) => body.data.filter((r) => r.week === w.week && (r.source ?? NONE) === s).reduce((n, r) => n + r.revenue, 0)),
          w.total,
        ]),
      }}
      chart={weeks.length === 0 ? <p className="muted">Nothing was paid in this period.</p> : <Bars weeks={weeks} stacks={stacks} />}
    />
  );
}

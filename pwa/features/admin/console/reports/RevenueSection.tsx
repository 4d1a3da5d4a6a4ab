// Revenue by the IST week it was paid in, stacked by source: the five sources that brought the
// most in the period, and the rest together, in plain CSS; the table has each week
// and every source.
import { rupeesText } from '../../../../../contract/bookings.ts';
import type { RevenueResponse } from '../../../../../contract/reports.ts';
import { formatCount, formatDay } from '../common/format.ts';
import { ChartFrame } from './ChartFrame.tsx';

/** One colour per stack, each with 3:1 contrast against white (WCAG non-text contrast). */
const COLOURS = ['#1d3557', '#2a7f62', '#b5452a', '#6a4c93', '#8a6d00', '#5f6b7a'];
const SHOWN = 5;
const OTHER = 'Other sources';
const NONE = 'No source';

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

/**
 * Columns of stacked boxes in CSS (heights in per cent of the axis), so the labels keep their
 * size on a phone where an SVG scaled to the width would shrink them past reading.
 */
function Bars({ weeks, stacks }: { weeks: Week[]; stacks: string[] }) {
  const max = niceMax(Math.max(0, ...weeks.map((w) => w.total)));
  const every = Math.ceil(weeks.length / 6);
  return (
    <div className="report-weeks">
      <ul className="report-weeks__axis">
        {[max, max / 2, 0].map((tick) => (
          <li key={tick} style={{ bottom: `${(tick / max) * 100}%` }}>
            {rupeesText(tick)}
          </li>
        ))}
      </ul>
      <ol className="report-weeks__bars">
        {weeks.map((w, i) => (
          <li key={w.week} className="report-weeks__week">
            <span className="report-weeks__stack" style={{ height: `${(w.total / max) * 100}%` }}>
              {stacks.map((s, k) => {
                const n = w.bySource.get(s) ?? 0;
                return n === 0 ? null : (
                  <span key={s} style={{ height: `${(n / w.total) * 100}%`, background: COLOURS[k % COLOURS.length] }} />
                );
              })}
            </span>
            <span className="report-weeks__label">{i % every === 0 ? formatDay(w.week) : ''}</span>
          </li>
        ))}
      </ol>
    </div>
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

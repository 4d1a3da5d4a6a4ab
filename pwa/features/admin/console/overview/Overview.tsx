// /admin: new leads per day for the last 30 days, stacked by list, as an SVG chart with the
// same numbers in a table for screen readers and anyone who wants them; totals for today,
// 7 and 30 days; leads by status; and a notice when mail has failed for good.
import { Link } from 'react-router-dom';
import { CONSOLE_PATHS } from '../../../../../contract/console.ts';
import type { OverviewResponse } from '../../../../../contract/overview.ts';
import { LEAD_STATUSES, LIST_SLUGS, listOf, type ListSlug } from '../../../../../contract/lead-kinds.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { CHART_SKELETON, LoadState } from '../common/LoadState.tsx';
import { serverOr, useAdminData } from '../common/use-admin-data.ts';
import { useRefreshOnEvents } from '../common/use-refresh.ts';
import { formatCount, formatDay, statusLabel } from '../common/format.ts';
import { SpeedToLead } from './SpeedToLead.tsx';
import { useMember } from '../common/member.tsx';

/** One colour per list (the registry's), each with 3:1 contrast against white (WCAG non-text contrast). */
export const LIST_COLOURS = Object.fromEntries(LIST_SLUGS.map((slug) => [slug, listOf(slug).colour])) as Record<ListSlug, string>;

export default function Overview() {
  const member = useMember();
  const [loaded, reload] = useAdminData<OverviewResponse>(CONSOLE_PATHS.overview, serverOr('Could not load the overview.'));
  // New leads anywhere: the numbers follow (at most every few seconds).
  useRefreshOnEvents(reload);
  return (
    <section aria-labelledby="console-title" className="console-overview">
      <Meta title="Overview | Admin" description="New leads and their status, for the SkillUp team." robots="noindex" />
      <h1 id="console-title">Overview</h1>
      {!member.can('team.read') && <p className="console-overview__scope">Your leads and the unassigned ones.</p>}
      <LoadState loaded={loaded} onRetry={reload} loading={CHART_SKELETON}>
        {(data) => <OverviewBody data={data} />}
      </LoadState>
    </section>
  );
}

function OverviewBody({ data }: { data: OverviewResponse }) {
  return (
    <>
      {data.mailFailed > 0 && (
        <div className="console-notice" role="alert">
          <p>
            <strong>
              {formatCount(data.mailFailed)} {data.mailFailed === 1 ? 'email' : 'emails'} could not be sent
            </strong>{' '}
            after every retry (certificates or password resets). Check the mail settings (SMTP_URL); the messages are listed by GET
            /api/admin/mail?status=failed.
          </p>
        </div>
      )}
      <ul className="console-totals" aria-label="New leads">
        <li>
          <span className="console-totals__n">{formatCount(data.totals.today)}</span> today
        </li>
        <li>
          <span className="console-totals__n">{formatCount(data.totals.week)}</span> in the last 7 days
        </li>
        <li>
          <span className="console-totals__n">{formatCount(data.totals.month)}</span> in the last 30 days
        </li>
      </ul>
      <LeadsChart days={data.days} />
      <section aria-labelledby="by-status-title" className="console-status-counts">
        <h2 id="by-status-title">Leads by status, all lists</h2>
        <ul>
          {LEAD_STATUSES.map((s) => (
            <li key={s}>
              <span className={`status-pill status-pill--${s}`}>{statusLabel(s)}</span> {formatCount(data.byStatus[s] ?? 0)}
            </li>
          ))}
        </ul>
      </section>
      <SpeedToLead data={data} />
      <SourceCounts data={data} />
    </>
  );
}

/** New leads of the 30 days by the utm_source they came with (spam left out). */
function SourceCounts({ data }: { data: OverviewResponse }) {
  return (
    <section aria-labelledby="by-source-title" className="console-source-counts">
      <h2 id="by-source-title">New leads by source, last 30 days</h2>
      {data.bySource.length === 0 ? (
        <p className="muted">No leads in the last 30 days.</p>
      ) : (
        <table className="console-table console-table--compact">
          <thead>
            <tr>
              <th scope="col">utm_source</th>
              <th scope="col">Leads</th>
            </tr>
          </thead>
          <tbody>
            {data.bySource.map((s) => (
              <tr key={s.utmSource ?? ''}>
                <th scope="row">{s.utmSource ?? <span className="muted">None (direct, or not known)</span>}</th>
                <td>{formatCount(s.count)}</td>
              </tr>
            ))}
            {data.bySourceOthers > 0 && (
              <tr>
                <th scope="row">
                  <span className="muted">Other sources</span>
                </th>
                <td>{formatCount(data.bySourceOthers)}</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}

const WIDTH = 900;
const HEIGHT = 260;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };

/** A round top for the y axis: 1, 2, 5 × a power of ten. */
function niceMax(n: number): number {
  if (n <= 5) return 5;
  const power = 10 ** Math.floor(Math.log10(n));
  return [1, 2, 5, 10].map((m) => m * power).find((m) => m >= n)!;
}

function LeadsChart({ days }: { days: OverviewResponse['days'] }) {
  const totals = days.map((d) => LIST_SLUGS.reduce((n, s) => n + (d.counts[s] ?? 0), 0));
  const max = niceMax(Math.max(0, ...totals));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const band = plotW / days.length;
  const barW = Math.max(2, band * 0.7);
  const y = (n: number) => PAD.top + plotH - (n / max) * plotH;
  const busiest = days[totals.indexOf(Math.max(...totals))];
  const summary = `${formatCount(totals.reduce((a, b) => a + b, 0))} new leads in 30 days${busiest && Math.max(...totals) > 0 ? `; the busiest day was ${formatDay(busiest.date)} with ${formatCount(Math.max(...totals))}` : ''}.`;
  return (
    <section aria-labelledby="chart-title" className="console-chart">
      <h2 id="chart-title">New leads per day, last 30 days</h2>
      <ul className="console-legend" aria-label="Lists in the chart">
        {LIST_SLUGS.map((s) => (
          <li key={s}>
            <span className="console-legend__swatch" style={{ background: LIST_COLOURS[s] }} aria-hidden="true" />
            {listOf(s).title}
          </li>
        ))}
      </ul>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="chart-svg-title chart-svg-desc" className="console-chart__svg">
        <title id="chart-svg-title">New leads per day, stacked by list</title>
        <desc id="chart-svg-desc">{summary} The table below gives every number.</desc>
        {[0, max / 2, max].map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="console-chart__grid" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="console-chart__label">
              {formatCount(tick)}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          let base = 0;
          const x = PAD.left + i * band + (band - barW) / 2;
          return (
            <g key={d.date}>
              {LIST_SLUGS.map((s) => {
                const n = d.counts[s] ?? 0;
                if (n === 0) return null;
                const top = y(base + n);
                const rect = <rect key={s} x={x} y={top} width={barW} height={y(base) - top} fill={LIST_COLOURS[s]} />;
                base += n;
                return rect;
              })}
              {(i % 5 === 0 || i === days.length - 1) && (
                <text x={x + barW / 2} y={HEIGHT - 8} textAnchor="middle" className="console-chart__label">
                  {formatDay(d.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <details className="console-chart__table">
        <summary>Show the numbers as a table</summary>
        <table>
          <caption className="visually-hidden">New leads per day and list, last 30 days (India time)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {LIST_SLUGS.map((s) => (
                <th scope="col" key={s}>
                  <Link to={`/admin/${s}`}>{listOf(s).title}</Link>
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d.date}>
                <th scope="row">
                  <time dateTime={d.date}>{formatDay(d.date)}</time>
                </th>
                {LIST_SLUGS.map((s) => (
                  <td key={s}>
                    {/* Each figure opens the list filtered to that day. */}
                    {(d.counts[s] ?? 0) > 0 ? (
                      <Link
                        to={`/admin/${s}?from=${d.date}&to=${d.date}`}
                        aria-label={`${formatCount(d.counts[s] ?? 0)} in ${listOf(s).title} on ${formatDay(d.date)}`}
                      >
                        {formatCount(d.counts[s] ?? 0)}
                      </Link>
                    ) : (
                      '0'
                    )}
                  </td>
                ))}
                <td>{formatCount(totals[i]!)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

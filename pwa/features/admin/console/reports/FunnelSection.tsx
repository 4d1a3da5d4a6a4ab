// The funnel: the period's people at each stage (leads → contacted → booked → paid) as bars
// with each stage's share of the leads, then the keys side by side (leads, and the paid among
// them, with their revenue), the eight that brought the most; the table has every key and,
// for sources, what their spend bought.
import { REPORT_DIMENSION_LABELS, type FunnelResponse, type FunnelRow } from '../../../../../contract/reports.ts';
import { rupeesText } from '../../../../../contract/bookings.ts';
import { formatCount } from '../common/format.ts';
import { ChartFrame, type ReportTable } from './ChartFrame.tsx';

const STAGES = [
  ['leads', 'Leads'],
  ['contacted', 'Contacted'],
  ['booked', 'Booked'],
  ['paid', 'Paid'],
] as const;
const SHOWN_KEYS = 8;

const percent = (n: number, of: number) => (of > 0 ? `${Math.round((n / of) * 100)}%` : '—');
const days = (n: number | null) => (n === null ? null : String(n));

/** The period's spend and what it bought, over every source (the table's last row). */
function allCosts(body: FunnelResponse): Partial<FunnelRow> {
  const spend = body.data.reduce((n, r) => n + (r.spend ?? 0), 0);
  const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : null);
  return {
    spend,
    costPerLead: ratio(spend, body.totals.leads),
    costPerPaidSeat: ratio(spend, body.totals.paid),
    returnOnSpend: ratio(body.totals.revenue, spend),
  };
}

function funnelTable(body: FunnelResponse): ReportTable {
  const costs = body.data.some((r) => r.spend !== undefined);
  const header = [REPORT_DIMENSION_LABELS[body.by], 'Leads', 'Contacted', 'Booked', 'Paid', 'Revenue (₹)', 'Median days to paid'];
  const row = (r: Omit<FunnelRow, 'key'>) => [
    r.label,
    r.leads,
    r.contacted,
    r.booked,
    r.paid,
    r.revenue,
    days(r.medianDaysToPaid),
    ...(costs ? [r.spend ?? 0, r.costPerLead ?? null, r.costPerPaidSeat ?? null, r.returnOnSpend ?? null] : []),
  ];
  return {
    header: costs ? [...header, 'Spend (₹)', 'Cost per lead (₹)', 'Cost per paid seat (₹)', 'Return on spend'] : header,
    rows: [...body.data.map(row), row({ ...body.totals, label: 'All', ...(costs ? allCosts(body) : {}) })],
  };
}

function StageBars({ totals }: { totals: FunnelResponse['totals'] }) {
  return (
    <ol className="report-funnel">
      {STAGES.map(([key, label]) => (
        <li key={key} className="report-funnel__stage">
          <span className="report-funnel__label">{label}</span>
          <span className="report-funnel__track">
            <span
              className={`report-funnel__bar report-funnel__bar--${key}`}
              style={{ width: totals.leads > 0 ? `${(totals[key] / totals.leads) * 100}%` : '0%' }}
            />
          </span>
          <span className="report-funnel__n">
            {formatCount(totals[key])} <small>{key === 'leads' ? '' : percent(totals[key], totals.leads)}</small>
          </span>
        </li>
      ))}
    </ol>
  );
}

function KeyBars({ rows }: { rows: FunnelRow[] }) {
  const max = Math.max(1, ...rows.map((r) => r.leads));
  return (
    <>
      <ul className="console-legend">
        <li>
          <span className="console-legend__swatch report-keys__leads-swatch" />
          Leads
        </li>
        <li>
          <span className="console-legend__swatch report-keys__paid-swatch" />
          Paid (of them)
        </li>
      </ul>
      <ul className="report-keys">
        {rows.slice(0, SHOWN_KEYS).map((r) => (
          <li key={r.key ?? ''} className="report-keys__row">
            <span className="report-keys__label">{r.label}</span>
            <span className="report-keys__track">
              <span className="report-keys__leads" style={{ width: `${(r.leads / max) * 100}%` }} />
              <span className="report-keys__paid" style={{ width: `${(r.paid / max) * 100}%` }} />
            </span>
            <span className="report-keys__n">
              {formatCount(r.leads)} · {formatCount(r.paid)} paid · {rupeesText(r.revenue)}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

export function FunnelSection({ body }: { body: FunnelResponse }) {
  const { totals } = body;
  const dimension = REPORT_DIMENSION_LABELS[body.by].toLowerCase();
  const summary =
    `${formatCount(totals.leads)} people first seen from ${body.from} to ${body.to}; ${formatCount(totals.contacted)} contacted, ` +
    `${formatCount(totals.booked)} booked, ${formatCount(totals.paid)} paid ${rupeesText(totals.revenue)}.` +
    (body.data[0] ? ` The ${dimension} that brought the most revenue: ${body.data[0].label}.` : '');
  return (
    <ChartFrame
      title={`Funnel by ${dimension}`}
      summary={summary}
      fileName={`funnel-by-${body.by}-${body.from}-to-${body.to}.csv`}
      table={funnelTable(body)}
      chart={
        <div className="report-funnel-chart">
          <StageBars totals={totals} />
          {body.data.length === 0 ? <p className="muted">No one was first seen in this period.</p> : <KeyBars rows={body.data} />}
        </div>
      }
    />
  );
}

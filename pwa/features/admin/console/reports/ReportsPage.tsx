// /admin/reports: the funnel and revenue report. The period and the key live in the URL (a
// view is a link); the funnel, the revenue by week and, for those who read it, the spend.
// A counsellor's figures are of their people and the pool's, as the page says.
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  REPORT_DEFAULT_DAYS,
  REPORT_DIMENSION_LABELS,
  REPORT_DIMENSIONS,
  REPORT_PATHS,
  type FunnelResponse,
  type ReportDimension,
  type RevenueResponse,
} from '../../../../../contract/reports.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { useMember } from '../common/member.tsx';
import { useAdminData } from '../common/use-admin-data.ts';
import { CHART_SKELETON, LoadState } from '../common/LoadState.tsx';
import { FunnelSection } from './FunnelSection.tsx';
import { RevenueSection } from './RevenueSection.tsx';
import { SpendSection } from './SpendSection.tsx';

const istDay = (offsetDays = 0) => new Date(Date.now() + 330 * 60_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

function usePeriod() {
  const [params, setParams] = useSearchParams();
  const by = (REPORT_DIMENSIONS as readonly string[]).includes(params.get('by') ?? '') ? (params.get('by') as ReportDimension) : 'source';
  const to = params.get('to') || istDay();
  const from = params.get('from') || istDay(-(REPORT_DEFAULT_DAYS - 1));
  return { by, from, to, set: (next: { by: string; from: string; to: string }) => setParams(next) };
}

function PeriodForm({ period }: { period: ReturnType<typeof usePeriod> }) {
  const id = useId();
  const [draft, setDraft] = useState({ by: period.by as string, from: period.from, to: period.to });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    period.set(draft);
  };
  return (
    <form className="console-filters" onSubmit={submit} aria-label="Report period">
      <div className="console-field">
        <label htmlFor={`${id}-by`}>By</label>
        <select id={`${id}-by`} value={draft.by} onChange={(e) => setDraft({ ...draft, by: e.target.value })}>
          {REPORT_DIMENSIONS.map((d) => (
            <option key={d} value={d}>
              {REPORT_DIMENSION_LABELS[d]}
            </option>
          ))}
        </select>
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-from`}>First seen from</label>
        <input id={`${id}-from`} type="date" value={draft.from} required onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-to`}>to</label>
        <input id={`${id}-to`} type="date" value={draft.to} required onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
      </div>
      <button type="submit" className="btn btn--small">
        Show
      </button>
    </form>
  );
}

export default function ReportsPage() {
  const member = useMember();
  const period = usePeriod();
  const query = `from=${period.from}&to=${period.to}`;
  const [funnel, reloadFunnel] = useAdminData<FunnelResponse>(
    `${REPORT_PATHS.funnel}?by=${period.by}&${query}`,
    'Could not load the funnel',
  );
  const [revenue, reloadRevenue] = useAdminData<RevenueResponse>(`${REPORT_PATHS.revenue}?${query}`, 'Could not load the revenue');
  const sources = funnel.state !== 'error' && funnel.data?.by === 'source' ? funnel.data.data.flatMap((r) => (r.key ? [r.key] : [])) : [];
  return (
    <section aria-labelledby="console-title" className="console-reports">
      <Meta
        title="Reports | Admin"
        description="From lead to paid seat, by source, campaign, organisation, counsellor and package."
        robots="noindex"
      />
      <h1 id="console-title">Reports</h1>
      <p className="muted">
        People first seen in the period (India time), counted once at each stage however many forms they sent; revenue in rupees.
        {!member.can('team.read') && ' Your people and the unassigned ones.'}
      </p>
      <PeriodForm key={`${period.by} ${query}`} period={period} />
      <LoadState loaded={funnel} onRetry={reloadFunnel} loading={CHART_SKELETON}>
        {(body) => <FunnelSection body={body} />}
      </LoadState>
      <LoadState loaded={revenue} onRetry={reloadRevenue} loading={CHART_SKELETON}>
        {(body) => <RevenueSection body={body} />}
      </LoadState>
      {member.can('spend.read') && (
        <SpendSection from={period.from} to={period.to} sources={sources} manages={member.can('spend.manage')} onSaved={reloadFunnel} />
      )}
    </section>
  );
}

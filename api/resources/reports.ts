// The funnel and revenue report (contract/reports.ts):
//   GET /api/admin/reports/funnel?by=&from=&to=   (reports.read) the people first seen in
//       the period by key, how far they got and what they paid; source rows carry the
//       period's spend and what it bought for members who read spend
//   GET /api/admin/reports/revenue?from=&to=      (reports.read) revenue by IST week of payment and source
//   GET /api/admin/reports/spend?from=&to=        (spend.read) the spend entered per source per month
//   PUT /api/admin/reports/spend                  (spend.manage) { source, month, rupees } → { entry }
// A counsellor's figures are of their people and the pool's (funnel.ts cellScope). Before
// answering, the report takes in what changed since the rollup's last round (rollup.ts).
import { Hono, type Context } from 'hono';
import { sql } from 'kysely';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import { isCalendarDay } from '../../contract/dates.ts';
import {
  checkSpend,
  isMonth,
  REPORT_DEFAULT_DAYS,
  REPORT_DIMENSIONS,
  REPORT_MAX_DAYS,
  REPORT_MESSAGES,
  REPORT_NONE_LABELS,
  type FunnelResponse,
  type FunnelRow,
  type ReportDimension,
  type RevenueResponse,
  type SpendResponse,
} from '../../contract/reports.ts';
import { nowOf, type Deps } from '../deps.ts';
import { can, guard } from '../desk/access.ts';
import { teamNames } from '../desk/lead-fields.ts';
import type { Member } from '../auth/auth.ts';
import { HttpError, readJsonBody } from '../http/http.ts';
import { funnelRows, revenueWeeks, spendBySource, totalMedian, type Period } from '../reports/funnel.ts';
import { refreshReport } from '../reports/rollup.ts';

const DAY_MS = 86_400_000;
/**
 * People a report takes in before answering: what the console changed a moment ago, not a
 * backlog (an import of thousands), which the rollup's own rounds take in the background.
 */
const FRESH_PEOPLE = 500;
const istToday = (now: Date) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

function day(c: Context, name: 'from' | 'to'): string | undefined {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return undefined;
  if (!isCalendarDay(raw)) throw new HttpError(400, REPORT_MESSAGES.dateInvalid(name), { [name]: REPORT_MESSAGES.dateInvalid(name) });
  return raw;
}

/** The period asked for: `to` defaults to today (IST), `from` to the year before it. */
export function periodOf(c: Context, now: Date): Period {
  const to = day(c, 'to') ?? istToday(now);
  const from = day(c, 'from') ?? dayOf(dayNumber(to) - (REPORT_DEFAULT_DAYS - 1));
  if (from > to) throw new HttpError(400, REPORT_MESSAGES.fromAfterTo, { from: REPORT_MESSAGES.fromAfterTo });
  if (dayNumber(to) - dayNumber(from) + 1 > REPORT_MAX_DAYS) throw new HttpError(400, REPORT_MESSAGES.rangeTooLong);
  return { from, to };
}

function dimensionOf(c: Context): ReportDimension {
  const by = c.req.query('by') ?? 'source';
  if (!(REPORT_DIMENSIONS as readonly string[]).includes(by))
    throw new HttpError(400, REPORT_MESSAGES.byInvalid, { by: REPORT_MESSAGES.byInvalid });
  return by as ReportDimension;
}

const money = (n: number) => Math.round(n * 100) / 100;
const ratio = (a: number, b: number) => (b > 0 ? money(a / b) : null);

/** A source row's spend and what it bought. */
function withSpend(row: FunnelRow, spend: Map<string, number>): FunnelRow {
  const rupees = money(spend.get(row.key ?? '') ?? 0);
  return {
    ...row,
    spend: rupees,
    costPerLead: ratio(rupees, row.leads),
    costPerPaidSeat: ratio(rupees, row.paid),
    returnOnSpend: ratio(row.revenue, rupees),
  };
}

async function funnel(deps: Deps, c: Context, member: Member): Promise<FunnelResponse> {
  const by = dimensionOf(c);
  const period = periodOf(c, nowOf(deps));
  await refreshReport(deps.db, FRESH_PEOPLE, false);
  const [rows, median, names, spend] = await Promise.all([
    funnelRows(deps.db, by, period, member),
    totalMedian(deps.db, period, member),
    by === 'counsellor' ? teamNames(deps.db) : undefined,
    by === 'source' && can(member, 'spend.read') ? spendBySource(deps.db, period) : undefined,
  ]);
  const labelled: FunnelRow[] = rows
    .map((r) => ({ ...r, label: r.key === null ? REPORT_NONE_LABELS[by] : (names?.get(r.key) ?? (names ? 'A former member' : r.key)) }))
    .map((r) => (spend ? withSpend(r, spend) : r))
    .sort((a, b) => b.revenue - a.revenue || b.leads - a.leads || a.label.localeCompare(b.label));
  const sum = (k: 'leads' | 'contacted' | 'booked' | 'paid' | 'revenue') => labelled.reduce((n, r) => n + r[k], 0);
  const totals = {
    leads: sum('leads'),
    contacted: sum('contacted'),
    booked: sum('booked'),
    paid: sum('paid'),
    revenue: sum('revenue'),
    medianDaysToPaid: median,
  };
  return { data: labelled, by, ...period, totals };
}

function monthParam(c: Context, name: 'from' | 'to'): string | undefined {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return undefined;
  if (!isMonth(raw)) throw new HttpError(400, REPORT_MESSAGES.monthInvalid(name), { [name]: REPORT_MESSAGES.monthInvalid(name) });
  return raw;
}

export function reports(deps: Deps): Hono {
  return new Hono()
    .get('/funnel', guard(deps, 'reports.read'), async (c) => c.json(await funnel(deps, c, c.get('adminSession').admin)))
    .get('/revenue', guard(deps, 'reports.read'), async (c) => {
      const period = periodOf(c, nowOf(deps));
      await refreshReport(deps.db, FRESH_PEOPLE, false);
      const body: RevenueResponse = { data: await revenueWeeks(deps.db, period, c.get('adminSession').admin), ...period };
      return c.json(body);
    })
    .get('/spend', guard(deps, 'spend.read'), async (c) => {
      const from = monthParam(c, 'from') ?? '0001-01';
      const to = monthParam(c, 'to') ?? '9999-12';
      const rows = await sql<{ source: string; month: string; rupees: number }>`
        select source, to_char(month, 'YYYY-MM') as month, rupees from report_spend
        where month between ${`${from}-01`}::date and ${`${to}-01`}::date order by month desc, source`.execute(deps.db);
      const body: SpendResponse = { data: rows.rows };
      return c.json(body);
    })
    .put('/spend', guard(deps, 'spend.manage'), async (c) => {
      const checked = checkSpend(await readJsonBody(c, BODY_MAX_BYTES));
      if (!checked.ok) throw new HttpError(400, Object.values(checked.errors)[0]!, checked.errors);
      const { source, month, rupees } = checked.value;
      await sql`insert into report_spend (source, month, rupees, updated_by) values (${source}, ${`${month}-01`}::date, ${rupees}, ${c.get('adminSession').admin.id})
        on conflict (source, month) do update set rupees = excluded.rupees, updated_at = now(), updated_by = excluded.updated_by`.execute(
        deps.db,
      );
      return c.json({ message: REPORT_MESSAGES.spendSaved, entry: checked.value });
    });
}

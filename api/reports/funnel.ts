// The report's reads, all from the rollup's cells (api/reports/rollup.ts): the funnel by a
// key, the revenue by IST week of payment and source, and the period's spend per source
// (each month's spend counted pro rata to the days of it the period covers).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FunnelRow, ReportDimension, RevenueWeek } from '../../contract/reports.ts';
import type { Database } from '../db/schema.ts';
import { seesAllLeads } from '../desk/access.ts';
import type { Member } from '../auth/auth.ts';

export interface Period {
  /** IST days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

type Counts = Omit<FunnelRow, 'key' | 'label' | 'medianDaysToPaid'>;

/** The cells a member may count: a counsellor's people and the pool's, as every read of leads. */
function cellScope(member: Pick<Member, 'id' | 'role'>): RawBuilder<boolean> {
  if (seesAllLeads(member)) return sql<boolean>`scope = '*'`;
  if (member.role === 'counsellor') return sql<boolean>`scope in (${member.id}, '')`;
  return sql<boolean>`false`;
}

/** The median of values given as (value, how many times), or null when there are none. */
export function weightedMedian(values: Array<{ value: number; n: number }>): number | null {
  const sorted = values.filter((v) => v.n > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, v) => sum + v.n, 0);
  if (total === 0) return null;
  const at = (rank: number) => {
    let seen = 0;
    for (const v of sorted) if ((seen += v.n) > rank) return v.value;
    return sorted.at(-1)!.value;
  };
  return total % 2 === 1 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
}

/** The funnel rows by `by` over people first seen in the period, before labels and spend. */
export async function funnelRows(
  db: Kysely<Database>,
  by: ReportDimension,
  period: Period,
  member: Pick<Member, 'id' | 'role'>,
): Promise<Array<Counts & { key: string | null; medianDaysToPaid: number | null }>> {
  const rows = await sql<{
    key: string;
    days_to_paid: number;
    leads: string;
    contacted: string;
    booked: string;
    paid: string;
    revenue: string;
  }>`
    select key, days_to_paid, sum(leads) as leads, sum(contacted) as contacted, sum(booked) as booked,
      sum(paid) as paid, sum(revenue) as revenue
    from report_cells
    where dimension = ${by} and ${cellScope(member)} and day between ${period.from}::date and ${period.to}::date
    group by key, days_to_paid`.execute(db);
  const byKey = new Map<string, Counts & { days: Array<{ value: number; n: number }> }>();
  for (const r of rows.rows) {
    const row = byKey.get(r.key) ?? { leads: 0, contacted: 0, booked: 0, paid: 0, revenue: 0, days: [] };
    row.leads += Number(r.leads);
    row.contacted += Number(r.contacted);
    row.booked += Number(r.booked);
    row.paid += Number(r.paid);
    row.revenue += Number(r.revenue);
    if (r.days_to_paid >= 0) row.days.push({ value: r.days_to_paid, n: Number(r.paid) });
    byKey.set(r.key, row);
  }
  return [...byKey].map(([k, { days, ...counts }]) => ({ key: k === '' ? null : k, ...counts, medianDaysToPaid: weightedMedian(days) }));
}

/** The median days to paid over every row's people (for the totals). */
export async function totalMedian(db: Kysely<Database>, period: Period, member: Pick<Member, 'id' | 'role'>): Promise<number | null> {
  const rows = await sql<{ value: number; n: string }>`
    select days_to_paid as value, sum(paid) as n from report_cells
    where dimension = 'source' and day between ${period.from}::date and ${period.to}::date and days_to_paid >= 0 and ${cellScope(member)}
    group by days_to_paid`.execute(db);
  return weightedMedian(rows.rows.map((r) => ({ value: r.value, n: Number(r.n) })));
}

/** Revenue and paid people by the IST week (from Monday) they paid in, and source. */
export async function revenueWeeks(db: Kysely<Database>, period: Period, member: Pick<Member, 'id' | 'role'>): Promise<RevenueWeek[]> {
  const rows = await sql<{ week: string; source: string; revenue: string; paid: string }>`
    select to_char(date_trunc('week', (day + days_to_paid)::timestamp), 'YYYY-MM-DD') as week, key as source,
      sum(revenue) as revenue, sum(paid) as paid
    from report_cells
    where dimension = 'source' and days_to_paid >= 0 and (day + days_to_paid) between ${period.from}::date and ${period.to}::date and ${cellScope(member)}
    group by 1, 2 order by 1, 2`.execute(db);
  return rows.rows.map((r) => ({
    week: r.week,
    source: r.source === '' ? null : r.source,
    revenue: Number(r.revenue),
    paid: Number(r.paid),
  }));
}

/** Each source's spend over the period: each month's rupees × the share of its days in the period. */
export async function spendBySource(db: Kysely<Database>, period: Period): Promise<Map<string, number>> {
  const rows = await sql<{ source: string; rupees: string }>`
    select source, sum(rupees * (
      (least(${period.to}::date, (month + interval '1 month - 1 day')::date) - greatest(${period.from}::date, month) + 1)::numeric
      / ((month + interval '1 month')::date - month)
    )) as rupees
    from report_spend
    where month <= ${period.to}::date and (month + interval '1 month')::date > ${period.from}::date
    group by source`.execute(db);
  return new Map(rows.rows.map((r) => [r.source, Number(r.rupees)]));
}

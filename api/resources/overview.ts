// GET /api/admin/overview (members who read leads): new leads per day for the last 30 days
// by list, totals for today, 7 and 30 days and the leads by utm_source over them (spam left
// out of all three), leads by status (spam included), the mail that failed for good, and
// speed to lead with each member's figures over the same 30 days (desk/speed-to-lead.ts).
// Days are India Standard Time (the business's day; UTC+5:30 all year, so plain arithmetic).
import { Hono } from 'hono';
import { sql } from 'kysely';
import { OVERVIEW_DAYS, OVERVIEW_SOURCES, type OverviewResponse } from '../../contract/console.ts';
import { LEAD_KINDS, LEAD_STATUSES, LIST_SLUGS, type LeadStatus, type ListSlug } from '../../contract/lead-kinds.ts';
import { nowOf, type Deps } from '../deps.ts';
import { ALL_LISTED } from '../leads/definitions.ts';
import { istDayStart } from '../leads/list-query.ts';
import { speedToLead } from '../desk/speed-to-lead.ts';
import { guard } from '../desk/access.ts';

const IST_OFFSET_MS = 330 * 60_000;

/** The IST date of an instant, as YYYY-MM-DD. */
export function istDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

function emptyCounts(): Record<ListSlug, number> {
  return Object.fromEntries(LIST_SLUGS.map((s) => [s, 0])) as Record<ListSlug, number>;
}

export function overview(deps: Deps): Hono {
  return new Hono().get('/', guard(deps, 'overview.read'), async (c) => {
    const today = istDate(nowOf(deps));
    const dates = Array.from({ length: OVERVIEW_DAYS }, (_, i) =>
      istDate(new Date(istDayStart(today).getTime() - (OVERVIEW_DAYS - 1 - i) * 86_400_000 + 1)),
    );
    const since = istDayStart(dates[0]!);
    const days = new Map(dates.map((date) => [date, emptyCounts()]));

    // One pass over each list's 30 days gives both the days and the sources (grouping sets:
    // a row per day with by_day set, a row per source without).
    const now = nowOf(deps);
    const [perList, statuses, mail, speed] = await Promise.all([
      Promise.all(
        ALL_LISTED.map(async (lead) => {
          const rows = await sql<{ day: string | null; utm_source: string | null; by_day: boolean; n: string }>`
            select day, utm_source, grouping(utm_source) = 1 as by_day, count(*) as n
            from (
              select to_char((created_at at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD') as day, utm_source
              from ${sql.table(lead.table)} where created_at >= ${since} and status <> 'spam'
            ) recent
            group by grouping sets ((day), (utm_source))`.execute(deps.db);
          return {
            list: LEAD_KINDS[lead.kind].list.slug,
            rows: rows.rows.filter((r) => r.by_day),
            sources: rows.rows.filter((r) => !r.by_day),
          };
        }),
      ),
      deps.db.selectFrom('lead_status_counts').select(['status', 'n']).execute(),
      deps.db
        .selectFrom('mail_queue')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'failed')
        .executeTakeFirstOrThrow(),
      speedToLead(deps.db, since, now, deps.config.slaMinutes),
    ]);
    for (const { list, rows } of perList) {
      for (const row of rows) {
        const counts = days.get(row.day ?? '');
        if (counts) counts[list] += Number(row.n);
      }
    }
    const byStatus = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number>;
    for (const row of statuses) if (row.status in byStatus) byStatus[row.status] += Number(row.n);

    const sources = new Map<string | null, number>();
    for (const row of perList.flatMap((l) => l.sources)) sources.set(row.utm_source, (sources.get(row.utm_source) ?? 0) + Number(row.n));
    const ranked = [...sources]
      .map(([utmSource, count]) => ({ utmSource, count }))
      .sort((a, b) => b.count - a.count || String(a.utmSource).localeCompare(String(b.utmSource)));
    const bySource = ranked.slice(0, OVERVIEW_SOURCES);
    const bySourceOthers = ranked.slice(OVERVIEW_SOURCES).reduce((total, s) => total + s.count, 0);

    const sumFrom = (first: number) =>
      dates.slice(first).reduce((total, date) => total + Object.values(days.get(date)!).reduce((a, b) => a + b, 0), 0);
    const body: OverviewResponse = {
      days: dates.map((date) => ({ date, counts: days.get(date)! })),
      byStatus,
      totals: { today: sumFrom(OVERVIEW_DAYS - 1), week: sumFrom(OVERVIEW_DAYS - 7), month: sumFrom(0) },
      mailFailed: Number(mail.n),
      bySource,
      bySourceOthers,
      ...speed,
    };
    return c.json(body);
  });
}

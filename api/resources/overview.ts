// GET /api/admin/overview (members who read leads): new leads per day for the last 30 days
// by list, totals for today, 7 and 30 days and the leads by utm_source over them (spam left
// out of all three), leads by status (spam included), the mail that failed for good, and
// speed to lead with each member's figures over the same 30 days (desk/speed-to-lead.ts).
// Days are India Standard Time (the business's day; UTC+5:30 all year, so plain arithmetic).
// Every figure is of the leads the member may see (desk/access.ts visibleTo): a counsellor's
// overview counts theirs and the pool, and their team table is their own row (another
// member's figures are that member's leads); the failed mail only for those who read the mail.
import { Hono } from 'hono';
import { sql, type RawBuilder } from 'kysely';
import { overviewDays } from '../desk/overview-days.ts';
import { OVERVIEW_DAYS, OVERVIEW_SOURCES, type OverviewResponse } from '../../contract/overview.ts';
import { LEAD_KINDS, LEAD_STATUSES, LIST_SLUGS, type LeadStatus, type ListSlug } from '../../contract/lead-kinds.ts';
import { nowOf, type Deps } from '../deps.ts';
import { ALL_LISTED } from '../leads/definitions.ts';
import { istDayStart } from '../http/list-params.ts';
import { speedToLead } from '../desk/speed-to-lead.ts';
import { can, guard, seesAllLeads, visibleTo } from '../desk/access.ts';
import { ALL_LEADS } from '../leads/list-query.ts';

const IST_OFFSET_MS = 330 * 60_000;

/** The IST date of an instant, as YYYY-MM-DD. */
export function istDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

function emptyCounts(): Record<ListSlug, number> {
  return Object.fromEntries(LIST_SLUGS.map((s) => [s, 0])) as Record<ListSlug, number>;
}

/** Leads per status (spam included) within `scope`: the kept counts when it is every lead. */
async function statusCounts(deps: Deps, scope: RawBuilder<boolean>): Promise<Array<{ status: string; n: number | string }>> {
  if (scope === ALL_LEADS) return deps.db.selectFrom('lead_status_counts').select(['status', 'n']).execute();
  const perList = sql.join(
    ALL_LISTED.map((lead) => sql`select status from ${sql.table(lead.table)} where ${scope}`),
    sql` union all `,
  );
  const rows = await sql<{ status: string; n: string }>`select status, count(*) as n from (${perList}) seen group by status`.execute(
    deps.db,
  );
  return rows.rows;
}

export function overview(deps: Deps): Hono {
  return new Hono().get('/', guard(deps, 'overview.read'), async (c) => {
    const member = c.get('adminSession').admin;
    const scope = visibleTo(member);
    const today = istDate(nowOf(deps));
    const dates = Array.from({ length: OVERVIEW_DAYS }, (_, i) =>
      istDate(new Date(istDayStart(today).getTime() - (OVERVIEW_DAYS - 1 - i) * 86_400_000 + 1)),
    );
    const days = new Map(dates.map((date) => [date, emptyCounts()]));

    // Each list's days, sources and, per owner, their leads by first-contact minutes: the
    // closed days kept, the last ones counted (desk/overview-days.ts).
    const now = nowOf(deps);
    const [figures, statuses, mail] = await Promise.all([
      overviewDays(
        deps.db,
        ALL_LISTED.map((lead) => ({ list: LEAD_KINDS[lead.kind].list.slug, table: lead.table })),
        dates,
        scope,
      ),
      statusCounts(deps, scope),
      can(member, 'mail.read')
        ? deps.db
            .selectFrom('mail_queue')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('status', '=', 'failed')
            .executeTakeFirstOrThrow()
        : { n: '0' },
    ]);
    const perList = [...figures].map(([list, f]) => ({
      list: list as ListSlug,
      rows: [...f.days].map(([day, n]) => ({ day, n })),
      sources: [...f.sources].map(([utm_source, n]) => ({ utm_source, n })),
      bars: f.bars,
    }));
    const speed = await speedToLead(
      deps.db,
      perList.flatMap((l) => l.bars),
      now,
      deps.config.slaMinutes,
      seesAllLeads(member) ? undefined : member.id,
    );
    for (const { list, rows } of perList) {
      for (const row of rows) {
        const counts = days.get(row.day ?? '');
        if (counts) counts[list] += Number(row.n);
      }
    }
    const byStatus = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number>;
    for (const row of statuses) if (row.status in byStatus) byStatus[row.status as LeadStatus] += Number(row.n);

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

// Speed to lead and the team's figures for the overview: over the period's leads (spam left
// out), how many were contacted, how many within the SLA, and the median working minutes to
// first contact (stored with each lead when it was contacted); per member, their share of the
// period's leads and what came of them, and their next steps overdue now.
//
// The overview reads each list's period once (resources/overview.ts); this takes from that
// pass a histogram per owner (leads by first-contact minutes, null: not contacted), so the
// medians are exact over every list without a second scan of the period's leads.
import { sql, type Kysely } from 'kysely';
import type { SpeedToLead, TeamFigures } from '../../contract/my-day.ts';
import type { Database } from '../db/schema.ts';
import { ALL_LISTED } from '../leads/definitions.ts';

/** One bar of an owner's histogram: leads of theirs whose first contact took `minutes` (null: none yet). */
export interface ContactBar {
  assignee: string | null;
  minutes: number | null;
  leads: number;
  converted: number;
}

/** The median of a histogram of minutes (as percentile_cont(0.5): the mean of the middle two). */
export function medianOf(bars: ReadonlyArray<{ minutes: number; leads: number }>): number | null {
  const sorted = [...bars].filter((b) => b.leads > 0).sort((a, b) => a.minutes - b.minutes);
  const total = sorted.reduce((n, b) => n + b.leads, 0);
  if (total === 0) return null;
  const at = (k: number) => {
    let seen = 0;
    for (const b of sorted) {
      seen += b.leads;
      if (k < seen) return b.minutes;
    }
    return sorted.at(-1)!.minutes;
  };
  return Math.round((at(Math.floor((total - 1) / 2)) + at(Math.floor(total / 2))) / 2);
}

function figures(bars: ContactBar[], slaMinutes: number) {
  const contactedBars = bars.filter((b): b is ContactBar & { minutes: number } => b.minutes !== null);
  return {
    total: bars.reduce((n, b) => n + b.leads, 0),
    contacted: contactedBars.reduce((n, b) => n + b.leads, 0),
    withinSla: contactedBars.filter((b) => b.minutes <= slaMinutes).reduce((n, b) => n + b.leads, 0),
    converted: bars.reduce((n, b) => n + b.converted, 0),
    median: medianOf(contactedBars),
  };
}

/**
 * Next steps past due now, per owner (open leads only). The predicate is the overdue index's
 * (migration T0310), so each list's count is an index-only scan of its overdue entries.
 */
async function overdueByMember(db: Kysely<Database>, now: Date): Promise<Map<string, number>> {
  const due = sql.join(
    ALL_LISTED.map(
      (lead) =>
        sql`select assignee_id from ${sql.table(lead.table)} where next_action_due_at < ${now} and next_action_due_at is not null and assignee_id is not null and status in ('new', 'contacted')`,
    ),
    sql` union all `,
  );
  const rows = await sql<{
    assignee_id: string;
    n: string;
  }>`select assignee_id, count(*) as n from (${due}) due group by assignee_id`.execute(db);
  return new Map(rows.rows.map((r) => [r.assignee_id, Number(r.n)]));
}

/** `only`: the one member whose row the team table holds (a counsellor sees their own figures). */
export async function speedToLead(
  db: Kysely<Database>,
  bars: ContactBar[],
  now: Date,
  slaMinutes: number,
  only?: string,
): Promise<{ speedToLead: SpeedToLead; team: TeamFigures[] }> {
  const [overdue, members] = await Promise.all([
    overdueByMember(db, now),
    db.selectFrom('admins').select(['id', 'name', 'email', 'role', 'active']).execute(),
  ]);
  const byMember = new Map<string, ContactBar[]>();
  for (const bar of bars) if (bar.assignee) byMember.set(bar.assignee, [...(byMember.get(bar.assignee) ?? []), bar]);
  const whole = figures(bars, slaMinutes);
  const team = members
    .filter((m) => only === undefined || m.id === only)
    .filter((m) => byMember.has(m.id) || overdue.has(m.id) || (m.active && (m.role === 'counsellor' || m.role === 'admin')))
    .map((m) => {
      const f = figures(byMember.get(m.id) ?? [], slaMinutes);
      return {
        id: m.id,
        name: m.name.trim() || m.email,
        assigned: f.total,
        contacted: f.contacted,
        converted: f.converted,
        overdue: overdue.get(m.id) ?? 0,
        medianFirstContactMinutes: f.median,
      };
    })
    .sort((a, b) => b.assigned - a.assigned || a.name.localeCompare(b.name));
  return {
    speedToLead: { medianMinutes: whole.median, withinSla: whole.withinSla, contacted: whole.contacted, total: whole.total, slaMinutes },
    team,
  };
}

// Speed to lead and the team's figures for the overview: over the period's leads (spam left
// out), how many were contacted, how many within the SLA, and the median working minutes to
// first contact (stored with each lead when it was contacted, so this is SQL over stored
// figures); per member, their share of the period's leads and what came of them, and their
// next actions overdue now.
import { sql, type Kysely } from 'kysely';
import type { SpeedToLead, TeamFigures } from '../../contract/desk.ts';
import type { Database } from '../db/schema.ts';
import { ALL_LISTED } from '../leads/definitions.ts';

interface Figures {
  assignee_id: string | null;
  whole: boolean;
  total: string;
  contacted: string;
  within: string;
  converted: string;
  median: number | string | null;
}

const median = (v: number | string | null) => (v === null ? null : Math.round(Number(v)));

export async function speedToLead(
  db: Kysely<Database>,
  since: Date,
  now: Date,
  slaMinutes: number,
): Promise<{ speedToLead: SpeedToLead; team: TeamFigures[] }> {
  const recent = sql.join(
    ALL_LISTED.map(
      (lead) =>
        sql`select assignee_id, status, first_contact_at, first_contact_minutes from ${sql.table(lead.table)} where created_at >= ${since} and status <> 'spam'`,
    ),
    sql` union all `,
  );
  const overdueUnion = sql.join(
    ALL_LISTED.map(
      (lead) =>
        sql`select assignee_id from ${sql.table(lead.table)} where next_action_due_at < ${now} and assignee_id is not null and status in ('new', 'contacted')`,
    ),
    sql` union all `,
  );
  const [figures, overdue, members] = await Promise.all([
    sql<Figures>`
      select assignee_id, grouping(assignee_id) = 1 as whole, count(*) as total, count(first_contact_at) as contacted,
        count(*) filter (where first_contact_minutes <= ${slaMinutes}) as within,
        count(*) filter (where status = 'converted') as converted,
        percentile_cont(0.5) within group (order by first_contact_minutes) as median
      from (${recent}) recent
      group by grouping sets ((assignee_id), ())`.execute(db),
    sql<{ assignee_id: string; n: string }>`select assignee_id, count(*) as n from (${overdueUnion}) due group by assignee_id`.execute(db),
    db.selectFrom('admins').select(['id', 'name', 'email', 'role', 'active']).execute(),
  ]);
  const whole = figures.rows.find((r) => r.whole);
  const byMember = new Map(figures.rows.filter((r) => !r.whole && r.assignee_id).map((r) => [r.assignee_id!, r]));
  const overdueBy = new Map(overdue.rows.map((r) => [r.assignee_id, Number(r.n)]));
  const team = members
    .filter((m) => byMember.has(m.id) || overdueBy.has(m.id) || (m.active && (m.role === 'counsellor' || m.role === 'admin')))
    .map((m) => {
      const f = byMember.get(m.id);
      return {
        id: m.id,
        name: m.name.trim() || m.email,
        assigned: Number(f?.total ?? 0),
        contacted: Number(f?.contacted ?? 0),
        converted: Number(f?.converted ?? 0),
        overdue: overdueBy.get(m.id) ?? 0,
        medianFirstContactMinutes: median(f?.median ?? null),
      };
    })
    .sort((a, b) => b.assigned - a.assigned || a.name.localeCompare(b.name));
  return {
    speedToLead: {
      medianMinutes: median(whole?.median ?? null),
      withinSla: Number(whole?.within ?? 0),
      contacted: Number(whole?.contacted ?? 0),
      total: Number(whole?.total ?? 0),
      slaMinutes,
    },
    team,
  };
}

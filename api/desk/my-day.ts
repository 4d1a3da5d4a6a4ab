// A member's day (GET /api/admin/my-day): their leads no one has contacted yet (oldest
// first, each with its SLA clock in working minutes: a lead round robin has just given them
// has no next step, and would otherwise appear nowhere), their next actions past due
// (overdue, oldest first), those due from now to the end of today in India Standard Time
// (due today), and the newest unassigned leads anyone may take. Open leads only (new or contacted), spam
// never. Each list's part is one index range (assignee, due) or (assignee, created) scan.
import { sql, type Kysely } from 'kysely';
import { istDateOf, istMidnight } from '../../contract/working-hours.ts';
import { MY_DAY_MAX, type MyDayItem, type MyDayResponse } from '../../contract/my-day.ts';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import type { Database } from '../db/schema.ts';
import { ALL_LISTED, type ListedLead, type ListedRow } from '../leads/definitions.ts';
import { iso } from '../lib/dates.ts';
import type { Config } from '../config.ts';
import { addWorkingMinutes, workingMinutesBetween } from './working-hours.ts';

/** A lead's name as the desk shows it (contact messages keep first and last apart). */
export function nameOf(item: Record<string, unknown>): string {
  if (typeof item.name === 'string') return item.name;
  return [item.firstName, item.lastName].filter((p) => typeof p === 'string').join(' ');
}

function toItem(lead: ListedLead, row: ListedRow<ListedLead['table']>): MyDayItem {
  const list = LEAD_KINDS[lead.kind].list.slug;
  return {
    list,
    _id: row.id,
    name: nameOf(lead.listItem(row)),
    phone: row.phone,
    dueAt: row.next_action_due_at ? iso(row.next_action_due_at) : null,
    type: row.next_action_type,
    note: row.next_action_note,
    status: row.status,
    createdAt: iso(row.created_at),
  };
}

/** The end of `now`'s IST day: midnight IST that follows it. */
export function endOfIstDay(now: Date): Date {
  return new Date(istMidnight(istDateOf(now)).getTime() + 86_400_000);
}

export async function myDay(db: Kysely<Database>, assignee: string, now: Date): Promise<Omit<MyDayResponse, 'uncontacted'>> {
  const end = endOfIstDay(now);
  const open = sql`status in ('new', 'contacted')`;
  // A lead not contacted yet is in "New, not contacted yet" with its next step beside its SLA
  // clock; listing it under overdue or due today as well would count one lead twice.
  const uncontacted = sql`(status = 'new' and first_contact_at is null)`;
  const perList = await Promise.all(
    ALL_LISTED.map(async (lead) => {
      const table = sql.table(lead.table);
      const [due, pool] = await Promise.all([
        sql<ListedRow<typeof lead.table>>`
          select * from ${table}
          where assignee_id = ${assignee} and next_action_due_at is not null and next_action_due_at < ${end} and ${open}
            and not ${uncontacted}
          order by next_action_due_at, id limit ${MY_DAY_MAX}`.execute(db),
        sql<ListedRow<typeof lead.table>>`
          select * from ${table} where assignee_id is null and ${open}
          order by created_at desc, id desc limit ${MY_DAY_MAX}`.execute(db),
      ]);
      return { due: due.rows.map((r) => toItem(lead, r)), pool: pool.rows.map((r) => toItem(lead, r)) };
    }),
  );
  const due = perList.flatMap((p) => p.due).sort((a, b) => Date.parse(a.dueAt!) - Date.parse(b.dueAt!));
  const nowMs = now.getTime();
  return {
    overdue: due.filter((i) => Date.parse(i.dueAt!) < nowMs).slice(0, MY_DAY_MAX),
    dueToday: due.filter((i) => Date.parse(i.dueAt!) >= nowMs).slice(0, MY_DAY_MAX),
    unassigned: perList
      .flatMap((p) => p.pool)
      .sort((a, b) => Date.parse(b.createdAt!) - Date.parse(a.createdAt!))
      .slice(0, MY_DAY_MAX)
      .map((i) => ({ ...i, dueAt: null, type: null })),
  };
}

/**
 * The member's leads still new and never contacted, oldest first (the longest wait on top),
 * each with the working minutes it has waited and when it passes the SLA. Whatever next
 * step they may have, they are listed here until the first contact is logged.
 */
export async function uncontactedOf(
  db: Kysely<Database>,
  assignee: string,
  now: Date,
  sla: Pick<Config, 'slaMinutes' | 'workingHours'>,
): Promise<MyDayItem[]> {
  const perList = await Promise.all(
    ALL_LISTED.map(async (lead) => {
      const rows = await sql<ListedRow<typeof lead.table>>`
        select * from ${sql.table(lead.table)}
        where assignee_id = ${assignee} and status = 'new' and first_contact_at is null
        order by created_at, id limit ${MY_DAY_MAX}`.execute(db);
      return rows.rows.map((r) => {
        const arrived = new Date(r.created_at);
        return {
          ...toItem(lead, r),
          waitedMinutes: Math.floor(workingMinutesBetween(arrived, now, sla.workingHours)),
          slaDueAt: addWorkingMinutes(arrived, sla.slaMinutes, sla.workingHours).toISOString(),
        };
      });
    }),
  );
  return perList
    .flat()
    .sort((a, b) => Date.parse(a.createdAt!) - Date.parse(b.createdAt!))
    .slice(0, MY_DAY_MAX);
}

// A member's day (GET /api/admin/my-day): their leads no one has contacted yet (oldest
// first, each with its SLA clock in working minutes: a lead round robin has just given them
// has no next step, and would otherwise appear nowhere), their next actions past due
// (overdue, oldest first), those due from now to the end of today in India Standard Time
// (due today), and the newest unassigned leads anyone may take. Open leads only (new or contacted), spam
// never. Each part is one statement over every list: each list's first MY_DAY_MAX by one
// index range, (assignee, due) or (assignee, created), then the first MY_DAY_MAX of those,
// with only the columns an item shows (a counsellor's day at a million leads read some 3,400
// whole rows to keep 800 of them).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { istDateOf, istMidnight } from '../../contract/working-hours.ts';
import { MY_DAY_MAX, type MyDayItem, type MyDayResponse } from '../../contract/my-day.ts';
import { LEAD_KINDS, columnOf, storedFieldsOf, type LeadStatus, type ListSlug } from '../../contract/lead-kinds.ts';
import type { ActionType } from '../../contract/activities.ts';
import type { Database } from '../db/schema.ts';
import { ALL_LISTED, type ListedLead } from '../leads/definitions.ts';
import { iso } from '../lib/dates.ts';
import type { Config } from '../config.ts';
import { addWorkingMinutes, workingMinutesBetween } from './working-hours.ts';

/** A lead's name as the desk shows it (contact messages keep first and last apart). */
export function nameOf(item: Record<string, unknown>): string {
  if (typeof item.name === 'string') return item.name;
  return [item.firstName, item.lastName].filter((p) => typeof p === 'string').join(' ');
}

/** nameOf in SQL, from the kind's stored fields: its name, else its first and last names joined. */
function nameSql(lead: ListedLead): RawBuilder<string> {
  const columns = new Map(storedFieldsOf(LEAD_KINDS[lead.kind]).map((field) => [field.key, columnOf(field)!]));
  const name = columns.get('name');
  if (name) return sql<string>`coalesce(${sql.ref(name)}, '')`;
  const parts = ['firstName', 'lastName'].flatMap((key) => columns.get(key) ?? []);
  return parts.length > 0 ? sql<string>`concat_ws(' ', ${sql.join(parts.map((column) => sql.ref(column)))})` : sql<string>`''`;
}

interface ItemRow {
  list: ListSlug;
  id: string;
  name: string;
  phone: string;
  next_action_due_at: Date | null;
  next_action_type: ActionType | null;
  next_action_note: string | null;
  status: LeadStatus;
  created_at: Date;
}

function toItem(row: ItemRow): MyDayItem {
  return {
    list: row.list,
    _id: row.id,
    name: row.name,
    phone: row.phone,
    dueAt: row.next_action_due_at ? iso(row.next_action_due_at) : null,
    type: row.next_action_type,
    note: row.next_action_note,
    status: row.status,
    createdAt: iso(row.created_at),
  };
}

/** An order of the items: within a list (by its index), and across lists (ties in the lists' order, as the desk always listed them). */
const ORDERS = {
  due: { inList: sql`next_action_due_at, id`, across: sql`next_action_due_at, ord, id` },
  oldest: { inList: sql`created_at, id`, across: sql`created_at, ord, id` },
  newest: { inList: sql`created_at desc, id desc`, across: sql`created_at desc, ord, id desc` },
};

/** The first MY_DAY_MAX open leads of every list that `where` holds for, in `order`. */
async function firstItems(db: Kysely<Database>, where: RawBuilder<boolean>, order: keyof typeof ORDERS): Promise<ItemRow[]> {
  const { inList, across } = ORDERS[order];
  const perList = ALL_LISTED.map(
    (lead, ord) => sql`(select ${LEAD_KINDS[lead.kind].list.slug}::text as list, ${sql.lit(ord)} as ord, id, ${nameSql(lead)} as name,
        phone, next_action_due_at, next_action_type, next_action_note, status, created_at
      from ${sql.table(lead.table)} where ${where} order by ${inList} limit ${MY_DAY_MAX})`,
  );
  const rows = await sql<ItemRow>`select * from (${sql.join(perList, sql` union all `)}) items
    order by ${across} limit ${MY_DAY_MAX}`.execute(db);
  return rows.rows;
}

/** The end of `now`'s IST day: midnight IST that follows it. */
export function endOfIstDay(now: Date): Date {
  return new Date(istMidnight(istDateOf(now)).getTime() + 86_400_000);
}

export async function myDay(db: Kysely<Database>, assignee: string, now: Date): Promise<Omit<MyDayResponse, 'uncontacted'>> {
  const open = sql`status in ('new', 'contacted')`;
  // A lead not contacted yet is in "New, not contacted yet" with its next step beside its SLA
  // clock; listing it under overdue or due today as well would count one lead twice.
  const mine = sql`assignee_id = ${assignee} and next_action_due_at is not null and ${open}
    and not (status = 'new' and first_contact_at is null)`;
  const [overdue, dueToday, unassigned] = await Promise.all([
    firstItems(db, sql`${mine} and next_action_due_at < ${now}`, 'due'),
    firstItems(db, sql`${mine} and next_action_due_at >= ${now} and next_action_due_at < ${endOfIstDay(now)}`, 'due'),
    firstItems(db, sql`assignee_id is null and ${open}`, 'newest'),
  ]);
  return {
    overdue: overdue.map(toItem),
    dueToday: dueToday.map(toItem),
    unassigned: unassigned.map((row) => ({ ...toItem(row), dueAt: null, type: null })),
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
  const rows = await firstItems(db, sql`assignee_id = ${assignee} and status = 'new' and first_contact_at is null`, 'oldest');
  return rows.map((row) => {
    const arrived = new Date(row.created_at);
    return {
      ...toItem(row),
      waitedMinutes: Math.floor(workingMinutesBetween(arrived, now, sla.workingHours)),
      slaDueAt: addWorkingMinutes(arrived, sla.slaMinutes, sla.workingHours).toISOString(),
    };
  });
}

// Reminders: when a lead's next action comes due, its owner's open consoles show it (a
// server-sent event). The scheduler's round (api/jobs/rounds.ts) looks every few seconds; a due reminder is claimed by
// the update that sets next_action_reminded_at (the row's lock lets one transaction have
// it, SKIP LOCKED lets the others pass), and its NOTIFY is sent in that same transaction,
// so each reminder goes out exactly once across instances. A new due time starts again.
// The same transaction writes the owner's notification (the bell, and a push after it commits).
import { sql, type Kysely } from 'kysely';
import type { NextAction } from '../../contract/activities.ts';
import { LEAD_KINDS } from '../../contract/lead-kinds.ts';
import type { Database } from '../db/schema.ts';
import { ALL_LISTED, type ListedRow } from '../leads/definitions.ts';
import type { ChannelEvent } from '../leads/events.ts';
import { iso } from '../lib/dates.ts';
import { nameOf } from './my-day.ts';
import { notifyDue } from '../notify/notices.ts';

/** Reminders claimed per list per round (a backlog is caught up over the next rounds). */
const BATCH = 100;

/** One round: claims and announces the reminders due at `now`; resolves how many. */
export async function remindOnce(db: Kysely<Database>, now: Date): Promise<number> {
  let sent = 0;
  for (const lead of ALL_LISTED) {
    const list = LEAD_KINDS[lead.kind].list.slug;
    const table = sql.table(lead.table);
    sent += await db.transaction().execute(async (trx) => {
      const claimed = await sql<ListedRow<typeof lead.table>>`
        with due as (
          select id from ${table}
          where next_action_due_at <= ${now} and next_action_reminded_at is null and assignee_id is not null
            and status in ('new', 'contacted')
          order by next_action_due_at limit ${BATCH} for update skip locked
        )
        update ${table} t set next_action_reminded_at = ${now} from due where t.id = due.id
        returning t.*`.execute(trx);
      for (const row of claimed.rows) {
        const nextAction: NextAction = { type: row.next_action_type!, dueAt: iso(row.next_action_due_at), note: row.next_action_note };
        const event: ChannelEvent = {
          list,
          type: 'reminder',
          count: 1,
          id: row.id,
          assignee: row.assignee_id,
          name: nameOf(lead.listItem(row)).slice(0, 200),
          nextAction,
        };
        await sql`select pg_notify('lead_events', ${JSON.stringify(event)})`.execute(trx);
        await notifyDue(trx, { list, id: row.id, name: event.name ?? '', assignee: row.assignee_id! }, nextAction);
      }
      return claimed.rows.length;
    });
  }
  return sent;
}

// "A lead was assigned to you": every assignment is in the lead's timeline (lead_history,
// action 'assign'), however it was made (round robin inside the insert's trigger, a member
// in the console, an import, a rule), so this reads the timeline rather than each way of
// assigning. Each round, on one instance at a time (the cursor row's lock; SKIP LOCKED lets
// the others pass), it notifies the assignee of each new entry, once (the entry's id is the
// dedupe key). The cursor only passes entries a minute old: an entry whose transaction took
// its id early but committed late is still read, and one read twice notifies once.
// Taking a lead yourself notifies nobody. A bulk change (or its undo) tells each member once,
// with the number of leads it gave them, not once per lead.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { firstNamesOf, listTitleOf } from './lead-names.ts';
import { notifyMembers } from './notify.ts';

const CURSOR = 'assignments';
const BATCH = 500;
const SETTLE_SECONDS = 60;

interface Entry {
  id: string;
  list: string;
  lead_id: string;
  admin_label: string;
  assignee_id: string;
  /** The member took the lead themselves. */
  took: boolean;
  settled: boolean;
  /** The bulk change (or the undo of one: `undo`) that made it. */
  bulk: string | null;
  undo: boolean;
}

/** One round; resolves how many entries it read (0 when another instance holds the cursor). */
export async function noticeAssignmentsOnce(db: Kysely<Database>): Promise<number> {
  // The cursor row is made by its migration (2026-11-27T0250), at the timeline's end then.
  return db.transaction().execute(async (trx) => {
    const cursor = await sql<{ through: string }>`
      select through::text from notify_cursors where name = ${CURSOR} for update skip locked`.execute(trx);
    const through = cursor.rows[0]?.through;
    if (through === undefined) return 0;
    const entries = await sql<Entry>`
      select id::text, list, lead_id, admin_label, assignee_id, coalesce(admin_id = assignee_id, false) as took,
        created_at < now() - make_interval(secs => ${SETTLE_SECONDS}) as settled,
        coalesce(data->>'bulk', data->>'undo') as bulk, coalesce(data ? 'undo', false) as undo
      from lead_history
      where id > ${through} and action = 'assign' and assignee_id is not null
      order by id limit ${BATCH}`.execute(trx);
    await noticeEach(trx, entries.rows);
    // Up to the last settled entry with none unsettled before it.
    let last = through;
    for (const e of entries.rows) {
      if (!e.settled) break;
      last = e.id;
    }
    if (last !== through) await sql`update notify_cursors set through = ${last} where name = ${CURSOR}`.execute(trx);
    return entries.rows.length;
  });
}

async function noticeEach(trx: Kysely<Database>, entries: Entry[]): Promise<void> {
  const byList = new Map<string, string[]>();
  for (const e of entries) byList.set(e.list, [...(byList.get(e.list) ?? []), e.lead_id]);
  const names = new Map<string, Map<string, string>>();
  for (const [list, ids] of byList) names.set(list, await firstNamesOf(trx, list, ids));
  const told = new Set<string>();
  for (const e of entries) {
    if (e.took) continue;
    const firstName = names.get(e.list)?.get(e.lead_id);
    // A lead erased since: nothing to tell.
    if (!firstName) continue;
    if (e.bulk) {
      const key = `${e.undo ? 'undo' : 'bulk'}:${e.bulk}:${e.assignee_id}`;
      if (!told.has(key)) await noticeBulk(trx, e, firstName);
      told.add(key);
      continue;
    }
    await notifyMembers(trx, {
      memberIds: [e.assignee_id],
      kind: 'assigned',
      lead: { list: e.list, id: e.lead_id, firstName },
      title: `New lead: ${firstName}`,
      body: `${listTitleOf(e.list)}, given to you by ${e.admin_label}`,
      dedupeKey: `assign:${e.id}`,
    });
  }
}

/** One notice per member for a bulk change, however many rounds its entries span (its key). */
async function noticeBulk(trx: Kysely<Database>, e: Entry, firstName: string): Promise<void> {
  const counted = await sql<{ n: number }>`
    select count(*)::int as n from bulk_change_leads where change_id = ${e.bulk}::uuid
      and ${e.undo ? sql`restored and assignee_id = ${e.assignee_id}::uuid` : sql`new_assignee_id = ${e.assignee_id}::uuid`}`.execute(trx);
  const n = Math.max(1, counted.rows[0]?.n ?? 1);
  await notifyMembers(trx, {
    memberIds: [e.assignee_id],
    kind: 'assigned',
    lead: { list: e.list, id: e.lead_id, firstName },
    title: n === 1 ? `New lead: ${firstName}` : `${n} new leads`,
    body: `${listTitleOf(e.list)}, given to you by ${e.admin_label}`,
    dedupeKey: `assign-${e.undo ? 'undo' : 'bulk'}:${e.bulk}`,
  });
}

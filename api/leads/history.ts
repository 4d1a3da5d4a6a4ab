// A lead's status and notes. Every change is appended to lead_history (who, what, when) and
// never edited; the status itself lives on the lead's row, so the lists can filter by it.
// A change is announced on lead_events, so every open console refreshes the lead.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { LeadHistoryEntry, LeadUpdate } from '../../contract/console.ts';
import type { LeadStatus, ListSlug } from '../../contract/lead-kinds.ts';
import type { Database } from '../db/schema.ts';
import { iso } from '../lib/dates.ts';
import type { AdminRow } from '../lib/auth.ts';
import type { ListedLead, ListedRow } from './definitions.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isLeadId(id: string): boolean {
  return UUID.test(id);
}

/** How an admin is named in the history: their name, else their email. */
export function adminLabel(admin: AdminRow): string {
  return admin.name.trim() || admin.email;
}

export async function findLead(db: Kysely<Database>, lead: ListedLead, id: string): Promise<ListedRow<typeof lead.table> | undefined> {
  if (!isLeadId(id)) return undefined;
  const result = await sql<ListedRow<typeof lead.table>>`select * from ${sql.table(lead.table)} where id = ${id}`.execute(db);
  return result.rows[0];
}

export async function historyOf(db: Kysely<Database>, list: ListSlug, id: string): Promise<LeadHistoryEntry[]> {
  const rows = await db
    .selectFrom('lead_history')
    .select(['id', 'action', 'from_status', 'to_status', 'note', 'admin_label', 'created_at'])
    .where('list', '=', list)
    .where('lead_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    _id: String(r.id),
    action: r.action,
    from: r.from_status,
    to: r.to_status,
    note: r.note,
    by: r.admin_label,
    at: iso(r.created_at),
  }));
}

async function announce(trx: Transaction<Database>, list: ListSlug, ids: string[]): Promise<void> {
  // One event per lead would flood open consoles on a bulk change: one for a single lead
  // (with its id), one for many.
  const event = ids.length === 1 ? { list, type: 'updated', count: 1, id: ids[0] } : { list, type: 'updated', count: ids.length };
  await sql`select pg_notify('lead_events', ${JSON.stringify(event)})`.execute(trx);
}

/**
 * Applies `{ status?, note? }` to one lead, as `admin`. Resolves false when the lead does not
 * exist. A status equal to the current one records nothing.
 */
export async function updateLead(
  db: Kysely<Database>,
  lead: ListedLead,
  list: ListSlug,
  id: string,
  update: LeadUpdate,
  admin: AdminRow,
): Promise<boolean> {
  if (!isLeadId(id)) return false;
  return db.transaction().execute(async (trx) => {
    const current = await sql<{ status: LeadStatus }>`select status from ${sql.table(lead.table)} where id = ${id} for update`.execute(trx);
    const row = current.rows[0];
    if (!row) return false;
    const by = { list, lead_id: id, admin_id: admin.id, admin_label: adminLabel(admin) };
    let changed = false;
    if (update.status !== undefined && update.status !== row.status) {
      await sql`update ${sql.table(lead.table)} set status = ${update.status} where id = ${id}`.execute(trx);
      await trx
        .insertInto('lead_history')
        .values({ ...by, action: 'status', from_status: row.status, to_status: update.status })
        .execute();
      changed = true;
    }
    if (update.note !== undefined) {
      await trx
        .insertInto('lead_history')
        .values({ ...by, action: 'note', note: update.note })
        .execute();
      changed = true;
    }
    if (changed) await announce(trx, list, [id]);
    return true;
  });
}

/** One status for several leads of a list; resolves with the ids changed (unknown and unchanged ones are skipped). */
export async function setStatuses(
  db: Kysely<Database>,
  lead: ListedLead,
  list: ListSlug,
  ids: string[],
  status: LeadStatus,
  admin: AdminRow,
): Promise<string[]> {
  const valid = [...new Set(ids.filter(isLeadId))];
  if (valid.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const table = sql.table(lead.table);
    // Locked in id order, so two bulk changes never wait on each other in a circle.
    const changed = await sql<{ id: string; from_status: LeadStatus }>`
      with old as (
        select id, status from ${table} where id = any(${valid}::uuid[]) and status <> ${status} order by id for update
      )
      update ${table} set status = ${status} from old where ${table}.id = old.id
      returning ${table}.id, old.status as from_status`.execute(trx);
    if (changed.rows.length === 0) return [];
    await trx
      .insertInto('lead_history')
      .values(
        changed.rows.map((r) => ({
          list,
          lead_id: r.id,
          admin_id: admin.id,
          admin_label: adminLabel(admin),
          action: 'status' as const,
          from_status: r.from_status,
          to_status: status,
        })),
      )
      .execute();
    await announce(
      trx,
      list,
      changed.rows.map((r) => r.id),
    );
    return changed.rows.map((r) => r.id);
  });
}

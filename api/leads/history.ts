// A lead's history: every change (status, note, assignment, activity, next action, merge) is
// appended to lead_history (who, what, when) and never edited; the current state (status,
// owner, next action) lives on the lead's row, so the lists can filter by it. A change is
// announced on lead_events, with the lead's owner before and after, so every open console
// that may see the lead refreshes it (desk/access.ts decides who may).
import { sql, type Insertable, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { LeadHistoryEntry } from '../../contract/lead-detail.ts';
import type { LeadStatus, ListSlug } from '../../contract/lead-kinds.ts';
import type { NextAction } from '../../contract/activities.ts';
import type { Database, LeadHistoryTable } from '../db/schema.ts';
import { iso } from '../lib/dates.ts';
import type { AdminRow } from '../auth/auth.ts';
import type { ListedLead, ListedRow } from './definitions.ts';
import type { ChannelEvent } from './events.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isLeadId(id: string): boolean {
  return UUID.test(id);
}

/** How a member is named in the history: their name, else their email. */
export function adminLabel(admin: AdminRow): string {
  return admin.name.trim() || admin.email;
}

/** The lead, if it exists and is within `scope` (desk/access.ts visibleTo; every lead without one). */
export async function findLead(
  db: Kysely<Database>,
  lead: ListedLead,
  id: string,
  scope: RawBuilder<boolean> = sql<boolean>`true`,
): Promise<ListedRow<typeof lead.table> | undefined> {
  if (!isLeadId(id)) return undefined;
  const result = await sql<ListedRow<typeof lead.table>>`select * from ${sql.table(lead.table)} where id = ${id} and ${scope}`.execute(db);
  return result.rows[0];
}

export async function historyOf(db: Kysely<Database>, list: ListSlug, id: string): Promise<LeadHistoryEntry[]> {
  const rows = await db
    .selectFrom('lead_history')
    .selectAll()
    .where('list', '=', list)
    .where('lead_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => {
    const entry: LeadHistoryEntry = {
      _id: String(r.id),
      action: r.action,
      from: r.from_status,
      to: r.to_status,
      note: r.note,
      by: r.admin_label,
      at: iso(r.created_at),
    };
    if (r.action === 'activity') Object.assign(entry, { activityType: r.activity_type, outcome: r.outcome });
    if (r.action === 'assign') entry.assignee = r.assignee_id ? { _id: r.assignee_id, name: r.assignee_label ?? '' } : null;
    if (r.action === 'next-action') entry.nextAction = (r.data?.nextAction as NextAction | null | undefined) ?? null;
    if (r.action === 'tag' && r.data?.untagged === true) entry.untagged = true;
    return entry;
  });
}

export type HistoryRow = Insertable<LeadHistoryTable>;

export async function record(trx: Kysely<Database>, rows: HistoryRow[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('lead_history').values(rows).execute();
}

/** What a change of one lead announces: its owner now and, when it changed, before. */
export interface Changed {
  id: string;
  assignee: string | null;
  previous?: string | null;
}

export async function announce(trx: Transaction<Database> | Kysely<Database>, list: ListSlug, changes: Changed[]): Promise<void> {
  if (changes.length === 0) return;
  // One event per lead would flood open consoles on a bulk change: one for a single lead
  // (with its id and owners), one for many.
  const [only] = changes;
  const event: ChannelEvent =
    changes.length === 1 && only
      ? {
          list,
          type: 'updated',
          count: 1,
          id: only.id,
          assignee: only.assignee,
          ...(only.previous !== undefined ? { previous: only.previous } : {}),
        }
      : {
          list,
          type: 'updated',
          count: changes.length,
          // A bulk assignment names its one new owner, so their console can say so.
          ...(changes.every((c) => c.previous !== undefined && c.assignee === only?.assignee) ? { assignee: only?.assignee ?? null } : {}),
        };
  await sql`select pg_notify('lead_events', ${JSON.stringify(event)})`.execute(trx);
}

/**
 * One status for several leads of a list, within `scope`; resolves with the ids changed
 * (unknown, unseen and unchanged ones are skipped).
 */
export async function setStatuses(
  db: Kysely<Database>,
  lead: ListedLead,
  list: ListSlug,
  ids: string[],
  status: LeadStatus,
  admin: AdminRow,
  scope: RawBuilder<boolean> = sql<boolean>`true`,
): Promise<string[]> {
  const valid = [...new Set(ids.filter(isLeadId))];
  if (valid.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const table = sql.table(lead.table);
    // Locked in id order, so two bulk changes never wait on each other in a circle.
    const changed = await sql<{ id: string; from_status: LeadStatus; assignee_id: string | null }>`
      with old as (
        select id, status from ${table} where id = any(${valid}::uuid[]) and status <> ${status} and ${scope} order by id for update
      )
      update ${table} set status = ${status} from old where ${table}.id = old.id
      returning ${table}.id, old.status as from_status, ${table}.assignee_id`.execute(trx);
    if (changed.rows.length === 0) return [];
    await record(
      trx,
      changed.rows.map((r) => ({
        list,
        lead_id: r.id,
        admin_id: admin.id,
        admin_label: adminLabel(admin),
        action: 'status' as const,
        from_status: r.from_status,
        to_status: status,
      })),
    );
    await announce(
      trx,
      list,
      changed.rows.map((r) => ({ id: r.id, assignee: r.assignee_id })),
    );
    return changed.rows.map((r) => r.id);
  });
}

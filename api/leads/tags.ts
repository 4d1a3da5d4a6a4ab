// A lead's tags (contract/tags.ts), as a member reads and changes them one lead at a time.
// Rules (rules/actions.ts) and bulk changes (desk/bulk.ts) write lead_tags set-wise in their
// own statements; what they share with this file is the table and the history entry's shape:
// action 'tag', the tag as its note, `data.untagged` when it was taken back.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { TAGS_LISTED_MAX, type TagCount } from '../../contract/tags.ts';
import type { ListSlug } from '../../contract/lead-kinds.ts';
import type { Database } from '../db/schema.ts';
import type { HistoryRow } from './history.ts';

/** The lead's tags, oldest first (the order they were given). */
export async function tagsOf(db: Kysely<Database>, list: ListSlug, id: string): Promise<string[]> {
  const rows = await db
    .selectFrom('lead_tags')
    .select('tag')
    .where('list', '=', list)
    .where('lead_id', '=', id)
    .orderBy('created_at')
    .orderBy('tag')
    .execute();
  return rows.map((r) => r.tag);
}

/** The tags of a page of one list's leads, by lead id, each lead's oldest first (leads with none are absent). */
export async function tagsOfLeads(db: Kysely<Database>, list: ListSlug, ids: readonly string[]): Promise<Map<string, string[]>> {
  const byLead = new Map<string, string[]>();
  if (ids.length === 0) return byLead;
  const rows = await db
    .selectFrom('lead_tags')
    .select(['lead_id', 'tag'])
    .where('list', '=', list)
    .where('lead_id', 'in', ids)
    .orderBy('created_at')
    .orderBy('tag')
    .execute();
  for (const { lead_id, tag } of rows) byLead.set(lead_id, [...(byLead.get(lead_id) ?? []), tag]);
  return byLead;
}

type By = Pick<HistoryRow, 'list' | 'lead_id' | 'admin_id' | 'admin_label'>;

/**
 * Gives the lead `tag` and/or takes `untag` back, in the caller's transaction (the lead's row
 * is locked by it). Only a real change is written in the timeline: a tag the lead already had,
 * or one it did not have, changes nothing.
 */
export async function retag(
  trx: Kysely<Database>,
  by: By,
  change: { tag?: string | undefined; untag?: string | undefined },
): Promise<HistoryRow[]> {
  const rows: HistoryRow[] = [];
  const where = { list: by.list, lead_id: by.lead_id };
  if (change.untag !== undefined && change.untag !== change.tag) {
    const removed = await trx
      .deleteFrom('lead_tags')
      .where('list', '=', where.list)
      .where('lead_id', '=', where.lead_id)
      .where('tag', '=', change.untag)
      .returning('tag')
      .executeTakeFirst();
    if (removed) rows.push({ ...by, action: 'tag', note: change.untag, data: { untagged: true } });
  }
  if (change.tag !== undefined) {
    const added = await trx
      .insertInto('lead_tags')
      .values({ ...where, tag: change.tag })
      .onConflict((oc) => oc.columns(['list', 'lead_id', 'tag']).doNothing())
      .returning('tag')
      .executeTakeFirst();
    if (added) rows.push({ ...by, action: 'tag', note: change.tag });
  }
  return rows;
}

/**
 * The tags on a list's leads within `scope` (the member's: desk/access.ts visibleTo), most
 * used first, for the list's tag filter. Spam is left out, as the lists leave it out.
 */
export async function tagCounts(db: Kysely<Database>, table: string, list: ListSlug, scope: RawBuilder<boolean>): Promise<TagCount[]> {
  const { rows } = await sql<{ tag: string; leads: string }>`
    select g.tag, count(*) as leads from lead_tags g
    where g.list = ${list} and g.lead_id in (select id from ${sql.table(table)} where status <> 'spam' and ${scope})
    group by g.tag order by count(*) desc, g.tag limit ${TAGS_LISTED_MAX}`.execute(db);
  return rows.map((r) => ({ tag: r.tag, leads: Number(r.leads) }));
}

/** The list query's condition for `?tag=`: the lead has this tag. */
export function taggedCondition(list: ListSlug, tag: string): RawBuilder<boolean> {
  return sql<boolean>`id in (select g.lead_id from lead_tags g where g.list = ${list} and g.tag = ${tag})`;
}

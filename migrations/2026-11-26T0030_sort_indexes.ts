// Sorting a list by any column (issue 22) at a million leads: each sort key of a list read
// in order from an index, so a page is 50 index entries instead of a sort of the whole
// list (measured at 200,000 leads a list: 100–190 ms a page by a column, 660 ms by owner;
// target p95 under 100 ms). The list query (api/leads/list-query.ts orderBy) sorts by the
// key, then the id, in one direction:
//
// - a text column by lower(column), id; a message, up to 5,000 characters and too long for a
//   b-tree entry, by the lower case of its first 100 characters;
// - the status by status, id (spam, shown only when asked for, in an index of its own);
// - the owner: each member's first leads by id and the pool's, then those few sorted by the
//   owner's name;
// - the next step: the leads with one, in a partial index (few leads have one), the rest by id.
//
// The date needs nothing new: its index gives the order and ties on an instant are few.
import { sql, type Kysely } from 'kysely';

/** Each listed table and its text columns that sort (contract/lead-kinds.ts sortKeysOf). */
const SORTED = [
  ['contact_messages', ['first_name', 'last_name', 'email', 'phone']],
  ['free_join_users', ['name', 'email', 'phone']],
  ['enquiries', ['name', 'email', 'phone', 'background', 'course']],
  ['join_now_users', ['name', 'email', 'phone']],
  ['personality_users', ['name', 'email', 'phone']],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of SORTED) {
    for (const column of columns) {
      await sql`create index ${sql.id(`${table}_${column}_sort_idx`)} on ${sql.table(table)} (lower(${sql.ref(column)}), id)`.execute(db);
    }
    // Spam apart: a list shows it only when asked for it, and a scan down from the last
    // status would otherwise step over every spam lead first.
    await sql`create index ${sql.id(`${table}_status_sort_idx`)} on ${sql.table(table)} (status, id) where status <> 'spam'`.execute(db);
    await sql`create index ${sql.id(`${table}_spam_sort_idx`)} on ${sql.table(table)} (id) where status = 'spam'`.execute(db);
    // With the status, a page's candidates (every status but spam) come from the index alone.
    await sql`create index ${sql.id(`${table}_owner_sort_idx`)} on ${sql.table(table)} (assignee_id, id, status)`.execute(db);
    await sql`create index ${sql.id(`${table}_next_sort_idx`)} on ${sql.table(table)} (next_action_due_at, id)
      where next_action_due_at is not null`.execute(db);
  }
  await sql`create index contact_messages_message_sort_idx on contact_messages (lower(left(message, 100)), id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contact_messages_message_sort_idx').execute();
  for (const [table, columns] of SORTED) {
    for (const index of [...columns, 'status', 'spam', 'owner', 'next']) await db.schema.dropIndex(`${table}_${index}_sort_idx`).execute();
  }
}

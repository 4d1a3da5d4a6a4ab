// A proposal's message is one of its list's sort keys but had no index to read that order
// from (the 2026-11-26 helper made only the short columns'): the same index as the contact
// message's, on its first 100 characters.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index proposals_message_sort_idx on proposals (lower(left(message, 100)), id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('proposals_message_sort_idx').execute();
}

// A list filtered by a tag (`?tag=`, api/leads/tags.ts) asks lead_tags for the leads of one
// list with one tag; the primary key (list, lead_id, tag) answers by lead, so that question
// read every tag of the list. This index answers it directly, and the tag filter's counts
// (most used tags of a list) from the index alone.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index lead_tags_by_tag_idx on lead_tags (list, tag, lead_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists lead_tags_by_tag_idx`.execute(db);
}

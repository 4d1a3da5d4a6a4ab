// A classroom session is a B2B lead for its organisation (issue 23 part 3): the session
// links to the enquiry the sales desk follows up. The enquiry holds the contact person (and
// erasing it clears the link); the session holds only the link.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table classroom_sessions add column lead_id uuid references enquiries (id) on delete set null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table classroom_sessions drop column lead_id`.execute(db);
}

// The language of the form a lead was sent from ('en' or 'hi'): what the site said to the
// visitor, so what we send them later (a booking's email, a reply) can say it in the same
// language. Every listed lead; the rows from before were all sent from the English site.
import { sql, type Kysely } from 'kysely';

const TABLES = [
  'contact_messages',
  'free_join_users',
  'enquiries',
  'join_now_users',
  'personality_users',
  'bookings',
  'proposals',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)} add column site_language text not null default 'en' constraint ${sql.id(
      `${table}_site_language_check`,
    )} check (site_language in ('en', 'hi'))`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql`alter table ${sql.table(table)} drop column site_language`.execute(db);
}

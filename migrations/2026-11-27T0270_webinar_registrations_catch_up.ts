// Webinar registrations' table was made (T0231) before two migrations that fixed their own list
// of lead tables: the form's language (T0260) and the rules' lead.created event (T0241). It gets
// both here, as the other listed tables have them.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table webinar_registrations add column site_language text not null default 'en'
    constraint webinar_registrations_site_language_check check (site_language in ('en', 'hi'))`.execute(db);
  await sql`create trigger webinar_registrations_rule_events after insert on webinar_registrations
    referencing new table as new_rows for each statement execute function enqueue_lead_created('webinars')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger webinar_registrations_rule_events on webinar_registrations`.execute(db);
  await sql`alter table webinar_registrations drop column site_language`.execute(db);
}

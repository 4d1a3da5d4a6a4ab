// Leads a business can trust: where each came from, bots set apart, one registration per
// email.
//
// - source (jsonb): the visitor's first and last touch ({ first, last }, each with utm_*,
//   gclid, fbclid, referrer, landingPath), as cleaned by contract/lead-signals.ts.
//   utm_source: the one the lead is filed and counted under (the last touch's, else the
//   first's), a column so the console can filter by it and count it; indexed only where
//   set, so a lead without one costs its insert nothing more.
// - consent (jsonb): the notice version the person was shown, when they sent the form, their
//   WhatsApp/phone opt-in and, where asked, their age or guardian answer (contract/consent.ts).
// - Spam is a status (already one of the five): a bot's submission is stored as 'spam'.
//   The console's live events leave such rows out: inserts notify with the number of
//   rows that are not spam, and not at all when there are none.
// - join_now_users.registered_email: the lower-cased email of a registration, unique. It
//   is set for rows that count as registrations (not spam), and for existing rows only on
//   the first registration of each email (earlier data may hold repeats; they stay, but
//   only the first holds the email).
// - Erasure: erasure_requests (a visitor's request, taken like any submission, with the
//   hash of its emailed single-use token), withdrawn_certificates (the ids of erased
//   certificates, so their page says withdrawn, with no name), erasure_audit (who, which
//   list, how many, when: no personal data).
// - Alerts: lead_alerts marks each lead alerted (its primary key lets one instance have
//   it), lead_alert_digests the digests sent.
import { sql, type Kysely } from 'kysely';

const TABLES = ['contact_messages', 'free_join_users', 'enquiries', 'join_now_users', 'personality_users'] as const;
const LISTS: Record<(typeof TABLES)[number], string> = {
  contact_messages: 'contact',
  free_join_users: 'join-free',
  enquiries: 'need-help',
  join_now_users: 'join-now',
  personality_users: 'test-form',
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function notify_lead_insert_not_spam() returns trigger language plpgsql as $$
    declare
      n bigint;
    begin
      select count(*) into n from new_rows where status <> 'spam';
      if n > 0 then
        perform pg_notify('lead_events', json_build_object('list', TG_ARGV[0], 'type', 'created', 'count', n)::text);
      end if;
      return null;
    end
    $$`.execute(db);

  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('source', 'jsonb').addColumn('utm_source', 'text').addColumn('consent', 'jsonb').execute();
    await sql`create index ${sql.id(`${table}_utm_source_idx`)} on ${sql.table(table)} (utm_source, created_at desc, id desc) where utm_source is not null`.execute(
      db,
    );
    await sql`drop trigger ${sql.id(`${table}_notify`)} on ${sql.table(table)}`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_notify`)} after insert on ${sql.table(table)}
      referencing new table as new_rows for each statement
      execute function notify_lead_insert_not_spam(${sql.lit(LISTS[table])})`.execute(db);
  }

  await db.schema.alterTable('join_now_users').addColumn('registered_email', 'text').execute();
  await sql`
    update join_now_users set registered_email = lower(email)
    where id in (
      select distinct on (lower(email)) id from join_now_users
      where status <> 'spam'
      order by lower(email), created_at, id
    )`.execute(db);
  await sql`alter table join_now_users add constraint join_now_users_registered_email_key unique (registered_email)`.execute(db);

  await db.schema
    .createTable('erasure_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('request_hash', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('erasure_requests_email_idx').on('erasure_requests').columns(['email', 'created_at']).execute();
  await db.schema
    .createTable('withdrawn_certificates')
    .addColumn('certificate_id', 'text', (c) => c.primaryKey())
    .addColumn('withdrawn_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('erasure_audit')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('actor', 'text', (c) => c.notNull().check(sql`actor in ('admin', 'person')`))
    .addColumn('admin_id', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('admin_label', 'text')
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('erasure_audit_created_idx').on('erasure_audit').column('created_at').execute();

  await db.schema
    .createTable('lead_alerts')
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lead_alerts_pkey', ['list', 'lead_id'])
    .execute();
  await db.schema.createIndex('lead_alerts_created_idx').on('lead_alerts').column('created_at').execute();
  await db.schema
    .createTable('lead_alert_digests')
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('leads', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_alert_digests_sent_idx').on('lead_alert_digests').column('sent_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_alert_digests').execute();
  await db.schema.dropTable('lead_alerts').execute();
  await db.schema.dropTable('erasure_audit').execute();
  await db.schema.dropTable('withdrawn_certificates').execute();
  await db.schema.dropTable('erasure_requests').execute();
  await sql`alter table join_now_users drop constraint join_now_users_registered_email_key`.execute(db);
  await db.schema.alterTable('join_now_users').dropColumn('registered_email').execute();
  for (const table of TABLES) {
    await sql`drop trigger ${sql.id(`${table}_notify`)} on ${sql.table(table)}`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_notify`)} after insert on ${sql.table(table)}
      referencing new table as new_rows for each statement
      execute function notify_lead_insert(${sql.lit(LISTS[table])}, 'created')`.execute(db);
    await db.schema.dropIndex(`${table}_utm_source_idx`).execute();
    await db.schema.alterTable(table).dropColumn('source').dropColumn('utm_source').dropColumn('consent').execute();
  }
  await sql`drop function notify_lead_insert_not_spam()`.execute(db);
}

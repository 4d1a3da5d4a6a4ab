// Webinars admins schedule, and registrations for them: a listed kind ('webinars'), its table
// made from the registry's fields (contract/lead-kinds.ts `webinar`, as storedColumnsOf gave
// them on 2026-11-27) by the dated helper, plus the reminder's claim column.
import { sql, type Kysely } from 'kysely';
import { dropListedTable } from './lib/listed-table-2026-11-26.ts';
import { createListedTableOfFields } from './lib/listed-table-2026-11-27.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webinars')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('join_url', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .execute();
  // The public page: the upcoming ones, soonest first.
  await sql`create index webinars_upcoming_idx on webinars (starts_at) where cancelled_at is null`.execute(db);

  await createListedTableOfFields(db, {
    table: 'webinar_registrations',
    list: 'webinars',
    fields: [
      { column: 'name', type: 'text', searched: 1, sorted: true },
      { column: 'email', type: 'text', searched: 2, sorted: true },
      { column: 'phone', type: 'text', searched: 3, sorted: true },
      { column: 'webinar_id', type: 'uuid' },
    ],
    references: { webinar_id: 'webinars' },
  });
  // Set by the instance that sent the reminder (the update is the claim: once across instances).
  await db.schema.alterTable('webinar_registrations').addColumn('reminded_at', 'timestamptz').execute();
  await sql`create index webinar_registrations_webinar_idx on webinar_registrations (webinar_id) where reminded_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropListedTable(db, 'webinar_registrations', 'webinars');
  await db.schema.dropTable('webinars').execute();
}

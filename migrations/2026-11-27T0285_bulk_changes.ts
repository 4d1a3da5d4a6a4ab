// Bulk work on the lists (api/leads/bulk.ts), and its undo:
//
// - bulk_changes: one row per change (who, which list, the action as given, when, undone?).
// - bulk_change_leads: per lead it changed, what the change overwrote (status, owner, next
//   step), the owner it gave (round robin gives each lead its own), and the lead's timeline
//   entry of the change: a later entry of the same kind means the lead was changed since,
//   and its undo leaves it alone. Kept BULK_UNDO_DAYS days.
// - lead_history learns 'tag' (a tag given, or taken back by an undo), so a bulk tag is in
//   each lead's timeline like any other change.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bulk_changes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('member_id', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('action', 'jsonb', (c) => c.notNull())
    .addColumn('changed', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('undone_at', 'timestamptz')
    .execute();
  await sql`create index bulk_changes_created_idx on bulk_changes (created_at)`.execute(db);
  await db.schema
    .createTable('bulk_change_leads')
    .addColumn('change_id', 'uuid', (c) => c.notNull().references('bulk_changes.id').onDelete('cascade'))
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'uuid', (c) => c.notNull())
    .addColumn('history_id', 'bigint')
    .addColumn('status', 'text')
    .addColumn('assignee_id', 'uuid')
    .addColumn('assigned_at', 'timestamptz')
    .addColumn('next_action_type', 'text')
    .addColumn('next_action_due_at', 'timestamptz')
    .addColumn('next_action_note', 'text')
    .addColumn('next_action_reminded_at', 'timestamptz')
    .addColumn('new_assignee_id', 'uuid')
    .addColumn('restored', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('bulk_change_leads_pkey', ['change_id', 'lead_id'])
    .execute();
  // Erasure finds a lead's rows by it.
  await sql`create index bulk_change_leads_lead_idx on bulk_change_leads (list, lead_id)`.execute(db);
  await sql`alter table lead_history drop constraint lead_history_action_check`.execute(db);
  await sql`alter table lead_history add constraint lead_history_action_check
    check (action in ('status', 'note', 'assign', 'activity', 'next-action', 'merge', 'unmerge', 'rule', 'escalation', 'tag'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from lead_history where action = 'tag'`.execute(db);
  await sql`alter table lead_history drop constraint lead_history_action_check`.execute(db);
  await sql`alter table lead_history add constraint lead_history_action_check
    check (action in ('status', 'note', 'assign', 'activity', 'next-action', 'merge', 'unmerge', 'rule', 'escalation'))`.execute(db);
  await db.schema.dropTable('bulk_change_leads').execute();
  await db.schema.dropTable('bulk_changes').execute();
}

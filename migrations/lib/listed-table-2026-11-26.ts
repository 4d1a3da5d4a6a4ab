// One call that makes a new lead kind's table with everything a listed table has by
// 2026-11-26, which the five first tables gathered over migrations 0001, 0005, 0006, 0010,
// 0011, 0030 and 0032: the submission's key and fingerprint, the console's status, the
// visitor's source and consent, the desk's owner and next step; the indexes of every page,
// search and sort; the triggers of live events, status counts, round robin, assignments
// and the people queue. api/db/table-shape.test.ts checks that a table made here has
// exactly the shape of contact_messages.
//
// Dated, like a migration, and frozen like one: a migration that calls it must make the
// same table forever. When a listed table's shape changes, the changing migration alters
// every listed table, and a new helper (with a new date) makes the new shape.
import { sql, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';

export interface ListedTableSpec {
  /** The table (plural, snake case), e.g. `bookings`. */
  table: string;
  /** Its list's slug (contract/lead-kinds.ts), the argument of every trigger. */
  list: string;
  /**
   * The kind's own columns, added after `id`. `email` and `phone` (text, not null) must be
   * among them: the people links and the indexes below use them.
   */
  columns: (builder: CreateTableBuilder<string, any>) => CreateTableBuilder<string, any>;
  /** Exactly the text its `searchText` (api/leads/definitions.ts) searches. */
  search: RawBuilder<unknown>;
  /** The text columns the list sorts by (contract/lead-kinds.ts sortKeysOf), besides the date. */
  sortColumns: readonly string[];
}

const STATUSES = ['new', 'contacted', 'converted', 'not-interested', 'spam'];
const NEXT_ACTIONS = ['call', 'whatsapp', 'email', 'meeting'];
const literals = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function createListedTable(db: Kysely<any>, spec: ListedTableSpec): Promise<void> {
  await createColumns(db, spec);
  await createIndexes(db, spec);
  await createTriggers(db, spec);
}

export async function dropListedTable(db: Kysely<any>, table: string, list: string): Promise<void> {
  await db.schema.dropTable(table).execute();
  await sql`delete from lead_status_counts where list = ${list}`.execute(db);
}

async function createColumns(db: Kysely<any>, { table, columns }: ListedTableSpec) {
  const withId = db.schema.createTable(table).addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`));
  await columns(withId)
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The client's Idempotency-Key under a unique constraint: a retried delivery stores one row.
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('request_hash', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('new')
        .check(sql`status in (${literals(STATUSES)})`),
    )
    .addColumn('source', 'jsonb')
    .addColumn('utm_source', 'text')
    .addColumn('consent', 'jsonb')
    .addColumn('assignee_id', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('assigned_at', 'timestamptz')
    .addColumn('next_action_type', 'text', (c) => c.check(sql`next_action_type in (${literals(NEXT_ACTIONS)})`))
    .addColumn('next_action_due_at', 'timestamptz')
    .addColumn('next_action_note', 'text')
    .addColumn('next_action_reminded_at', 'timestamptz')
    .addColumn('first_contact_at', 'timestamptz')
    .addColumn('first_contact_minutes', 'integer')
    .execute();
}

async function createIndexes(db: Kysely<any>, { table, search, sortColumns }: ListedTableSpec) {
  const name = (suffix: string) => sql.id(`${table}_${suffix}`);
  const on = sql.table(table);
  const statements = [
    sql`create index ${name('created_at_idx')} on ${on} (created_at)`,
    // The pending list is merged by vacuum every 10,000 inserts, off the lead's request path
    // (measured in migration 0005).
    sql`create index ${name('search_idx')} on ${on} using gin (${search} gin_trgm_ops) with (gin_pending_list_limit = 65536)`,
    sql`alter table ${on} set (autovacuum_vacuum_insert_threshold = 10000, autovacuum_vacuum_insert_scale_factor = 0)`,
    sql`create index ${name('email_idx')} on ${on} (email)`,
    sql`create index ${name('phone_idx')} on ${on} (phone)`,
    sql`create index ${name('status_idx')} on ${on} (status, created_at desc, id desc)`,
    sql`create index ${name('utm_source_idx')} on ${on} (utm_source, created_at desc, id desc) where utm_source is not null`,
    sql`create index ${name('assignee_idx')} on ${on} (assignee_id, created_at desc, id desc)`,
    sql`create index ${name('due_idx')} on ${on} (assignee_id, next_action_due_at) where next_action_due_at is not null`,
    sql`create index ${name('remind_idx')} on ${on} (next_action_due_at) where next_action_due_at is not null and next_action_reminded_at is null`,
    ...sortColumns.map((column) => sql`create index ${name(`${column}_sort_idx`)} on ${on} (lower(${sql.ref(column)}), id)`),
    sql`create index ${name('status_sort_idx')} on ${on} (status, id) where status <> 'spam'`,
    sql`create index ${name('spam_sort_idx')} on ${on} (id) where status = 'spam'`,
    sql`create index ${name('owner_sort_idx')} on ${on} (assignee_id, id, status)`,
    sql`create index ${name('next_sort_idx')} on ${on} (next_action_due_at, id) where next_action_due_at is not null`,
    sql`create index ${name('guardian_email_idx')} on ${on} ((consent->>'guardianEmail')) where consent ? 'guardianEmail'`,
  ];
  for (const statement of statements) await statement.execute(db);
}

async function createTriggers(db: Kysely<any>, { table, list }: ListedTableSpec) {
  const name = (suffix: string) => sql.id(`${table}_${suffix}`);
  const on = sql.table(table);
  const arg = sql.lit(list);
  const inserted = sql`after insert on ${on} referencing new table as new_rows for each statement`;
  const statements = [
    sql`create trigger ${name('assign')} before insert on ${on} for each row execute function assign_round_robin(${arg})`,
    sql`create trigger ${name('assignments')} ${inserted} execute function record_insert_assignments(${arg})`,
    sql`create trigger ${name('count_inserts')} ${inserted} execute function count_lead_inserts(${arg})`,
    sql`create trigger ${name('count_updates')} after update on ${on}
      referencing old table as old_rows new table as new_rows for each statement execute function count_lead_updates(${arg})`,
    sql`create trigger ${name('count_deletes')} after delete on ${on}
      referencing old table as old_rows for each statement execute function count_lead_deletes(${arg})`,
    sql`create trigger ${name('notify')} ${inserted} execute function notify_lead_insert_not_spam(${arg})`,
    sql`create trigger ${name('people')} ${inserted} execute function queue_people(${arg})`,
  ];
  for (const statement of statements) await statement.execute(db);
}

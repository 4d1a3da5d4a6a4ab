// The five public lead tables. Every table that holds a submission carries the client's
// Idempotency-Key under a unique constraint: that constraint, not application code, is
// what makes a retried or duplicated delivery store exactly one row, even across API
// instances. request_hash fingerprints the normalised non-secret fields so a reused key
// with a different body can be told apart from a genuine retry.
import { sql, type Kysely } from 'kysely';

const LEAD_TABLES = {
  contact_messages: ['first_name', 'last_name', 'email', 'phone', 'message'],
  free_join_users: ['name', 'email', 'phone'],
  enquiries: ['background', 'course', 'name', 'email', 'phone'],
  join_now_users: ['name', 'phone', 'email', 'password_hash'],
  personality_users: ['name', 'phone', 'email', 'password_hash'],
} as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(LEAD_TABLES)) {
    let builder = db.schema.createTable(table).addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`));
    for (const column of columns) builder = builder.addColumn(column, 'text', (c) => c.notNull());
    const timeColumn = table === 'free_join_users' ? 'joined_at' : 'created_at';
    await builder
      .addColumn(timeColumn, 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('idempotency_key', 'text', (c) => c.unique())
      .addColumn('request_hash', 'text')
      .execute();
    // Admin lists read newest first.
    await db.schema.createIndex(`${table}_${timeColumn}_idx`).on(table).column(timeColumn).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(LEAD_TABLES).reverse()) await db.schema.dropTable(table).execute();
}

// A relay's queue (issue 23 part 4): every submission the relay took (answered 2xx to the
// phone), with its own Idempotency-Key, its public path and the body as the phone sent it,
// until the upstream has answered it finally. The key is the primary key, so a phone's
// retry queues nothing twice; the body is cleared once forwarded (it may hold a password).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('relay_queue')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('body', 'jsonb')
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('waiting')
        .check(sql`state in ('waiting', 'forwarded', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('forwarded_at', 'timestamptz')
    .execute();
  await sql`create index relay_queue_waiting_idx on relay_queue (created_at, key) where state = 'waiting'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('relay_queue').execute();
}

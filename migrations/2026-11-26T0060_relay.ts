// The classroom relay (issue 23): a trainer's laptop runs this product with no internet,
// stores every submission itself, and forwards each to the upstream server when it can.
//
// - relay_keys (upstream): keys an admin makes for relays. Only the key's SHA-256 is kept
//   (it is shown once); a revoked key is refused. A relay key can deliver submissions and
//   nothing else, and is its own client for the rate limit.
// - relay_outbox (relay): each submission as the phone sent it (path, body and its own
//   Idempotency-Key), written before it is stored locally, so what a phone was answered is
//   always forwarded; the upstream's unique key makes a repeat delivery store nothing.
//   Once the upstream has answered for it for good, the body is cleared (it holds the
//   person's data, and a password for the forms that have one) and the answer kept.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('relay_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('relay_outbox')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('path', 'text', (c) => c.notNull())
    // Text, not jsonb: the body exactly as sent (jsonb refuses a \u0000 that validation would answer 400).
    .addColumn('body', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('forwarded_at', 'timestamptz')
    .addColumn('upstream_status', 'integer')
    .addColumn('last_error', 'text')
    .execute();
  // What is waiting, in the order it came.
  await sql`create index relay_outbox_waiting_idx on relay_outbox (id) where forwarded_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('relay_outbox').execute();
  await db.schema.dropTable('relay_keys').execute();
}

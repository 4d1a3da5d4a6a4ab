// Notifications to team members: the bell in the console (notifications), the browsers
// that asked to be pushed (push_subscriptions), the pushes still to deliver (push_queue),
// the VAPID key every instance signs with when none is configured (push_keys), and how far
// the assignment notices have read the timeline (notify_cursors).
//
// - A notification is written in the transaction of what caused it; (member_id, dedupe_key)
//   is unique, so a cause seen twice (two instances, a retry) notifies once.
// - push_queue holds one row per notification and subscription, written in that same
//   transaction and delivered after it commits by a worker (api/notify/worker.ts): the push
//   service is never called while the cause's transaction is open. A delivered row is
//   deleted; a failure is retried with back-off and, after its last attempt, kept as
//   'failed' with its error, never dropped silently. A subscription's rows go with it.
// - The payload is built from the notification when it is sent: a first name and a list,
//   never an email or a phone.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await sql`create unique index notifications_dedupe_idx on notifications (member_id, dedupe_key) where dedupe_key is not null`.execute(db);
  await sql`create index notifications_member_idx on notifications (member_id, id desc)`.execute(db);
  await sql`create index notifications_unread_idx on notifications (member_id) where read_at is null`.execute(db);

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_pushed_at', 'timestamptz')
    .execute();
  await sql`create index push_subscriptions_member_idx on push_subscriptions (member_id)`.execute(db);

  await db.schema
    .createTable('push_queue')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('subscription_id', 'uuid', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addColumn('notification_id', 'bigint', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index push_queue_due_idx on push_queue (next_attempt_at) where state = 'pending'`.execute(db);
  await sql`create index push_queue_subscription_idx on push_queue (subscription_id)`.execute(db);
  await sql`create index push_queue_notification_idx on push_queue (notification_id)`.execute(db);

  await db.schema
    .createTable('push_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('notify_cursors')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('through', 'bigint', (c) => c.notNull())
    .execute();
  // Assignments before notices existed are old news: the cursor starts at the timeline's end
  // now, before any instance serves a request (set by the first round instead, it would skip
  // an assignment made between start-up and that round).
  await sql`insert into notify_cursors (name, through) select 'assignments', coalesce(max(id), 0) from lead_history`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notify_cursors').execute();
  await db.schema.dropTable('push_keys').execute();
  await db.schema.dropTable('push_queue').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('notifications').execute();
}

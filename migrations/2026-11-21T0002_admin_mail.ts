// Admin accounts, their server-side sessions, password resets, login throttling, and the
// mail outbox.
//
// - admin_sessions: one row per issued token (the JWT's jti). Logout revokes one row; a
//   password change or reset revokes every row of that admin, so a stolen token dies
//   with the password.
// - password_resets: only the SHA-256 of a reset token is stored; used_at makes it single use.
// - admin_login_failures: recent failed logins by account and by address, so the 429
//   holds across API instances and restarts and lapses on its own after the window.
// - mail_outbox: every email is a row here first, written in the transaction of what
//   caused it, then sent by a worker (claimed with FOR UPDATE SKIP LOCKED, so several
//   instances can share the table). Attachments are JSON [{ filename, contentType,
//   contentBase64 }], enough for a certificate image.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admins')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`email = lower(email)`),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('admin_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('admin_id', 'uuid', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('admin_sessions_admin_id_idx').on('admin_sessions').column('admin_id').execute();
  await db.schema.createIndex('admin_sessions_expires_at_idx').on('admin_sessions').column('expires_at').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('admin_id', 'uuid', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('password_resets_admin_id_idx').on('password_resets').columns(['admin_id', 'created_at']).execute();

  await db.schema
    .createTable('admin_login_failures')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_login_failures_account_idx').on('admin_login_failures').columns(['account', 'failed_at']).execute();
  await db.schema.createIndex('admin_login_failures_address_idx').on('admin_login_failures').columns(['address', 'failed_at']).execute();
  await db.schema.createIndex('admin_login_failures_failed_at_idx').on('admin_login_failures').column('failed_at').execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('other'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('attachments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  // The worker's query: due pending messages, oldest first.
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('mail_outbox_created_at_idx').on('mail_outbox').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['mail_outbox', 'admin_login_failures', 'password_resets', 'admin_sessions', 'admins']) {
    await db.schema.dropTable(table).execute();
  }
}

// "Outbox" is the phone's queue of submissions; the server's table of emails to send is
// the mail queue. Renamed, with its key and indexes, so one word means one thing.
import { sql, type Kysely } from 'kysely';

const INDEXES = ['pkey', 'due_idx', 'created_at_idx', 'certificate_recipient_idx', 'failed_idx'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').renameTo('mail_queue').execute();
  for (const index of INDEXES)
    await sql`alter index ${sql.ref(`mail_outbox_${index}`)} rename to ${sql.ref(`mail_queue_${index}`)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES)
    await sql`alter index ${sql.ref(`mail_queue_${index}`)} rename to ${sql.ref(`mail_outbox_${index}`)}`.execute(db);
  await db.schema.alterTable('mail_queue').renameTo('mail_outbox').execute();
}

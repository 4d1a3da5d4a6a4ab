// Certificate emails are capped per recipient (a few a day): without a cap anyone could
// make the server mail any address again and again. Whether a taken test's certificate
// was emailed is kept with it, so a replayed answer says the same as the first, and the
// recent certificate mails of one address are found by an index instead of a scan.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('quiz_submissions')
    .addColumn('certificate_emailed', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .createIndex('mail_outbox_certificate_recipient_idx')
    .on('mail_outbox')
    .columns(['to_address', 'created_at'])
    .where(sql.ref('kind'), '=', 'certificate')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_certificate_recipient_idx').execute();
  await db.schema.alterTable('quiz_submissions').dropColumn('certificate_emailed').execute();
}

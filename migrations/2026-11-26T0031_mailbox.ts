// Caps on the mail we send count per mailbox, not per spelling (api/lib/mailbox.ts):
// mail_queue.mailbox holds the recipient's mailbox (lower case, no +tag, Gmail without
// dots), written with each message, and an index finds one mailbox's recent mail of a kind.
// Rows of the last two days get theirs here (older ones are past every cap's day).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_queue').addColumn('mailbox', 'text').execute();
  await sql`
    with parts as (
      select id, split_part(lower(split_part(to_address, '@', 1)), '+', 1) as local, lower(split_part(to_address, '@', 2)) as domain
      from mail_queue where created_at > now() - interval '2 days' and to_address like '%@%'
    )
    update mail_queue m set mailbox = case
      when p.domain in ('gmail.com', 'googlemail.com') then replace(p.local, '.', '') || '@gmail.com'
      else p.local || '@' || p.domain end
    from parts p where p.id = m.id and p.local <> ''`.execute(db);
  await db.schema.createIndex('mail_queue_mailbox_idx').on('mail_queue').columns(['kind', 'mailbox', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_queue_mailbox_idx').execute();
  await db.schema.alterTable('mail_queue').dropColumn('mailbox').execute();
}

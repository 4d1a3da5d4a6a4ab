// A guardian's address is looked up when someone asks to erase their data (is it held?)
// and scrubbed when they confirm: an index per listed table on consent->>'guardianEmail',
// only over the leads that have one, so neither reads a whole table.
import { sql, type Kysely } from 'kysely';

const TABLES = ['contact_messages', 'free_join_users', 'enquiries', 'join_now_users', 'personality_users'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`create index ${sql.ref(`${table}_guardian_email_idx`)} on ${sql.table(table)} ((consent->>'guardianEmail'))
      where consent ? 'guardianEmail'`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql`drop index ${sql.ref(`${table}_guardian_email_idx`)}`.execute(db);
}

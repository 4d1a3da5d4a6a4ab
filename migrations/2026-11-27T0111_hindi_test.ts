// The personality test in Hindi (Devanagari): 'hindi' beside 'english' and 'hinglish' for a
// taken test and for a classroom session's language. The columns' check constraints are the
// ones Postgres named when migrations 0003 and 0040 made them inline.
import { sql, type Kysely } from 'kysely';

const COLUMNS = [
  ['quiz_submissions', 'quiz_submissions_language_check'],
  ['classroom_sessions', 'classroom_sessions_language_check'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, check] of COLUMNS) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(check)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(check)} check (language in ('english', 'hinglish', 'hindi'))`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, check] of COLUMNS) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(check)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(check)} check (language in ('english', 'hinglish'))`.execute(db);
  }
}

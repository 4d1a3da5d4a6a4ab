// The CSV export's "First visit", "Latest campaign visit" and "Consent" cells, stored worded
// beside the JSON they come from (migrations/lib/listed-table-2026-11-28.ts says why), on
// every listed table. Adding a stored generated column rewrites the table once: on a million
// leads that holds the table's lock for the length of the rewrite (measured in
// docs/performance.md), so run it in a quiet hour.
import { sql, type Kysely } from 'kysely';
import { addWordedSignals, listedTables } from './lib/listed-table-2026-11-28.ts';

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of await listedTables(db)) await addWordedSignals(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of await listedTables(db)) {
    await sql`alter table ${sql.table(table)} drop column first_visit_text, drop column last_visit_text, drop column consent_text`.execute(
      db,
    );
  }
}

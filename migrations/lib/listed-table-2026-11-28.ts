// A new kind's table as every listed table is after migration 2026-11-28T0330: the T0310
// helper's table with the lead's visits and consent also stored worded, as the CSV export
// writes them (contract/lead-signals.ts touchText, contract/consent.ts consentSummary).
//
// Why stored: the export of a million leads spent most of its time in Node parsing three JSON
// documents per row and wording them (48–62k rows/s on realistic leads, Node at 80–88% CPU);
// worded in SQL at read time, Postgres became the bound instead (29–36k rows/s). A generated
// column words each lead once, when it is written (and again when its consent or source
// changes, which Postgres does by itself), so the export only copies text.
//
// Dated and frozen like a migration (see listed-table-2026-11-27.ts); api/db/table-shape.test.ts
// checks that every listed table, whichever helper made it, has the same shape, and
// api/leads/worded-signals.test.ts that these columns say what the JS functions say.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { createOverdueListedTable } from './listed-table-2026-11-27T0310.ts';
import type { PrunedListedFieldsSpec } from './listed-table-2026-11-27T0296.ts';

/** The touch's keys in touchText's order (contract/lead-signals.ts SOURCE_KEYS on this date). */
const TOUCH_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'fbclid', 'referrer', 'landingPath'];

/**
 * A touch as `utm_source=instagram; landingPath=/`, '' for none. Only immutable functions (a
 * generated column allows no other): each present key adds "; key=value", and the first
 * "; " is cut off.
 */
function touchWords(touch: RawBuilder<unknown>): RawBuilder<string> {
  const parts = TOUCH_KEYS.map(
    (key) =>
      sql`case when ${touch} ? ${sql.lit(key)} then ${sql.lit(`; ${key}=`)} || coalesce(${touch} ->> ${sql.lit(key)}, '') else '' end`,
  );
  return sql<string>`case when jsonb_typeof(${touch}) = 'object' then substr(${sql.join(parts, sql` || `)}, 3) else '' end`;
}

/** The consent record in a line, as consentSummary words it; its "No consent on record" when there is none. */
const consentWords = sql<string>`case when jsonb_typeof(consent) = 'object' then
    (case when coalesce(consent ->> 'basis', '') <> ''
      then 'imported at ' || coalesce(consent ->> 'at', '') || ', collected on: ' || (consent ->> 'basis')
      else 'notice ' || coalesce(consent ->> 'version', '') || ' at ' || coalesce(consent ->> 'at', '') end)
    || '; WhatsApp/phone updates: ' || (case when consent -> 'marketing' = 'true'::jsonb then 'yes' else 'no' end)
    || (case consent ->> 'age'
      when 'adult' then '; 18 or older'
      when 'guardian' then '; under 18, guardian agrees (' || coalesce(consent ->> 'guardianEmail', 'no email') || ')'
      else '' end)
  else 'no consent on record' end`;

/**
 * Every listed table, known by its status-count trigger. Earlier migrations each wrote this
 * query for themselves (frozen as they are); later ones over every listed table import it.
 */
export async function listedTables(db: Kysely<any>): Promise<string[]> {
  const rows = await sql<{ table: string }>`
    select distinct c.relname as table
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and p.proname = 'count_lead_inserts'
    order by 1`.execute(db);
  return rows.rows.map((r) => r.table);
}

/** The worded columns of `table`, as migration 2026-11-28T0330 adds them to every listed table. */
export async function addWordedSignals(db: Kysely<any>, table: string): Promise<void> {
  await sql`alter table ${sql.table(table)}
    add column first_visit_text text not null generated always as (${touchWords(sql`(source -> 'first')`)}) stored,
    add column last_visit_text text not null generated always as (${touchWords(sql`(source -> 'last')`)}) stored,
    add column consent_text text not null generated always as (${consentWords}) stored`.execute(db);
}

export async function createWordedListedTable(db: Kysely<any>, spec: PrunedListedFieldsSpec): Promise<void> {
  await createOverdueListedTable(db, spec);
  await addWordedSignals(db, spec.table);
}

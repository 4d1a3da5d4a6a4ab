// What Postgres's catalog says a table is, for the tests of listed tables' shape
// (api/db/table-shape.test.ts, migrations/lib/listed-table.test.ts).
import { sql, type Kysely } from 'kysely';

type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const tableIndexes = async (db: Db, table: string) =>
  (await sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = ${table}`.execute(db)).rows.map((r) => r.indexdef);

export const tableTriggers = async (db: Db, table: string) =>
  (
    await sql<{ def: string }>`
      select pg_get_triggerdef(t.oid) as def from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relname = ${table} and not t.tgisinternal`.execute(db)
  ).rows.map((r) => r.def);

/** Columns, constraints, indexes, storage options and triggers, with the table's own name as T. */
export async function tableShape(db: Db, table: string) {
  const named = (text: string) => text.replaceAll(table, 'T');
  const columns = await sql<{ d: string }>`
    select column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') || ' ' || coalesce(generation_expression, '') as d
    from information_schema.columns where table_name = ${table} order by column_name`.execute(db);
  const constraints = await sql<{ d: string }>`
    select conname || ' ' || pg_get_constraintdef(c.oid) as d from pg_constraint c join pg_class t on t.oid = c.conrelid
    where t.relname = ${table} order by conname`.execute(db);
  const options = await sql<{ d: string }>`
    select coalesce(array_to_string(reloptions, ','), '') as d from pg_class where relname = ${table}`.execute(db);
  return {
    columns: columns.rows.map((r) => r.d),
    constraints: constraints.rows.map((r) => named(r.d)),
    indexes: (await tableIndexes(db, table)).map(named).sort(),
    triggers: (await tableTriggers(db, table)).map(named).sort(),
    options: options.rows.map((r) => r.d),
  };
}

// The two statements the ingest runs, compiled once per table and column list (Kysely
// compiles on every call, which showed in the ingest bench's profile).
import { CompiledQuery, sql, type Kysely, type Selectable } from 'kysely';
import type { Database, LeadTable } from '../db/schema.ts';

/** What every lead table has, whatever else it holds. */
export interface StoredBase {
  id: string;
  idempotency_key: string | null;
  request_hash: string | null;
  password_hash?: string;
}
export type Stored<T extends LeadTable> = Selectable<Database[T]> & StoredBase;

/** A row ready to insert: the table's columns as plain JSON values, `id` among them. */
export type RowValues = Record<string, unknown> & { id: string };

const compiled = new Map<string, string>();

/** The insert statement's text for `table` and `columns`; the same string object on every later call. */
export function insertStatement(db: Kysely<Database>, table: LeadTable, columns: string[]): string {
  const cacheKey = `${table}\u0000${columns.join(',')}`;
  let text = compiled.get(cacheKey);
  if (text === undefined) {
    const ref = sql.table(table);
    // jsonb_populate_recordset types every value by the table's own column types, so one
    // parameter ($1, the rows as JSON) carries the whole batch whatever its size. A row
    // whose key another transaction holds (the advisory lock, taken without waiting) is
    // left out, as is one whose key is stored (the unique constraint has the last word).
    // The lock key's prefix is our own table name, so it is a literal.
    text = sql`
      insert into ${ref} (${sql.join(columns.map((c) => sql.ref(c)))})
      select ${sql.join(columns.map((c) => sql.ref(`v.${c}`)))}
      from jsonb_populate_recordset(null::${ref}, ${null}::jsonb) as v
      where v.idempotency_key is null
         or pg_try_advisory_xact_lock(hashtextextended(${sql.lit(table + ':')} || v.idempotency_key, 0))
      on conflict (idempotency_key) do nothing
      returning *`.compile(db).sql;
    compiled.set(cacheKey, text);
  }
  return text;
}

/** Inserts rows (all with the same columns) in one statement; the rows actually stored. */
export async function insertRows<T extends LeadTable>(db: Kysely<Database>, table: T, rows: RowValues[]): Promise<Stored<T>[]> {
  const text = insertStatement(db, table, Object.keys(rows[0]!));
  const result = await db.executeQuery<Stored<T>>(CompiledQuery.raw(text, [JSON.stringify(rows)]));
  return result.rows;
}

/** The stored rows with these idempotency keys, by key. */
export async function selectByKeys<T extends LeadTable>(db: Kysely<Database>, table: T, keys: string[]): Promise<Map<string, Stored<T>>> {
  const result = await sql<Stored<T>>`select * from ${sql.table(table)} where idempotency_key = any(${keys}::text[])`.execute(db);
  return new Map(result.rows.map((r) => [r.idempotency_key!, r]));
}

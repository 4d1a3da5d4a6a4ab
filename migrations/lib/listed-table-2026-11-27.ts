// A new kind's table from its registry fields (contract/lead-kinds.ts storedColumnsOf): its
// columns, its search text and its sort indexes all follow from each field's column, type
// and roles, so a migration says its kind's fields once, in the registry's own words. The
// shape around them is the 2026-11-26 helper's (every listed table's columns, page indexes
// and triggers), plus what that helper left to each kind (a long text's sort index) and what
// later migrations gave every listed table (laterParts: the form's language, the owner look-up's
// indexes, the rules' lead.created event).
//
// Dated and frozen like a migration: the fields are passed as a literal in the migration
// (never read from the registry at run time, which moves on), and api/db/table-shape.test.ts
// checks that every listed table still matches its kind's registry entry.
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { createListedTable } from './listed-table-2026-11-26.ts';

/** One stored field (contract/lead-kinds.ts StoredColumn, repeated here: migrations import no app code). */
export interface ListedColumn {
  column: string;
  type: 'text' | 'integer' | 'uuid';
  searched?: number;
  sorted?: boolean;
  long?: boolean;
}

export interface ListedFieldsSpec {
  table: string;
  list: string;
  fields: readonly ListedColumn[];
  /** A uuid column's foreign key, by column: the table it names (its row is kept while leads name it). */
  references?: Readonly<Record<string, string>>;
}

function addColumns(builder: CreateTableBuilder<string, any>, spec: ListedFieldsSpec): CreateTableBuilder<string, any> {
  return spec.fields.reduce((table, field) => {
    const target = spec.references?.[field.column];
    return table.addColumn(field.column, field.type, (c) => {
      const notNull = c.notNull();
      return target ? notNull.references(`${target}.id`).onDelete('restrict') : notNull;
    });
  }, builder);
}

/**
 * What every listed table gained after the 2026-11-26 helper, by the migrations that fixed their
 * own list of tables: the form's language (T0260), the returning person's owner look-up indexes
 * and the rules' lead.created event (T0241).
 */
export async function addLaterParts(db: Kysely<any>, table: string, list: string): Promise<void> {
  await sql`alter table ${sql.table(table)} add column site_language text not null default 'en'
    constraint ${sql.id(`${table}_site_language_check`)} check (site_language in ('en', 'hi'))`.execute(db);
  for (const column of ['email', 'phone']) {
    await sql`create index ${sql.id(`${table}_owned_${column}_idx`)} on ${sql.table(table)} (${sql.ref(column)}, created_at desc)
      where assignee_id is not null`.execute(db);
  }
  await sql`create trigger ${sql.id(`${table}_rule_events`)} after insert on ${sql.table(table)}
    referencing new table as new_rows for each statement execute function enqueue_lead_created(${sql.lit(list)})`.execute(db);
}

export async function createListedTableOfFields(db: Kysely<any>, spec: ListedFieldsSpec): Promise<void> {
  const searched = spec.fields.filter((f) => f.searched !== undefined).sort((a, b) => a.searched! - b.searched!);
  await createListedTable(db, {
    table: spec.table,
    list: spec.list,
    columns: (builder) => addColumns(builder, spec),
    search: sql.raw(`(${searched.map((f) => f.column).join(" || ' ' || ")})`),
    sortColumns: spec.fields.filter((f) => f.sorted && !f.long).map((f) => f.column),
  });
  for (const field of spec.fields.filter((f) => f.sorted && f.long)) {
    await sql`create index ${sql.id(`${spec.table}_${field.column}_sort_idx`)} on ${sql.table(spec.table)}
      (lower(left(${sql.ref(field.column)}, 100)), id)`.execute(db);
  }
  await addLaterParts(db, spec.table, spec.list);
}

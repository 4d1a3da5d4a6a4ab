// A new kind's table from its registry fields (contract/lead-kinds.ts storedColumnsOf): its
// columns, its search text and its sort indexes all follow from each field's column, type
// and roles, so a migration says its kind's fields once, in the registry's own words. The
// shape around them is the 2026-11-26 helper's (every listed table's columns, page indexes
// and triggers), plus what that helper left to each kind: a long text's sort index.
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
}

// Proposal requests from organisations (issue 24 part 2): a listed table made by the dated helper.
import { sql, type Kysely } from 'kysely';
import { createListedTable, dropListedTable } from './lib/listed-table-2026-11-26.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await createListedTable(db, {
    table: 'proposals',
    list: 'proposals',
    columns: (t) =>
      t
        .addColumn('programme', 'text', (c) => c.notNull())
        .addColumn('organisation', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('participants', 'integer', (c) => c.notNull())
        .addColumn('preferred_months', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull()),
    search: sql`(organisation || ' ' || name || ' ' || email || ' ' || phone)`,
    // Not the message: a b-tree entry of a long one would pass the index's row limit.
    sortColumns: ['organisation', 'name', 'role', 'email', 'phone', 'city', 'preferred_months', 'programme'],
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropListedTable(db, 'proposals', 'proposals');
}

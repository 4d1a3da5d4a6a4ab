// The newest helper for new kinds' tables makes what the listed tables became over their
// migrations: the same columns, constraints, indexes, storage settings and triggers as
// contact_messages (and proposals), with only the table's name
// changed. A piece left out of the helper (or a later migration that changes every listed
// table without a new helper) fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { tableShape } from '../../api/testing/catalog.ts';
import { testBackends, type TestDatabase } from '../../api/testing/databases.ts';
import { createListedTable, dropListedTable } from './listed-table-2026-11-26.ts';
import { createWordedListedTable } from './listed-table-2026-11-28.ts';
import { LEAD_KINDS, storedColumnsOf } from '../../contract/lead-kinds.ts';

describe.each(testBackends())('createListedTable on $name', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it.each([
    ['contact', 'contact_messages'],
    ['proposal', 'proposals'],
  ] as const)('makes from the %s registry fields alone a table with the shape of %s', async (kind, table) => {
    // Every listed table as it is now, whichever helper made it: the newest helper's shape.
    const probe = `fields_probe_${kind}`;
    await createWordedListedTable(database.db, {
      table: probe,
      list: LEAD_KINDS[kind].list.slug,
      fields: storedColumnsOf(LEAD_KINDS[kind]),
    });
    // The triggers' argument is the list's slug, which tableShape names T where it is the table's name too.
    const columnsOf = (shape: Awaited<ReturnType<typeof tableShape>>) => ({
      ...shape,
      columns: [...shape.columns].sort(),
      triggers: shape.triggers.map((t) => t.replace(/\('[^']*'\)$/, "('list')")),
    });
    expect(columnsOf(await tableShape(database.db, probe))).toEqual(columnsOf(await tableShape(database.db, table)));
  });

  it('counts its leads by status from the first insert, and drops cleanly', async () => {
    await createListedTable(database.db, {
      table: 'count_probe',
      list: 'count-probe',
      columns: (t) =>
        t
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('phone', 'text', (c) => c.notNull()),
      search: sql`(name || ' ' || email || ' ' || phone)`,
      sortColumns: ['name', 'email', 'phone'],
    });
    await sql`insert into count_probe (name, email, phone) values ('A', 'a@example.com', '9876543210'), ('B', 'b@example.com', '9876543211')`.execute(
      database.db,
    );
    const counts = () =>
      sql<{ n: string | null }>`select sum(n)::text as n from lead_status_counts where list = 'count-probe' and status = 'new'`.execute(
        database.db,
      );
    expect(Number((await counts()).rows[0]?.n)).toBe(2);
    await dropListedTable(database.db, 'count_probe', 'count-probe');
    expect((await counts()).rows).toEqual([{ n: null }]);
  });
});

// lead_status_counts in slots (migrations/2026-11-26T0060): leads inserted, re-statused and
// deleted at once through the pool's connections are counted in several slots (on Postgres,
// one per backend, so no insert waits on another's row), and the slots' sums per status are
// exactly the table's own counts.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDatabase } from '../testing/databases.ts';

describe.each(testBackends())('lead status counts in slots on $name', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('sums to the table’s counts by status after concurrent inserts, status changes and deletes', async () => {
    const { db } = database;
    const ids = await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const row = await db
          .insertInto('contact_messages')
          .values({ first_name: 'Slot', last_name: `Lead${i}`, email: `slot${i}@example.in`, phone: '9876543210', message: `Hello ${i}` })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),
    );
    await Promise.all([
      ...ids.slice(0, 30).map((id) => db.updateTable('contact_messages').set({ status: 'contacted' }).where('id', '=', id).execute()),
      db.updateTable('contact_messages').set({ status: 'spam' }).where('id', 'in', ids.slice(30, 40)).execute(),
      ...ids.slice(100).map((id) => db.deleteFrom('contact_messages').where('id', '=', id).execute()),
    ]);

    const counted = await sql<{ status: string; n: string }>`
      select status, sum(n)::text as n from lead_status_counts where list = 'contact' group by status having sum(n) <> 0 order by status`.execute(
      db,
    );
    const actual = await sql<{ status: string; n: string }>`
      select status, count(*)::text as n from contact_messages group by status order by status`.execute(db);
    expect(counted.rows).toEqual(actual.rows);
    expect(actual.rows).toEqual([
      { status: 'contacted', n: '30' },
      { status: 'new', n: '60' },
      { status: 'spam', n: '10' },
    ]);
    const slots = await sql<{ n: string }>`select count(distinct slot)::text as n from lead_status_counts where list = 'contact'`.execute(
      db,
    );
    // PGlite is one backend (one slot); a Postgres pool writes through several.
    if (backend.name === 'pglite') expect(slots.rows[0]!.n).toBe('1');
    else expect(Number(slots.rows[0]!.n)).toBeGreaterThan(1);
  });
});

// The search indexes' pending lists are merged by a round of their own (pending-lists.ts),
// so an insert never finds one full and merges it inside a lead's transaction: after 2,000
// leads the contact list's index has pages to merge, a round merges them, the next finds
// none, and the index still finds the leads.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { mergePendingLists } from './pending-lists.ts';

describe.each(testBackends())('merging the search indexes’ pending lists on $name', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('merges what 2,000 inserts left pending, then finds nothing left, and the index still finds them', async () => {
    const { db } = database;
    await sql`
      insert into contact_messages (first_name, last_name, email, phone, message)
      select 'Pending', 'Lead ' || i, 'pending' || i || '@example.in', '98' || lpad(i::text, 8, '0'), 'Call me'
      from generate_series(1, 2000) as i`.execute(db);
    const merged = await mergePendingLists(db);
    expect(merged.get('contact_messages_search_idx')).toBeGreaterThan(0);
    expect(await mergePendingLists(db)).toEqual(new Map());
    const found = await sql<{ n: string }>`
      select count(*)::text as n from contact_messages
      where (first_name || ' ' || last_name || ' ' || email || ' ' || phone) ilike '%pending1999@%'`.execute(db);
    expect(found.rows[0]!.n).toBe('1');
  });
});

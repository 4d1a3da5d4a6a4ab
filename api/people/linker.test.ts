// The linker's cost does not grow with the leads that share a phone: a round reads one
// holder per address and number, not every lead that has it. Thousands of leads typed one
// phone (a placeholder, a centre's own number): a round of ten newcomers with it still reads
// a handful of rows into the process, and they join that phone's person.
import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, UnknownRow } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { linkOnce } from './linker.ts';

/** Counts the rows every query hands back to this process. */
class RowCounter implements KyselyPlugin {
  rows = 0;
  transformQuery<T>(args: { node: T }): T {
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.rows += args.result.rows.length;
    return Promise.resolve(args.result);
  }
}

const SHARED_PHONE = '9000000000';
const addLeads = (db: TestDatabase['db'], from: number, count: number) =>
  sql`
    insert into contact_messages (first_name, last_name, email, phone, message)
    select 'Shared', 'Phone ' || i, 'shared' || i || '@example.in', ${SHARED_PHONE}, 'Call me'
    from generate_series(${from}::int, ${from + count - 1}::int) as i`.execute(db);

describe.each(testBackends())('the people linker on $name', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('reads a handful of rows for ten newcomers whose phone 3,000 leads share, and joins them to its person', async () => {
    const { db } = database;
    await addLeads(db, 0, 3_000);
    while ((await linkOnce(db)) > 0);
    await addLeads(db, 3_000, 10);
    const counter = new RowCounter();
    expect(await linkOnce(db.withPlugin(counter))).toBe(10);
    // The newcomers themselves (10, read from the queue and their table) and one holder per address and number.
    expect(counter.rows).toBeLessThan(40);
    const people = await sql<{ n: string }>`select count(distinct person_id)::text as n from lead_people where list = 'contact'`.execute(
      db,
    );
    expect(people.rows[0]!.n).toBe('1');
  });
});

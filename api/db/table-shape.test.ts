// Every listed table has the shape the console, the desk and the people links rely on: the
// trigram index over exactly the text its `searchText` searches, the indexes of its pages,
// and its triggers (status counts, round robin, assignments, the people queue; no live events,
// which the API sends after the commit).
// A new kind whose migration forgets one fails here, by name, instead of silently in a list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LEAD_KINDS, storedColumnsOf } from '../../contract/lead-kinds.ts';
import { ALL_LISTED } from '../leads/definitions.ts';
import { tableIndexes, tableTriggers } from '../testing/catalog.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';

/** SQL text as Postgres prints it, without the spaces, parentheses and casts that vary. */
const squash = (text: string) =>
  text
    .replace(/::text/g, '')
    .replace(/[\s()"]/g, '')
    .toLowerCase();

/** Every listed table's indexes besides its sorted fields' own (each in docs/performance.md with its query). */
const SHARED_INDEXES = [
  'pkey',
  'idempotency_key_key',
  'created_at_idx',
  'status_idx',
  'email_idx',
  'phone_idx',
  'search_idx',
  'utm_source_idx',
  'assignee_idx',
  'due_idx',
  'remind_idx',
  'status_sort_idx',
  'spam_sort_idx',
  'owner_sort_idx',
  'next_sort_idx',
  'guardian_email_idx',
  'owned_email_idx',
  'owned_phone_idx',
  // The lead score's sort and filter (T0280): a list sorted by score, both ways, and "Score at least".
  'score_sort_idx',
  // The overview's overdue next steps per owner (T0310), read from the index alone.
  'overdue_idx',
];
/** Indexes of one table's own rules and queries. */
const OWN_INDEXES: Record<string, string[]> = {
  bookings: ['reference_key', 'utr_key', 'payment_link_id_key', 'check_due_idx', 'link_due_idx', 'reminder_due_idx'],
  join_now_users: ['registered_email_key'],
  webinar_registrations: ['webinar_idx'],
};

describe.each(testBackends())('the listed tables on $name', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const indexes = (table: string) => tableIndexes(database.db, table);
  const triggers = (table: string) => tableTriggers(database.db, table);

  it.each(ALL_LISTED.map((lead) => [lead.table, lead] as const))('%s searches what its trigram index holds', async (table, lead) => {
    const compiled = lead.searchText.compile(database.db).sql;
    const trigram = (await indexes(table)).filter((d) => /using gin/i.test(d) && /gin_trgm_ops/.test(d));
    expect(trigram, `${table} has one trigram index`).toHaveLength(1);
    expect(squash(trigram[0]!)).toContain(squash(compiled));
  });

  it.each(ALL_LISTED.map((lead) => [lead.table] as const))('%s has the indexes of its pages and its triggers', async (table) => {
    const defs = (await indexes(table)).map(squash);
    for (const columns of ['created_atdesc,iddesc', 'status,created_atdesc,iddesc', 'email', 'phone'])
      expect(
        defs.some((d) => d.includes(columns)),
        `${table}: index on ${columns}`,
      ).toBe(true);
    const trigs = (await triggers(table)).join('\n').toLowerCase();
    for (const fn of [
      'count_lead_inserts',
      'count_lead_updates',
      'count_lead_deletes',
      'assign_round_robin',
      'record_insert_assignments',
      'queue_people',
    ])
      expect(trigs, `${table}: a trigger calling *${fn}*`).toContain(fn);
    // The live events of new leads are sent after the commit (leads/event-publisher.ts): a
    // NOTIFY inside the insert would make every notifying commit wait for the one before.
    expect(trigs, `${table}: no trigger notifies inside the insert`).not.toContain('notify_lead_insert');
  });

  it.each(ALL_LISTED.map((lead) => [lead.table, lead] as const))('%s has a sort index for each sorted field', async (table, lead) => {
    const defs = (await indexes(table)).map(squash);
    for (const field of storedColumnsOf(LEAD_KINDS[lead.kind]).filter((f) => f.sorted)) {
      if (field.asStored) {
        // Sorted by the column itself, read from its look-up index; a lower() copy would only cost writes.
        expect(
          defs.some((d) => d.includes(`${table}_${field.column}_idx`) && d.endsWith(`btree${field.column}`)),
          `${table}: look-up index on ${field.column}, which its sort reads`,
        ).toBe(true);
        expect(
          defs.filter((d) => d.includes(`lower${field.column}`)),
          `${table}: no lower(${field.column}) index`,
        ).toEqual([]);
        continue;
      }
      const key = field.long ? `lowerleft${field.column},100,id` : `lower${field.column},id`;
      expect(
        defs.some((d) => d.includes(`${table}_${field.column}_sort_idx`) && d.endsWith(key)),
        `${table}: sort index on ${field.column}`,
      ).toBe(true);
    }
  });

  it.each(ALL_LISTED.map((lead) => [lead.table] as const))('%s has the lead score and its sort index', async (table) => {
    const columns = await sql<{ data_type: string; column_default: string | null }>`
      select data_type, column_default from information_schema.columns where table_name = ${table} and column_name = 'score'`.execute(
      database.db,
    );
    expect(columns.rows[0], `${table}.score`).toMatchObject({ data_type: 'smallint' });
    const defs = (await indexes(table)).map(squash);
    expect(
      defs.some((d) => d.includes(`${table}_score_sort_idx`) && d.endsWith('score,id')),
      `${table}: index on score, id`,
    ).toBe(true);
  });

  it.each(ALL_LISTED.map((lead) => [lead.table, lead] as const))(
    '%s has exactly the indexes that earn their writes',
    async (table, lead) => {
      // The pruned set (docs/performance.md names the query each one serves): an index added
      // here is a cost on every lead stored, so it comes with its reason in this list.
      const names = (await indexes(table)).map((d) => /index (\S+) on/i.exec(d)![1]!.replace(`${table}_`, ''));
      const sortedFields = storedColumnsOf(LEAD_KINDS[lead.kind])
        .filter((f) => f.sorted && !f.asStored)
        .map((f) => `${f.column}_sort_idx`);
      expect(names.sort()).toEqual([...SHARED_INDEXES, ...sortedFields, ...(OWN_INDEXES[table] ?? [])].sort());
    },
  );

  it.each(ALL_LISTED.map((lead) => [lead.table, lead] as const))(
    '%s has a column of its registry type for each stored field',
    async (table, lead) => {
      const columns = await sql<{ column_name: string; data_type: string }>`
      select column_name, data_type from information_schema.columns where table_name = ${table}`.execute(database.db);
      const byName = new Map(columns.rows.map((c) => [c.column_name, c]));
      for (const field of storedColumnsOf(LEAD_KINDS[lead.kind])) {
        const column = byName.get(field.column);
        expect(column, `${table}.${field.column}`).toBeDefined();
        expect(column!.data_type, `${table}.${field.column}`).toBe(field.type);
      }
    },
  );
});

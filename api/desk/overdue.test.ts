// The overview's overdue next steps per owner (desk/speed-to-lead.ts, read from the overdue
// index of migration T0310) against a count by hand of the leads as they are, after every
// kind of change: a status, spam, an owner, the pool, an erasure, a back-dated lead, a next
// step moved or done, and the clock passing a due time. Runs on PGlite and, when
// TEST_DATABASE_URL is set, on real Postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createAdmin } from '../auth/admins.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { speedToLead } from './speed-to-lead.ts';

const HOUR = 3_600_000;
const TABLES = ['contact_messages', 'enquiries'] as const;

describe.each(testBackends())('the overdue next steps on $name', (backend) => {
  let database: TestDatabase;
  let members: string[];
  const now = new Date();

  beforeAll(async () => {
    database = await backend.create();
    members = [];
    for (const name of ['Asha', 'Ravi']) {
      await createAdmin(database.db, { email: `${name.toLowerCase()}@example.in`, password: 'a long password 1', name });
      members.push((await database.db.selectFrom('admins').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id);
    }
    // 80 leads in two lists: next steps from 25 hours ago to 15 hours ahead, or none; every
    // status; two owners and the pool (the steps' moduli are coprime, so every mix occurs).
    const leads = Array.from({ length: 80 }, (_, i) => {
      const step = i % 7 !== 6;
      return {
        email: `lead${i}@example.in`,
        phone: `90000${String(i).padStart(5, '0')}`,
        created_at: new Date(now.getTime() - 24 * HOUR * (i % 9)),
        status: (['new', 'contacted', 'converted', 'not-interested', 'spam'] as const)[i % 5],
        assignee_id: [members[0]!, members[1]!, null][i % 3]!,
        next_action_type: step ? ('call' as const) : null,
        next_action_due_at: step ? new Date(now.getTime() + (i * 2 - 99) * 15 * 60_000) : null,
      };
    });
    await database.db
      .insertInto('contact_messages')
      .values(leads.filter((_, i) => i % 2 === 0).map((l, i) => ({ ...l, first_name: 'Lead', last_name: String(i), message: 'x' })))
      .execute();
    await database.db
      .insertInto('enquiries')
      .values(
        leads
          .filter((_, i) => i % 2 === 1)
          .map((l, i) => ({ ...l, name: `Lead ${i}`, background: 'College Student', course: 'Soft Skills' })),
      )
      .execute();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  /** Each member's next steps past due at `at` on open leads, counted by hand from every lead. */
  async function byHand(at: Date): Promise<Record<string, number>> {
    const counts: Record<string, number> = Object.fromEntries(members.map((m) => [m, 0]));
    for (const table of TABLES) {
      const rows = await database.db.selectFrom(table).select(['status', 'assignee_id', 'next_action_due_at']).execute();
      for (const r of rows) {
        const due = r.next_action_due_at === null ? null : new Date(r.next_action_due_at);
        if (due && due < at && r.assignee_id && (r.status === 'new' || r.status === 'contacted')) counts[r.assignee_id]! += 1;
      }
    }
    return counts;
  }
  async function counted(at: Date): Promise<Record<string, number>> {
    const { team } = await speedToLead(database.db, [], at, 15);
    return Object.fromEntries(members.map((m) => [m, team.find((t) => t.id === m)?.overdue ?? 0]));
  }
  const someLead = async (table: (typeof TABLES)[number], where: ReturnType<typeof sql>) =>
    (await sql<{ id: string }>`select id from ${sql.table(table)} where ${where} order by email limit 1`.execute(database.db)).rows[0]!.id;
  const overdueOf = (member: number) =>
    sql`next_action_due_at < ${now} and status in ('new', 'contacted') and assignee_id = ${members[member]!}`;

  it('counts what a count by hand counts, after every kind of change', async () => {
    const first = await byHand(now);
    expect(Object.values(first).reduce((a, b) => a + b, 0)).toBeGreaterThan(2);
    expect(await counted(now)).toEqual(first);

    const changes: Array<[string, () => Promise<unknown>]> = [
      [
        'a status (converted)',
        async () =>
          sql`update contact_messages set status = 'converted' where id = ${await someLead('contact_messages', overdueOf(0))}`.execute(
            database.db,
          ),
      ],
      [
        'spam',
        async () => sql`update enquiries set status = 'spam' where id = ${await someLead('enquiries', overdueOf(1))}`.execute(database.db),
      ],
      [
        'reopened',
        async () =>
          sql`update contact_messages set status = 'contacted' where id = ${await someLead('contact_messages', sql`status = 'converted' and next_action_due_at < ${now} and assignee_id is not null`)}`.execute(
            database.db,
          ),
      ],
      [
        'an owner',
        async () =>
          sql`update enquiries set assignee_id = ${members[0]!} where id = ${await someLead('enquiries', overdueOf(1))}`.execute(
            database.db,
          ),
      ],
      [
        'the pool',
        async () =>
          sql`update contact_messages set assignee_id = null where id = ${await someLead('contact_messages', overdueOf(0))}`.execute(
            database.db,
          ),
      ],
      [
        'a next step moved ahead',
        async () =>
          sql`update enquiries set next_action_due_at = now() + interval '3 days' where id = ${await someLead('enquiries', overdueOf(0))}`.execute(
            database.db,
          ),
      ],
      [
        'a next step done',
        async () =>
          sql`update contact_messages set next_action_type = null, next_action_due_at = null where id = ${await someLead('contact_messages', overdueOf(1))}`.execute(
            database.db,
          ),
      ],
      ['an erasure', async () => sql`delete from enquiries where id = ${await someLead('enquiries', overdueOf(0))}`.execute(database.db)],
      [
        'a back-dated lead',
        () =>
          database.db
            .insertInto('contact_messages')
            .values({
              first_name: 'Late',
              last_name: 'Import',
              email: 'late@example.in',
              phone: '9000099999',
              message: 'x',
              created_at: new Date(now.getTime() - 40 * 24 * HOUR),
              assignee_id: members[1]!,
              next_action_type: 'call',
              next_action_due_at: new Date(now.getTime() - 30 * 24 * HOUR),
            })
            .execute(),
      ],
    ];
    let previous = await byHand(now);
    for (const [what, change] of changes) {
      await change();
      const expected = await byHand(now);
      expect(expected, `${what} changed the count by hand`).not.toEqual(previous);
      expect(await counted(now), what).toEqual(expected);
      previous = expected;
    }
    // Ten hours on, the next steps due since are overdue too.
    const later = new Date(now.getTime() + 10 * HOUR);
    expect(await byHand(later)).not.toEqual(await byHand(now));
    expect(await counted(later)).toEqual(await byHand(later));
  });
});

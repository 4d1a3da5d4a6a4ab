// The overview's kept days against a count by hand of the leads as they are: after the first
// overview keeps them, and after each change a kept day must follow (a status, spam, an
// owner, a first contact, an erasure, a lead stored with an old date). Runs on PGlite and,
// when TEST_DATABASE_URL is set, on real Postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createAdmin } from '../auth/admins.ts';
import { ALL_LEADS } from '../leads/list-query.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { overviewDays, type ListDays } from './overview-days.ts';

const DAY = 86_400_000;
const IST = 330 * 60_000;
const istDate = (at: Date) => new Date(at.getTime() + IST).toISOString().slice(0, 10);

describe.each(testBackends())('the overview days on $name', (backend) => {
  let database: TestDatabase;
  let members: string[];
  const now = new Date();
  const dates = Array.from({ length: 30 }, (_, i) => istDate(new Date(now.getTime() - (29 - i) * DAY)));

  beforeAll(async () => {
    database = await backend.create();
    members = [];
    for (const name of ['Asha', 'Ravi']) {
      await createAdmin(database.db, { email: `${name.toLowerCase()}@example.in`, password: 'a long password 1', name });
      members.push((await database.db.selectFrom('admins').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id);
    }
    // 60 leads over the 30 days and a few before them, with sources, owners, statuses and first contacts.
    for (let i = 0; i < 64; i++) {
      await database.db
        .insertInto('contact_messages')
        .values({
          first_name: 'Lead',
          last_name: String(i),
          email: `lead${i}@example.in`,
          phone: `90000${String(i).padStart(5, '0')}`,
          message: 'x',
          created_at: new Date(now.getTime() - (i % 32) * DAY - (i % 5) * 3_600_000),
          utm_source: i % 3 === 0 ? null : `source${i % 4}`,
          status: (['new', 'contacted', 'converted', 'spam'] as const)[i % 4],
          assignee_id: i % 3 === 2 ? null : members[i % 2]!,
          first_contact_minutes: i % 4 === 1 || i % 4 === 2 ? (i % 7) + 1 : null,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await database?.dispose();
  });

  /** The figures counted by hand from every lead of the list. */
  async function byHand(): Promise<ListDays> {
    const rows = await database.db
      .selectFrom('contact_messages')
      .select(['created_at', 'status', 'utm_source', 'assignee_id', 'first_contact_minutes'])
      .execute();
    const result: ListDays = { days: new Map(), sources: new Map(), bars: [] };
    const bars = new Map<string, ListDays['bars'][number]>();
    for (const r of rows) {
      const day = istDate(new Date(r.created_at));
      if (r.status === 'spam' || !dates.includes(day)) continue;
      result.days.set(day, (result.days.get(day) ?? 0) + 1);
      result.sources.set(r.utm_source, (result.sources.get(r.utm_source) ?? 0) + 1);
      const key = `${r.assignee_id}/${r.first_contact_minutes}`;
      const bar = bars.get(key) ?? { assignee: r.assignee_id, minutes: r.first_contact_minutes, leads: 0, converted: 0 };
      bar.leads++;
      if (r.status === 'converted') bar.converted++;
      bars.set(key, bar);
    }
    result.bars = [...bars.values()];
    return result;
  }

  const shape = (f: ListDays) => ({
    days: [...f.days].filter(([, n]) => n > 0).sort(),
    sources: [...f.sources].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    bars: [...f.bars].sort((a, b) => `${a.assignee}/${a.minutes}`.localeCompare(`${b.assignee}/${b.minutes}`)),
  });
  const contact = [{ list: 'contact', table: 'contact_messages' }];
  const overview = async () => (await overviewDays(database.db, contact, dates, ALL_LEADS)).get('contact')!;
  const kept = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from overview_days where list = 'contact'`.execute(database.db)).rows[0]!.n);
  const pastLead = async (daysAgo: number) =>
    (
      await sql<{ id: string }>`select id from contact_messages where created_at < ${new Date(now.getTime() - daysAgo * DAY)}
        and created_at > ${new Date(now.getTime() - 29 * DAY)} and status <> 'spam' order by created_at desc limit 1`.execute(database.db)
    ).rows[0]!.id;

  it('keeps the closed days and gives what a count by hand gives, after every kind of change', async () => {
    expect(shape(await overview())).toEqual(shape(await byHand()));
    // The 28 closed days are kept (today and yesterday are counted live).
    expect(await kept()).toBe(28);
    expect(shape(await overview())).toEqual(shape(await byHand()));

    const changes: Array<[string, () => Promise<unknown>]> = [
      ['a status', async () => sql`update contact_messages set status = 'converted' where id = ${await pastLead(5)}`.execute(database.db)],
      ['spam', async () => sql`update contact_messages set status = 'spam' where id = ${await pastLead(9)}`.execute(database.db)],
      [
        'an owner',
        async () => sql`update contact_messages set assignee_id = ${members[1]!} where id = ${await pastLead(12)}`.execute(database.db),
      ],
      ['the pool', async () => sql`update contact_messages set assignee_id = null where id = ${await pastLead(14)}`.execute(database.db)],
      [
        'a first contact',
        async () => sql`update contact_messages set first_contact_minutes = 42 where id = ${await pastLead(17)}`.execute(database.db),
      ],
      ['an erasure', async () => sql`delete from contact_messages where id = ${await pastLead(20)}`.execute(database.db)],
      [
        'a lead stored with an old date',
        () =>
          database.db
            .insertInto('contact_messages')
            .values({
              first_name: 'Late',
              last_name: 'Import',
              email: 'late@example.in',
              phone: '9000099999',
              message: 'x',
              created_at: new Date(now.getTime() - 10 * DAY),
              utm_source: 'fair',
              assignee_id: members[0]!,
            })
            .execute(),
      ],
    ];
    for (const [what, change] of changes) {
      await change();
      expect(shape(await overview()), what).toEqual(shape(await byHand()));
    }
  });

  it('reads a kept day from the database once while its generation stands, and again once it moves', async () => {
    expect(shape(await overview())).toEqual(shape(await byHand()));
    // A kept day's figures altered behind the overview's back, its generation left alone: the
    // overview still has them as it read them, so what it gives is the leads' count, not this.
    const day = dates[10]!;
    const before = await sql<{ leads: number }>`select leads from overview_days where list = 'contact' and day = ${day}::date`.execute(
      database.db,
    );
    await sql`update overview_days set leads = leads + 1000 where list = 'contact' and day = ${day}::date`.execute(database.db);
    expect((await overview()).days.get(day) ?? 0).toBe((await byHand()).days.get(day) ?? 0);
    // Its generation moved (a change that day), the day is read again: here, the altered row
    // is no longer current either, so it is counted again from the leads.
    await sql`update overview_days set leads = ${before.rows[0]!.leads}, gen = gen + 1 where list = 'contact' and day = ${day}::date`.execute(
      database.db,
    );
    expect(shape(await overview())).toEqual(shape(await byHand()));
  });

  it('counts a counsellor their leads and the pool, live', async () => {
    const scope = sql<boolean>`(assignee_id = ${members[0]!} or assignee_id is null)`;
    const figures = (await overviewDays(database.db, contact, dates, scope)).get('contact')!;
    const all = await byHand();
    const theirs = all.bars.filter((b) => b.assignee === members[0] || b.assignee === null);
    expect(shape({ ...figures, days: new Map(), sources: new Map() }).bars).toEqual(
      shape({ days: new Map(), sources: new Map(), bars: theirs }).bars,
    );
    expect([...figures.days.values()].reduce((a, b) => a + b, 0)).toBe(theirs.reduce((n, b) => n + b.leads, 0));
  });
});

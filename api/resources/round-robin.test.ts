// Round robin across three API instances on one database, under 300 concurrent submissions:
// each instance is its own app (its own ingest, group commits and in-flight keys) and, on
// Postgres, its own connection pool; the turn is taken inside each insert, so however the
// submissions interleave the members' counts differ by at most one, spam takes no turn, and
// a deactivated member gets none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_PATHS } from '../../contract/desk.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { memberToken } from '../testing/admin.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';

const SUBMISSIONS = 300;

describe.each(testBackends())('round robin across three instances on $name', (backend) => {
  let database: TestDatabase;
  const extra: DatabaseHandle[] = [];
  let apps: Array<ReturnType<typeof testApp>['app']> = [];
  let admin: { id: string; token: string };
  const counsellors: Array<{ id: string; token: string }> = [];

  beforeAll(async () => {
    database = await backend.create();
    // Postgres: three pools, as three processes would have. PGlite is one process's database:
    // three apps share its handle.
    const handles: DatabaseHandle[] = [database];
    if (database.url) {
      for (let i = 0; i < 2; i += 1) {
        const handle = await openDatabase({ databaseUrl: database.url, dataDir: '' });
        extra.push(handle);
        handles.push(handle);
      }
    } else handles.push(database, database);
    apps = handles.map((h) => testApp({ ...database, ...h, dispose: async () => {} }).app);
    admin = await memberToken(database.db, 'rr-admin@example.in', 'admin');
    for (const n of [1, 2, 3, 4]) counsellors.push(await memberToken(database.db, `rr-c${n}@example.in`, 'counsellor'));
  });
  afterAll(async () => {
    for (const h of extra) await h.close();
    await database?.dispose();
  });

  const counts = async (list: 'enquiries') => {
    const rows = await database.db
      .selectFrom(list)
      .select(['assignee_id', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('assignee_id')
      .execute();
    return new Map(rows.map((r) => [r.assignee_id, Number(r.n)]));
  };

  it(`is fair to within one over ${SUBMISSIONS} concurrent submissions, skipping spam and a deactivated member`, async () => {
    const [a, b, c, d] = counsellors.map((m) => m.id) as [string, string, string, string];
    const put = await Promise.resolve(
      apps[0]!.request(DESK_PATHS.assignment, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ lists: { 'need-help': { mode: 'round-robin', members: [a, b, c, d] } } }),
      }),
    );
    expect(put.status).toBe(200);
    // d has left: the turn passes over them.
    await database.db.updateTable('admins').set({ active: false }).where('id', '=', d).execute();

    // Uneven shares per instance (91, 91 and 88 leads that are not spam, each one past a
    // multiple of three): a turn kept per process would give the first member three more.
    let people = 0;
    const statuses = await Promise.all(
      Array.from({ length: SUBMISSIONS }, (_, i) => {
        const spam = i % 10 === 0;
        const instance = spam ? i % 3 : people < 91 ? 0 : people < 182 ? 1 : 2;
        if (!spam) people += 1;
        return postJson(
          apps[instance]!,
          LEAD_PATHS.enquiry,
          {
            background: 'College Student',
            course: 'Soft Skills',
            name: `Student ${i}`,
            email: `student${i}@college.example.in`,
            phone: `98${String(10_000_000 + i).slice(-8)}`,
            ...(spam ? { website: 'http://bot.example' } : {}),
          },
          { 'Idempotency-Key': crypto.randomUUID() },
        ).then((r) => r.status);
      }),
    );
    expect(statuses.filter((s) => s !== 201)).toEqual([]);

    const byMember = await counts('enquiries');
    const spam = SUBMISSIONS / 10;
    // Spam is no one's; every other lead is someone's; d got none.
    expect(byMember.get(null)).toBe(spam);
    expect(byMember.get(d)).toBeUndefined();
    const shares = [a, b, c].map((id) => byMember.get(id) ?? 0);
    expect(shares.reduce((x, y) => x + y, 0)).toBe(SUBMISSIONS - spam);
    expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    // And each assignment is in its lead's history.
    const recorded = await database.db
      .selectFrom('lead_history')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('list', '=', 'need-help')
      .where('action', '=', 'assign')
      .executeTakeFirstOrThrow();
    expect(Number(recorded.n)).toBe(SUBMISSIONS - spam);
  });
});

// 10,000 leads in one bulk change, by filter, on PGlite and on Postgres: an assignment, a
// status (whose timeline entries make the rules' events: one per lead) and its undo, each
// within a generous bound of the 5 s the desk needs (the machines running the suite are
// shared; `npm run bench -- bulk` gives the figure without the suite around it).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkPath, bulkUndoPath, type BulkResult, type UndoResult } from '../../contract/bulk.ts';
import { memberToken } from '../testing/admin.ts';
import { testApp } from '../testing/app.ts';
import { insertContactLeads } from '../testing/bulk-leads.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';

const LEADS = 10_000;
/** The desk's 5 s, six times over: the suite shares 2 cores with others (load averages of 30 seen); the bench's CPU time is the figure. */
const BOUND_MS = 30_000;

describe.each(testBackends())('10,000 leads in one bulk change on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  let admin: { id: string; token: string };
  let asha: { id: string; token: string };
  let ids: string[];

  beforeAll(async () => {
    database = await backend.create();
    ({ app } = testApp(database));
    admin = await memberToken(database.db, 'scale-admin@example.in', 'admin');
    asha = await memberToken(database.db, 'scale-asha@example.in', 'counsellor');
    // Some other leads, so the filter has something to leave out.
    await insertContactLeads(database.db, 2_000, { utmSource: 'elsewhere' });
    ids = await insertContactLeads(database.db, LEADS, { utmSource: 'college-fair' });
  }, 120_000);
  afterAll(async () => {
    await database?.dispose();
  });

  const timed = async <T>(path: string, body: unknown): Promise<{ ms: number; result: T }> => {
    const started = performance.now();
    const res = await Promise.resolve(
      app.request(path, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    const result = (await res.json()) as T;
    const ms = performance.now() - started;
    expect(res.status, JSON.stringify(result)).toBe(200);
    return { ms, result };
  };
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(database.db)).rows[0]!.n;

  it('assigns them, sets their status and undoes it, each well within the bound, every lead in its timeline', async () => {
    const filter = { utm_source: 'college-fair' };
    const assign = await timed<BulkResult>(bulkPath('contact'), { filter, action: { type: 'assign', assignee: asha.id } });
    expect(assign.result).toMatchObject({ changed: LEADS, unchanged: 0, skipped: 0 });

    const status = await timed<BulkResult>(bulkPath('contact'), { filter, action: { type: 'status', status: 'contacted' } });
    expect(status.result).toMatchObject({ changed: LEADS });
    const undo = await timed<UndoResult>(bulkUndoPath('contact', status.result.id!), {});
    expect(undo.result).toEqual({ restored: LEADS, skipped: 0 });
    console.log(
      `${backend.name}: ${LEADS} leads: assign ${Math.round(assign.ms)} ms, status ${Math.round(status.ms)} ms, undo ${Math.round(undo.ms)} ms`,
    );
    for (const ms of [assign.ms, status.ms, undo.ms]) expect(ms).toBeLessThan(BOUND_MS);

    expect(await count(sql`select count(*)::int as n from lead_history where action = 'assign' and assignee_id = ${asha.id}::uuid`)).toBe(
      LEADS,
    );
    // The status and its undo: two entries per lead, and two rules' events per lead, no more.
    expect(await count(sql`select count(*)::int as n from lead_history where action = 'status' and lead_id = any(${ids}::uuid[])`)).toBe(
      2 * LEADS,
    );
    const events = await sql<{ n: number; leads: number }>`
      select count(*)::int as n, count(distinct payload->>'id')::int as leads from jobs
      where kind = 'lead.status' and payload->>'id' = any(${ids}::text[])`.execute(database.db);
    expect(events.rows[0]).toEqual({ n: 2 * LEADS, leads: LEADS });
    expect(
      await count(sql`select count(*)::int as n from contact_messages where utm_source = 'elsewhere' and assignee_id is not null`),
    ).toBe(0);
  }, 120_000);
});

// Two API instances on one database, each with its own scheduler running (on Postgres, each
// with its own connection pool, as two processes would have), 300 leads posted across them:
// every rule's email is queued exactly once per lead.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { RULES_PATH } from '../../contract/rules.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { startScheduler, type Scheduler } from '../jobs/scheduler.ts';
import { memberToken } from '../testing/admin.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { ruleJobHandlers } from './events.ts';

const LEADS = 300;
const CONSENT = { version: '2026-11-23', at: '2026-11-27T06:00:00.000Z', marketing: false };

describe.each(testBackends())('rules on two instances on $name', (backend) => {
  let database: TestDatabase;
  let extra: DatabaseHandle | undefined;
  const schedulers: Scheduler[] = [];
  let apps: Array<ReturnType<typeof testApp>> = [];

  beforeAll(async () => {
    database = await backend.create();
    if (database.url) extra = await openDatabase({ databaseUrl: database.url, dataDir: '' });
    const handles: DatabaseHandle[] = [database, extra ?? database];
    apps = handles.map((h) => testApp({ ...database, ...h, dispose: async () => {} }));
    for (const [i, h] of handles.entries()) {
      schedulers.push(startScheduler({ db: h.db, handlers: ruleJobHandlers(apps[i]!.config), pollMs: 25, log: () => undefined }));
    }
  });
  afterAll(async () => {
    for (const s of schedulers) await s.stop();
    await extra?.close();
    await database?.dispose();
  });

  it(`queues each rule's email once per lead over ${LEADS} leads`, async () => {
    const admin = await memberToken(database.db, 'two-admin@example.in', 'admin');
    for (const subject of ['Welcome', 'Your brochure']) {
      const res = await Promise.resolve(
        apps[0]!.app.request(RULES_PATH, {
          method: 'POST',
          headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            name: subject,
            trigger: { event: 'lead.created' },
            actions: [{ type: 'email', to: 'lead', subject: `${subject}, {firstName}`, body: 'Hello {name}' }],
          }),
        }),
      );
      expect(res.status).toBe(201);
    }
    const statuses = await Promise.all(
      Array.from({ length: LEADS }, (_, i) =>
        postJson(
          apps[i % 2]!.app,
          LEAD_PATHS.enquiry,
          {
            background: 'College Student',
            course: 'Soft Skills',
            name: `Student ${i}`,
            email: `two${i}@college.example.in`,
            phone: `96${String(10_000_000 + i).slice(-8)}`,
            consent: CONSENT,
          },
          { 'Idempotency-Key': crypto.randomUUID() },
        ).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    const count = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from mail_queue where kind = 'rule'`.execute(database.db)).rows[0]?.n ?? 0;
    const deadline = Date.now() + 240_000;
    while ((await count()) < 2 * LEADS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // Both schedulers drained what was due: nothing more comes.
    await Promise.all(schedulers.map((s) => s.drain()));
    const perLead = await sql<{ to_address: string; subject: string; n: number }>`
      select to_address, split_part(subject, ',', 1) as subject, count(*)::int as n from mail_queue where kind = 'rule'
      group by 1, 2`.execute(database.db);
    expect(perLead.rows).toHaveLength(2 * LEADS);
    expect(perLead.rows.filter((r) => r.n !== 1)).toEqual([]);
    const fired = await sql<{ n: number }>`select count(*)::int as n from rule_firings`.execute(database.db);
    expect(fired.rows[0]?.n).toBe(2 * LEADS);
  }, 300_000);
});

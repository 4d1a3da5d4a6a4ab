// What a lead's insert writes for the rules, on PGlite and Postgres: no 'lead.created' job
// while no enabled rule listens on its list (only its first escalation, due SLA minutes on,
// which waits on to its working-hours deadline and then queues the second step); the job as
// before once a rule listens. A returning person is found among webinar registrations too.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { RULES_PATH } from '../../contract/rules.ts';
import { addWorkingMinutes } from '../desk/working-hours.ts';
import { runDueJobs } from '../jobs/scheduler.ts';
import { memberToken } from '../testing/admin.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { LEAD_SAMPLES, createSampleWebinar } from '../testing/lead-samples.ts';
import { recordSla } from './escalation.ts';
import { ruleJobHandlers } from './events.ts';

describe.each(testBackends())('the rules’ share of a lead insert on $name', (backend) => {
  let database: TestDatabase;
  let made: ReturnType<typeof testApp>;
  let admin: { id: string; token: string };
  let counsellor: { id: string; token: string };
  let n = 0;
  beforeAll(async () => {
    database = await backend.create();
    made = testApp(database);
    admin = await memberToken(database.db, 'events-admin@example.in', 'admin');
    counsellor = await memberToken(database.db, 'events-counsellor@example.in', 'counsellor');
    await recordSla(database.db, made.config);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const post = async (extra: Record<string, unknown> = {}) => {
    n += 1;
    const res = await postJson(made.app, LEAD_PATHS.contact, {
      ...LEAD_SAMPLES.contact(n),
      email: `events${n}@example.in`,
      phone: `95${String(10_000_000 + n).slice(-8)}`,
      ...extra,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { _id: string } }).data._id;
  };
  const jobsOf = async (id: string) =>
    (
      await sql<{ kind: string; key: string; run_at: Date }>`
        select kind, key, run_at from jobs where payload->>'id' = ${id} order by key`.execute(database.db)
    ).rows;
  const drain = async (at: Date) => {
    for (;;) {
      const r = await runDueJobs(database.db, ruleJobHandlers(made.config), at);
      if (r.done + r.retrying + r.failed === 0) return;
    }
  };

  it('writes no lead.created job while no rule listens: the first escalation, SLA minutes on, instead', async () => {
    const id = await post();
    const jobs = await jobsOf(id);
    expect(jobs.map((j) => j.key)).toEqual([`escalate:1:contact:${id}`]);
    const lead = await database.db.selectFrom('contact_messages').select('created_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(new Date(jobs[0]!.run_at).getTime()).toBe(new Date(lead.created_at).getTime() + made.config.slaMinutes * 60_000);
  });

  it('the escalation waits on to its working-hours deadline, tells the admins, and queues the second step', async () => {
    const id = await post();
    const created = new Date(
      (await database.db.selectFrom('contact_messages').select('created_at').where('id', '=', id).executeTakeFirstOrThrow()).created_at,
    );
    const first = addWorkingMinutes(created, made.config.slaMinutes, made.config.workingHours);
    const second = addWorkingMinutes(created, made.config.slaMinutes * 2, made.config.workingHours);
    const told = async () =>
      (
        await sql<{
          title: string;
        }>`select title from notifications where lead_id = ${id} and kind = 'escalation' order by created_at`.execute(database.db)
      ).rows.map((r) => r.title);
    // Due by the wall clock, not yet in working minutes (unless the two coincide): it waits.
    // (+1 ms: the row's time has microseconds, the Date read back only milliseconds.)
    await drain(new Date(Math.min(first.getTime() - 1, created.getTime() + made.config.slaMinutes * 60_000 + 1)));
    expect(await told()).toEqual([]);
    await drain(new Date(first.getTime() + 1));
    expect(await told()).toEqual([`Not contacted in ${made.config.slaMinutes} working minutes`]);
    expect((await jobsOf(id)).map((j) => j.key)).toEqual([`escalate:1:contact:${id}`, `escalate:2:contact:${id}`]);
    await drain(new Date(second.getTime() + 1));
    expect(await told()).toEqual([
      `Not contacted in ${made.config.slaMinutes} working minutes`,
      `Not contacted in ${made.config.slaMinutes * 2} working minutes`,
    ]);
  });

  it('writes the lead.created job once a rule listens on the list, and not for a rule on another list', async () => {
    const rule = async (lists: string[]) =>
      made.app.request(RULES_PATH, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Tag', trigger: { event: 'lead.created', lists }, actions: [{ type: 'tag', tag: 'seen' }] }),
      });
    expect((await rule(['need-help'])).status).toBe(201);
    const other = await post();
    expect((await jobsOf(other)).map((j) => j.kind)).toEqual(['escalate']);
    expect((await rule(['contact'])).status).toBe(201);
    const listened = await post();
    expect((await jobsOf(listened)).map((j) => j.kind)).toEqual(['lead.created']);
    await drain(new Date(Date.now() + 1000));
    expect((await jobsOf(listened)).map((j) => j.key)).toEqual([
      `escalate:1:contact:${listened}`,
      `escalate:2:contact:${listened}`,
      `lead.created:contact:${listened}`,
      expect.stringMatching(/^rule:/),
    ]);
    await database.db.deleteFrom('rules').execute();
  });

  it('gives a returning person to the owner of their webinar registration', async () => {
    await createSampleWebinar(database.db, new Date());
    const res = await postJson(made.app, LEAD_PATHS.webinar, { ...LEAD_SAMPLES.webinar(1), email: 'back@example.in', phone: '9123400001' });
    expect(res.status).toBe(201);
    const registration = ((await res.json()) as { data: { _id: string } }).data._id;
    await database.db.updateTable('webinar_registrations').set({ assignee_id: counsellor.id }).where('id', '=', registration).execute();
    const byEmail = await post({ email: 'back@example.in' });
    const byPhone = await post({ phone: '9123400001' });
    const owners = await database.db
      .selectFrom('contact_messages')
      .select(['id', 'assignee_id'])
      .where('id', 'in', [byEmail, byPhone])
      .execute();
    expect(owners.map((o) => o.assignee_id)).toEqual([counsellor.id, counsellor.id]);
  });
});

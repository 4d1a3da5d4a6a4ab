// Rules end to end through the API, on PGlite and on Postgres: admins only; validation with
// clear messages; the preview; every event (lead.created, lead.status, lead.uncontacted,
// nextAction.overdue, booking.unpaid, test.taken, session.finished), the conditions and every
// action; the firing in the lead's timeline naming the rule; once per lead and event however
// often the jobs run; a rule's own change never running it again; a failing action retried,
// shown, given up and retried by hand; escalation at the SLA and twice it; a returning person
// given to their owner.
import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LEAD_PATHS, type LeadKind } from '../../contract/lead-kinds.ts';
import { RULE_MESSAGES, RULES_PATH, type Rule } from '../../contract/rules.ts';
import { runDueJobs } from '../jobs/scheduler.ts';
import { setStatuses } from '../leads/history.ts';
import { LISTED_LEADS } from '../leads/definitions.ts';
import { memberToken } from '../testing/admin.ts';
import { LEAD_SAMPLES } from '../testing/lead-samples.ts';
import { memberRequests, postJson, useTestApp } from '../testing/app.ts';
import { testBackends } from '../testing/databases.ts';
import { ruleJobHandlers } from './events.ts';

const CONSENT = { version: '2026-11-23', at: '2026-11-27T06:00:00.000Z', marketing: true };
const DAY = 86_400_000;

describe.each(testBackends())('rules on $name', (backend) => {
  const t = useTestApp(backend);
  let admin: { id: string; token: string };
  let counsellor: { id: string; token: string };
  let n = 0;

  beforeAll(async () => {
    admin = await memberToken(t.database.db, 'rules-admin@example.in', 'admin');
    counsellor = await memberToken(t.database.db, 'rules-counsellor@example.in', 'counsellor');
  });
  beforeEach(async () => {
    await t.database.db.deleteFrom('rules').execute();
  });

  const call = memberRequests(t);
  const makeRule = async (rule: Record<string, unknown>): Promise<Rule> => {
    const res = await call('POST', RULES_PATH, admin.token, { name: 'A rule', ...rule });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    return ((await res.json()) as { rule: Rule }).rule;
  };
  /** Posts a lead of `kind` (its own email and phone) and resolves its id. */
  const post = async (kind: LeadKind & keyof typeof LISTED_LEADS, extra: Record<string, unknown> = {}) => {
    n += 1;
    const body: Record<string, unknown> = { ...LEAD_SAMPLES[kind](n), phone: `97${String(10_000_000 + n).slice(-8)}`, ...extra };
    const res = await postJson(t.app, LEAD_PATHS[kind], body, { 'Idempotency-Key': crypto.randomUUID() });
    expect(res.status).toBe(201);
    const table = LISTED_LEADS[kind].table;
    const row = await sql<{ id: string }>`select id from ${sql.table(table)} where email = ${body.email as string}`.execute(t.database.db);
    return row.rows[0]!.id;
  };
  /** Runs every job due at `at` (now by default), until none is left. */
  const drain = async (at = new Date()) => {
    for (;;) {
      const round = await runDueJobs(t.database.db, ruleJobHandlers(t.config), at, 500);
      if (round.done + round.retrying + round.failed === 0) return;
    }
  };
  const later = (days = 40) => new Date(Date.now() + days * DAY);
  const lead = async (table: string, id: string) =>
    (await sql<Record<string, unknown>>`select * from ${sql.table(table)} where id = ${id}`.execute(t.database.db)).rows[0]!;
  const ruleLines = async (id: string) =>
    (
      await t.database.db
        .selectFrom('lead_history')
        .select(['note', 'admin_label'])
        .where('lead_id', '=', id)
        .where('action', '=', 'rule')
        .execute()
    ).map((r) => r.note ?? '');
  const tags = async (id: string) =>
    (await t.database.db.selectFrom('lead_tags').select('tag').where('lead_id', '=', id).execute()).map((r) => r.tag).sort();
  const notices = async (id: string, kind?: string) =>
    t.database.db
      .selectFrom('notifications')
      .select(['member_id', 'kind', 'title'])
      .where('lead_id', '=', id)
      .$if(kind !== undefined, (q) => q.where('kind', '=', kind as never))
      .execute();
  const mails = async (subject: string) =>
    (await t.database.db.selectFrom('mail_queue').select(['to_address', 'subject']).where('subject', 'like', `${subject}%`).execute()).map(
      (m) => m.to_address,
    );

  it('is for admins only: 403 for counsellors, viewers and trainers, 401 without a token', async () => {
    for (const role of ['counsellor', 'viewer', 'trainer'] as const) {
      const m = await memberToken(t.database.db, `rules-${role}@example.in`, role);
      expect((await call('GET', RULES_PATH, m.token)).status).toBe(403);
      expect((await call('POST', RULES_PATH, m.token, { name: 'x' })).status).toBe(403);
      expect((await call('PATCH', `${RULES_PATH}/${crypto.randomUUID()}`, m.token, {})).status).toBe(403);
      expect((await call('DELETE', `${RULES_PATH}/${crypto.randomUUID()}`, m.token)).status).toBe(403);
    }
    expect((await t.app.request(RULES_PATH)).status).toBe(401);
  });

  it('refuses a bad rule with a clear message', async () => {
    const bad = async (rule: Record<string, unknown>) => {
      const res = await call('POST', RULES_PATH, admin.token, rule);
      expect(res.status).toBe(400);
      return ((await res.json()) as { message: string }).message;
    };
    const ok = { name: 'R', trigger: { event: 'lead.created' }, actions: [{ type: 'tag', tag: 'x' }] };
    expect(await bad({ ...ok, name: '' })).toBe(RULE_MESSAGES.name);
    expect(await bad({ ...ok, trigger: { event: 'lead.exploded' } })).toBe(RULE_MESSAGES.event);
    expect(await bad({ ...ok, trigger: { event: 'lead.uncontacted' } })).toBe(RULE_MESSAGES.minutes);
    expect(await bad({ ...ok, trigger: { event: 'lead.created', lists: ['nope'] } })).toBe(RULE_MESSAGES.lists);
    expect(await bad({ ...ok, conditions: [{ field: 'colour', op: 'equals', value: 'x' }] })).toBe(RULE_MESSAGES.field);
    expect(await bad({ ...ok, conditions: [{ field: 'city', op: 'like', value: 'x' }] })).toBe(RULE_MESSAGES.op);
    expect(await bad({ ...ok, conditions: [{ field: 'score', op: 'gte', value: 'high' }] })).toBe(RULE_MESSAGES.value);
    expect(await bad({ ...ok, actions: [] })).toBe(RULE_MESSAGES.actions);
    expect(await bad({ ...ok, actions: [{ type: 'explode' }] })).toBe(RULE_MESSAGES.actionType);
    expect(await bad({ ...ok, actions: [{ type: 'email', to: 'lead', subject: 'Hi', body: '' }] })).toBe(RULE_MESSAGES.body);
    expect(await bad({ ...ok, actions: [{ type: 'email', to: 'lead', subject: 'a\nb', body: 'x' }] })).toBe(RULE_MESSAGES.subject);
    expect(await bad({ ...ok, actions: [{ type: 'assign', memberId: crypto.randomUUID() }] })).toBe(RULE_MESSAGES.membersUnknown);
    expect(await bad({ ...ok, actions: [{ type: 'nextAction', actionType: 'fax', inMinutes: 5 }] })).toBe(RULE_MESSAGES.nextAction);
  });

  it('lists, changes, disables and deletes a rule; previews one over the last leads', async () => {
    const campaign = `fair-${crypto.randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 3; i += 1) await post('proposal', { source: { last: { utm_source: 'college', utm_campaign: campaign } } });
    await post('proposal');
    const input = {
      name: 'College fair',
      trigger: { event: 'lead.created', lists: ['proposals'] },
      conditions: [{ field: 'utm_campaign', op: 'equals', value: campaign }],
      actions: [{ type: 'tag', tag: 'fair' }],
    };
    const preview = await call('POST', `${RULES_PATH}/preview`, admin.token, input);
    const total = await t.database.db
      .selectFrom('proposals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '<>', 'spam')
      .executeTakeFirstOrThrow();
    expect(await preview.json()).toEqual({ matched: 3, of: Math.min(100, Number(total.n)) });

    const rule = await makeRule(input);
    expect(rule).toMatchObject({
      name: 'College fair',
      enabled: true,
      trigger: { event: 'lead.created', lists: ['proposals'] },
      fired: 0,
      failures: [],
    });
    const patched = await call('PATCH', `${RULES_PATH}/${rule._id}`, admin.token, { enabled: false });
    expect(((await patched.json()) as { rule: Rule }).rule.enabled).toBe(false);
    const listed = (await (await call('GET', RULES_PATH, admin.token)).json()) as { data: Rule[] };
    expect(listed.data.map((r) => [r.name, r.enabled])).toEqual([['College fair', false]]);
    expect((await call('DELETE', `${RULES_PATH}/${rule._id}`, admin.token)).status).toBe(204);
    expect((await call('DELETE', `${RULES_PATH}/${rule._id}`, admin.token)).status).toBe(404);
    expect((await call('PATCH', `${RULES_PATH}/${rule._id}`, admin.token, { enabled: true })).status).toBe(404);
  });

  it('lead.created: conditions pick the leads, actions run in order, once, written in the timeline', async () => {
    const rule = await makeRule({
      name: 'Campus welcome',
      trigger: { event: 'lead.created', lists: ['need-help'] },
      conditions: [
        { field: 'utm_source', op: 'in', value: ['Campus', 'fair'] },
        { field: 'course', op: 'contains', value: 'soft' },
        { field: 'list', op: 'equals', value: 'need-help' },
      ],
      actions: [
        { type: 'assign', memberId: counsellor.id },
        { type: 'status', status: 'contacted' },
        { type: 'nextAction', actionType: 'call', inMinutes: 30 },
        { type: 'tag', tag: 'campus' },
        { type: 'email', to: 'lead', subject: 'Welcome {firstName}', body: 'Hello {name}, {owner} will call you.' },
        { type: 'email', to: 'owner', subject: 'Welcome owner', body: 'New {list} lead {name}' },
        { type: 'email', to: 'admins', subject: 'Welcome admins', body: '{name}' },
        { type: 'notify', to: 'owner' },
        { type: 'notify', to: 'admins' },
        { type: 'notify', to: counsellor.id },
      ],
    });
    const hit = await post('enquiry', { source: { first: { utm_source: 'campus' } }, consent: CONSENT });
    const noConsent = await post('enquiry', { source: { first: { utm_source: 'campus' } } });
    const miss = await post('enquiry', { source: { first: { utm_source: 'instagram' } }, consent: CONSENT });
    await drain();
    await drain();

    const row = await lead('enquiries', hit);
    expect(row).toMatchObject({ assignee_id: counsellor.id, status: 'contacted', next_action_type: 'call' });
    expect(await tags(hit)).toEqual(['campus']);
    expect(await ruleLines(hit)).toEqual([expect.stringContaining('Rule "Campus welcome" (lead.created): assigned to')]);
    const history = await t.database.db.selectFrom('lead_history').select(['action', 'admin_label']).where('lead_id', '=', hit).execute();
    expect(
      history
        .filter((h) => h.admin_label === 'Rule: Campus welcome')
        .map((h) => h.action)
        .sort(),
    ).toEqual(['assign', 'next-action', 'rule', 'status']);
    expect(await mails('Welcome Meera')).toEqual([row.email]);
    expect(await mails('Welcome owner')).toEqual(['rules-counsellor@example.in', 'rules-counsellor@example.in']);
    expect(await mails('Welcome admins')).toEqual(['rules-admin@example.in', 'rules-admin@example.in']);
    // The lead without a consent record got no email; its owner and the admins did.
    expect(await ruleLines(noConsent)).toEqual([expect.stringContaining('no email to the lead: no consent on record')]);
    const told = await notices(hit, 'rule');
    expect(told.map((n) => n.member_id).sort()).toEqual([admin.id, counsellor.id].sort());
    expect(await ruleLines(miss)).toEqual([]);
    expect(await tags(miss)).toEqual([]);

    // Running every job again (another instance, a restart) fires nothing twice.
    await t.database.db
      .updateTable('jobs')
      .set({ state: 'waiting', run_at: new Date(0) })
      .where('kind', 'in', ['lead.created', 'rule.run'])
      .execute();
    await drain();
    expect(await ruleLines(hit)).toHaveLength(1);
    const listed = (await (await call('GET', RULES_PATH, admin.token)).json()) as { data: Rule[] };
    expect(listed.data.find((r) => r._id === rule._id)?.fired).toBe(2);
  });

  it('fires on a batch of leads together as one at a time would: round robin in turn, each lead once, a line in each timeline', async () => {
    const second = await memberToken(t.database.db, 'rules-second@example.in', 'counsellor');
    const rule = await makeRule({
      trigger: { event: 'lead.created', lists: ['contact'] },
      conditions: [{ field: 'list', op: 'equals', value: 'contact' }],
      actions: [
        { type: 'assign', roundRobin: [counsellor.id, second.id] },
        { type: 'status', status: 'contacted' },
        { type: 'tag', tag: 'batched' },
        { type: 'email', to: 'owner', subject: 'New: {firstName}', body: 'For {owner}' },
      ],
    });
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(await post('contact', { consent: CONSENT }));
    await drain();
    const rows = await Promise.all(ids.map((id) => lead('contact_messages', id)));
    expect(rows.map((r) => r.assignee_id)).toEqual([counsellor.id, second.id, counsellor.id, second.id]);
    expect(rows.map((r) => r.status)).toEqual(['contacted', 'contacted', 'contacted', 'contacted']);
    for (const id of ids) expect(await tags(id)).toEqual(['batched']);
    const owners = ['rules-counsellor@example.in', 'rules-counsellor@example.in', 'rules-second@example.in', 'rules-second@example.in'];
    expect((await mails('New: ')).sort()).toEqual(owners);
    // The jobs run again (a retry after a lost commit, another instance): nothing more happens.
    await sql`update jobs set state = 'waiting', run_at = now() - interval '1 second' where kind in ('lead.created', 'rule.run')`.execute(
      t.database.db,
    );
    await drain();
    const firings = await sql<{ n: number }>`select count(*)::int as n from rule_firings where rule_id = ${rule._id}`.execute(
      t.database.db,
    );
    expect(firings.rows[0]?.n).toBe(4);
    for (const id of ids) {
      expect(await ruleLines(id)).toHaveLength(1);
      const changes = await sql<{ n: number }>`
        select count(*)::int as n from lead_history where lead_id = ${id} and action = 'status'`.execute(t.database.db);
      expect(changes.rows[0]?.n).toBe(1);
    }
    expect((await mails('New: ')).sort()).toEqual(owners);
  });

  it('lead.status: fires on a change to its status, and its own change never runs it again', async () => {
    await makeRule({
      name: 'Lost, try once more',
      trigger: { event: 'lead.status', status: 'not-interested' },
      actions: [
        { type: 'status', status: 'new' },
        { type: 'tag', tag: 'retry' },
      ],
    });
    const bounce = await makeRule({
      name: 'Any change',
      trigger: { event: 'lead.status' },
      actions: [{ type: 'status', status: 'not-interested' }],
    });
    const id = await post('contact');
    await drain();
    const adminRow = await t.database.db.selectFrom('admins').selectAll().where('id', '=', admin.id).executeTakeFirstOrThrow();
    await setStatuses(t.database.db, LISTED_LEADS.contact, 'contact', [id], 'converted', adminRow as never);
    for (let i = 0; i < 12; i += 1) await drain();
    // converted → "Any change" sets not-interested → "Lost" sets new → "Any change" … until the chain's depth stops it.
    const fired = await t.database.db.selectFrom('rule_firings').select(['rule_id']).where('lead_id', '=', id).execute();
    expect(fired.length).toBeGreaterThan(1);
    expect(fired.length).toBeLessThanOrEqual(5);
    expect(await tags(id)).toEqual(['retry']);
    // A rule alone: its own status change does not start it again.
    await t.database.db.deleteFrom('rules').execute();
    const alone = await makeRule({ name: 'Alone', trigger: { event: 'lead.status' }, actions: [{ type: 'status', status: 'contacted' }] });
    const other = await post('contact');
    await drain();
    await setStatuses(t.database.db, LISTED_LEADS.contact, 'contact', [other], 'converted', adminRow as never);
    for (let i = 0; i < 4; i += 1) await drain();
    expect(await t.database.db.selectFrom('rule_firings').select('rule_id').where('lead_id', '=', other).execute()).toEqual([
      { rule_id: alone._id },
    ]);
    expect((await lead('contact_messages', other)).status).toBe('contacted');
    void bounce;
  });

  it('lead.uncontacted (working minutes), nextAction.overdue and booking.unpaid wait, and check again when due', async () => {
    await makeRule({
      name: 'Nobody called',
      trigger: { event: 'lead.uncontacted', lists: ['join-free'], minutes: 30 },
      actions: [{ type: 'tag', tag: 'cold' }],
    });
    await makeRule({
      name: 'Call soon',
      trigger: { event: 'lead.created', lists: ['join-free'] },
      actions: [{ type: 'nextAction', actionType: 'call', inMinutes: 10 }],
    });
    await makeRule({
      name: 'Overdue',
      trigger: { event: 'nextAction.overdue', lists: ['join-free'], minutes: 5 },
      actions: [{ type: 'notify', to: 'admins' }],
    });
    await makeRule({ name: 'Unpaid', trigger: { event: 'booking.unpaid', minutes: 60 }, actions: [{ type: 'tag', tag: 'unpaid' }] });
    const cold = await post('freeJoin');
    const called = await post('freeJoin');
    const unpaid = await post('booking');
    const paid = await post('booking');
    await drain();
    expect(await tags(cold)).toEqual([]);
    expect(await tags(unpaid)).toEqual([]);
    await t.database.db
      .updateTable('free_join_users')
      .set({ status: 'contacted', first_contact_at: new Date() })
      .where('id', '=', called)
      .execute();
    await t.database.db.updateTable('bookings').set({ payment_status: 'paid' }).where('id', '=', paid).execute();
    await drain(later());
    expect(await tags(cold)).toEqual(['cold']);
    expect(await tags(called)).toEqual([]);
    expect(await tags(unpaid)).toEqual(['unpaid']);
    expect(await tags(paid)).toEqual([]);
    expect((await notices(cold, 'rule')).map((n) => n.title)).toEqual(['Overdue']);
  });

  it('test.taken matches on the test language; session.finished on the organisation, at the end of its day', async () => {
    await makeRule({
      name: 'Hindi test',
      trigger: { event: 'test.taken' },
      conditions: [{ field: 'testLanguage', op: 'equals', value: 'hindi' }],
      actions: [{ type: 'tag', tag: 'hindi' }],
    });
    await makeRule({
      name: 'Session done',
      trigger: { event: 'session.finished' },
      conditions: [
        { field: 'organisation', op: 'contains', value: 'hansraj' },
        { field: 'city', op: 'equals', value: 'new delhi' },
      ],
      actions: [{ type: 'tag', tag: 'follow-up' }],
    });
    const person = await post('personalitySignup');
    const email = (await lead('personality_users', person)).email as string;
    const quiz = LEAD_SAMPLES.quizAnswers(1);
    const res = await postJson(
      t.app,
      LEAD_PATHS.quizAnswers,
      { ...quiz, email, language: 'hindi' },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(res.status).toBe(201);
    const enquiry = await post('enquiry');
    await t.database.db
      .insertInto('classroom_sessions')
      .values({
        code: 'RULESX',
        organisation: 'Hansraj College',
        city: 'New Delhi',
        // Today in India (UTC+05:30), the session's own calendar: today in UTC is already
        // yesterday there from 18:30 UTC, and that day's end would be past before the first drain.
        date: new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10),
        language: 'english',
        lead_id: enquiry,
      })
      .execute();
    await drain();
    expect(await tags(person)).toEqual(['hindi']);
    expect(await tags(enquiry)).toEqual([]);
    await drain(later(2));
    expect(await tags(enquiry)).toEqual(['follow-up']);
  });

  it('a failing action is retried, shown on the rules page, given up, and tried again by hand', async () => {
    const leaving = await memberToken(t.database.db, 'rules-leaving@example.in', 'counsellor');
    const rule = await makeRule({
      name: 'To the leaver',
      trigger: { event: 'lead.created', lists: ['test-form'] },
      actions: [{ type: 'assign', memberId: leaving.id }],
    });
    await t.database.db.updateTable('admins').set({ active: false }).where('id', '=', leaving.id).execute();
    const id = await post('personalitySignup');
    await drain();
    const shown = async () =>
      ((await (await call('GET', RULES_PATH, admin.token)).json()) as { data: Rule[] }).data.find((r) => r._id === rule._id)!;
    expect((await shown()).failures).toEqual([
      expect.objectContaining({ leadId: id, failed: false, attempts: 1, error: expect.stringContaining('not an active') }),
    ]);
    for (let hour = 1; hour < 24; hour += 2) await drain(new Date(Date.now() + hour * 3_600_000));
    const given = (await shown()).failures[0]!;
    expect(given).toMatchObject({ failed: true, attempts: 6 });
    await t.database.db.updateTable('admins').set({ active: true }).where('id', '=', leaving.id).execute();
    expect((await call('POST', `${RULES_PATH}/failures/${given.jobId}/retry`, admin.token)).status).toBe(204);
    await drain();
    expect((await lead('personality_users', id)).assignee_id).toBe(leaving.id);
    expect((await shown()).failures).toEqual([]);
  });

  it('escalates an uncontacted lead: its owner at the SLA, the admins at twice it; a contacted one not at all', async () => {
    const owned = await post('contact');
    const pool = await post('contact');
    const contacted = await post('contact');
    await t.database.db.updateTable('contact_messages').set({ assignee_id: counsellor.id }).where('id', '=', owned).execute();
    await t.database.db
      .updateTable('contact_messages')
      .set({ status: 'contacted', first_contact_at: new Date() })
      .where('id', '=', contacted)
      .execute();
    await drain();
    expect(await notices(owned, 'escalation')).toEqual([]);
    // Past both deadlines (in working minutes, however the week falls).
    await drain(later(10));
    const ownedTold = await notices(owned, 'escalation');
    expect(ownedTold.map((n) => n.member_id).sort()).toEqual([admin.id, counsellor.id].sort());
    expect(ownedTold.map((n) => n.title).sort()).toEqual(
      [`Not contacted in ${t.config.slaMinutes * 2} working minutes`, `Not contacted in ${t.config.slaMinutes} working minutes`].sort(),
    );
    expect((await notices(pool, 'escalation')).map((n) => n.member_id)).toEqual([admin.id, admin.id]);
    expect(await notices(contacted, 'escalation')).toEqual([]);
    const lines = await t.database.db
      .selectFrom('lead_history')
      .select('note')
      .where('lead_id', '=', owned)
      .where('action', '=', 'escalation')
      .execute();
    expect(lines).toHaveLength(2);
  });

  it('a rule that reassigns an uncontacted lead takes the first escalation’s place', async () => {
    await makeRule({
      name: 'Reassign',
      trigger: { event: 'lead.uncontacted', lists: ['join-now'], minutes: 5 },
      actions: [{ type: 'assign', memberId: admin.id }],
    });
    const id = await post('joinNow');
    await t.database.db.updateTable('join_now_users').set({ assignee_id: counsellor.id }).where('id', '=', id).execute();
    await drain(later(10));
    expect((await lead('join_now_users', id)).assignee_id).toBe(admin.id);
    expect((await notices(id, 'escalation')).map((n) => n.title)).toEqual([`Not contacted in ${t.config.slaMinutes * 2} working minutes`]);
  });

  it('a returning person goes to their owner, not round robin, and the owner is told', async () => {
    const first = await post('enquiry', { email: 'returning@example.in' });
    await t.database.db.updateTable('enquiries').set({ assignee_id: counsellor.id }).where('id', '=', first).execute();
    const put = await call('PUT', '/api/admin/assignment', admin.token, {
      lists: { contact: { mode: 'round-robin', members: [admin.id] } },
    });
    expect(put.status).toBe(200);
    const again = await post('contact', { email: 'returning@example.in' });
    const stranger = await post('contact');
    expect((await lead('contact_messages', again)).assignee_id).toBe(counsellor.id);
    expect((await lead('contact_messages', stranger)).assignee_id).toBe(admin.id);
    const line = await t.database.db
      .selectFrom('lead_history')
      .select('admin_label')
      .where('lead_id', '=', again)
      .where('action', '=', 'assign')
      .executeTakeFirstOrThrow();
    expect(line.admin_label).toBe('Returning person');
    await drain();
    expect((await notices(again, 'assigned')).map((n) => n.member_id)).toEqual([counsellor.id]);
    expect(await notices(stranger, 'assigned')).toEqual([]);
  });
});

// Bulk work through the API, on PGlite and on Postgres: every action (assign to a member, to
// the pool, by round robin; status; next action; tag; export) by ids and by filter; a
// counsellor's scope (another counsellor's leads skipped and counted, a filter resolved within
// their leads and the pool's); each lead's timeline entry; the rules' events once per lead;
// the undo, and the leads it leaves alone because they changed since.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkPath, bulkUndoPath, type BulkResult, type UndoResult } from '../../contract/bulk.ts';
import { DESK_PATHS } from '../../contract/desk.ts';
import { leadPath } from '../../contract/console.ts';
import { RULES_PATH } from '../../contract/rules.ts';
import { runDueJobs } from '../jobs/scheduler.ts';
import { noticeAssignmentsOnce } from '../notify/assignments.ts';
import { ruleJobHandlers } from '../rules/events.ts';
import { memberToken } from '../testing/admin.ts';
import { memberRequests, useTestApp } from '../testing/app.ts';
import { insertContactLeads } from '../testing/bulk-leads.ts';
import { testBackends } from '../testing/databases.ts';

const PATH = bulkPath('contact');

describe.each(testBackends())('bulk work on $name', (backend) => {
  const t = useTestApp(backend);
  let admin: { id: string; token: string };
  let asha: { id: string; token: string };
  let ravi: { id: string; token: string };
  let tagN = 0;

  beforeAll(async () => {
    admin = await memberToken(t.database.db, 'bulk-admin@example.in', 'admin');
    asha = await memberToken(t.database.db, 'bulk-asha@example.in', 'counsellor');
    ravi = await memberToken(t.database.db, 'bulk-ravi@example.in', 'counsellor');
  });

  const call = memberRequests(t);
  const bulk = async (token: string, body: unknown, status = 200): Promise<BulkResult> => {
    const res = await call('POST', PATH, token, body);
    expect(res.status, JSON.stringify(await res.clone().text())).toBe(status);
    return (await res.json()) as BulkResult;
  };
  const undo = async (token: string, id: string, status = 200): Promise<UndoResult> => {
    const res = await call('POST', bulkUndoPath('contact', id), token, {});
    expect(res.status, await res.clone().text()).toBe(status);
    return (await res.json()) as UndoResult;
  };
  /** A fresh source, so each test's filter matches its own leads only. */
  const source = () => `bulk-${(tagN += 1)}`;
  const leads = (ids: string[]) =>
    t.database.db
      .selectFrom('contact_messages')
      .select(['id', 'status', 'assignee_id', 'next_action_type', 'next_action_due_at', 'next_action_note'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  const entries = async (ids: string[], action: string) =>
    (
      await t.database.db
        .selectFrom('lead_history')
        .select(['lead_id', 'admin_id', 'to_status', 'assignee_id', 'note', 'data'])
        .where('list', '=', 'contact')
        .where('lead_id', 'in', ids)
        .where('action', '=', action as never)
        .orderBy('id')
        .execute()
    ).filter((e) => e.data?.bulk !== undefined || e.data?.undo !== undefined);

  it('changes the status by ids and by filter, each lead with its timeline entry', async () => {
    const src = source();
    const ids = await insertContactLeads(t.database.db, 6, { utmSource: src });
    const other = await insertContactLeads(t.database.db, 2, { utmSource: `${src}-other` });
    const byIds = await bulk(admin.token, { ids: ids.slice(0, 2), action: { type: 'status', status: 'contacted' } });
    expect(byIds).toMatchObject({ changed: 2, unchanged: 0, skipped: 0 });
    expect(byIds.id).toMatch(/^[0-9a-f-]{36}$/);
    const byFilter = await bulk(admin.token, { filter: { utm_source: src }, action: { type: 'status', status: 'contacted' } });
    // The two already contacted are found, and left as they were.
    expect(byFilter).toMatchObject({ changed: 4, unchanged: 2, skipped: 0 });
    expect((await leads(ids)).map((l) => l.status)).toEqual(Array(6).fill('contacted'));
    expect((await leads(other)).map((l) => l.status)).toEqual(['new', 'new']);
    const written = await entries(ids, 'status');
    expect(written).toHaveLength(6);
    expect(new Set(written.map((e) => e.lead_id))).toEqual(new Set(ids));
    expect(written.every((e) => e.admin_id === admin.id && e.to_status === 'contacted')).toBe(true);
    // The lead's own timeline shows it as any status change.
    const detail = await (await call('GET', leadPath('contact', ids[0]!), admin.token)).json();
    expect(detail.history.some((h: { action: string; to: string }) => h.action === 'status' && h.to === 'contacted')).toBe(true);
    // A filter's status narrows it like the list's: only the new ones.
    const narrowed = await bulk(admin.token, { filter: { utm_source: `${src}-other`, status: 'new' }, action: { type: 'tag', tag: 'x' } });
    expect(narrowed.changed).toBe(2);
  });

  it('closing leads clears their next steps, and its undo brings them back', async () => {
    const src = source();
    const ids = await insertContactLeads(t.database.db, 3, { utmSource: src });
    const due = '2026-12-01T10:00:00.000Z';
    await bulk(admin.token, { ids, action: { type: 'nextAction', nextAction: { type: 'call', dueAt: due } } });
    const closed = await bulk(admin.token, { ids, action: { type: 'status', status: 'not-interested' } });
    expect((await leads(ids)).every((l) => l.next_action_type === null)).toBe(true);
    expect(await undo(admin.token, closed.id!)).toEqual({ restored: 3, skipped: 0 });
    const back = await leads(ids);
    expect(back.every((l) => l.status === 'new' && l.next_action_type === 'call')).toBe(true);
    expect(back[0]!.next_action_due_at!.toISOString()).toBe(due);
  });

  it('assigns to a member and to the pool, by ids and by filter', async () => {
    const src = source();
    const ids = await insertContactLeads(t.database.db, 5, { utmSource: src });
    expect(await bulk(admin.token, { ids: ids.slice(0, 2), action: { type: 'assign', assignee: asha.id } })).toMatchObject({
      changed: 2,
    });
    expect(await bulk(admin.token, { filter: { utm_source: src }, action: { type: 'assign', assignee: ravi.id } })).toMatchObject({
      changed: 5,
    });
    expect((await leads(ids)).every((l) => l.assignee_id === ravi.id)).toBe(true);
    const given = await entries(ids, 'assign');
    expect(given).toHaveLength(7);
    expect(given.at(-1)).toMatchObject({ assignee_id: ravi.id });
    // The filter of the list's owner column: Ravi's leads of this source, back to the pool.
    const pooled = await bulk(admin.token, { filter: { utm_source: src, assignee: ravi.id }, action: { type: 'assign', assignee: null } });
    expect(pooled.changed).toBe(5);
    expect((await leads(ids)).every((l) => l.assignee_id === null)).toBe(true);
    // Not a member who works leads: 400.
    const bad = await call('POST', PATH, admin.token, { ids, action: { type: 'assign', assignee: crypto.randomUUID() } });
    expect(bad.status).toBe(400);
  });

  it('tells a member once of the leads a bulk change gave them, not once per lead', async () => {
    const src = source();
    const ids = await insertContactLeads(t.database.db, 6, { utmSource: src });
    await noticeAssignmentsOnce(t.database.db);
    await bulk(admin.token, { filter: { utm_source: src }, action: { type: 'assign', assignee: ravi.id } });
    // Twice: a round that reads the entries again (before they settle) tells no one again.
    await noticeAssignmentsOnce(t.database.db);
    await noticeAssignmentsOnce(t.database.db);
    const told = await t.database.db
      .selectFrom('notifications')
      .select(['title', 'lead_id'])
      .where('member_id', '=', ravi.id)
      .where('kind', '=', 'assigned')
      .where('lead_id', 'in', ids)
      .execute();
    expect(told.map((n) => n.title)).toEqual(['6 new leads']);
  });

  it("assigns by the list's round robin, continuing its turn", async () => {
    const src = source();
    const ids = (await insertContactLeads(t.database.db, 5, { utmSource: src })).sort();
    // No round robin on the list yet: said so.
    const none = await call('POST', PATH, admin.token, { ids, action: { type: 'assign', roundRobin: true } });
    expect(none.status).toBe(400);
    const put = await call('PUT', DESK_PATHS.assignment, admin.token, {
      lists: { contact: { mode: 'round-robin', members: [asha.id, ravi.id] } },
    });
    expect(put.status).toBe(200);
    await t.database.db.updateTable('lead_assignment').set({ last_member: asha.id }).where('list', '=', 'contact').execute();
    expect(await bulk(admin.token, { filter: { utm_source: src }, action: { type: 'assign', roundRobin: true } })).toMatchObject({
      changed: 5,
    });
    const owners = (await leads(ids)).map((l) => l.assignee_id);
    expect(owners).toEqual([ravi.id, asha.id, ravi.id, asha.id, ravi.id]);
    const rule = await t.database.db.selectFrom('lead_assignment').select('last_member').where('list', '=', 'contact').executeTakeFirst();
    expect(rule?.last_member).toBe(ravi.id);
    // A counsellor may not deal leads out.
    expect((await call('POST', PATH, asha.token, { ids, action: { type: 'assign', roundRobin: true } })).status).toBe(403);
    await call('PUT', DESK_PATHS.assignment, admin.token, { lists: { contact: { mode: 'manual', members: [] } } });
  });

  it('sets a next action and a tag, by ids and by filter', async () => {
    const src = source();
    const ids = await insertContactLeads(t.database.db, 4, { utmSource: src });
    const dueAt = '2026-12-02T04:30:00.000Z';
    const next = { type: 'nextAction', nextAction: { type: 'whatsapp', dueAt, note: 'Send the brochure' } };
    expect(await bulk(admin.token, { ids: ids.slice(0, 1), action: next })).toMatchObject({ changed: 1 });
    expect(await bulk(admin.token, { filter: { utm_source: src }, action: next })).toMatchObject({ changed: 3, unchanged: 1 });
    const rows = await leads(ids);
    expect(rows.every((l) => l.next_action_type === 'whatsapp' && l.next_action_note === 'Send the brochure')).toBe(true);
    const set = await entries(ids, 'next-action');
    expect(set).toHaveLength(4);
    expect(set[0]!.data).toMatchObject({ nextAction: { type: 'whatsapp', dueAt, note: 'Send the brochure' } });
    // The rules hear of each new next step, once per lead.
    const jobs = await sql<{ n: number }>`select count(*)::int as n from jobs where kind = 'nextAction.set'
      and payload->>'id' = any(${ids}::text[])`.execute(t.database.db);
    expect(jobs.rows[0]!.n).toBe(4);

    expect(await bulk(admin.token, { ids: ids.slice(0, 2), action: { type: 'tag', tag: 'College fair' } })).toMatchObject({ changed: 2 });
    expect(await bulk(admin.token, { filter: { utm_source: src }, action: { type: 'tag', tag: 'College fair' } })).toMatchObject({
      changed: 2,
      unchanged: 2,
    });
    const tags = await t.database.db
      .selectFrom('lead_tags')
      .select('lead_id')
      .where('tag', '=', 'College fair')
      .where('lead_id', 'in', ids)
      .execute();
    expect(tags).toHaveLength(4);
    const tagged = await entries(ids, 'tag');
    expect(tagged.map((n) => n.note)).toEqual(Array(4).fill('College fair'));
    const detail = await (await call('GET', leadPath('contact', ids[0]!), admin.token)).json();
    expect(detail.history.some((h: { action: string; note: string }) => h.action === 'tag' && h.note === 'College fair')).toBe(true);
  });

  it('exports the chosen leads or the filter as CSV, for admins', async () => {
    const src = source();
    const ids = await insertContactLeads(t.database.db, 3, { utmSource: src });
    const csv = async (body: unknown) => {
      const res = await call('POST', PATH, admin.token, body);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      return (await res.text()).trim().split('\n');
    };
    expect(await csv({ ids: ids.slice(0, 2), action: { type: 'export' } })).toHaveLength(3);
    const all = await csv({ filter: { utm_source: src }, action: { type: 'export' } });
    expect(all).toHaveLength(4);
    expect(all.slice(1).every((line) => line.includes('@example.in'))).toBe(true);
    expect((await call('POST', PATH, asha.token, { ids, action: { type: 'export' } })).status).toBe(403);
  });

  it("keeps a counsellor to their own leads and the pool's: others' skipped and counted", async () => {
    const src = source();
    const pool = await insertContactLeads(t.database.db, 2, { utmSource: src });
    const mine = await insertContactLeads(t.database.db, 2, { utmSource: src, assignee: asha.id });
    const his = await insertContactLeads(t.database.db, 3, { utmSource: src, assignee: ravi.id });
    const byIds = await bulk(asha.token, { ids: [...pool, ...mine, ...his], action: { type: 'status', status: 'contacted' } });
    expect(byIds).toMatchObject({ changed: 4, unchanged: 0, skipped: 3 });
    expect((await leads(his)).every((l) => l.status === 'new')).toBe(true);
    // By filter: resolved within her scope, so Ravi's leads are not even matched.
    const byFilter = await bulk(asha.token, { filter: { utm_source: src }, action: { type: 'tag', tag: 'Asha' } });
    expect(byFilter).toMatchObject({ changed: 4, skipped: 0 });
    const theirTags = await t.database.db.selectFrom('lead_tags').select('lead_id').where('lead_id', 'in', his).execute();
    expect(theirTags).toHaveLength(0);
    // She takes the pool's leads (hers stay hers), and may not give any to Ravi.
    expect(await bulk(asha.token, { filter: { utm_source: src }, action: { type: 'assign', assignee: asha.id } })).toMatchObject({
      changed: 2,
      unchanged: 2,
    });
    expect((await call('POST', PATH, asha.token, { ids: mine, action: { type: 'assign', assignee: ravi.id } })).status).toBe(403);
    expect((await leads(his)).every((l) => l.assignee_id === ravi.id)).toBe(true);
    // A viewer works no leads.
    const viewer = await memberToken(t.database.db, 'bulk-viewer@example.in', 'viewer');
    expect((await call('POST', PATH, viewer.token, { ids: pool, action: { type: 'tag', tag: 'v' } })).status).toBe(403);
  });

  it('refuses a request without exactly one of ids and filter, a bad action, or a bad filter', async () => {
    const bad = async (body: unknown) => (await call('POST', PATH, admin.token, body)).status;
    expect(await bad({ action: { type: 'tag', tag: 'x' } })).toBe(400);
    expect(await bad({ ids: [crypto.randomUUID()], filter: {}, action: { type: 'tag', tag: 'x' } })).toBe(400);
    expect(await bad({ ids: [crypto.randomUUID()], action: { type: 'explode' } })).toBe(400);
    expect(await bad({ ids: [crypto.randomUUID()], action: { type: 'tag', tag: '<b>' } })).toBe(400);
    expect(await bad({ filter: { status: 'sleeping' }, action: { type: 'tag', tag: 'x' } })).toBe(400);
    expect(await bad({ filter: { from: 'yesterday' }, action: { type: 'tag', tag: 'x' } })).toBe(400);
    expect(await bad({ ids: Array.from({ length: 501 }, () => crypto.randomUUID()), action: { type: 'tag', tag: 'x' } })).toBe(400);
  });

  it('undoes a change, leaving the leads changed since, once; only its maker or an admin may', async () => {
    const src = source();
    const ids = (await insertContactLeads(t.database.db, 5, { utmSource: src })).sort();
    const change = await bulk(admin.token, { filter: { utm_source: src }, action: { type: 'assign', assignee: asha.id } });
    // Since: one lead given to Ravi by hand, one worked by Asha (its status, not its owner).
    expect((await call('PATCH', leadPath('contact', ids[0]!), admin.token, { assignee: ravi.id })).status).toBe(200);
    expect((await call('PATCH', leadPath('contact', ids[1]!), asha.token, { status: 'contacted' })).status).toBe(200);
    // Another counsellor cannot even see the change.
    await undo(ravi.token, change.id!, 404);
    expect(await undo(admin.token, change.id!)).toEqual({ restored: 4, skipped: 1 });
    const after = await leads(ids);
    expect(after.map((l) => l.assignee_id)).toEqual([ravi.id, null, null, null, null]);
    expect(after[1]!.status).toBe('contacted');
    const back = (await entries(ids, 'assign')).filter((e) => e.data?.undo === change.id);
    expect(back).toHaveLength(4);
    expect(back.every((e) => e.assignee_id === null)).toBe(true);
    await undo(admin.token, change.id!, 409);
    await undo(admin.token, crypto.randomUUID(), 404);
  });

  it('undoes a status, a next action and a tag, and skips a lead whose field changed since', async () => {
    const src = source();
    const ids = (await insertContactLeads(t.database.db, 3, { utmSource: src, assignee: asha.id })).sort();
    const status = await bulk(asha.token, { ids, action: { type: 'status', status: 'contacted' } });
    expect((await call('PATCH', leadPath('contact', ids[2]!), asha.token, { status: 'converted' })).status).toBe(200);
    expect(await undo(asha.token, status.id!)).toEqual({ restored: 2, skipped: 1 });
    expect((await leads(ids)).map((l) => l.status)).toEqual(['new', 'new', 'converted']);

    const next = await bulk(asha.token, {
      ids,
      action: { type: 'nextAction', nextAction: { type: 'meeting', dueAt: '2026-12-03T06:00:00Z' } },
    });
    const nextBody = { nextAction: { type: 'call', dueAt: '2026-12-04T06:00:00Z' } };
    expect((await call('PATCH', leadPath('contact', ids[0]!), asha.token, nextBody)).status).toBe(200);
    expect(await undo(asha.token, next.id!)).toEqual({ restored: 2, skipped: 1 });
    expect((await leads(ids)).map((l) => l.next_action_type)).toEqual(['call', null, null]);

    const tagged = await bulk(asha.token, { ids, action: { type: 'tag', tag: 'Undo me' } });
    expect(await undo(asha.token, tagged.id!)).toEqual({ restored: 3, skipped: 0 });
    expect(await t.database.db.selectFrom('lead_tags').select('lead_id').where('tag', '=', 'Undo me').execute()).toHaveLength(0);
    expect((await entries(ids, 'tag')).filter((e) => e.data?.untagged === true)).toHaveLength(3);
  });

  it('fires a status rule once per lead after a bulk change, and never for a lead left as it was', async () => {
    const src = source();
    const ids = await insertContactLeads(t.database.db, 20, { utmSource: src, status: 'new' });
    await t.database.db.updateTable('contact_messages').set({ status: 'contacted' }).where('id', '=', ids[0]!).execute();
    const res = await call('POST', RULES_PATH, admin.token, {
      name: 'Contacted leads get a tag',
      trigger: { event: 'lead.status', status: 'contacted' },
      actions: [{ type: 'tag', tag: 'ruled' }],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await bulk(admin.token, { filter: { utm_source: src }, action: { type: 'status', status: 'contacted' } })).toMatchObject({
      changed: 19,
      unchanged: 1,
    });
    for (let i = 0; i < 3; i += 1) {
      // Drained three times over: a rule acts once per lead and event however often its jobs run.
      for (;;) {
        const round = await runDueJobs(t.database.db, ruleJobHandlers(t.config), new Date(), 500);
        if (round.done + round.retrying + round.failed === 0) break;
      }
    }
    const firings = await sql<{ lead_id: string; n: number }>`
      select lead_id, count(*)::int as n from lead_history where action = 'rule' and lead_id = any(${ids}::uuid[]) group by lead_id`.execute(
      t.database.db,
    );
    expect(firings.rows).toHaveLength(19);
    expect(firings.rows.every((r) => r.n === 1)).toBe(true);
    expect(firings.rows.map((r) => r.lead_id)).not.toContain(ids[0]);
    await t.database.db.deleteFrom('rules').execute();
  });
});

// The sales desk through the API: invitations (single use, 48 hours), roles changed and
// members deactivated (sessions end at once), round robin (in turn, spam and replays take no
// turn, deactivated members skipped), a counsellor's scope, activities and what they move,
// My day's IST boundaries, speed to lead against hand-computed figures, reminders exactly
// once across instances, live events, and the assignment digest and morning email (how soon a
// stream ends after a logout is timed in ./desk-live.test.ts). On PGlite and, with
// TEST_DATABASE_URL, on Postgres.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_PATHS, ADMIN_PATHS, TOTAL_COUNT_HEADER } from '../../contract/admin.ts';
import { CONSOLE_PATHS, leadPath } from '../../contract/console.ts';
import { bulkPath } from '../../contract/bulk.ts';
import type { LeadDetail } from '../../contract/lead-detail.ts';
import type { OverviewResponse } from '../../contract/overview.ts';
import { ASSIGNMENT_MESSAGES } from '../../contract/assignment.ts';
import { ACTIVITY_MESSAGES } from '../../contract/activities.ts';
import { TEAM_MESSAGES, type TeamResponse } from '../../contract/team.ts';
import { DESK_PATHS } from '../../contract/desk.ts';
import { MY_DAY_MAX, type MyDayResponse } from '../../contract/my-day.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { issueToken } from '../auth/auth.ts';
import { remindOnce } from '../desk/reminders.ts';
import { digestOnce } from '../desk/digests.ts';
import { memberToken } from '../testing/admin.ts';
import { postJson, testApp, testConfig } from '../testing/app.ts';
import { fakeClock } from '../testing/clock.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { sseReader } from '../testing/sse.ts';

/** An instant given as IST wall-clock time. */
const ist = (text: string) => new Date(`${text}+05:30`);
let serial = 0;
const contact = (extra: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    firstName: `Lead${serial}`,
    lastName: 'Desk',
    email: `lead${serial}@example.in`,
    phone: `98765${String(10000 + serial).slice(-5)}`,
    message: 'Please call me about the course',
    ...extra,
  };
};

describe.each(testBackends())('the sales desk on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  // Tuesday 24 November 2026, 10:00 IST.
  const clock = fakeClock(ist('2026-11-24T10:00:00').getTime());
  let admin: { id: string; token: string };

  const call = (method: string, path: string, bearer: string | null, body?: unknown) =>
    Promise.resolve(
      app.request(path, {
        method,
        headers: {
          ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  const submit = async (body: object = contact(), headers: Record<string, string> = {}): Promise<string> => {
    const res = await postJson(app, LEAD_PATHS.contact, body, headers);
    expect([200, 201]).toContain(res.status);
    return (await res.json()).data._id;
  };
  const assigneeOf = async (id: string) =>
    (await database.db.selectFrom('contact_messages').select('assignee_id').where('id', '=', id).executeTakeFirstOrThrow()).assignee_id;
  const mailsTo = (email: string, kind?: string) =>
    database.db
      .selectFrom('mail_queue')
      .select(['kind', 'subject', 'text_body', 'html_body'])
      .where('to_address', '=', email)
      .$if(kind !== undefined, (q) => q.where('kind', '=', kind!))
      .orderBy('created_at')
      .execute();
  const inviteToken = async (email: string) => {
    const mails = await mailsTo(email, 'invitation');
    return /\/admin-invite\?token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.text_body ?? '')?.[1];
  };
  const login = (email: string, password: string) => postJson(app, ADMIN_PATHS.login, { email, password });

  beforeAll(async () => {
    database = await backend.create();
    app = testApp(database, { publicUrl: 'https://skillup.example.in' }, { clock: clock.fn }).app;
    admin = await memberToken(database.db, 'owner@example.in', 'admin', clock.fn);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  describe('invitations', () => {
    it('invites by email, with a single-use link built from PUBLIC_URL, and the person chooses a password', async () => {
      const res = await call('POST', DESK_PATHS.team, admin.token, {
        email: ' Priya@Example.in ',
        name: 'Priya Counsellor',
        role: 'counsellor',
      });
      expect(res.status).toBe(201);
      const invited = await res.json();
      expect(invited).toMatchObject({
        message: TEAM_MESSAGES.invited,
        member: { email: 'priya@example.in', name: 'Priya Counsellor', role: 'counsellor', active: true, joined: false },
      });
      const mail = (await mailsTo('priya@example.in', 'invitation'))[0]!;
      expect(mail.text_body).toContain('https://skillup.example.in/admin-invite?token=');
      expect(mail.text_body).toContain('as Counsellor');
      // The admin's name is only the one made from their address ("owner"): the mail names them by the address.
      expect(mail.text_body).toContain('owner@example.in has invited you');
      const token = (await inviteToken('priya@example.in'))!;
      expect(token).toBeDefined();
      // The admin may copy the very link that was mailed; the page shows whom it is for.
      expect(invited.link).toBe(`https://skillup.example.in/admin-invite?token=${token}`);
      const lookup = await call('GET', `${DESK_PATHS.invitations}/${token}`, null);
      expect(lookup.status).toBe(200);
      expect(await lookup.json()).toEqual({ email: 'priya@example.in', role: 'counsellor' });
      expect((await call('GET', `${DESK_PATHS.invitations}/not-a-token`, null)).status).toBe(404);
      // Not a member who can log in yet.
      expect((await login('priya@example.in', 'a good password')).status).toBe(401);

      const accepted = await postJson(app, DESK_PATHS.acceptInvitation, { token, password: 'a good password' });
      expect(accepted.status).toBe(200);
      expect(await accepted.json()).toEqual({ message: TEAM_MESSAGES.invitationAccepted });
      // Single use.
      const again = await postJson(app, DESK_PATHS.acceptInvitation, { token, password: 'another password' });
      expect(again.status).toBe(400);
      expect((await call('GET', `${DESK_PATHS.invitations}/${token}`, null)).status).toBe(404);
      expect((await again.json()).message).toBe(TEAM_MESSAGES.invitationInvalid);

      const loggedIn = await login('priya@example.in', 'a good password');
      expect(loggedIn.status).toBe(200);
      expect((await loggedIn.json()).admin).toMatchObject({ email: 'priya@example.in', role: 'counsellor' });
      const team: TeamResponse = await (await call('GET', DESK_PATHS.team, admin.token)).json();
      expect(team.data.find((m) => m.email === 'priya@example.in')).toMatchObject({ joined: true, active: true, role: 'counsellor' });
    });

    it('expires a link after 48 hours, and a new invitation spends the old link', async () => {
      await call('POST', DESK_PATHS.team, admin.token, { email: 'late@example.in', name: 'Late Joiner', role: 'viewer' });
      const first = (await inviteToken('late@example.in'))!;
      clock.advance(48 * 3_600_000 + 60_000);
      expect((await postJson(app, DESK_PATHS.acceptInvitation, { token: first, password: 'a good password' })).status).toBe(400);
      // Two minutes after the first (a second invitation within a minute is refused).
      clock.advance(-(48 * 3_600_000 - 60_000));
      // Invited again: a new link works, and the old one no longer does, even within its 48 hours.
      expect(
        (await call('POST', DESK_PATHS.team, admin.token, { email: 'late@example.in', name: 'Late Joiner', role: 'viewer' })).status,
      ).toBe(201);
      const second = (await inviteToken('late@example.in'))!;
      expect(second).not.toBe(first);
      expect((await postJson(app, DESK_PATHS.acceptInvitation, { token: first, password: 'a good password' })).status).toBe(400);
      clock.advance(11 * 3_600_000);
      expect((await postJson(app, DESK_PATHS.acceptInvitation, { token: second, password: 'a good password' })).status).toBe(200);
      clock.advance(-11 * 3_600_000 - 120_000);
    });

    it('sends one invitation when two admins invite one address at the same moment; the other is told 409', async () => {
      const second = await memberToken(database.db, 'second.admin@example.in', 'admin', clock.fn);
      const body = { email: 'both@example.in', name: 'Invited Twice', role: 'counsellor' };
      const answers = await Promise.all(
        [admin.token, second.token, admin.token, second.token].map((t) => call('POST', DESK_PATHS.team, t, body)),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
      const refused = answers.find((r) => r.status === 409)!;
      expect((await refused.json()).message).toBe(TEAM_MESSAGES.invitedMeanwhile);
      expect(await mailsTo('both@example.in', 'invitation')).toHaveLength(1);
      const member = await database.db.selectFrom('admins').select('id').where('email', '=', 'both@example.in').executeTakeFirstOrThrow();
      const links = await database.db.selectFrom('team_invitations').select('used_at').where('admin_id', '=', member.id).execute();
      expect(links).toEqual([{ used_at: null }]);
      // A minute later it is a new link, as before.
      clock.advance(61_000);
      try {
        expect((await call('POST', DESK_PATHS.team, second.token, body)).status).toBe(201);
      } finally {
        clock.advance(-61_000);
      }
      expect(await mailsTo('both@example.in', 'invitation')).toHaveLength(2);
      // The Team page's Resend (or Copy link) a moment later is a new link on purpose: the last one spent.
      const resent = await call('POST', DESK_PATHS.team, admin.token, { ...body, again: true });
      expect(resent.status).toBe(201);
      const { link } = (await resent.json()) as { link: string };
      expect(await mailsTo('both@example.in', 'invitation')).toHaveLength(3);
      const usable = await database.db
        .selectFrom('team_invitations')
        .select('token_hash')
        .where('admin_id', '=', member.id)
        .where('used_at', 'is', null)
        .execute();
      expect(usable).toHaveLength(1);
      expect((await call('GET', `${DESK_PATHS.invitations}/${new URL(link).searchParams.get('token')}`, null)).status).toBe(200);
    });

    it('refuses a member who joined already, a bad role, and anyone but an admin', async () => {
      const joined = await call('POST', DESK_PATHS.team, admin.token, { email: 'priya@example.in', name: 'Again', role: 'admin' });
      expect(joined.status).toBe(409);
      expect((await joined.json()).message).toBe(TEAM_MESSAGES.alreadyMember);
      const badRole = await call('POST', DESK_PATHS.team, admin.token, { email: 'x@example.in', name: 'X', role: 'owner' });
      expect(badRole.status).toBe(400);
      expect((await badRole.json()).errors).toMatchObject({ role: TEAM_MESSAGES.roleInvalid });
      const counsellor = await memberToken(database.db, 'c0@example.in', 'counsellor', clock.fn);
      expect((await call('POST', DESK_PATHS.team, counsellor.token, { email: 'y@example.in', name: 'Y', role: 'admin' })).status).toBe(403);
    });
  });

  describe('changing a member', () => {
    it('ends their sessions at once when their role changes or they are deactivated, and a deactivated member cannot log in', async () => {
      const member = await memberToken(database.db, 'changing@example.in', 'counsellor', clock.fn);
      expect((await call('GET', ADMIN_PATHS.me, member.token)).status).toBe(200);
      const changed = await call('PATCH', `${DESK_PATHS.team}/${member.id}`, admin.token, { role: 'viewer' });
      expect(changed.status).toBe(200);
      expect((await changed.json()).member).toMatchObject({ role: 'viewer', active: true });
      expect((await call('GET', ADMIN_PATHS.me, member.token)).status).toBe(401);

      const fresh = (await login('changing@example.in', 'correct horse battery').then((r) => r.json())).token as string;
      expect((await call('GET', ADMIN_PATHS.me, fresh)).status).toBe(200);
      expect((await call('PATCH', `${DESK_PATHS.team}/${member.id}`, admin.token, { active: false })).status).toBe(200);
      expect((await call('GET', ADMIN_PATHS.me, fresh)).status).toBe(401);
      expect((await login('changing@example.in', 'correct horse battery')).status).toBe(401);
      // Back again: they may log in once more.
      expect((await call('PATCH', `${DESK_PATHS.team}/${member.id}`, admin.token, { active: true })).status).toBe(200);
      expect((await login('changing@example.in', 'correct horse battery')).status).toBe(200);
    });

    it('keeps an admin from locking themselves out', async () => {
      const self = await call('PATCH', `${DESK_PATHS.team}/${admin.id}`, admin.token, { role: 'counsellor' });
      expect(self.status).toBe(400);
      expect((await self.json()).message).toBe(TEAM_MESSAGES.selfLockout);
      expect((await call('PATCH', `${DESK_PATHS.team}/${admin.id}`, admin.token, { active: false })).status).toBe(400);
      expect((await call('PATCH', `${DESK_PATHS.team}/00000000-0000-4000-8000-000000000000`, admin.token, { active: false })).status).toBe(
        404,
      );
    });
  });

  describe('round robin', () => {
    const members: Array<{ id: string; token: string }> = [];
    beforeAll(async () => {
      for (const n of [1, 2, 3]) members.push(await memberToken(database.db, `rr${n}@example.in`, 'counsellor', clock.fn));
    });

    it('refuses rules that name an unknown list, a viewer or a bad mode', async () => {
      const viewer = await memberToken(database.db, 'rr-viewer@example.in', 'viewer', clock.fn);
      const put = (lists: unknown) => call('PUT', DESK_PATHS.assignment, admin.token, { lists });
      expect((await put({ nowhere: { mode: 'manual', members: [] } })).status).toBe(400);
      expect((await put({ contact: { mode: 'round-robin', members: [viewer.id] } })).status).toBe(400);
      expect((await put({ contact: { mode: 'sometimes', members: [] } })).status).toBe(400);
      expect((await put({ contact: { mode: 'round-robin', members: [members[0]!.id, members[0]!.id] } })).status).toBe(400);
      expect((await call('PUT', DESK_PATHS.assignment, viewer.token, { lists: {} })).status).toBe(403);
    });

    it('gives each new lead to the next member in turn, records it, and skips spam, replays and deactivated members', async () => {
      const res = await call('PUT', DESK_PATHS.assignment, admin.token, {
        lists: { contact: { mode: 'round-robin', members: members.map((m) => m.id) } },
      });
      expect(res.status).toBe(200);
      expect((await res.json()).lists).toMatchObject({
        contact: { mode: 'round-robin', members: members.map((m) => m.id) },
        'need-help': { mode: 'manual', members: [] },
      });
      const [a, b, c] = members.map((m) => m.id);
      const ids: string[] = [];
      for (let i = 0; i < 6; i += 1) ids.push(await submit());
      expect(await Promise.all(ids.map(assigneeOf))).toEqual([a, b, c, a, b, c]);
      const detail: LeadDetail = await (await call('GET', leadPath('contact', ids[0]!), admin.token)).json();
      expect(detail.history).toEqual([expect.objectContaining({ action: 'assign', by: 'Round robin', assignee: { _id: a, name: 'rr1' } })]);

      // A bot's submission (the honeypot filled) takes no turn and is no one's.
      const spam = await submit(contact({ website: 'http://spam.example' }));
      expect(await assigneeOf(spam)).toBeNull();
      // A replay of a stored submission takes no turn either.
      const key = crypto.randomUUID();
      const body = contact();
      const first = await submit(body, { 'Idempotency-Key': key });
      expect(await assigneeOf(first)).toBe(a);
      expect(await submit(body, { 'Idempotency-Key': key })).toBe(first);
      expect(await assigneeOf(await submit())).toBe(b);

      // b leaves: the turn passes over them.
      expect((await call('PATCH', `${DESK_PATHS.team}/${b}`, admin.token, { active: false })).status).toBe(200);
      const after: string[] = [];
      for (let i = 0; i < 4; i += 1) after.push(await submit());
      expect(await Promise.all(after.map(assigneeOf))).toEqual([c, a, c, a]);
      expect((await call('PATCH', `${DESK_PATHS.team}/${b}`, admin.token, { active: true })).status).toBe(200);

      // Manual: new leads wait in the pool.
      await call('PUT', DESK_PATHS.assignment, admin.token, { lists: { contact: { mode: 'manual', members: [] } } });
      expect(await assigneeOf(await submit())).toBeNull();
    });
  });

  describe("a counsellor's scope", () => {
    let mine: { id: string; token: string };
    let other: { id: string; token: string };
    let viewer: { id: string; token: string };
    const ids = { mine: '', theirs: '', pool: '' };
    beforeAll(async () => {
      mine = await memberToken(database.db, 'scope-mine@example.in', 'counsellor', clock.fn);
      other = await memberToken(database.db, 'scope-other@example.in', 'counsellor', clock.fn);
      viewer = await memberToken(database.db, 'scope-viewer@example.in', 'viewer', clock.fn);
      ids.mine = await submit(contact({ email: 'shared@example.in' }));
      ids.theirs = await submit(contact({ email: 'shared@example.in' }));
      ids.pool = await submit();
      expect(
        (await call('POST', bulkPath('contact'), admin.token, { ids: [ids.mine], action: { type: 'assign', assignee: mine.id } })).status,
      ).toBe(200);
      expect(
        (await call('POST', bulkPath('contact'), admin.token, { ids: [ids.theirs], action: { type: 'assign', assignee: other.id } }))
          .status,
      ).toBe(200);
    });

    it('lists theirs and the pool, never another counsellor’s', async () => {
      const res = await call('GET', `${ADMIN_LIST_PATHS.contacts}?limit=500`, mine.token);
      const listed = (await res.json()).contacts.map((c: { _id: string }) => c._id);
      expect(listed).toContain(ids.mine);
      expect(listed).toContain(ids.pool);
      expect(listed).not.toContain(ids.theirs);
      expect(Number(res.headers.get(TOTAL_COUNT_HEADER))).toBe(listed.length);
      const all = await call('GET', `${ADMIN_LIST_PATHS.contacts}?limit=500`, admin.token);
      expect(Number(all.headers.get(TOTAL_COUNT_HEADER))).toBeGreaterThan(listed.length);
      // ?assignee= narrows further.
      const own = await (await call('GET', `${ADMIN_LIST_PATHS.contacts}?assignee=${mine.id}`, mine.token)).json();
      expect(own.contacts.map((c: { _id: string }) => c._id)).toEqual([ids.mine]);
    });

    it('finds another counsellor’s lead nowhere: detail, PATCH, activities, people', async () => {
      expect((await call('GET', leadPath('contact', ids.theirs), mine.token)).status).toBe(404);
      expect((await call('PATCH', leadPath('contact', ids.theirs), mine.token, { note: 'mine now' })).status).toBe(404);
      expect(
        (await call('POST', `${leadPath('contact', ids.theirs)}/activities`, mine.token, { type: 'call', outcome: 'connected' })).status,
      ).toBe(404);
      const people = await (await call('GET', `${CONSOLE_PATHS.people}?email=shared@example.in`, mine.token)).json();
      expect(people.data.map((p: { _id: string }) => p._id)).toEqual([ids.mine]);
      // Their own and the pool's are there.
      expect((await call('GET', leadPath('contact', ids.mine), mine.token)).status).toBe(200);
      expect((await call('GET', leadPath('contact', ids.pool), mine.token)).status).toBe(200);
      // Bulk status skips what they cannot see.
      const bulk = await call('POST', bulkPath('contact'), mine.token, {
        ids: [ids.mine, ids.theirs],
        action: { type: 'status', status: 'contacted' },
      });
      expect(await bulk.json()).toMatchObject({ changed: 1, skipped: 1 });
      expect((await call('GET', leadPath('contact', ids.mine), mine.token).then((r) => r.json())).data.status).toBe('contacted');
    });

    it('lets a counsellor take a pool lead and give their own back, and nothing else', async () => {
      const take = await call('PATCH', leadPath('contact', ids.pool), mine.token, { assignee: mine.id });
      expect(take.status).toBe(200);
      expect((await take.json()).data.assignee).toEqual({ _id: mine.id, name: 'scope-mine' });
      const toOther = await call('PATCH', leadPath('contact', ids.pool), mine.token, { assignee: other.id });
      expect(toOther.status).toBe(403);
      expect((await toOther.json()).message).toBe(ASSIGNMENT_MESSAGES.assignOthers);
      expect((await call('PATCH', leadPath('contact', ids.pool), mine.token, { assignee: null })).status).toBe(200);
      expect(await assigneeOf(ids.pool)).toBeNull();
      expect(
        (await call('POST', bulkPath('contact'), mine.token, { ids: [ids.pool], action: { type: 'assign', assignee: other.id } })).status,
      ).toBe(403);
    });

    it('lets a viewer read everything and change nothing', async () => {
      expect((await call('GET', leadPath('contact', ids.theirs), viewer.token)).status).toBe(200);
      expect((await call('PATCH', leadPath('contact', ids.theirs), viewer.token, { note: 'hi' })).status).toBe(403);
      expect((await call('POST', `${leadPath('contact', ids.theirs)}/activities`, viewer.token, { type: 'note', note: 'hi' })).status).toBe(
        403,
      );
      expect((await call('GET', CONSOLE_PATHS.overview, viewer.token)).status).toBe(200);
    });

    it('refuses to assign to someone who cannot work leads', async () => {
      const res = await call('PATCH', leadPath('contact', ids.pool), admin.token, { assignee: viewer.id });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(ASSIGNMENT_MESSAGES.assigneeInvalid);
    });
  });

  describe('activities', () => {
    let counsellor: { id: string; token: string };
    beforeAll(async () => {
      counsellor = await memberToken(database.db, 'caller@example.in', 'counsellor', clock.fn);
    });
    const log = (id: string, body: object, bearer = counsellor.token) =>
      call('POST', `${leadPath('contact', id)}/activities`, bearer, body);

    it('records who and when, takes a pool lead, makes the first call the first contact, and moves new to contacted', async () => {
      const id = await submit();
      const res = await log(id, {
        type: 'call',
        outcome: 'no-answer',
        note: 'Rang twice',
        nextAction: { type: 'call', dueAt: '2026-11-24T16:00:00+05:30' },
      });
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body.activity).toMatchObject({
        action: 'activity',
        activityType: 'call',
        outcome: 'no-answer',
        note: 'Rang twice',
        by: 'caller',
      });
      expect(body.data).toMatchObject({
        status: 'contacted',
        assignee: { _id: counsellor.id },
        nextAction: { type: 'call', dueAt: '2026-11-24T10:30:00.000Z', note: null },
        firstContactAt: clock.fn().toISOString(),
        waitedMinutes: null,
        slaDueAt: null,
      });
      // One timeline, newest first: the activity's consequences, the activity, the submission.
      const kinds = (body as LeadDetail).timeline.map((t) => (t.kind === 'history' ? t.action : t.kind));
      expect(kinds).toEqual(['next-action', 'status', 'assign', 'activity', 'submission']);
    });

    it('moves the status where the outcome says, clears the next step of a closed lead, and asks nothing of a note', async () => {
      const id = await submit();
      await log(id, { type: 'whatsapp', outcome: 'connected', nextAction: { type: 'meeting', dueAt: '2026-11-25T11:00:00+05:30' } });
      const enrolled = await (await log(id, { type: 'meeting', outcome: 'enrolled' })).json();
      expect(enrolled.data).toMatchObject({ status: 'converted', nextAction: null });
      const other = await submit();
      const refused = await (await log(other, { type: 'call', outcome: 'not-interested' })).json();
      expect(refused.data.status).toBe('not-interested');
      const third = await submit();
      const noted = await (await log(third, { type: 'note', note: 'Sister also interested' })).json();
      expect(noted.data).toMatchObject({ status: 'new', firstContactAt: null });
      expect((await log(third, { type: 'note', outcome: 'connected' })).status).toBe(400);
      expect((await log(third, { type: 'fax' })).status).toBe(400);
      expect((await log(third, { type: 'call', nextAction: { type: 'call', dueAt: 'tomorrow' } })).status).toBe(400);
      // A day past its month's end is refused, not moved into the next month.
      for (const dueAt of ['2027-02-29T10:00:00Z', '2027-04-31T10:00:00+05:30']) {
        const late = await log(third, { type: 'call', nextAction: { type: 'call', dueAt } });
        expect(late.status, dueAt).toBe(400);
        expect(await late.json(), dueAt).toMatchObject({ errors: { 'nextAction.dueAt': ACTIVITY_MESSAGES.dueInvalid } });
      }
    });

    it('completes the pending next step when a contact is made without a new one', async () => {
      const id = await submit();
      await call('PATCH', leadPath('contact', id), admin.token, {
        nextAction: { type: 'call', dueAt: '2026-11-24T12:00:00+05:30', note: 'After lunch' },
      });
      const detail = await (await log(id, { type: 'call', outcome: 'connected' })).json();
      expect(detail.data.nextAction).toBeNull();
    });
  });

  describe('My day', () => {
    let me: { id: string; token: string };
    beforeAll(async () => {
      me = await memberToken(database.db, 'day@example.in', 'counsellor', clock.fn);
    });
    const plan = async (dueAt: string) => {
      const id = await submit();
      await call('PATCH', leadPath('contact', id), admin.token, {
        assignee: me.id,
        status: 'contacted',
        nextAction: { type: 'call', dueAt },
      });
      return id;
    };

    it('lists a lead not contacted yet once, under New with its next step, never under overdue as well', async () => {
      const id = await submit();
      await call('PATCH', leadPath('contact', id), admin.token, {
        assignee: me.id,
        nextAction: { type: 'call', dueAt: '2026-11-24T09:00:00+05:30' },
      });
      const day: MyDayResponse = await (await call('GET', DESK_PATHS.myDay, me.token)).json();
      expect(day.uncontacted.find((i) => i._id === id)).toMatchObject({ type: 'call', dueAt: '2026-11-24T03:30:00.000Z' });
      expect([...day.overdue, ...day.dueToday].map((i) => i._id)).not.toContain(id);
      // Once contacted, the same step is an ordinary follow-up.
      await call('PATCH', leadPath('contact', id), admin.token, { status: 'contacted' });
      const after: MyDayResponse = await (await call('GET', DESK_PATHS.myDay, me.token)).json();
      expect(after.uncontacted.map((i) => i._id)).not.toContain(id);
      expect(after.overdue.map((i) => i._id)).toContain(id);
      await call('PATCH', leadPath('contact', id), admin.token, { status: 'not-interested' });
    });

    it('puts overdue first, then due today to midnight IST, and the newest unassigned leads', async () => {
      // Now: Tuesday 10:00 IST.
      const yesterday = await plan('2026-11-23T18:00:00+05:30');
      const earlier = await plan('2026-11-24T09:59:00+05:30');
      const later = await plan('2026-11-24T23:59:00+05:30');
      const tomorrow = await plan('2026-11-25T00:00:00+05:30');
      const pool = await submit();
      const res = await call('GET', DESK_PATHS.myDay, me.token);
      expect(res.status).toBe(200);
      const day: MyDayResponse = await res.json();
      expect(day.overdue.map((i) => i._id)).toEqual([yesterday, earlier]);
      expect(day.dueToday.map((i) => i._id)).toEqual([later]);
      expect([...day.overdue, ...day.dueToday].map((i) => i._id)).not.toContain(tomorrow);
      expect(day.unassigned[0]).toMatchObject({ _id: pool, list: 'contact', dueAt: null, type: null });
      expect(day.overdue[0]).toMatchObject({
        list: 'contact',
        type: 'call',
        dueAt: '2026-11-23T12:30:00.000Z',
        name: expect.stringMatching(/^Lead\d+ Desk$/),
      });

      // At 00:01 IST on Wednesday, Tuesday's 23:59 is overdue and Wednesday's midnight is today's.
      clock.advance(14 * 3_600_000 + 60_000);
      const later_token = (await memberToken(database.db, 'day@example.in', 'counsellor', clock.fn)).token;
      const next: MyDayResponse = await (await call('GET', DESK_PATHS.myDay, later_token)).json();
      expect(next.overdue.map((i) => i._id)).toEqual([yesterday, earlier, later, tomorrow]);
      clock.advance(-(14 * 3_600_000 + 60_000));
    });

    it('puts every lead round robin gives the member first, new and not contacted yet, oldest first, with its SLA clock in working minutes', async () => {
      const other = await memberToken(database.db, 'day-rr@example.in', 'counsellor', clock.fn);
      const turn = await call('PUT', DESK_PATHS.assignment, admin.token, {
        lists: { contact: { mode: 'round-robin', members: [me.id, other.id] } },
      });
      expect(turn.status).toBe(200);
      // Tuesday from 18:50 IST, one a minute, ten leads: five are the member's. The desk closes at 19:00.
      const start = clock.fn().getTime();
      const moveTo = (at: number) => clock.advance(at - clock.fn().getTime());
      const ids: string[] = [];
      for (let i = 0; i < 10; i += 1) {
        const id = await submit();
        const arrived = new Date(ist('2026-11-24T18:50:00').getTime() + i * 60_000);
        await sql`update contact_messages set created_at = ${arrived} where id = ${id}`.execute(database.db);
        ids.push(id);
      }
      // Which minute after 18:50 each of the member's leads came in.
      const mine: string[] = [];
      const minute: number[] = [];
      for (const [i, id] of ids.entries())
        if ((await assigneeOf(id)) === me.id) {
          mine.push(id);
          minute.push(i);
        }
      expect(mine).toHaveLength(5);
      await call('PUT', DESK_PATHS.assignment, admin.token, { lists: { contact: { mode: 'manual', members: [] } } });

      // Read on Wednesday at 09:10 IST: the first waited 10 minutes on Tuesday and 10 on Wednesday.
      moveTo(ist('2026-11-25T09:10:00').getTime());
      const token = (await memberToken(database.db, 'day@example.in', 'counsellor', clock.fn)).token;
      const owner = (await memberToken(database.db, 'owner@example.in', 'admin', clock.fn)).token;
      const day: MyDayResponse = await (await call('GET', DESK_PATHS.myDay, token)).json();
      const waiting = day.uncontacted.filter((i) => ids.includes(i._id));
      expect(waiting.map((i) => i._id)).toEqual(mine);
      expect(waiting[0]).toMatchObject({ list: 'contact', status: 'new', name: expect.stringMatching(/^Lead\d+ Desk$/) });
      // Ten minutes to closing less the minute it came, and ten this morning; the SLA's fifteen run out on Wednesday.
      expect(waiting.map((i) => i.waitedMinutes)).toEqual(minute.map((m) => 20 - m));
      expect(waiting.map((i) => i.slaDueAt)).toEqual(
        minute.map((m) => new Date(ist('2026-11-25T09:05:00').getTime() + m * 60_000).toISOString()),
      );
      // None of them is the other member's, and once contacted a lead leaves the list.
      expect((await call('PATCH', leadPath('contact', mine[0]!), owner, { status: 'contacted' })).status).toBe(200);
      const after: MyDayResponse = await (await call('GET', DESK_PATHS.myDay, token)).json();
      expect(after.uncontacted.filter((i) => ids.includes(i._id)).map((i) => i._id)).toEqual(mine.slice(1));
      moveTo(start);
    });

    it('keeps today’s next steps in sight behind more overdue ones than a part holds', async () => {
      // MY_DAY_MAX + 1 follow-ups overdue since yesterday, all in one list, then one due this evening.
      const backlog = await sql<{ id: string }>`
        insert into contact_messages (first_name, last_name, email, phone, message, status, assignee_id, next_action_type, next_action_due_at)
        select 'Backlog', g::text, 'backlog' || g || '@example.in', '98' || lpad(g::text, 8, '0'), 'x', 'contacted', ${me.id}, 'call',
          ${ist('2026-11-23T10:00:00')}::timestamptz + g * interval '1 second'
        from generate_series(1, ${MY_DAY_MAX + 1}) g
        returning id`.execute(database.db);
      const evening = await plan('2026-11-24T19:30:00+05:30');
      try {
        const day: MyDayResponse = await (await call('GET', DESK_PATHS.myDay, me.token)).json();
        expect(day.overdue).toHaveLength(MY_DAY_MAX);
        expect(day.overdue[0]).toMatchObject({ name: 'Backlog 1', dueAt: new Date(ist('2026-11-23T10:00:01').getTime()).toISOString() });
        expect(day.dueToday.map((i) => i._id)).toContain(evening);
      } finally {
        // Closed again, so no later test meets them (the reminders count what is due).
        const ids = [...backlog.rows.map((r) => r.id), evening];
        await sql`update contact_messages set status = 'not-interested', next_action_due_at = null where id = any(${ids}::uuid[])`.execute(
          database.db,
        );
      }
    });

    it('shows another member’s day to admins only', async () => {
      expect((await call('GET', `${DESK_PATHS.myDay}?assignee=${me.id}`, admin.token)).status).toBe(200);
      const other = await memberToken(database.db, 'day-other@example.in', 'counsellor', clock.fn);
      expect((await call('GET', `${DESK_PATHS.myDay}?assignee=${me.id}`, other.token)).status).toBe(403);
    });
  });

  describe('reminders', () => {
    it('announce a due next action once, to its owner, however many instances look', async () => {
      const owner = await memberToken(database.db, 'remind@example.in', 'counsellor', clock.fn);
      const id = await submit();
      await call('PATCH', leadPath('contact', id), admin.token, {
        assignee: owner.id,
        nextAction: { type: 'whatsapp', dueAt: '2026-11-24T10:05:00+05:30' },
      });
      const heard: string[] = [];
      const stop = await database.listen('lead_events', (payload) => {
        const event = JSON.parse(payload);
        if (event.type === 'reminder') heard.push(event.id);
      });
      try {
        // Earlier tests' next actions that are due by now go first.
        await remindOnce(database.db, ist('2026-11-24T10:04:59'));
        expect(await remindOnce(database.db, ist('2026-11-24T10:04:59'))).toBe(0);
        const due = ist('2026-11-24T10:05:00');
        // Three instances at once, then again: one reminder in all.
        const counts = await Promise.all([remindOnce(database.db, due), remindOnce(database.db, due), remindOnce(database.db, due)]);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
        expect(await remindOnce(database.db, ist('2026-11-24T10:06:00'))).toBe(0);
        await expect.poll(() => heard.filter((h) => h === id), { timeout: 5_000 }).toEqual([id]);
        // A new due time is a new reminder.
        await call('PATCH', leadPath('contact', id), admin.token, { nextAction: { type: 'call', dueAt: '2026-11-24T11:00:00+05:30' } });
        expect(await remindOnce(database.db, ist('2026-11-24T11:00:00'))).toBe(1);
      } finally {
        await stop();
      }
    });
  });

  describe('speed to lead', () => {
    it('counts working minutes to first contact, the SLA and each member’s figures', async () => {
      const db = database.db;
      // A fresh database state for the period's figures: this suite's other leads are older than it.
      await sql`update contact_messages set created_at = '2026-01-01T00:00:00Z'`.execute(db);
      const member = await memberToken(db, 'speedy@example.in', 'counsellor', clock.fn);
      const at = async (arrived: string) => {
        const id = await submit();
        await sql`update contact_messages set created_at = ${ist(arrived)} where id = ${id}`.execute(db);
        await call('PATCH', leadPath('contact', id), admin.token, { assignee: member.id });
        return id;
      };
      // Each is called at Tuesday 10:00 IST (the clock); working minutes by hand, Mon–Sat 09:00–19:00:
      const a = await at('2026-11-24T09:52:00'); // called at 10:00 Tuesday: 8 working minutes
      const b = await at('2026-11-23T18:50:00'); // Monday 18:50 → Tuesday 10:00: 10 + 60 = 70
      const c = await at('2026-11-21T18:00:00'); // Saturday 18:00 → Tuesday 10:00: 60 + 600 + 60 = 720
      await at('2026-11-24T09:30:00'); // never contacted
      for (const id of [a, b, c]) {
        expect(
          (await call('POST', `${leadPath('contact', id)}/activities`, member.token, { type: 'call', outcome: 'connected' })).status,
        ).toBe(201);
      }
      const minutes = await db
        .selectFrom('contact_messages')
        .select(['id', 'first_contact_minutes'])
        .where('id', 'in', [a, b, c])
        .execute();
      expect(Object.fromEntries(minutes.map((m) => [m.id, m.first_contact_minutes]))).toEqual({ [a]: 8, [b]: 70, [c]: 720 });
      const overview: OverviewResponse = await (await call('GET', CONSOLE_PATHS.overview, admin.token)).json();
      expect(overview.speedToLead).toEqual({ medianMinutes: 70, withinSla: 1, contacted: 3, total: 4, slaMinutes: 15 });
      expect(overview.team.find((t) => t.id === member.id)).toEqual({
        id: member.id,
        name: 'speedy',
        assigned: 4,
        contacted: 3,
        converted: 0,
        overdue: 0,
        medianFirstContactMinutes: 70,
      });
    });
  });

  describe("a counsellor's overview", () => {
    it('counts theirs and the pool (totals, days, sources, statuses, speed to lead) and shows their own row of the team', async () => {
      const db = database.db;
      const mine = await memberToken(db, 'scoped@example.in', 'counsellor', clock.fn);
      const rival = await memberToken(db, 'rival@example.in', 'counsellor', clock.fn);
      const lead = async (owner: string | null, source: string, status = 'new') => {
        const id = await submit();
        await sql`update contact_messages set created_at = ${ist('2026-11-24T09:00:00')}, utm_source = ${source},
          assignee_id = ${owner}, status = ${status} where id = ${id}`.execute(db);
      };
      for (let i = 0; i < 2; i += 1) await lead(mine.id, 'mine-source');
      await lead(null, 'pool-source');
      for (let i = 0; i < 3; i += 1) await lead(rival.id, 'rival-source', 'contacted');
      await db
        .insertInto('mail_queue')
        .values({ to_address: 'someone@example.in', subject: 'Hello', text_body: 'Hello' })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then(({ id }) => db.updateTable('mail_queue').set({ status: 'failed' }).where('id', '=', id).execute());
      const overviewOf = async (token: string): Promise<OverviewResponse> => {
        const res = await call('GET', CONSOLE_PATHS.overview, token);
        expect(res.status).toBe(200);
        return res.json();
      };
      const [everyone, theirs] = [await overviewOf(admin.token), await overviewOf(mine.token)];
      // What the counsellor may see, counted apart from the code under test: theirs and the pool.
      const seen = sql`(assignee_id = ${mine.id} or assignee_id is null)`;
      const today = await sql<{ n: string }>`select count(*) as n from contact_messages
        where ${seen} and status <> 'spam' and created_at >= ${ist('2026-11-24T00:00:00')}`.execute(db);
      expect(theirs.totals.today).toBe(Number(today.rows[0]!.n));
      expect(everyone.totals.today - theirs.totals.today).toBeGreaterThanOrEqual(3);
      expect(theirs.days.at(-1)!.counts.contact).toBe(theirs.totals.today);
      const statuses = await sql<{
        status: string;
        n: string;
      }>`select status, count(*) as n from contact_messages where ${seen} group by status`.execute(db);
      expect(Object.fromEntries(Object.entries(theirs.byStatus).filter(([, n]) => n > 0))).toEqual(
        Object.fromEntries(statuses.rows.map((r) => [r.status, Number(r.n)])),
      );
      const sources = (o: OverviewResponse) => o.bySource.map((s) => s.utmSource);
      expect(sources(everyone)).toEqual(expect.arrayContaining(['mine-source', 'pool-source', 'rival-source']));
      expect(sources(theirs)).toEqual(expect.arrayContaining(['mine-source', 'pool-source']));
      expect(sources(theirs)).not.toContain('rival-source');
      expect(theirs.speedToLead.total).toBe(everyone.speedToLead.total - (await othersInPeriod()));
      expect(theirs.team.map((t) => t.id)).toEqual([mine.id]);
      expect(theirs.team[0]).toMatchObject({ assigned: 2, contacted: 0 });
      expect(everyone.team.map((t) => t.id)).toEqual(expect.arrayContaining([mine.id, rival.id]));
      // The failed mail is for those who read the mail queue.
      expect(everyone.mailFailed).toBeGreaterThanOrEqual(1);
      expect(theirs.mailFailed).toBe(0);

      async function othersInPeriod(): Promise<number> {
        const { rows } = await sql<{ n: string }>`select count(*) as n from contact_messages
          where not ${seen} and status <> 'spam' and created_at >= ${ist('2026-10-26T00:00:00')}`.execute(db);
        return Number(rows[0]!.n);
      }
    });
  });

  describe('emails to members', () => {
    it('mails new assignments at most once per 15 minutes, and the morning list once a day', async () => {
      const db = database.db;
      const options = { db, publicUrl: 'https://skillup.example.in', sla: testConfig() };
      const member = await memberToken(db, 'digest@example.in', 'counsellor', clock.fn);
      // Every member made so far had their morning email and assignments mailed: start clean.
      await db.updateTable('admins').set({ day_email_minute: null, assignment_mailed_through: 1e12, assignment_mailed_at: null }).execute();
      await db.updateTable('admins').set({ day_email_minute: 540, assignment_mailed_through: 0 }).where('id', '=', member.id).execute();
      const assign = async () => {
        const id = await submit();
        await call('PATCH', leadPath('contact', id), admin.token, {
          assignee: member.id,
          nextAction: { type: 'call', dueAt: '2026-11-24T18:00:00+05:30' },
        });
        return id;
      };
      await assign();
      const t0 = ist('2026-11-24T08:00:00');
      expect(await Promise.all([digestOnce(options, t0), digestOnce(options, t0)]).then((n) => n[0]! + n[1]!)).toBe(1);
      await assign();
      await assign();
      // Within 15 minutes: nothing; after: one digest of both.
      expect(await digestOnce(options, new Date(t0.getTime() + 14 * 60_000))).toBe(0);
      expect(await digestOnce(options, new Date(t0.getTime() + 15 * 60_000))).toBe(1);
      const digests = await mailsTo('digest@example.in', 'assignment-digest');
      expect(digests.map((m) => m.subject)).toEqual(['A new lead is assigned to you', '2 new leads are assigned to you']);
      expect(digests[1]!.text_body).toContain('https://skillup.example.in/admin/contact?open=');

      // The morning email at 09:00 IST, once, across instances.
      expect(await digestOnce(options, ist('2026-11-24T08:59:00'))).toBe(0);
      const nine = ist('2026-11-24T09:00:00');
      expect((await Promise.all([digestOnce(options, nine), digestOnce(options, nine)])).reduce((x, y) => x + y, 0)).toBe(1);
      expect(await digestOnce(options, ist('2026-11-24T12:00:00'))).toBe(0);
      const morning = await mailsTo('digest@example.in', 'my-day');
      expect(morning).toHaveLength(1);
      // The three are new and not contacted yet: first in the email, each with its call at 18:00.
      expect(morning[0]!.subject).toBe('Your day: 3 new to call, 0 overdue, 0 due today');
      expect(morning[0]!.text_body).toMatch(/New, not contacted yet:\n- Call, 24 Nov, 06:00 pm: /);
      // Off: no email the next day.
      const token = (
        await issueToken({ db, config: testConfig(), clock: clock.fn }, { id: member.id, email: 'digest@example.in', name: 'digest' })
      ).token;
      expect((await call('PATCH', ADMIN_PATHS.me, token, { dayEmail: null })).status).toBe(200);
      expect(await digestOnce(options, ist('2026-11-25T09:00:00'))).toBe(0);
      expect((await call('PATCH', ADMIN_PATHS.me, token, { dayEmail: '25:00' })).status).toBe(400);
    });
  });

  describe('live events', () => {
    let a: { id: string; token: string };
    let b: { id: string; token: string };
    let other: ReturnType<typeof testApp>['app'];
    beforeAll(async () => {
      a = await memberToken(database.db, 'live-a@example.in', 'counsellor', clock.fn);
      b = await memberToken(database.db, 'live-b@example.in', 'counsellor', clock.fn);
      // A second instance on the same database: streams there hear what happens here.
      other = testApp(database, { publicUrl: 'https://skillup.example.in' }, { clock: clock.fn }).app;
    });
    const open = async (token: string) => {
      const res = await Promise.resolve(other.request(CONSOLE_PATHS.events, { headers: { Authorization: `Bearer ${token}` } }));
      expect(res.status).toBe(200);
      const stream = sseReader(res);
      expect((await stream.next())?.event).toBe('ready');
      return stream;
    };

    it("tell a counsellor of their new leads and the pool's, and nothing of another's", async () => {
      const stream = await open(a.token);
      try {
        await call('PUT', DESK_PATHS.assignment, admin.token, { lists: { contact: { mode: 'round-robin', members: [b.id, a.id] } } });
        await submit(); // b's turn: a hears nothing of it
        const mine = await submit(); // a's turn
        expect(await stream.next()).toEqual({ event: 'lead', data: { list: 'contact', type: 'created', count: 1, assignedToYou: 1 } });
        await call('PUT', DESK_PATHS.assignment, admin.token, { lists: { contact: { mode: 'manual', members: [] } } });
        const pooled = await submit();
        expect(await stream.next()).toEqual({ event: 'lead', data: { list: 'contact', type: 'created', count: 1 } });
        // A change to b's lead is not theirs to hear; a change to their own is.
        const bs = (await database.db.selectFrom('contact_messages').select('id').where('assignee_id', '=', b.id).executeTakeFirstOrThrow())
          .id;
        await call('PATCH', leadPath('contact', bs), admin.token, { note: 'private' });
        await call('PATCH', leadPath('contact', mine), admin.token, { note: 'theirs' });
        expect(await stream.next()).toEqual({ event: 'lead', data: { list: 'contact', type: 'updated', count: 1, id: mine } });
        // Given a pool lead: they hear it is theirs now.
        await call('PATCH', leadPath('contact', pooled), admin.token, { assignee: a.id });
        expect(await stream.next()).toEqual({
          event: 'lead',
          data: { list: 'contact', type: 'updated', count: 1, id: pooled, assignedToYouNow: true },
        });
        // Their reminder, with what is due.
        await call('PATCH', leadPath('contact', mine), admin.token, { nextAction: { type: 'call', dueAt: '2026-11-24T10:01:00+05:30' } });
        expect((await stream.next())?.data).toMatchObject({ type: 'updated', id: mine });
        await remindOnce(database.db, ist('2026-11-24T10:01:00'));
        expect(await stream.next()).toEqual({
          event: 'lead',
          data: {
            list: 'contact',
            type: 'reminder',
            count: 1,
            id: mine,
            name: expect.stringMatching(/^Lead\d+ Desk$/),
            nextAction: { type: 'call', dueAt: '2026-11-24T04:31:00.000Z', note: null },
          },
        });
      } finally {
        await stream.cancel();
      }
    });
  });
});

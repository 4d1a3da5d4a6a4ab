// The admin console's API: status and notes (PATCH, bulk), a lead's detail and history,
// the people lookup across lists, the overview (IST days, counts checked against the
// database), live events (LISTEN/NOTIFY through server-sent events) and the CSV export.
// Runs on PGlite and, when TEST_DATABASE_URL is set, on real Postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_PATHS, ADMIN_PATHS, TOTAL_COUNT_HEADER } from '../../contract/admin.ts';
import { CONSOLE_MESSAGES, CONSOLE_PATHS, csvPath, leadPath } from '../../contract/console.ts';
import { bulkPath } from '../../contract/bulk.ts';
import { LEAD_UPDATE_MESSAGES, NOTE_MAX, type LeadDetail } from '../../contract/lead-detail.ts';
import type { OverviewResponse } from '../../contract/overview.ts';
import type { PeopleResponse } from '../../contract/people.ts';
import { LEAD_KINDS, LEAD_PATHS, LIST_SLUGS, type ListSlug } from '../../contract/lead-kinds.ts';
import { QUIZ_ANSWERS_PATH } from '../../contract/quiz/api.ts';
import { QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import type { ListedTable } from '../db/schema.ts';
import { ALL_LISTED } from '../leads/definitions.ts';
import { createAdmin } from '../auth/admins.ts';
import { issueToken } from '../auth/auth.ts';
import { postJson, testApp, testConfig } from '../testing/app.ts';
import { fakeClock } from '../testing/clock.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { sseReader } from '../testing/sse.ts';

const answers = Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, i % 4]));

describe.each(testBackends())('the console API on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  let token: string;
  let adminId: string;
  const clock = fakeClock(Date.parse('2026-11-23T06:00:00Z'));

  const auth = () => ({ Authorization: `Bearer ${token}` });
  const get = (path: string, bearer: string | null = token) =>
    Promise.resolve(app.request(path, { headers: bearer ? { Authorization: `Bearer ${bearer}` } : {} }));
  const patch = (path: string, body: unknown, bearer: string | null = token) =>
    Promise.resolve(
      app.request(path, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
        body: JSON.stringify(body),
      }),
    );
  const submit = async (path: string, body: object) => {
    const res = await postJson(app, path, body);
    expect(res.status, path).toBe(201);
    return res.json();
  };

  beforeAll(async () => {
    database = await backend.create();
    await createAdmin(database.db, { email: 'sales@example.in', password: 'correct horse battery', name: 'Sales Lead' });
    adminId = (await database.db.selectFrom('admins').select('id').where('email', '=', 'sales@example.in').executeTakeFirstOrThrow()).id;
    // Short heartbeats: a logged-out stream ends within a fraction of a second.
    app = testApp(database, { eventsHeartbeatMs: 200 }, { clock: clock.fn }).app;
    token = (
      await issueToken(
        { db: database.db, config: testConfig(), clock: clock.fn },
        { id: adminId, email: 'sales@example.in', name: 'Sales Lead' },
      )
    ).token;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  describe('status and notes', () => {
    let id: string;
    beforeAll(async () => {
      id = (
        await submit(LEAD_PATHS.contact, {
          firstName: 'Status',
          lastName: 'Test',
          email: 'status@example.in',
          phone: '9876500100',
          message: 'Call me',
        })
      ).data._id;
    });

    it('needs an admin token', async () => {
      expect((await patch(leadPath('contact', id), { status: 'contacted' }, null)).status).toBe(401);
      expect((await get(leadPath('contact', id), null)).status).toBe(401);
      expect((await get(CONSOLE_PATHS.people + '?email=a@b.in', null)).status).toBe(401);
      expect((await get(CONSOLE_PATHS.overview, null)).status).toBe(401);
      expect((await get(CONSOLE_PATHS.events, null)).status).toBe(401);
      expect((await get(csvPath('contact'), null)).status).toBe(401);
      expect((await postJson(app, bulkPath('contact'), { ids: [id], action: { type: 'status', status: 'spam' } })).status).toBe(401);
    });

    it('starts new, with an empty history', async () => {
      const res = await get(leadPath('contact', id));
      expect(res.status).toBe(200);
      const detail: LeadDetail = await res.json();
      expect(detail).toMatchObject({
        list: 'contact',
        data: { _id: id, status: 'new', firstName: 'Status', message: 'Call me' },
        history: [],
      });
    });

    it('changes the status, records who changed it from what to what, and lists it under ?status=', async () => {
      const res = await patch(leadPath('contact', id), { status: 'contacted' });
      expect(res.status).toBe(200);
      const detail: LeadDetail = await res.json();
      expect(detail.data.status).toBe('contacted');
      expect(detail.history).toEqual([
        { _id: expect.any(String), action: 'status', from: 'new', to: 'contacted', note: null, by: 'Sales Lead', at: expect.any(String) },
      ]);
      // The same status again changes nothing and records nothing.
      const again: LeadDetail = await (await patch(leadPath('contact', id), { status: 'contacted' })).json();
      expect(again.history).toHaveLength(1);
      const listed = await get(`${ADMIN_LIST_PATHS.contacts}?status=contacted`);
      expect(listed.headers.get(TOTAL_COUNT_HEADER)).toBe('1');
      expect((await listed.json()).contacts).toEqual([expect.objectContaining({ _id: id, status: 'contacted' })]);
      expect((await get(`${ADMIN_LIST_PATHS.contacts}?status=new`)).headers.get(TOTAL_COUNT_HEADER)).toBe('0');
    });

    it('appends notes with the admin and the time, never editing earlier ones', async () => {
      await patch(leadPath('contact', id), { note: '  Called, no answer.  ' });
      const detail: LeadDetail = await (
        await patch(leadPath('contact', id), { note: 'Called again: interested in the weekend batch.', status: 'converted' })
      ).json();
      expect(detail.data.status).toBe('converted');
      expect(detail.history.map((h) => [h.action, h.note ?? `${h.from}→${h.to}`])).toEqual([
        ['status', 'new→contacted'],
        ['note', 'Called, no answer.'],
        ['status', 'contacted→converted'],
        ['note', 'Called again: interested in the weekend batch.'],
      ]);
      expect(detail.history.every((h) => h.by === 'Sales Lead' && !Number.isNaN(Date.parse(h.at)))).toBe(true);
      const stored = await database.db.selectFrom('lead_history').selectAll().where('lead_id', '=', id).execute();
      expect(stored).toHaveLength(4);
      expect(stored.every((h) => h.admin_id === adminId && h.list === 'contact')).toBe(true);
    });

    it('refuses a bad status, an empty or overlong note, an empty change, and unknown leads and lists', async () => {
      const bad = await patch(leadPath('contact', id), { status: 'done' });
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toBe(LEAD_UPDATE_MESSAGES.statusInvalid);
      expect((await patch(leadPath('contact', id), { note: '   ' })).status).toBe(400);
      expect((await patch(leadPath('contact', id), { note: 'x'.repeat(NOTE_MAX + 1) })).status).toBe(400);
      expect((await patch(leadPath('contact', id), { note: 'x'.repeat(NOTE_MAX) })).status).toBe(200);
      expect((await patch(leadPath('contact', id), { note: 'nul\u0000' })).status).toBe(400);
      const empty = await patch(leadPath('contact', id), {});
      expect(empty.status).toBe(400);
      expect((await empty.json()).message).toBe(LEAD_UPDATE_MESSAGES.nothingToChange);
      const unknown = await patch(leadPath('contact', '00000000-0000-4000-8000-000000000000'), { status: 'spam' });
      expect(unknown.status).toBe(404);
      expect((await unknown.json()).message).toBe(CONSOLE_MESSAGES.leadNotFound);
      expect((await patch(leadPath('contact', 'not-a-uuid'), { status: 'spam' })).status).toBe(404);
      // A lead of another list is not this list's.
      expect((await patch(leadPath('join-free', id), { status: 'spam' })).status).toBe(404);
      expect((await patch(`${CONSOLE_PATHS.leads}/nowhere/${id}`, { status: 'spam' })).status).toBe(404);
    });

    it('sets one status on several leads at once, skipping unknown and unchanged ones', async () => {
      const ids = [];
      for (let i = 0; i < 3; i++)
        ids.push((await submit(LEAD_PATHS.freeJoin, { name: `Bulk ${i}`, phone: '9123400000', email: `bulk${i}@example.in` })).user._id);
      await patch(leadPath('join-free', ids[0]), { status: 'spam' });
      const res = await postJson(
        app,
        bulkPath('join-free'),
        { ids: [...ids, '00000000-0000-4000-8000-000000000000', 'junk'], action: { type: 'status', status: 'spam' } },
        auth(),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ changed: 2, unchanged: 1, skipped: 2 });
      for (const leadId of ids) expect(((await (await get(leadPath('join-free', leadId))).json()) as LeadDetail).data.status).toBe('spam');
      const history = await database.db.selectFrom('lead_history').select('lead_id').where('list', '=', 'join-free').execute();
      expect(history).toHaveLength(3);
      expect((await postJson(app, bulkPath('join-free'), { ids, action: { type: 'status', status: 'gone' } }, auth())).status).toBe(400);
      expect((await postJson(app, bulkPath('join-free'), { ids: [], action: { type: 'status', status: 'spam' } }, auth())).status).toBe(
        400,
      );
    });
  });

  describe('people', () => {
    it('finds one person across the lists by email or phone, newest first, with their tests', async () => {
      const email = 'one.story@example.in';
      const phone = '9812300001';
      clock.advance(1000);
      await submit(LEAD_PATHS.freeJoin, { name: 'Kavya Rao', phone, email });
      await submit(LEAD_PATHS.enquiry, { background: 'College Student', course: 'Soft Skills', name: 'Kavya Rao', email, phone });
      await submit(LEAD_PATHS.personalitySignup, { name: 'Kavya Rao', phone, email, password: 'secret12' });
      await submit(QUIZ_ANSWERS_PATH, { name: 'Kavya Rao', email, answers, language: 'hinglish' });
      // Another address, the same phone: the same person.
      await submit(LEAD_PATHS.contact, {
        firstName: 'Kavya',
        lastName: 'R',
        email: 'kavya.work@example.in',
        phone: '+91 98123-00001',
        message: 'From work',
      });
      await submit(LEAD_PATHS.contact, {
        firstName: 'Someone',
        lastName: 'Else',
        email: 'else@example.in',
        phone: '9000000999',
        message: 'Not her',
      });

      const byEmail: PeopleResponse = await (
        await get(`${CONSOLE_PATHS.people}?email=${encodeURIComponent('One.Story@example.in')}`)
      ).json();
      expect(byEmail.data.map((d) => `${d.list}/${d.kind}`).sort()).toEqual(
        ['join-free/lead', 'need-help/lead', 'test-form/lead', 'test-form/test'].sort(),
      );
      const both: PeopleResponse = await (
        await get(`${CONSOLE_PATHS.people}?email=${encodeURIComponent(email)}&phone=${encodeURIComponent('+91 98123 00001')}`)
      ).json();
      expect(both.data).toHaveLength(5);
      expect(both.data.map((d) => d.list)).toContain('contact');
      const times = both.data.map((d) => d.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      const test = both.data.find((d) => d.kind === 'test')!;
      expect(test).toMatchObject({
        language: 'hinglish',
        scores: expect.any(Object),
        certificateId: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      expect(both.data.filter((d) => d.kind === 'lead').every((d) => d.status === 'new')).toBe(true);
      // Without either it is the People list (workspace.test.ts); with one that is empty or not a phone, 400.
      expect((await get(CONSOLE_PATHS.people)).status).toBe(200);
      for (const bad of ['?phone=123', '?email=', '?phone=']) expect((await get(`${CONSOLE_PATHS.people}${bad}`)).status, bad).toBe(400);
      expect((await (await get(`${CONSOLE_PATHS.people}?email=nobody@example.in`)).json()).data).toEqual([]);
    });
  });

  describe('overview', () => {
    it('counts new leads per IST day for 30 days by list, totals, statuses and failed mail, as the database has them', async () => {
      // Today is 23 Nov in IST. Around the IST midnight that starts 22 Nov (18:30Z on the
      // 21st), and around the start of the first of the 30 days (25 Oct).
      const at = (iso: string) => new Date(iso);
      const seeded: Array<{ list: ListSlug; at: Date }> = [
        { list: 'join-now', at: at('2026-11-21T18:29:59Z') }, // 21 Nov, 23:59:59 IST
        { list: 'join-now', at: at('2026-11-21T18:30:00Z') }, // 22 Nov, 00:00 IST
        { list: 'contact', at: at('2026-11-23T05:00:00Z') }, // today, 10:30 IST
        { list: 'need-help', at: at('2026-10-24T18:30:00Z') }, // 25 Oct, 00:00 IST: the first of the 30 days
        { list: 'need-help', at: at('2026-10-24T18:29:59Z') }, // 24 Oct IST: before them
      ];
      for (const [i, s] of seeded.entries()) {
        const base = { name: `Day ${i}`, email: `day${i}@example.in`, phone: '9000011111', created_at: s.at };
        if (s.list === 'join-now')
          await database.db
            .insertInto('join_now_users')
            .values({ ...base, password_hash: 'x' })
            .execute();
        if (s.list === 'contact')
          await database.db
            .insertInto('contact_messages')
            .values({ first_name: 'Day', last_name: String(i), email: base.email, phone: base.phone, message: 'x', created_at: s.at })
            .execute();
        if (s.list === 'need-help')
          await database.db
            .insertInto('enquiries')
            .values({ ...base, background: 'School Student', course: 'Soft Skills' })
            .execute();
      }
      await database.db
        .insertInto('mail_queue')
        .values([
          { to_address: 'a@b.in', subject: 's', text_body: 't' },
          { to_address: 'c@d.in', subject: 's', text_body: 't' },
        ])
        .execute();
      await database.db.updateTable('mail_queue').set({ status: 'failed' }).where('to_address', 'in', ['a@b.in', 'c@d.in']).execute();

      const res = await get(CONSOLE_PATHS.overview);
      expect(res.status).toBe(200);
      const body: OverviewResponse = await res.json();
      expect(body.days).toHaveLength(30);
      expect(body.days[0]!.date).toBe('2026-10-25');
      expect(body.days.at(-1)!.date).toBe('2026-11-23');
      // The database's own count per IST day, for every list, against the answer.
      const tables = Object.fromEntries(ALL_LISTED.map((lead) => [LEAD_KINDS[lead.kind].list.slug, lead.table])) as Record<
        ListSlug,
        ListedTable
      >;
      for (const list of LIST_SLUGS) {
        // Spam is left out of the days (it is counted under its status).
        const rows = await database.db.selectFrom(tables[list]).select('created_at').where('status', '<>', 'spam').execute();
        const perDay = new Map<string, number>();
        for (const r of rows) {
          const day = new Date(new Date(r.created_at).getTime() + 330 * 60_000).toISOString().slice(0, 10);
          perDay.set(day, (perDay.get(day) ?? 0) + 1);
        }
        for (const d of body.days) expect(d.counts[list], `${list} ${d.date}`).toBe(perDay.get(d.date) ?? 0);
      }
      const day = (date: string) => body.days.find((d) => d.date === date)!.counts;
      expect(day('2026-11-21')['join-now']).toBe(1);
      expect(day('2026-11-22')['join-now']).toBe(1);
      expect(day('2026-10-25')['need-help']).toBe(1);
      const all = (list: (typeof body.days)[number]) => Object.values(list.counts).reduce((a, b) => a + b, 0);
      expect(body.totals.today).toBe(all(body.days.at(-1)!));
      expect(body.totals.week).toBe(body.days.slice(-7).reduce((n, d) => n + all(d), 0));
      expect(body.totals.month).toBe(body.days.reduce((n, d) => n + all(d), 0));
      // Statuses over every list, as the tables hold them.
      let total = 0;
      for (const table of Object.values(tables)) {
        const grouped = await database.db
          .selectFrom(table)
          .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
          .groupBy('status')
          .execute();
        for (const g of grouped) total += Number(g.n);
      }
      expect(Object.values(body.byStatus).reduce((a, b) => a + b, 0)).toBe(total);
      expect(body.byStatus.spam).toBe(3);
      expect(body.byStatus.converted).toBe(1);
      expect(body.mailFailed).toBe(2);
    });
  });

  describe('live events', () => {
    it('tells an open stream of new leads (not spam) and changed ones, and ends it when the session does', async () => {
      const login = await postJson(app, ADMIN_PATHS.login, { email: 'sales@example.in', password: 'correct horse battery' });
      const own = (await login.json()).token as string;
      const res = await get(CONSOLE_PATHS.events, own);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
      const events = sseReader(res);
      try {
        expect((await events.next())?.event).toBe('ready');
        // A bot's submission (its honeypot filled) is not announced: the first event is the person's.
        await submit(LEAD_PATHS.contact, {
          firstName: 'Bot',
          lastName: 'Live',
          email: 'bot.live@example.in',
          phone: '9000022221',
          message: 'x',
          website: 'spam',
        });
        const created = await submit(LEAD_PATHS.enquiry, {
          background: 'School Student',
          course: 'Soft Skills',
          name: 'Live Lead',
          email: 'live@example.in',
          phone: '9000022222',
        });
        expect(await events.next()).toEqual({ event: 'lead', data: { list: 'need-help', type: 'created', count: 1 } });
        await patch(leadPath('need-help', created.data._id), { status: 'contacted' });
        expect(await events.next()).toEqual({
          event: 'lead',
          data: { list: 'need-help', type: 'updated', count: 1, id: created.data._id },
        });
        // Logged out elsewhere: the stream says so and ends.
        await postJson(app, ADMIN_PATHS.logout, undefined, { Authorization: `Bearer ${own}` });
        expect(await events.next()).toEqual({ event: 'session-ended', data: { message: CONSOLE_MESSAGES.sessionEnded } });
        expect(await events.next()).toBeUndefined();
      } finally {
        await events.cancel().catch(() => {});
      }
    });

    it("hears another instance's leads once they are stored, a burst's events adding up to its leads", async () => {
      // A second app on the same database is a second API instance (its own ingest and event publisher).
      const other = testApp(database, { eventsHeartbeatMs: 200 }, { clock: clock.fn }).app;
      const res = await get(CONSOLE_PATHS.events);
      const events = sseReader(res);
      try {
        expect((await events.next())?.event).toBe('ready');
        const burst = 12;
        const answers = await Promise.all(
          Array.from({ length: burst }, (_, i) =>
            postJson(other, LEAD_PATHS.freeJoin, {
              name: `Burst ${i}`,
              email: `burst${i}@example.in`,
              phone: `90000444${String(i).padStart(2, '0')}`,
            }),
          ),
        );
        expect(answers.map((a) => a.status)).toEqual(Array(burst).fill(201));
        let heard = 0;
        while (heard < burst) {
          const event = await events.next();
          expect(event?.event).toBe('lead');
          expect(event?.data).toMatchObject({ list: 'join-free', type: 'created' });
          heard += event!.data.count as number;
          // Sent after the commit: whatever an event announces is already in the list.
          const list = await get(`${LEAD_KINDS.freeJoin.list.path}?q=${encodeURIComponent('Burst')}&limit=50`);
          expect(Number(list.headers.get(TOTAL_COUNT_HEADER))).toBeGreaterThanOrEqual(heard);
        }
        expect(heard).toBe(burst);
      } finally {
        await events.cancel().catch(() => {});
      }
    });
  });

  describe('CSV', () => {
    it('exports a list with its filters, the registry columns, the source, formulas defused, as UTF-8 with a BOM', async () => {
      await submit(LEAD_PATHS.joinNow, { name: '=SUM(A1:A9)', phone: '9000033333', email: 'csv1@example.in', password: 'secret12' });
      await submit(LEAD_PATHS.joinNow, { name: 'Comma, "Quoted"', phone: '9000033334', email: 'csv2@example.in', password: 'secret12' });
      await submit(LEAD_PATHS.joinNow, {
        name: 'आशा वर्मा',
        phone: '9000033335',
        email: 'csv3@example.in',
        password: 'secret12',
        source: { first: { utm_source: '@campaign', landingPath: '/' }, last: { utm_source: 'mail', utm_campaign: 'a;b' } },
      });
      const res = await get(`${csvPath('join-now')}?q=csv`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="join-now-leads-\d{4}-\d{2}-\d{2}\.csv"$/);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Date (IST),Name,Phone,Email,Status,Owner,Next step,Next step due (IST),First contact (IST),Source (utm_source),First visit,Latest campaign visit,Consent',
      );
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(
        /^\d{4}-\d{2}-\d{2} \d{2}:\d{2},आशा वर्मा,9000033335,csv3@example.in,New,,,,,mail,utm_source=@campaign; landingPath=\/,utm_source=mail; utm_campaign=a;b,no consent on record$/,
      );
      expect(lines[2]).toMatch(/^[^,]+,"Comma, ""Quoted""",9000033334,csv2@example.in,New,,,,,,,,no consent on record$/);
      expect(lines[3]).toMatch(/^[^,]+,'=SUM\(A1:A9\),9000033333,csv1@example.in,New,,,,,,,,no consent on record$/);
      // Filtered by source, like the list.
      const bySource = (await (await get(`${csvPath('join-now')}?utm_source=mail`)).text()).trimEnd().split('\r\n');
      expect(bySource).toHaveLength(2);
      expect(bySource[1]).toContain('csv3@example.in');
      const tests = await (await get(csvPath('test-form'))).text();
      expect(tests.split('\r\n')[0]).toBe(
        'Date (IST),Name,Email,Phone,Test language,Extraversion %,Agreeableness %,Conscientiousness %,Emotional Stability %,Openness / Intellect %,Certificate,Status,Owner,Next step,Next step due (IST),First contact (IST),Source (utm_source),First visit,Latest campaign visit,Consent',
      );
      expect((await get(`${CONSOLE_PATHS.export}/nowhere.csv`)).status).toBe(404);
      expect((await get(csvPath('join-now'), null)).status).toBe(401);
    });
  });
});

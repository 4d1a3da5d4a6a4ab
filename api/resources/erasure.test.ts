// Erasure through the API (contract/erasure.ts): a visitor's request answered alike whether
// or not the email is known, the emailed single-use link, everything held for the email
// erased across the lists (history, certificates, queued mail, the requests), the audit
// without personal data, the withdrawn certificate; admins erasing one lead or several.
// On PGlite and, with TEST_DATABASE_URL, on Postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_PATH } from '../../contract/api.ts';
import { CONSOLE_PATHS, leadPath } from '../../contract/console.ts';
import { ERASURE_MAILS_PER_DAY, ERASURE_MESSAGES, ERASURE_PATHS, type AuditResponse } from '../../contract/erasure.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { ADMIN_PATHS } from '../../contract/admin.ts';
import { WORKSPACE_PATHS } from '../../contract/workspace.ts';
import { QUIZ_ANSWERS_PATH } from '../../contract/quiz/api.ts';
import { QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import { sql } from 'kysely';
import { alertOnce } from '../leads/alerts.ts';
import { notifyMembers } from '../notify/notify.ts';
import { createAdmin } from '../auth/admins.ts';
import { assignmentDigestEmail } from '../mail/desk.ts';
import { enqueueMail } from '../mail/queue.ts';
import { issueToken } from '../auth/auth.ts';
import { postJson, testApp, testConfig } from '../testing/app.ts';
import { fakeClock } from '../testing/clock.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';

const answers = Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, i % 4]));
const LEAD_TABLES = ['contact_messages', 'free_join_users', 'enquiries', 'join_now_users', 'personality_users'] as const;

describe.each(testBackends())('erasure on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  let tasks: ReturnType<typeof testApp>['tasks'];
  let token: string;
  const clock = fakeClock(Date.parse('2026-11-23T06:00:00Z'));
  const as = (bearer: string): Record<string, string> => ({ Authorization: `Bearer ${bearer}` });
  const submit = async (path: string, body: object) => {
    const res = await postJson(app, path, body);
    expect(res.status, path).toBe(201);
    // The erasure link is looked up and mailed after the answer.
    await tasks.idle();
    return res.json();
  };
  const mailsTo = (email: string) =>
    database.db.selectFrom('mail_queue').select(['kind', 'text_body']).where('to_address', '=', email).execute();
  /** The token in the newest erasure link mailed to this address. */
  const linkTokenFor = async (email: string) => {
    const mails = (await mailsTo(email)).filter((m) => m.kind === 'erasure');
    const match = /\/delete-my-data\?token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.text_body ?? '');
    return match?.[1];
  };
  const confirm = (t: string) => postJson(app, ERASURE_PATHS.confirm, { token: t });

  beforeAll(async () => {
    database = await backend.create();
    await createAdmin(database.db, { email: 'sales@example.in', password: 'correct horse battery', name: 'Sales Lead' });
    const admin = await database.db.selectFrom('admins').select('id').where('email', '=', 'sales@example.in').executeTakeFirstOrThrow();
    ({ app, tasks } = testApp(database, { publicUrl: 'https://skillup.example.in' }, { clock: clock.fn }));
    token = (
      await issueToken(
        { db: database.db, config: testConfig(), clock: clock.fn },
        { id: admin.id, email: 'sales@example.in', name: 'Sales Lead' },
      )
    ).token;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  describe("a visitor's request", () => {
    it('answers the same whether or not the email is known, and mails a link only to a known one', async () => {
      await submit(LEAD_PATHS.freeJoin, { name: 'Known Person', phone: '9876500400', email: 'known@example.in' });
      const known = await submit(ERASURE_PATHS.request, { email: 'Known@Example.in' });
      const unknown = await submit(ERASURE_PATHS.request, { email: 'stranger@example.in' });
      expect(known).toEqual({ message: ERASURE_MESSAGES.requested });
      expect(unknown).toEqual(known);
      expect(await mailsTo('stranger@example.in')).toEqual([]);
      const [mail] = await mailsTo('known@example.in');
      expect(mail!.kind).toBe('erasure');
      expect(mail!.text_body).toMatch(/https:\/\/skillup\.example\.in\/delete-my-data\?token=[A-Za-z0-9_-]{43}/);
      // Only the token's hash is stored.
      const stored = await database.db
        .selectFrom('erasure_requests')
        .select('token_hash')
        .where('email', '=', 'known@example.in')
        .executeTakeFirstOrThrow();
      expect(mail!.text_body).not.toContain(stored.token_hash!);
    });

    it('answers before it looks the address up: the look-up and the mail come after the answer', async () => {
      await submit(LEAD_PATHS.freeJoin, { name: 'Timed Person', phone: '9876500403', email: 'timed@example.in' });
      tasks.pause();
      try {
        const res = await postJson(app, ERASURE_PATHS.request, { email: 'timed@example.in' });
        expect(res.status).toBe(201);
        expect(await res.json()).toEqual({ message: ERASURE_MESSAGES.requested });
        // Answered, and nothing looked up or mailed yet: a known address costs the answer no more than an unknown one.
        expect(await mailsTo('timed@example.in')).toEqual([]);
      } finally {
        tasks.resume();
      }
      await tasks.idle();
      expect((await mailsTo('timed@example.in')).map((m) => m.kind)).toEqual(['erasure']);
    });

    it(`mails at most ${ERASURE_MAILS_PER_DAY} links a day to one address, answering every request alike`, async () => {
      await submit(LEAD_PATHS.contact, {
        firstName: 'Capped',
        lastName: 'Person',
        email: 'capped@example.in',
        phone: '9876500401',
        message: 'Hi',
      });
      for (let i = 0; i < ERASURE_MAILS_PER_DAY + 2; i++)
        expect(await submit(ERASURE_PATHS.request, { email: 'capped@example.in' })).toEqual({ message: ERASURE_MESSAGES.requested });
      expect((await mailsTo('capped@example.in')).filter((m) => m.kind === 'erasure')).toHaveLength(ERASURE_MAILS_PER_DAY);
    });

    it(`mails at most ${ERASURE_MAILS_PER_DAY} links a day to one mailbox, however its address is spelt`, async () => {
      const spellings = Array.from({ length: ERASURE_MAILS_PER_DAY + 2 }, (_, i) => `tagged+${i}@example.in`);
      for (const email of spellings) await submit(LEAD_PATHS.freeJoin, { name: 'Tagged Person', phone: '9876500404', email });
      for (const email of spellings) await submit(ERASURE_PATHS.request, { email });
      const mails = await database.db
        .selectFrom('mail_queue')
        .select('id')
        .where('kind', '=', 'erasure')
        .where('to_address', 'like', 'tagged+%')
        .execute();
      expect(mails).toHaveLength(ERASURE_MAILS_PER_DAY);
    });

    it('is delivered from the outbox through /sync like any submission, exactly once', async () => {
      await submit(LEAD_PATHS.enquiry, {
        background: 'College Student',
        course: 'Soft Skills',
        name: 'Synced',
        email: 'synced@example.in',
        phone: '9876500402',
      });
      const item = { key: 'erasure-sync-0001', path: ERASURE_PATHS.request, body: { email: 'synced@example.in' } };
      for (let i = 0; i < 2; i++) {
        const { results } = await (await postJson(app, SYNC_PATH, { items: [item] })).json();
        expect(results[0]).toMatchObject({ status: 201, body: { message: ERASURE_MESSAGES.requested } });
      }
      await tasks.idle();
      expect((await mailsTo('synced@example.in')).filter((m) => m.kind === 'erasure')).toHaveLength(1);
    });
  });

  describe('confirming the link', () => {
    it('erases every submission, note, history, certificate and queued mail of the email, once, and audits it without personal data', async () => {
      const email = 'asha.erase@example.in';
      const phone = '9876500410';
      const free = await submit(LEAD_PATHS.freeJoin, { name: 'Asha Erase', phone, email });
      await submit(LEAD_PATHS.enquiry, { background: 'School Student', course: 'Soft Skills', name: 'Asha Erase', email, phone });
      await submit(LEAD_PATHS.contact, { firstName: 'Asha', lastName: 'Erase', email, phone, message: 'Please call' });
      await submit(LEAD_PATHS.joinNow, { name: 'Asha Erase', phone, email, password: 'secret12' });
      await submit(LEAD_PATHS.personalitySignup, { name: 'Asha Erase', phone, email, password: 'secret12' });
      const test = await submit(QUIZ_ANSWERS_PATH, { name: 'Asha Erase', email, answers, language: 'english' });
      const other = await submit(LEAD_PATHS.freeJoin, { name: 'Someone Else', phone: '9876500411', email: 'someone.else@example.in' });
      // A note and a status change: history to erase.
      const patched = await app.request(leadPath('join-free', free.user._id), {
        method: 'PATCH',
        headers: { ...as(token), 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'contacted', note: 'Called Asha, she asked about fees' }),
      });
      expect(patched.status).toBe(200);
      expect((await mailsTo(email)).map((m) => m.kind)).toContain('certificate');

      await submit(ERASURE_PATHS.request, { email });
      const link = await linkTokenFor(email);
      expect(link).toBeDefined();
      const res = await confirm(link!);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        message: ERASURE_MESSAGES.erased,
        erased: { contact: 1, 'join-free': 1, 'need-help': 1, 'join-now': 1, 'test-form': 1, certificates: 1 },
      });

      for (const table of LEAD_TABLES)
        expect(await database.db.selectFrom(table).select('id').where('email', '=', email).execute(), table).toEqual([]);
      expect(await database.db.selectFrom('quiz_submissions').select('id').where('email', '=', email).execute()).toEqual([]);
      expect(await database.db.selectFrom('lead_history').select('id').where('lead_id', '=', free.user._id).execute()).toEqual([]);
      expect(await mailsTo(email)).toEqual([]);
      expect(await database.db.selectFrom('erasure_requests').select('id').where('email', '=', email).execute()).toEqual([]);
      // Someone else's lead stays.
      expect((await app.request(leadPath('join-free', other.user._id), { headers: as(token) })).status).toBe(200);

      // The certificate's page says withdrawn, with no name; its data and image are gone.
      const page = await app.request(`/certificate/${test.certificateId}`);
      expect(page.status).toBe(410);
      const html = await page.text();
      expect(html).toContain(ERASURE_MESSAGES.withdrawn);
      expect(html).not.toContain('Asha');
      const api = await app.request(`/api/v1/certificates/${test.certificateId}`);
      expect(api.status).toBe(410);
      expect(await api.json()).toEqual({ message: ERASURE_MESSAGES.withdrawn });
      expect((await app.request(`/api/v1/certificates/${test.certificateId}.png`)).status).toBe(410);

      // The link worked once.
      const again = await confirm(link!);
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({ message: ERASURE_MESSAGES.linkInvalid });

      // The audit: by the person, per list, how many; nothing that names them.
      const audit = await database.db.selectFrom('erasure_audit').selectAll().where('actor', '=', 'person').execute();
      expect(audit.map((a) => [a.list, a.count]).sort()).toEqual(
        [
          ['certificates', 1],
          ['contact', 1],
          ['join-free', 1],
          ['join-now', 1],
          ['need-help', 1],
          ['test-form', 1],
        ].sort(),
      );
      const text = JSON.stringify(audit);
      for (const personal of [email, phone, 'Asha', 'Erase']) expect(text).not.toContain(personal);
    });

    /**
     * Every row of every table in the database's catalog (a table added later is covered
     * too), as text: "table: value" for each value found. A phone counts however it is
     * written (+91 98765 00410, 98765-00410); the rest case aside.
     */
    const holding = async (values: string[]): Promise<string[]> => {
      const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(database.db);
      expect(tables.rows.map((t) => t.table_name)).toEqual(expect.arrayContaining(['lead_history', 'saved_views', 'admin_login_failures']));
      const found: string[] = [];
      for (const { table_name } of tables.rows) {
        const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(table_name)} as t`.execute(database.db);
        for (const value of values) {
          const pattern = /^\d{10}$/.test(value)
            ? new RegExp(`(?<!\\d)${value.split('').join('[\\s().-]*')}(?!\\d)`)
            : new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
          if (rows.rows.some((r) => pattern.test(r.row))) found.push(`${table_name}: ${value}`);
        }
      }
      return found;
    };

    it("takes the person from other people's rows: notes and next steps on other leads, saved views, failed logins, a relay's queue, the team's bell", async () => {
      const email = 'meera.traced@example.in';
      const phone = '9876500470';
      const lead = await submit(LEAD_PATHS.freeJoin, { name: 'Meera Tracedevi', phone, email });
      const friend = await submit(LEAD_PATHS.contact, {
        firstName: 'Friend',
        lastName: 'Ofmeera',
        email: 'friend.of.meera@example.in',
        phone: '9876500471',
        message: 'My classmate Meera Tracedevi (meera.traced@example.in) wants to join too',
      });
      const patch = (list: 'contact' | 'join-free', id: string, body: object) =>
        app.request(leadPath(list, id), {
          method: 'PATCH',
          headers: { ...as(token), 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      // A note and a next step on the friend's lead that name her, her phone written two ways.
      expect((await patch('contact', friend.data._id, { note: 'Spoke to MEERA TRACEDEVI, call her on +91 98765 00470' })).status).toBe(200);
      const next = { type: 'call', dueAt: '2026-11-24T10:00:00+05:30', note: 'Ask Meera about fees: 98765-00470, meera.traced@example.in' };
      expect((await patch('contact', friend.data._id, { nextAction: next })).status).toBe(200);
      // Saved views: one searching for her, one named for her.
      for (const view of [
        { name: 'Her leads', list: 'join-free', query: `q=${encodeURIComponent(email)}`, shared: true },
        { name: 'Meera Tracedevi follow-ups', list: 'contact', query: 'status=new', shared: false },
      ]) {
        const res = await app.request(WORKSPACE_PATHS.views, {
          method: 'POST',
          headers: { ...as(token), 'Content-Type': 'application/json' },
          body: JSON.stringify(view),
        });
        expect(res.status).toBe(201);
      }
      // She tried the staff login with her own address.
      expect((await postJson(app, ADMIN_PATHS.login, { email, password: 'not a member here' })).status).toBe(401);
      // A relay's copy of her submission, and of another's that names her.
      await database.db
        .insertInto('relay_queue')
        .values([
          { key: 'relay-traced-1', path: LEAD_PATHS.freeJoin, body: JSON.stringify({ name: 'Meera Tracedevi', phone, email }) },
          {
            key: 'relay-traced-2',
            path: LEAD_PATHS.contact,
            body: JSON.stringify({
              firstName: 'Other',
              lastName: 'Writer',
              email: 'writer@example.in',
              message: 'Meera Tracedevi told me',
            }),
          },
        ])
        .execute();
      // The bell of the member her lead was given to names her.
      const sales = await database.db.selectFrom('admins').select('id').where('email', '=', 'sales@example.in').executeTakeFirstOrThrow();
      await notifyMembers(database.db, {
        memberIds: [sales.id],
        kind: 'assigned',
        lead: { list: 'join-free', id: lead.user._id, firstName: 'Meera' },
        title: 'New lead: Meera Tracedevi',
        body: 'Free Join Users',
      });
      const traces = [email, phone, 'Meera Tracedevi', 'Tracedevi'];
      expect(await holding(traces)).toEqual(
        expect.arrayContaining([
          'notifications: Meera Tracedevi',
          'lead_history: meera.traced@example.in',
          'saved_views: Meera Tracedevi',
          'admin_login_failures: meera.traced@example.in',
          'relay_queue: Meera Tracedevi',
        ]),
      );

      await submit(ERASURE_PATHS.request, { email });
      expect((await confirm((await linkTokenFor(email))!)).status).toBe(200);
      expect(await holding(traces)).toEqual([]);
      expect(lead.user._id).toBeDefined();
      // The friend's lead keeps its note and next step, without her.
      const history = await database.db
        .selectFrom('lead_history')
        .select('note')
        .where('lead_id', '=', friend.data._id)
        .where('note', 'is not', null)
        .execute();
      expect(history.map((h) => h.note)).toContain('Spoke to [erased], call her on [erased]');
      const row = await database.db
        .selectFrom('contact_messages')
        .select(['next_action_note', 'message'])
        .where('id', '=', friend.data._id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        next_action_note: 'Ask [erased] about fees: [erased], [erased]',
        message: 'My classmate [erased] ([erased]) wants to join too',
      });
      // The view named for her stays, renamed; the one searching for her is gone.
      const views = await database.db.selectFrom('saved_views').select(['name', 'query']).execute();
      expect(views).toContainEqual({ name: '[erased] follow-ups', query: 'status=new' });
      expect(views.some((v) => v.name === 'Her leads')).toBe(false);
      // The other writer's queued submission stays, without her name.
      const relayed = await database.db.selectFrom('relay_queue').select(['key', 'body']).where('key', 'like', 'relay-traced-%').execute();
      expect(relayed).toEqual([{ key: 'relay-traced-2', body: expect.objectContaining({ message: '[erased] told me' }) }]);
    });

    it('leaves nothing that names the person in any table: alerts, digests, a guardian address', async () => {
      const email = 'ravi.gone@example.in';
      const phone = '9876500450';
      const guardian = 'parent.gone@example.in';
      const consent = { version: 'v1', at: '2026-11-23T05:00:00Z', marketing: false };
      // An alert already sent, and one of another lead still pending, for the same person.
      const first = await submit(LEAD_PATHS.contact, {
        firstName: 'Ravindra',
        lastName: 'Gonesh',
        email,
        phone,
        message: 'Call me\n\nsoon',
      });
      const alerts = { db: database.db, to: 'team@example.in', publicUrl: 'https://skillup.example.in', log: () => {}, clock: clock.fn };
      await alertOnce({ ...alerts, digestMinutes: undefined });
      await database.db.updateTable('mail_queue').set({ status: 'sent' }).where('kind', '=', 'lead-alert').execute();
      const second = await submit(LEAD_PATHS.freeJoin, { name: 'Ravindra Gonesh', phone, email });
      await alertOnce({ ...alerts, digestMinutes: undefined });
      // A digest naming them and someone else, and a member's assignment email.
      const kept = await submit(LEAD_PATHS.freeJoin, { name: 'Kept Person', phone: '9876500451', email: 'kept@example.in' });
      await database.db.deleteFrom('lead_alerts').execute();
      await alertOnce({ ...alerts, digestMinutes: 60 });
      await enqueueMail(database.db, {
        to: 'member@example.in',
        kind: 'assignment-digest',
        ...assignmentDigestEmail(
          'https://skillup.example.in',
          'Member',
          [
            { list: 'join-free', id: second.user._id, name: 'Ravindra Gonesh', phone },
            { list: 'join-free', id: kept.user._id, name: 'Kept Person', phone: '9876500451' },
          ],
          0,
        ),
      });
      // A child's enquiry: the guardian's address is in its consent.
      const child = await submit(LEAD_PATHS.enquiry, {
        background: 'School Student',
        course: 'Soft Skills',
        name: 'Child Minor',
        email: 'child.minor@example.in',
        phone: '9876500452',
        consent: { ...consent, age: 'guardian', guardianEmail: guardian },
      });
      const teamMails = await database.db
        .selectFrom('mail_queue')
        .select('text_body')
        .where('to_address', '=', 'team@example.in')
        .execute();
      expect(teamMails.some((m) => m.text_body.includes(email))).toBe(true);
      expect(await holding([guardian])).not.toEqual([]);

      await submit(ERASURE_PATHS.request, { email });
      expect((await confirm((await linkTokenFor(email))!)).status).toBe(200);
      expect(await holding([email, phone, 'Ravindra', 'Gonesh', 'Call me'])).toEqual([]);
      // The other lead's alerts and the member's email stay, without the erased lead.
      const digest = await database.db
        .selectFrom('mail_queue')
        .select('text_body')
        .where('kind', '=', 'lead-digest')
        .executeTakeFirstOrThrow();
      expect(digest.text_body).toContain('kept@example.in');
      const member = await database.db
        .selectFrom('mail_queue')
        .select('text_body')
        .where('to_address', '=', 'member@example.in')
        .executeTakeFirstOrThrow();
      expect(member.text_body).toContain('Kept Person');
      expect(first.data._id).toBeDefined();

      // The guardian's own address gets the link too, and erasing it leaves the child's enquiry without it.
      await submit(ERASURE_PATHS.request, { email: guardian });
      const link = await linkTokenFor(guardian);
      expect(link).toBeDefined();
      expect((await confirm(link!)).status).toBe(200);
      expect(await holding([guardian])).toEqual([]);
      const row = await database.db.selectFrom('enquiries').select('consent').where('id', '=', child.data._id).executeTakeFirstOrThrow();
      expect(row.consent).toMatchObject({ age: 'guardian' });
    });

    it('refuses an expired, unknown or malformed link', async () => {
      await submit(LEAD_PATHS.freeJoin, { name: 'Late Person', phone: '9876500420', email: 'late@example.in' });
      await submit(ERASURE_PATHS.request, { email: 'late@example.in' });
      const link = (await linkTokenFor('late@example.in'))!;
      clock.advance(24 * 3_600_000 + 1);
      try {
        expect((await confirm(link)).status).toBe(400);
      } finally {
        clock.advance(-(24 * 3_600_000 + 1));
      }
      expect((await database.db.selectFrom('free_join_users').select('id').where('email', '=', 'late@example.in').execute()).length).toBe(
        1,
      );
      expect((await confirm('A'.repeat(43))).status).toBe(400);
      expect((await confirm('short')).status).toBe(400);
      expect((await postJson(app, ERASURE_PATHS.confirm, {})).status).toBe(400);
    });
  });

  describe('admins', () => {
    it('erase one lead (204, then 404), or several at once, with an audit entry each time; only admins', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++)
        ids.push(
          (
            await submit(LEAD_PATHS.contact, {
              firstName: `Del${i}`,
              lastName: 'X',
              email: `del${i}@example.in`,
              phone: '9876500430',
              message: 'x',
            })
          ).data._id,
        );
      expect((await app.request(leadPath('contact', ids[0]!), { method: 'DELETE' })).status).toBe(401);
      expect((await app.request(leadPath('contact', ids[0]!), { method: 'DELETE', headers: as(token) })).status).toBe(204);
      expect((await app.request(leadPath('contact', ids[0]!), { method: 'DELETE', headers: as(token) })).status).toBe(404);
      expect((await app.request(leadPath('contact', ids[0]!), { headers: as(token) })).status).toBe(404);
      expect((await app.request(leadPath('contact', 'not-a-uuid'), { method: 'DELETE', headers: as(token) })).status).toBe(404);
      const bulk = await app.request(`${CONSOLE_PATHS.leads}/contact/erase`, {
        method: 'POST',
        headers: { ...as(token), 'Content-Type': 'application/json' },
        body: JSON.stringify({ ids: [ids[1], ids[2], ids[0], 'junk'] }),
      });
      expect(bulk.status).toBe(200);
      expect(((await bulk.json()) as { erased: string[] }).erased.sort()).toEqual([ids[1], ids[2]].sort());
      const log: AuditResponse = await (await app.request(ERASURE_PATHS.audit, { headers: as(token) })).json();
      expect(log.data.slice(0, 2).map((e) => ({ actor: e.actor, by: e.by, list: e.list, count: e.count }))).toEqual([
        { actor: 'admin', by: 'Sales Lead', list: 'contact', count: 2 },
        { actor: 'admin', by: 'Sales Lead', list: 'contact', count: 1 },
      ]);
      expect((await app.request(ERASURE_PATHS.audit)).status).toBe(401);
      expect((await app.request(`${ERASURE_PATHS.audit}?limit=0`, { headers: as(token) })).status).toBe(400);
    });

    it("takes the lead's alert with it when an admin erases a lead", async () => {
      const lead = await submit(LEAD_PATHS.contact, {
        firstName: 'Alerted',
        lastName: 'Adminerased',
        email: 'alerted.admin@example.in',
        phone: '9876500460',
        message: 'Hello there',
      });
      await alertOnce({
        db: database.db,
        to: 'team2@example.in',
        publicUrl: 'https://skillup.example.in',
        digestMinutes: undefined,
        log: () => {},
        clock: clock.fn,
      });
      const alerts = () => database.db.selectFrom('mail_queue').select('text_body').where('to_address', '=', 'team2@example.in').execute();
      expect((await alerts()).some((m) => m.text_body.includes('Adminerased'))).toBe(true);
      expect((await app.request(leadPath('contact', lead.data._id), { method: 'DELETE', headers: as(token) })).status).toBe(204);
      expect((await alerts()).some((m) => m.text_body.includes('Adminerased'))).toBe(false);
    });

    it('keeps the status counts right after erasing', async () => {
      const id = (
        await submit(LEAD_PATHS.enquiry, {
          background: 'College Student',
          course: 'Soft Skills',
          name: 'Counted',
          email: 'counted@example.in',
          phone: '9876500440',
        })
      ).data._id;
      const before = await database.db
        .selectFrom('lead_status_counts')
        .select((eb) => eb.fn.sum<string>('n').as('n'))
        .where('list', '=', 'need-help')
        .where('status', '=', 'new')
        .executeTakeFirstOrThrow();
      expect((await app.request(leadPath('need-help', id), { method: 'DELETE', headers: as(token) })).status).toBe(204);
      const after = await database.db
        .selectFrom('lead_status_counts')
        .select((eb) => eb.fn.sum<string>('n').as('n'))
        .where('list', '=', 'need-help')
        .where('status', '=', 'new')
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n) - 1);
      const detail = await app.request(leadPath('need-help', id), { headers: as(token) });
      expect(detail.status).toBe(404);
    });
  });
});

// Webinars through the API, on PGlite and, with TEST_DATABASE_URL, on Postgres: admins
// schedule, edit and cancel them; the public list shows the upcoming ones; a registration is
// a lead of its own list (exactly once per key, its join link queued by email, filters, owner,
// round robin, its person, erasure, CSV naming the webinar), and the reminder an hour before
// goes once however many instances look, on a fake clock.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_PATHS, leadPath } from '../../contract/console.ts';
import { DESK_PATHS } from '../../contract/desk.ts';
import { IDEMPOTENCY_HEADER } from '../../contract/api.ts';
import { LEAD_KINDS, LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { WEBINAR_MESSAGES, WEBINAR_PATHS, type Webinar } from '../../contract/webinars.ts';
import { eraseByToken } from '../leads/erasure.ts';
import { remindWebinarsOnce } from '../leads/webinar-reminders.ts';
import { hashLinkToken } from '../auth/link-tokens.ts';
import { adminToken, memberToken } from '../testing/admin.ts';
import { postJson, useTestApp } from '../testing/app.ts';
import { testBackends } from '../testing/databases.ts';

const HOUR = 3_600_000;
const unique = () => crypto.randomUUID().slice(0, 8);

describe.each(testBackends())('webinars on $name', (backend) => {
  const t = useTestApp(backend);
  let admin: string;
  beforeAll(async () => {
    admin = await adminToken(t.database.db, 'webinars.admin@example.in');
  });
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (path: string, token = admin) => Promise.resolve(t.app.request(path, { headers: as(token) }));
  const send = (method: string, path: string, body: unknown, token = admin) =>
    Promise.resolve(
      t.app.request(path, { method, headers: { ...as(token), 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    );
  const schedule = async (over: object = {}): Promise<Webinar> => {
    const res = await send('POST', WEBINAR_PATHS.admin, {
      title: `Speaking up ${unique()}`,
      startsAt: new Date(Date.now() + 3 * HOUR).toISOString(),
      joinUrl: 'https://meet.example.in/speak-up',
      ...over,
    });
    expect(res.status).toBe(201);
    return (await res.json()).webinar;
  };
  const register = (webinar: string, over: object = {}, key = crypto.randomUUID()) =>
    postJson(
      t.app,
      LEAD_PATHS.webinar,
      { webinar, name: 'Neha Kapoor', email: `neha.${unique()}@example.in`, phone: '9876500011', ...over },
      { [IDEMPOTENCY_HEADER]: key },
    );

  it('admins schedule, edit and cancel; the public list shows only the upcoming, soonest first, without the link', async () => {
    const later = await schedule({ startsAt: new Date(Date.now() + 48 * HOUR).toISOString() });
    const sooner = await schedule({ startsAt: new Date(Date.now() + 24 * HOUR).toISOString() });
    const edited = await send('PATCH', `${WEBINAR_PATHS.admin}/${later._id}`, { ...later, title: 'Interviews, calmly' });
    expect((await edited.json()).webinar).toMatchObject({ title: 'Interviews, calmly', registrations: 0 });
    const publicList = (await (await t.app.request(WEBINAR_PATHS.upcoming)).json()).data as Array<Record<string, unknown>>;
    const ids = publicList.map((w) => w._id);
    expect(ids.indexOf(sooner._id)).toBeLessThan(ids.indexOf(later._id));
    expect(publicList.find((w) => w._id === later._id)).toEqual({ _id: later._id, title: 'Interviews, calmly', startsAt: later.startsAt });
    const cancelled = await send('POST', `${WEBINAR_PATHS.admin}/${sooner._id}/cancel`, {});
    expect((await cancelled.json()).webinar.cancelledAt).not.toBeNull();
    const after = (await (await t.app.request(WEBINAR_PATHS.upcoming)).json()).data as Array<{ _id: string }>;
    expect(after.map((w) => w._id)).not.toContain(sooner._id);
    const all = (await (await get(WEBINAR_PATHS.admin)).json()).data as Webinar[];
    expect(all.map((w) => w._id)).toEqual(expect.arrayContaining([sooner._id, later._id]));
  });

  it('refuses a webinar in the past, a link that is not https, and a missing title, with the field named', async () => {
    const res = await send('POST', WEBINAR_PATHS.admin, { title: '', startsAt: 'soon', joinUrl: 'http://meet.example.in/x' });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).errors).sort()).toEqual(['joinUrl', 'startsAt', 'title']);
    const past = await send('POST', WEBINAR_PATHS.admin, {
      title: 'Old',
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      joinUrl: 'https://x.example.in',
    });
    expect(past.status).toBe(400);
    expect((await past.json()).errors.startsAt).toBe('Start time must be in the future');
    const { token: counsellor } = await memberToken(t.database.db, `c.${unique()}@example.in`, 'counsellor');
    expect(
      (
        await send(
          'POST',
          WEBINAR_PATHS.admin,
          { title: 'X', startsAt: new Date(Date.now() + HOUR).toISOString(), joinUrl: 'https://x.example.in' },
          counsellor,
        )
      ).status,
    ).toBe(403);
  });

  it('stores a retried registration once and queues one email with the join link', async () => {
    const webinar = await schedule({ joinUrl: 'https://meet.example.in/once' });
    const key = crypto.randomUUID();
    const email = `once.${unique()}@example.in`;
    for (let i = 0; i < 3; i++) expect((await register(webinar._id, { email }, key)).status).toBe(201);
    const rows = await t.database.db.selectFrom('webinar_registrations').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    const mails = await t.database.db.selectFrom('mail_queue').select(['subject', 'text_body']).where('to_address', '=', email).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(webinar.title);
    expect(mails[0]!.text_body).toContain('Join here: https://meet.example.in/once');
  });

  it("tells those registered of a new time or link and of a cancel, once, in their form's language; not spam, not a new title", async () => {
    const webinar = await schedule({ joinUrl: 'https://meet.example.in/first' });
    const en = `en.${unique()}@example.in`;
    const hi = `hi.${unique()}@example.in`;
    const spam = `spam.${unique()}@example.in`;
    expect((await register(webinar._id, { email: en })).status).toBe(201);
    expect(
      (
        await postJson(
          t.app,
          LEAD_PATHS.webinar,
          { webinar: webinar._id, name: 'नेहा', email: hi, phone: '9876500012', lang: 'hi' },
          { 'Accept-Language': 'hi', [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
        )
      ).status,
    ).toBe(201);
    expect((await register(webinar._id, { email: spam, phone: '9876500013' })).status).toBe(201);
    await t.database.db.updateTable('webinar_registrations').set({ status: 'spam' }).where('email', '=', spam).execute();
    const mails = (to: string) =>
      t.database.db.selectFrom('mail_queue').select(['subject', 'text_body']).where('to_address', '=', to).orderBy('created_at').execute();

    // A new title alone: nobody is told (each has only the registration's own email).
    expect((await send('PATCH', `${WEBINAR_PATHS.admin}/${webinar._id}`, { ...webinar, title: `${webinar.title} (live)` })).status).toBe(
      200,
    );
    expect(await mails(en)).toHaveLength(1);

    const later = new Date(Date.now() + 5 * HOUR).toISOString();
    const moved = await send('PATCH', `${WEBINAR_PATHS.admin}/${webinar._id}`, {
      ...webinar,
      startsAt: later,
      joinUrl: 'https://meet.example.in/second',
    });
    expect(moved.status).toBe(200);
    const [, changed] = await mails(en);
    expect(changed!.subject).toMatch(/^New time or link: /);
    expect(changed!.text_body).toContain('Join here: https://meet.example.in/second');
    const [, changedHi] = await mails(hi);
    expect(changedHi!.subject).toMatch(/^नया समय या लिंक: /);
    expect(changedHi!.text_body).toContain('https://meet.example.in/second');

    for (let i = 0; i < 2; i++) expect((await send('POST', `${WEBINAR_PATHS.admin}/${webinar._id}/cancel`, {})).status).toBe(200);
    const enMails = await mails(en);
    expect(enMails.map((m) => m.subject.split(':')[0])).toEqual(["You're registered", 'New time or link', 'Cancelled']);
    expect(enMails[2]!.text_body).toContain('has been cancelled');
    expect((await mails(hi)).map((m) => m.subject.split(':')[0])).toEqual(['रजिस्ट्रेशन हो गया', 'नया समय या लिंक', 'रद्द']);
    expect(await mails(spam)).toHaveLength(1);
  });

  it('refuses a registration for a cancelled or unknown webinar (422, final), storing nothing', async () => {
    const webinar = await schedule();
    await send('POST', `${WEBINAR_PATHS.admin}/${webinar._id}/cancel`, {});
    const email = `closed.${unique()}@example.in`;
    const closed = await register(webinar._id, { email });
    expect(closed.status).toBe(422);
    expect((await closed.json()).message).toBe(WEBINAR_MESSAGES.closed);
    const unknown = await register(crypto.randomUUID(), { email });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).message).toBe(WEBINAR_MESSAGES.unknown);
    expect(await t.database.db.selectFrom('webinar_registrations').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('is a list like any other: filtered, owned, on its person, exported as CSV naming the webinar, erased', async () => {
    const webinar = await schedule({ title: 'Group discussions that go well' });
    const email = `listed.${unique()}@example.in`;
    const created = (await (await register(webinar._id, { email, name: 'Listed Registrant' })).json()).data;
    const list = await (await get(`${LEAD_KINDS.webinar.list.path}?q=${encodeURIComponent(email)}&status=new&limit=10`)).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      _id: created._id,
      name: 'Listed Registrant',
      webinarTitle: webinar.title,
      webinarStartsAt: webinar.startsAt,
    });
    // An owner, and the lead's panel with its person's timeline.
    const { id: owner } = await t.database.db
      .selectFrom('admins')
      .select('id')
      .where('email', '=', 'webinars.admin@example.in')
      .executeTakeFirstOrThrow();
    expect((await send('PATCH', leadPath('webinars', created._id), { assignee: owner })).status).toBe(200);
    const detail = await (await get(leadPath('webinars', created._id))).json();
    expect(detail.data.webinarTitle).toBe(webinar.title);
    expect(detail.timeline.some((e: { kind: string; summary?: string }) => e.kind === 'submission' && e.summary === webinar.title)).toBe(
      true,
    );
    const csv = await (await get(`${CONSOLE_PATHS.export}/webinars.csv?q=${encodeURIComponent(email)}`)).text();
    const [header, line] = csv.replace('\uFEFF', '').split('\r\n');
    expect(header).toContain('Webinar');
    expect(line).toContain('Group discussions that go well');
    expect(line).toContain(email);
    // A person's erasure takes their registration.
    const token = crypto.randomUUID();
    await t.database.db
      .insertInto('erasure_requests')
      .values({ id: crypto.randomUUID(), email, token_hash: hashLinkToken(token), expires_at: new Date(Date.now() + HOUR) })
      .execute();
    expect((await eraseByToken(t.database.db, token, new Date()))?.erased).toMatchObject({ webinars: 1 });
    expect((await get(leadPath('webinars', created._id))).status).toBe(404);
  });

  it('deals registrations round robin when the list is set so', async () => {
    const ids = await Promise.all(
      ['a', 'b'].map(async (n) => (await memberToken(t.database.db, `rr.${n}.${unique()}@example.in`, 'counsellor')).id),
    );
    const set = await send('PUT', DESK_PATHS.assignment, { lists: { webinars: { mode: 'round-robin', members: ids } } });
    expect(set.status).toBe(200);
    const webinar = await schedule();
    const owners = [];
    for (let i = 0; i < 4; i++) {
      const email = `rr.${i}.${unique()}@example.in`;
      // A phone of its own: a shared one would make it a returning person, given to that person's owner.
      await register(webinar._id, { email, phone: `981234000${i}` });
      const row = await t.database.db
        .selectFrom('webinar_registrations')
        .select('assignee_id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      owners.push(row.assignee_id);
    }
    expect(new Set(owners)).toEqual(new Set(ids));
    await send('PUT', DESK_PATHS.assignment, { lists: { webinars: { mode: 'manual', members: [] } } });
  });

  it('reminds each registration once, an hour before, however many instances look at once', async () => {
    const start = Date.now() + 5 * HOUR;
    const webinar = await schedule({ startsAt: new Date(start).toISOString(), joinUrl: 'https://meet.example.in/remind' });
    const emails = [0, 1, 2].map((i) => `remind.${i}.${unique()}@example.in`);
    for (const email of emails) await register(webinar._id, { email });
    const mailsTo = async () =>
      (await t.database.db.selectFrom('mail_queue').select(['to_address', 'subject']).where('to_address', 'in', emails).execute()).filter(
        (m) => m.subject.startsWith('Starting in an hour'),
      );
    // Two hours before: nothing yet.
    await remindWebinarsOnce(t.database.db, new Date(start - 2 * HOUR));
    expect(await mailsTo()).toHaveLength(0);
    // Three instances at 59 minutes before, then again later: three reminders in all.
    const at = new Date(start - 59 * 60_000);
    await Promise.all([0, 1, 2].map(() => remindWebinarsOnce(t.database.db, at)));
    await remindWebinarsOnce(t.database.db, new Date(start - 10 * 60_000));
    const sent = await mailsTo();
    expect(sent.map((m) => m.to_address).sort()).toEqual([...emails].sort());
    // After the start, never.
    await t.database.db.updateTable('webinar_registrations').set({ reminded_at: null }).where('email', 'in', emails).execute();
    await remindWebinarsOnce(t.database.db, new Date(start + 60_000));
    expect(await mailsTo()).toHaveLength(3);
  });
});

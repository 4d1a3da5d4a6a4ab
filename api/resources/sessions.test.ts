// Classroom sessions and the server's side of joining one: creating and
// reading sessions by role, the code and link, the public join data, joins and tests that
// carry the session code (a student twice is one participant), a roll number instead of an
// email (no mail), and the certificate naming the organisation. PGlite, and Postgres when
// TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { QUIZ_MESSAGES } from '../../contract/quiz/answers.ts';
import { QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import type { QuizAnswers, QuizOptionIndex } from '../../contract/quiz/options.ts';
import { SESSION_CODE_ALPHABET, SESSION_MESSAGES, SESSION_PATHS, type ClassroomSession } from '../../contract/sessions.ts';
import { memberToken } from '../testing/admin.ts';
import { postJson, testApp } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';

function answersFor(seed: number): QuizAnswers {
  return Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, ((i * 7 + seed) % 4) as QuizOptionIndex]));
}

const CODE = new RegExp(`^[${SESSION_CODE_ALPHABET}]{6}$`);
const newSession = {
  organisation: 'Government Polytechnic, Nagpur',
  city: 'Nagpur',
  date: '2026-12-03',
  language: 'hinglish',
  expected: 60,
};

describe.each(testBackends())('classroom sessions on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    database = await backend.create();
    app = testApp(database).app;
    for (const role of ['admin', 'trainer', 'counsellor', 'viewer'] as const) {
      tokens[role] = (await memberToken(database.db, `${role}@sessions.example.in`, role)).token;
    }
    tokens.otherTrainer = (await memberToken(database.db, 'other-trainer@sessions.example.in', 'trainer')).token;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const auth = (role: string) => ({ Authorization: `Bearer ${tokens[role]}` });
  const get = (path: string, role?: string) => Promise.resolve(app.request(path, { headers: role ? auth(role) : {} }));
  const create = async (role = 'trainer', body: object = newSession) => {
    const res = await postJson(app, SESSION_PATHS.admin, body, auth(role));
    expect(res.status).toBe(201);
    return (await res.json()) as { code: string; url: string };
  };
  const sessionOf = async (code: string): Promise<ClassroomSession> =>
    ((await (await get(`${SESSION_PATHS.admin}/${code}`, 'trainer')).json()) as { session: ClassroomSession }).session;
  const join = (body: object, key = crypto.randomUUID()) => postJson(app, LEAD_PATHS.sessionJoin, body, { 'Idempotency-Key': key });
  const takeTest = (body: object, key = crypto.randomUUID()) => postJson(app, LEAD_PATHS.quizAnswers, body, { 'Idempotency-Key': key });

  it('lets trainers and admins create a session: a 6-character code without look-alikes, and its link', async () => {
    for (const role of ['trainer', 'admin']) {
      const { code, url } = await create(role);
      expect(code).toMatch(CODE);
      expect(code).not.toMatch(/[0O1IL2Z5S8BUVQ]/);
      expect(url).toBe(`http://test.local/s/${code}`);
    }
  });

  it('refuses sessions to counsellors, viewers and strangers, and says what is wrong with a bad one', async () => {
    for (const role of ['counsellor', 'viewer']) {
      expect((await postJson(app, SESSION_PATHS.admin, newSession, auth(role))).status).toBe(403);
      expect((await get(SESSION_PATHS.admin, role)).status).toBe(403);
    }
    expect((await postJson(app, SESSION_PATHS.admin, newSession)).status).toBe(401);
    expect((await get(SESSION_PATHS.admin)).status).toBe(401);
    const bad = await postJson(app, SESSION_PATHS.admin, { date: '3 Dec', language: 'tamil', expected: 0 }, auth('trainer'));
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toMatchObject({
      organisation: SESSION_MESSAGES.organisationRequired,
      date: SESSION_MESSAGES.dateInvalid,
      language: SESSION_MESSAGES.languageInvalid,
      expected: SESSION_MESSAGES.expectedInvalid,
    });
  });

  it('answers a session on an impossible day with the date message (400), not a 500 from the database', async () => {
    for (const date of ['2027-02-29', '2027-04-31', '2026-02-30']) {
      const res = await postJson(app, SESSION_PATHS.admin, { ...newSession, date }, auth('trainer'));
      expect(res.status, date).toBe(400);
      expect(await res.json(), date).toMatchObject({ errors: { date: SESSION_MESSAGES.dateInvalid } });
    }
  });

  it('lists sessions and reads one by its code, typed in any case; an unknown code is 404', async () => {
    const { code } = await create('trainer', { ...newSession, organisation: 'St. Xavier School', audience: 'school', city: '' });
    const list = (await (await get(SESSION_PATHS.admin, 'admin')).json()).data as ClassroomSession[];
    const listed = list.find((s) => s.code === code)!;
    expect(listed).toMatchObject({
      organisation: 'St. Xavier School',
      city: null,
      date: '2026-12-03',
      language: 'hinglish',
      audience: 'school',
      expected: 60,
      joined: 0,
      finished: 0,
      leadId: null,
    });
    expect(await sessionOf(code.toLowerCase())).toEqual(listed);
    const unknown = code === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA';
    expect((await get(`${SESSION_PATHS.admin}/${unknown}`, 'trainer')).status).toBe(404);
    expect((await get(`${SESSION_PATHS.admin}/O0O0O0`, 'trainer')).status).toBe(404);
  });

  it('shows a trainer only the sessions they made (list, page, live counts, report, PDF); an admin every one', async () => {
    const mine = (await create('trainer', { ...newSession, organisation: 'Mine College' })).code;
    const theirs = (await create('otherTrainer', { ...newSession, organisation: 'Their College' })).code;
    const byAdmin = (await create('admin', { ...newSession, organisation: 'Admin College' })).code;
    const codesFor = async (role: string) => {
      const res = await get(SESSION_PATHS.admin, role);
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: ClassroomSession[] }).data.map((s) => s.code);
    };
    const trainerSees = await codesFor('trainer');
    expect(trainerSees).toContain(mine);
    expect(trainerSees).not.toContain(theirs);
    expect(trainerSees).not.toContain(byAdmin);
    expect(await codesFor('otherTrainer')).toEqual([theirs]);
    expect(await codesFor('admin')).toEqual(expect.arrayContaining([mine, theirs, byAdmin]));
    // A student of the other class joins: its live counts stay the other trainer's.
    expect((await join({ session: theirs, name: 'Asha Patil', email: 'asha@example.in' })).status).toBe(201);
    for (const suffix of ['', '/report', '/report.pdf']) {
      for (const code of [theirs, byAdmin]) {
        const res = await get(`${SESSION_PATHS.admin}/${code}${suffix}`, 'trainer');
        expect(res.status, `${code}${suffix} as another trainer`).toBe(404);
        expect(await res.json()).toEqual({ message: SESSION_MESSAGES.notFound });
      }
      expect((await get(`${SESSION_PATHS.admin}/${mine}${suffix}`, 'trainer')).status).toBe(200);
      expect((await get(`${SESSION_PATHS.admin}/${theirs}${suffix}`, 'otherTrainer')).status).toBe(200);
      expect((await get(`${SESSION_PATHS.admin}/${theirs}${suffix}`, 'admin')).status).toBe(200);
    }
    const counted = await get(`${SESSION_PATHS.admin}/${theirs}`, 'admin');
    expect(((await counted.json()) as { session: ClassroomSession }).session.joined).toBe(1);
  });

  it("becomes the organisation's B2B enquiry when it names a contact, stored once, for the desk to follow up", async () => {
    const contact = { name: 'Sunita Deshmukh', email: 'placement@gpnagpur.example.in', phone: '+91 98220 12345' };
    const { code } = await create('trainer', { ...newSession, contact });
    const session = await sessionOf(code);
    expect(session.leadId).toMatch(/^[0-9a-f-]{36}$/);
    const lead = await database.db.selectFrom('enquiries').selectAll().where('id', '=', session.leadId!).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({
      name: 'Sunita Deshmukh',
      email: 'placement@gpnagpur.example.in',
      phone: '9822012345',
      course: 'B2B Training',
      background: 'College Student',
      status: 'new',
      idempotency_key: `classroom-session:${code}`,
    });
    expect(lead.source).toEqual({
      first: {
        utm_source: 'classroom-session',
        utm_medium: 'trainer',
        utm_campaign: newSession.organisation,
        utm_content: code,
        landingPath: `/s/${code}`,
      },
    });
    // The desk reads it like any enquiry; a trainer, who works no leads, does not.
    expect((await get(`/api/admin/leads/need-help/${session.leadId}`, 'admin')).status).toBe(200);
    expect((await get(`/api/admin/leads/need-help/${session.leadId}`, 'trainer')).status).toBe(403);
    // Without a contact there is no lead; half a contact is refused.
    expect((await sessionOf((await create()).code)).leadId).toBeNull();
    const half = await postJson(app, SESSION_PATHS.admin, { ...newSession, contact: { name: 'Sunita' } }, auth('trainer'));
    expect(half.status).toBe(400);
    expect(Object.keys((await half.json()).errors)).toEqual(expect.arrayContaining(['contact.email', 'contact.phone']));
  });

  it('gives a phone what it needs to join, and nothing more', async () => {
    const { code } = await create();
    const res = await get(`${SESSION_PATHS.public}/${code}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      code,
      organisation: newSession.organisation,
      city: 'Nagpur',
      date: '2026-12-03',
      language: 'hinglish',
      audience: 'college',
    });
    expect((await get(`${SESSION_PATHS.public}/${code === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA'}`)).status).toBe(404);
  });

  it('counts distinct students: joining twice and taking the test twice is one participant', async () => {
    const { code } = await create();
    const asha = { name: 'Asha Patil', email: 'Asha.Patil@example.in' };
    expect((await join({ session: code, ...asha, phone: '98765 43210' })).status).toBe(201);
    expect((await join({ session: code.toLowerCase(), ...asha, email: 'asha.patil@example.in' })).status).toBe(201);
    // A student with a roll number and no email; a second one who finishes without a join on record.
    expect((await join({ session: code, name: 'Ravi Kumar', rollNumber: 'CS-21-044' })).status).toBe(201);
    let session = await sessionOf(code);
    expect([session.joined, session.finished]).toEqual([2, 0]);

    for (const seed of [1, 2]) {
      expect((await takeTest({ ...asha, answers: answersFor(seed), language: 'hinglish', session: code })).status).toBe(201);
    }
    expect(
      (await takeTest({ name: 'Meena Rao', email: 'meena@example.in', answers: answersFor(3), language: 'hinglish', session: code }))
        .status,
    ).toBe(201);
    session = await sessionOf(code);
    expect([session.joined, session.finished]).toEqual([3, 2]);
  });

  it("erases a student's joins with the rest of their data when they ask (and a guardian's address from a child's)", async () => {
    const { code } = await create();
    const { app: appWithTasks, tasks } = testApp(database);
    const email = 'erase.me@example.in';
    expect((await join({ session: code, name: 'Erase Me', email, phone: '9876500999' })).status).toBe(201);
    const child = { version: 'v', at: new Date().toISOString(), marketing: false, age: 'guardian', guardianEmail: email };
    expect((await join({ session: code, name: 'Child Student', rollNumber: '7B-12', consent: child })).status).toBe(201);
    expect((await sessionOf(code)).joined).toBe(2);
    expect((await postJson(appWithTasks, '/api/v1/erasure-requests', { email })).status).toBe(201);
    await tasks.idle();
    const mail = await database.db.selectFrom('mail_queue').select('text_body').where('to_address', '=', email).executeTakeFirstOrThrow();
    const linkToken = /\/delete-my-data\?token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1];
    expect((await postJson(appWithTasks, '/api/v1/erasure-requests/confirm', { token: linkToken })).status).toBe(200);
    const left = await database.db
      .selectFrom('session_participants')
      .select(['name', 'email', 'consent'])
      .where('session_code', '=', code)
      .execute();
    expect(left).toEqual([
      { name: 'Child Student', email: null, consent: { version: 'v', at: child.at, marketing: false, age: 'guardian' } },
    ]);
    expect((await sessionOf(code)).joined).toBe(1);
  });

  it('refuses a join without a session or without an email or roll number, storing nothing', async () => {
    const before = await database.db
      .selectFrom('session_participants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const noSession = await join({ name: 'Asha Patil', email: 'asha@example.in' });
    expect(noSession.status).toBe(400);
    expect((await noSession.json()).errors.session).toBe(SESSION_MESSAGES.notFound);
    const nobody = await join({ session: 'ACDEFG', name: 'Asha Patil' });
    expect(nobody.status).toBe(400);
    expect((await nobody.json()).errors.email).toBe(SESSION_MESSAGES.emailOrRoll);
    const after = await database.db
      .selectFrom('session_participants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('takes a test with a roll number instead of an email: stored, no mail, the certificate names the organisation', async () => {
    const { code } = await create();
    const mailCount = async () =>
      (
        await database.db
          .selectFrom('mail_queue')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const mailsBefore = await mailCount();
    const res = await takeTest({
      name: 'Ravi Kumar',
      rollNumber: 'CS-21-044',
      answers: answersFor(5),
      language: 'hinglish',
      session: code,
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ emailed: false, message: QUIZ_MESSAGES.successNoEmail });
    expect(await mailCount()).toBe(mailsBefore);
    const certificate = await (await get(`/api/v1/certificates/${body.certificateId}`)).json();
    expect(certificate).toMatchObject({ name: 'Ravi Kumar', organisation: newSession.organisation });
    const row = await database.db
      .selectFrom('quiz_submissions')
      .select(['email', 'roll_number', 'session_code', 'participant'])
      .where('certificate_id', '=', body.certificateId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: null, roll_number: 'CS-21-044', session_code: code, participant: 'r:cs-21-044' });
    // Outside a session nothing changes: the email is still required.
    const noEmail = await takeTest({ name: 'Ravi Kumar', answers: answersFor(5), language: 'english' });
    expect(noEmail.status).toBe(400);
  });
});

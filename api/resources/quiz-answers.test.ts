// POST /api/v1/quiz/submit-answers: the answer shape, every rejection with its
// message and nothing stored, exactly-once (single POST and the batch endpoint), the
// certificate email delivered to a real SMTP peer (smtp-server) with a 1600×1131 PNG and
// a link that opens the verification page, and the admin list's test columns. Runs on
// PGlite and, when TEST_DATABASE_URL is set, on real Postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_PATHS } from '../../contract/admin.ts';
import { REPLAYED_HEADER, SYNC_PATH } from '../../contract/api.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { API_MESSAGES } from '../../contract/messages.ts';
import { QUIZ_MESSAGES } from '../../contract/quiz/answers.ts';
import { QUIZ_ANSWERS_PATH } from '../../contract/quiz/api.ts';
import { QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import type { QuizAnswers, QuizOptionIndex } from '../../contract/quiz/options.ts';
import { scoreAnswers } from '../../contract/quiz/scoring.ts';
import { CERTIFICATE_ATTACHMENT, CERTIFICATE_SUBJECT } from '../certificate/email.ts';
import { CertificateImages, certificateAttachmentSource } from '../certificate/store.ts';
import { createMailTransport } from '../mail/transport.ts';
import { startMailWorker } from '../mail/worker.ts';
import { adminToken } from '../testing/admin.ts';
import { postJson, testApp, testConfig } from '../testing/app.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { eventually } from '../testing/eventually.ts';
import { mimeLeaves, pngSize, startSmtpPeer, type SmtpPeer } from '../testing/smtp.ts';

const HEX32 = /^[0-9a-f]{32}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function answersFor(seed: number): QuizAnswers {
  return Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, ((i * 7 + seed) % 4) as QuizOptionIndex]));
}

const answers = answersFor(3);
const valid = { name: 'Priya Sharma', email: 'priya@example.in', answers, language: 'english' };

describe.each(testBackends())('quiz answers on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  let wakes = 0;
  let peer: SmtpPeer;

  beforeAll(async () => {
    [database, peer] = await Promise.all([backend.create(), startSmtpPeer()]);
    app = testApp(database, {}, { wakeMail: () => wakes++ }).app;
  });
  afterAll(async () => {
    await peer?.close();
    await database?.dispose();
  });

  const post = (body: unknown, headers?: Record<string, string>) => postJson(app, QUIZ_ANSWERS_PATH, body, headers);
  const count = async (table: 'quiz_submissions' | 'mail_queue') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores the answers, the scores and a certificate, queues the email and answers 201', async () => {
    const before = wakes;
    const res = await post(valid);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['certificateId', 'certificateUrl', 'emailed', 'message', 'result']);
    expect(body.message).toBe('Test submitted! Certificate sent to your email.');
    expect(body.emailed).toBe(true);
    expect(body.certificateId).toMatch(HEX32);
    expect(body.certificateUrl).toBe(`http://test.local/certificate/${body.certificateId}`);
    expect(body.result).toEqual(scoreAnswers(answers));
    expect(wakes).toBe(before + 1);

    const row = await database.db
      .selectFrom('quiz_submissions')
      .selectAll()
      .where('certificate_id', '=', body.certificateId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Priya Sharma',
      email: 'priya@example.in',
      language: 'english',
      answers,
      result: scoreAnswers(answers),
    });
    const mail = await database.db
      .selectFrom('mail_queue')
      .selectAll()
      .where('to_address', '=', 'priya@example.in')
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: 'certificate', subject: CERTIFICATE_SUBJECT, status: 'pending' });
    expect(mail.text_body).toContain(body.certificateUrl);
    expect(mail.html_body).toContain(`href="${body.certificateUrl}"`);
    // The PNG is not drawn while the submission waits: the mail worker draws it when it sends.
    expect(mail.attachments).toEqual([
      {
        filename: `skillup-personality-certificate-${body.certificateId.slice(0, 8)}.png`,
        contentType: 'image/png',
        generated: { kind: 'certificate', id: body.certificateId },
      },
    ]);
  });

  it('emails one address at most 3 certificates a day: further tests are stored and answered, without mail', async () => {
    const capped = app;
    const to = 'many-tests@example.in';
    const mails = async () => (await database.db.selectFrom('mail_queue').select('id').where('to_address', '=', to).execute()).length;
    const answersOf: Array<{ emailed: boolean; message: string }> = [];
    for (let i = 0; i < 5; i++) {
      const res = await postJson(capped, QUIZ_ANSWERS_PATH, { ...valid, email: to }, { 'Idempotency-Key': `cap-${i}-0000` });
      expect(res.status).toBe(201);
      answersOf.push(await res.json());
    }
    expect(answersOf.map((a) => a.emailed)).toEqual([true, true, true, false, false]);
    expect(answersOf[3]!.message).toBe(QUIZ_MESSAGES.successNotEmailed);
    expect(await mails()).toBe(3);
    const rows = await database.db
      .selectFrom('quiz_submissions')
      .select('certificate_emailed')
      .where('email', '=', to)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => r.certificate_emailed)).toEqual([true, true, true, false, false]);
    // A replay says what the first answer said.
    const replay = await postJson(capped, QUIZ_ANSWERS_PATH, { ...valid, email: to }, { 'Idempotency-Key': 'cap-3-0000' });
    expect((await replay.json()).emailed).toBe(false);
    // Another address is not affected.
    expect((await (await postJson(capped, QUIZ_ANSWERS_PATH, { ...valid, email: 'someone-else@example.in' })).json()).emailed).toBe(true);
  });

  it('counts the cap per mailbox: +tags, case and Gmail dots share one allowance', async () => {
    const spellings = [
      's+1@example.in',
      'S+2@Example.in',
      's+3@example.in',
      's@example.in',
      'a.b+x@gmail.com',
      'AB@googlemail.com',
      'a.b@gmail.com',
      'ab+y@gmail.com',
    ];
    const emailed: boolean[] = [];
    for (const email of spellings) emailed.push((await (await post({ ...valid, email })).json()).emailed);
    expect(emailed).toEqual([true, true, true, false, true, true, true, false]);
  });

  it('holds the cap when many tests for one address arrive at once, singly and in batches', async () => {
    const to = 'burst@example.in';
    const singles = Array.from({ length: 8 }, () => post({ ...valid, email: to }));
    const batch = postJson(
      app,
      SYNC_PATH,
      Array.from({ length: 5 }, (_, i) => ({ key: `cap-burst-${i}-0000`, path: QUIZ_ANSWERS_PATH, body: { ...valid, email: to } })),
    );
    const answered = await Promise.all([...singles, batch]);
    expect(answered.map((r) => r.status)).toEqual([...singles.map(() => 201), 200]);
    const rows = await database.db.selectFrom('quiz_submissions').select('certificate_emailed').where('email', '=', to).execute();
    expect(rows).toHaveLength(13);
    expect(rows.filter((r) => r.certificate_emailed)).toHaveLength(3);
    expect(await database.db.selectFrom('mail_queue').select('id').where('to_address', '=', to).execute()).toHaveLength(3);
  });

  it('gives every certificate a different 128-bit id', async () => {
    const a = await (await post({ ...valid, email: 'a@example.in' })).json();
    const b = await (await post({ ...valid, email: 'a@example.in' })).json();
    expect(a.certificateId).toMatch(HEX32);
    expect(b.certificateId).toMatch(HEX32);
    expect(a.certificateId).not.toBe(b.certificateId);
  });

  it('takes the spec client’s body without a language as the English test, and keeps Hinglish', async () => {
    const { language: _omitted, ...specBody } = valid;
    const english = await (await post({ ...specBody, email: 'spec@example.in' })).json();
    const hinglish = await (await post({ ...valid, email: 'hinglish@example.in', language: 'hinglish' })).json();
    const langOf = async (id: string) =>
      (await database.db.selectFrom('quiz_submissions').select('language').where('certificate_id', '=', id).executeTakeFirstOrThrow())
        .language;
    expect(await langOf(english.certificateId)).toBe('english');
    expect(await langOf(hinglish.certificateId)).toBe('hinglish');
    const mail = await database.db
      .selectFrom('mail_queue')
      .select('text_body')
      .where('to_address', '=', 'hinglish@example.in')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toMatch(/^Namaste Priya Sharma,/);
  });

  it('takes the Hindi test: stored as hindi, emailed in Hindi, and its page names the version', async () => {
    const res = await post({ ...valid, name: 'अनन्या वर्मा', email: 'hindi@example.in', language: 'hindi' });
    expect(res.status).toBe(201);
    const { certificateId } = await res.json();
    const row = await database.db
      .selectFrom('quiz_submissions')
      .select('language')
      .where('certificate_id', '=', certificateId)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('hindi');
    const mail = await database.db
      .selectFrom('mail_queue')
      .select(['subject', 'text_body'])
      .where('to_address', '=', 'hindi@example.in')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('आपका SkillUp पर्सनैलिटी प्रोफ़ाइल प्रमाणपत्र');
    expect(mail.text_body).toMatch(/^नमस्ते अनन्या वर्मा,/);
    const page = await (await app.request(`/certificate/${certificateId}`)).text();
    expect(page).toContain('taken in Hindi');
    expect((await (await app.request(`/api/v1/certificates/${certificateId}`)).json()).language).toBe('hindi');
  });

  describe('rejects with 400, a clear message and nothing stored', () => {
    const { q17: _dropped, ...twentyNine } = answers;
    const { email: _noEmail, ...withoutEmail } = valid;
    const cases: Array<[string, unknown, string, string]> = [
      ['29 answers', { ...valid, answers: twentyNine }, 'answers', QUIZ_MESSAGES.incomplete],
      ['an option index of 4', { ...valid, answers: { ...answers, q05: 4 } }, 'answers', QUIZ_MESSAGES.notAnOption],
      ['an unknown question id', { ...valid, answers: { ...twentyNine, q31: 1 } }, 'answers', 'Unknown question id: q31'],
      ['a 31st answer with an unknown id', { ...valid, answers: { ...answers, extra: 0 } }, 'answers', 'Unknown question id: extra'],
      ['a missing email', withoutEmail, 'email', 'Email is required'],
      ['an invalid email', { ...valid, email: 'priya-at-example' }, 'email', 'Invalid email address'],
      ['a missing name', { ...valid, name: '  ' }, 'name', 'Name is required'],
      ['an unknown language', { ...valid, language: 'klingon' }, 'language', QUIZ_MESSAGES.badLanguage],
      ['no answers at all', { name: 'A', email: 'a@b.in' }, 'answers', QUIZ_MESSAGES.incomplete],
    ];
    it.each(cases)('%s', async (_label, body, field, message) => {
      const [rows, mails] = [await count('quiz_submissions'), await count('mail_queue')];
      const res = await post(body);
      expect(res.status).toBe(400);
      const answer = await res.json();
      expect(answer.message).toBe(message);
      expect(answer.errors[field]).toBe(message);
      expect([await count('quiz_submissions'), await count('mail_queue')]).toEqual([rows, mails]);
    });

    it('a body that is not JSON, or not an object', async () => {
      expect((await post('not json')).status).toBe(400);
      const res = await post([valid]);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: API_MESSAGES.notObject });
    });
  });

  it('never answers a hostile body with a server error, and stores nothing for it', async () => {
    const rows = await count('quiz_submissions');
    const hostile: unknown[] = [
      JSON.parse(`{"name":"A","email":"a@b.in","answers":{"__proto__":{"q01":1}}}`),
      { ...valid, answers: JSON.parse(`{${QUIZ_ITEM_IDS.map((id) => `"${id}":1`).join(',')},"__proto__":2}`) },
      { ...valid, answers: 'q01=1' },
      { ...valid, answers: { ...answers, q02: '1' } },
      { ...valid, answers: { ...answers, q02: [1] } },
      { ...valid, answers: { ...answers, q02: { valueOf: 1 } } },
      { ...valid, answers: { ...answers, q02: 1e308 } },
      { ...valid, answers: { ...answers, ['x'.repeat(5000)]: 1 } },
      { ...valid, name: 'x'.repeat(60_000) },
      { ...valid, name: { toString: 1 }, email: ['a@b.in'], language: 7 },
    ];
    for (const body of hostile) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
      const answer = await res.json();
      expect(answer.message.length).toBeLessThan(200);
    }
    expect(await count('quiz_submissions')).toBe(rows);
    expect(({} as Record<string, unknown>).q01).toBeUndefined();
  });

  it('is idempotent: a replay answers the same certificate, stores one row and queues one email', async () => {
    const key = 'quiz-replay-0001';
    const body = { ...valid, email: 'replay@example.in' };
    const first = await post(body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const wakesAfterFirst = wakes;

    // Property order and email case do not matter: the normalised body is what is compared.
    const again = await post(
      { language: 'english', answers, email: 'REPLAY@example.in', name: 'Priya Sharma' },
      { 'Idempotency-Key': key },
    );
    expect(again.status).toBe(201);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    expect(wakes).toBe(wakesAfterFirst);

    const changed = await post({ ...body, answers: answersFor(0) }, { 'Idempotency-Key': key });
    expect(changed.status).toBe(422);
    expect(await changed.json()).toEqual({ message: API_MESSAGES.idempotencyConflict });

    // The outbox's batch endpoint replays the same answer for the same key.
    const synced = await postJson(app, SYNC_PATH, [{ key, path: QUIZ_ANSWERS_PATH, body }]);
    expect((await synced.json()).results).toEqual([{ key, status: 201, body: firstBody }]);

    const rows = await database.db.selectFrom('quiz_submissions').select('id').where('email', '=', 'replay@example.in').execute();
    const mails = await database.db.selectFrom('mail_queue').select('id').where('to_address', '=', 'replay@example.in').execute();
    expect([rows.length, mails.length]).toEqual([1, 1]);
  });

  it('is delivered by the batch endpoint like a single POST, with the sign-up before it', async () => {
    const before = wakes;
    const res = await postJson(app, SYNC_PATH, [
      {
        key: 'batch-signup-0001',
        path: LEAD_PATHS.personalitySignup,
        body: { name: 'Batch Student', phone: '9000000011', email: 'batch@example.in', password: 'secret12' },
      },
      { key: 'batch-answers-0001', path: QUIZ_ANSWERS_PATH, body: { ...valid, name: 'Batch Student', email: 'batch@example.in' } },
      { key: 'batch-answers-0002', path: QUIZ_ANSWERS_PATH, body: { ...valid, answers: { ...answers, q01: 9 } } },
    ]);
    const { results } = await res.json();
    expect(results.map((r: { status: number }) => r.status)).toEqual([201, 201, 400]);
    expect(results[1].body.certificateId).toMatch(HEX32);
    expect(results[2].body.message).toBe(QUIZ_MESSAGES.notAnOption);
    expect(wakes).toBe(before + 1);
    expect(await database.db.selectFrom('mail_queue').select('id').where('to_address', '=', 'batch@example.in').execute()).toHaveLength(1);
  });

  it('emails the certificate over SMTP: a 1600×1131 PNG attached, the link in both parts opens the verification page', async () => {
    const to = 'smtp-student@example.in';
    const res = await post({ ...valid, name: 'Ananya Iyer', email: to, language: 'hinglish' });
    const { certificateId, certificateUrl } = await res.json();
    const worker = startMailWorker({
      db: database.db,
      transport: createMailTransport({ ...testConfig(), smtpUrl: peer.url }, () => {}),
      log: () => {},
      pollMs: 0,
      attachmentSources: { [CERTIFICATE_ATTACHMENT]: certificateAttachmentSource(database.db, new CertificateImages('http://test.local')) },
    });
    try {
      // Everything queued so far goes out in this round or the next few.
      for (let round = 0; round < 10 && (await worker.drainOnce()).claimed > 0; round++);
    } finally {
      await worker.stop();
    }
    await eventually(() => expect(peer.received.filter((m) => m.to.includes(to))).toHaveLength(1));
    const mail = peer.received.find((m) => m.to.includes(to))!;
    expect(mail.raw).toMatch(new RegExp(`^Subject: ${CERTIFICATE_SUBJECT}`, 'm'));

    const leaves = mimeLeaves(mail.raw);
    const text = leaves.find((l) => l.contentType === 'text/plain' && !l.filename);
    const html = leaves.find((l) => l.contentType === 'text/html');
    const image = leaves.find((l) => l.contentType === 'image/png');
    expect(text?.text()).toContain(certificateUrl);
    expect(html?.text()).toContain(`href="${certificateUrl}"`);
    expect(image?.filename).toMatch(/^skillup-personality-certificate-[0-9a-f]{8}\.png$/);
    expect(pngSize(image!.content)).toEqual({ width: 1600, height: 1131 });

    // The link in the email body is the verification page.
    const link = /http:\/\/test\.local(\/certificate\/[0-9a-f]{32})/.exec(text!.text());
    expect(link?.[1]).toBe(`/certificate/${certificateId}`);
    const page = await app.request(link![1]!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const pageHtml = await page.text();
    expect(pageHtml).toContain('Ananya Iyer');
    expect(pageHtml).toContain('This certificate is valid.');
    // The attached image is the one the page serves.
    const served = await app.request(`/api/v1/certificates/${certificateId}.png`);
    expect(Buffer.from(await served.arrayBuffer()).equals(image!.content)).toBe(true);

    const sent = await database.db.selectFrom('mail_queue').select(['status']).where('to_address', '=', to).executeTakeFirstOrThrow();
    expect(sent.status).toBe('sent');
  });

  it('shows each sign-up’s latest test in the admin list: language, date, the five scores, the certificate id', async () => {
    const token = await adminToken(database.db, 'quiz-admin@example.in');
    const signup = (email: string, phone: string) =>
      postJson(app, LEAD_PATHS.personalitySignup, { name: 'Listed', phone, email, password: 'secret12' });
    expect((await signup('listed@example.in', '9000000021')).status).toBe(201);
    expect((await signup('untested@example.in', '9000000022')).status).toBe(201);
    await post({ ...valid, email: 'listed@example.in', answers: answersFor(0) });
    const latest = await (await post({ ...valid, email: 'listed@example.in', answers: answersFor(1), language: 'hinglish' })).json();

    const res = await app.request(`${ADMIN_LIST_PATHS.quizUsers}?q=example.in`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    const listed = data.find((u: { email: string }) => u.email === 'listed@example.in');
    const expected = Object.fromEntries(scoreAnswers(answersFor(1)).domains.map((d) => [d.domain, d.percent]));
    expect(listed).toMatchObject({ language: 'hinglish', certificateId: latest.certificateId, scores: expected });
    expect(listed.submittedAt).toMatch(ISO);
    expect(Object.keys(listed.scores).sort()).toEqual([
      'agreeableness',
      'conscientiousness',
      'emotionalStability',
      'extraversion',
      'openness',
    ]);
    expect(data.find((u: { email: string }) => u.email === 'untested@example.in')).toMatchObject({
      language: null,
      submittedAt: null,
      scores: null,
      certificateId: null,
    });
  });
});

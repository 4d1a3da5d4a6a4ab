// Input Postgres cannot store (NUL, unpaired surrogates) and other hostile strings, in
// every field of every public POST: refused with 400 and a message before any SQL, never
// a 500, and never at the cost of someone else's submission. Below validation, a row the
// database refuses fails alone: the grouped statement it shared is retried row by row.
// Runs on PGlite and, when TEST_DATABASE_URL is set, on real Postgres.
import { TEXT_MESSAGES } from '../../contract/text-rules.ts';
import { object, string } from 'yup';
import { describe, expect, it } from 'vitest';
import { ADMIN_LIST_PATHS, ADMIN_PATHS } from '../../contract/admin.ts';
import { SYNC_PATH } from '../../contract/api.ts';
import { CONSOLE_PATHS } from '../../contract/console.ts';
import { ERASURE_PATHS } from '../../contract/erasure.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { API_MESSAGES } from '../../contract/messages.ts';
import { QUIZ_ANSWERS_PATH } from '../../contract/quiz/api.ts';
import { QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import { adminToken } from '../testing/admin.ts';
import { postJson, useTestApp } from '../testing/app.ts';
import { testBackends } from '../testing/databases.ts';
import { createIngest, type LeadResource } from '../ingest/ingest.ts';

const answers = Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, i % 4]));

/** A valid body for each public POST; each string field is poisoned in turn below. */
export const VALID_BODIES: Record<string, Record<string, unknown>> = {
  [LEAD_PATHS.contact]: {
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@example.in',
    phone: '9876543210',
    message: 'Do you run weekend batches?',
  },
  [LEAD_PATHS.freeJoin]: { name: 'Rohan Das', phone: '9123456780', email: 'rohan@example.in' },
  [LEAD_PATHS.enquiry]: {
    background: 'College Student',
    course: 'Soft Skills',
    name: 'Meera',
    email: 'meera@example.in',
    phone: '9988776655',
  },
  [LEAD_PATHS.joinNow]: { name: 'Kabir', phone: '9000000001', email: 'kabir@example.in', password: 'secret12' },
  [LEAD_PATHS.personalitySignup]: { name: 'Isha', phone: '9000000002', email: 'isha@example.in', password: 'secret34' },
  [QUIZ_ANSWERS_PATH]: { name: 'Priya Sharma', email: 'priya@example.in', answers, language: 'english' },
};

/** Strings that reached SQL (or JSON) and failed there before validation refused them. */
const POISON = [
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udc00y',
  'a\udc00\ud800b',
  'tab\u0008',
  'bell\u0007',
  'del\u007f',
  'rtl\u202eevil',
  'c1\u0085',
];

describe.each(testBackends())('hostile input on $name', (backend) => {
  const t = useTestApp(backend);
  const post = (path: string, body: unknown, headers?: Record<string, string>) => postJson(t.app, path, body, headers);
  const count = async (
    table: 'contact_messages' | 'free_join_users' | 'enquiries' | 'join_now_users' | 'personality_users' | 'quiz_submissions',
  ) =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses NUL, unpaired surrogates and control characters in every string field of every POST with a 400 and a message', async () => {
    const before = await count('contact_messages');
    for (const [path, body] of Object.entries(VALID_BODIES)) {
      const fields = Object.keys(body).filter(
        (f) => typeof body[f] === 'string' && f !== 'background' && f !== 'course' && f !== 'language',
      );
      for (const field of fields) {
        for (const poison of POISON) {
          const res = await post(path, { ...body, [field]: `${body[field] as string}${poison}` });
          const answer = await res.json();
          expect(res.status, `${path} ${field} ${JSON.stringify(poison)}`).toBe(400);
          expect(typeof answer.message, `${path} ${field}`).toBe('string');
          expect(answer.errors?.[field], `${path} ${field} ${JSON.stringify(poison)}`).toBeTypeOf('string');
        }
      }
      // Poison in the option fields and the answers map, too.
      for (const field of ['background', 'course', 'language']) {
        if (!(field in body)) continue;
        expect((await post(path, { ...body, [field]: 'x\u0000' })).status, `${path} ${field}`).toBe(400);
      }
    }
    expect((await post(QUIZ_ANSWERS_PATH, { ...VALID_BODIES[QUIZ_ANSWERS_PATH], answers: { ...answers, 'q\u0000': 1 } })).status).toBe(400);
    expect((await post(QUIZ_ANSWERS_PATH, { ...VALID_BODIES[QUIZ_ANSWERS_PATH], answers: { ...answers, '\ud800': 1 } })).status).toBe(400);
    expect(await count('contact_messages')).toBe(before);
  });

  it("says which character problem it found, in the contract's words", async () => {
    const res = await post(LEAD_PATHS.contact, { ...VALID_BODIES[LEAD_PATHS.contact], firstName: 'As\u0000ha' });
    expect(await res.json()).toEqual({
      message: TEXT_MESSAGES.notAllowedCharacters('First name'),
      errors: { firstName: TEXT_MESSAGES.notAllowedCharacters('First name') },
    });
    // A message may hold line breaks and tabs; a name may not.
    const multiLine = await post(LEAD_PATHS.contact, { ...VALID_BODIES[LEAD_PATHS.contact], message: 'Line one\r\nLine two\tand a tab' });
    expect(multiLine.status).toBe(201);
    const nameBreak = await post(LEAD_PATHS.freeJoin, { ...VALID_BODIES[LEAD_PATHS.freeJoin], name: 'Rohan\nDas' });
    expect(nameBreak.status).toBe(400);
    // Indian scripts need the zero-width joiners; emoji are surrogate pairs, not lone ones.
    const hindi = await post(LEAD_PATHS.freeJoin, { ...VALID_BODIES[LEAD_PATHS.freeJoin], name: 'क्‍ष रोहन' });
    expect(hindi.status).toBe(201);
    const emoji = await post(LEAD_PATHS.contact, { ...VALID_BODIES[LEAD_PATHS.contact], message: 'Thanks 🙏🏽' });
    expect(emoji.status).toBe(201);
  });

  it('keeps web addresses out of names, which go on certificates and into emails', async () => {
    for (const name of ['Hello You won! Claim at https://win.example', 'www.prize.example', 'Claim prize.com now', 'hxxp://x']) {
      const res = await post(QUIZ_ANSWERS_PATH, { ...VALID_BODIES[QUIZ_ANSWERS_PATH], name });
      expect(res.status, name).toBe(400);
      expect((await res.json()).errors.name).toBe(TEXT_MESSAGES.nameWithWebAddress('Name'));
    }
    for (const name of ['A.K. Sharma', 'Dr. R.S. Iyer', "Mary-Jane O'Neil"]) {
      expect((await post(LEAD_PATHS.freeJoin, { ...VALID_BODIES[LEAD_PATHS.freeJoin], name })).status, name).toBe(201);
    }
    const long = await post(LEAD_PATHS.freeJoin, { ...VALID_BODIES[LEAD_PATHS.freeJoin], name: 'x'.repeat(81) });
    expect(long.status).toBe(400);
  });

  it('stores every valid submission sent alongside poisoned ones at the same moment', async () => {
    const before = await count('contact_messages');
    const good = Array.from({ length: 60 }, (_, i) => ({ ...VALID_BODIES[LEAD_PATHS.contact], firstName: `Good${i}` }));
    const bad = POISON.slice(0, 6).map((p) => ({ ...VALID_BODIES[LEAD_PATHS.contact], message: `Bad ${p}` }));
    const goodOnes = new Set<unknown>(good);
    const mixed: unknown[] = [...good, ...bad].sort(() => Math.random() - 0.5);
    const statuses = await Promise.all(mixed.map(async (body) => ({ body, status: (await post(LEAD_PATHS.contact, body)).status })));
    for (const { body, status } of statuses) expect(status, JSON.stringify(body)).toBe(goodOnes.has(body) ? 201 : 400);
    expect(await count('contact_messages')).toBe(before + 60);
  });

  it('answers a poisoned sync item on its own and stores the rest of the batch', async () => {
    const before = await count('contact_messages');
    const items: Array<{ key: string; path: unknown; body: unknown }> = Array.from({ length: 10 }, (_, i) => ({
      key: `hostile-sync-${Date.now()}-${i}`,
      path: LEAD_PATHS.contact,
      body: { ...VALID_BODIES[LEAD_PATHS.contact], firstName: i === 4 ? 'Nul\u0000' : `Item${i}` },
    }));
    items.push({ key: `hostile-sync-${Date.now()}-obj`, path: { toString: 1 }, body: VALID_BODIES[LEAD_PATHS.contact] });
    const res = await post(SYNC_PATH, items);
    expect(res.status).toBe(200);
    const { results } = await res.json();
    expect(results.map((r: { status: number }) => r.status)).toEqual([201, 201, 201, 201, 400, 201, 201, 201, 201, 201, 404]);
    expect(results[4].body.errors.firstName).toBe(TEXT_MESSAGES.notAllowedCharacters('First name'));
    expect(await count('contact_messages')).toBe(before + 9);
  });

  it('refuses NUL in admin list searches and in the login email with a 400, not a 500', async () => {
    const token = await adminToken(t.database.db, 'hostile-admin@example.in');
    for (const path of Object.values(ADMIN_LIST_PATHS)) {
      for (const q of ['%00', 'a%00b', '%01', 'x%E2%80%AE']) {
        const res = await t.app.request(`${path}?q=${q}`, { headers: { Authorization: `Bearer ${token}` } });
        expect(res.status, `${path}?q=${q}`).toBe(400);
      }
    }
    const login = await post(ADMIN_PATHS.login, { email: 'admin\u0000@example.in', password: 'whatever1' });
    expect(login.status).toBe(400);
    const forgot = await post(ADMIN_PATHS.forgotPassword, { email: 'admin\u0000@example.in' });
    expect(forgot.status).toBe(400);
  });

  it('answers 400, not 500, to 3,000 levels of nesting, and never repeats a value back', async () => {
    const token = await adminToken(t.database.db, 'nesting-admin@example.in');
    const auth = { Authorization: `Bearer ${token}` };
    const deep = '['.repeat(3000) + ']'.repeat(3000);
    const bodies: Array<[string, string, Record<string, string>]> = [
      [ERASURE_PATHS.confirm, `{"token":${deep}}`, {}],
      [`${CONSOLE_PATHS.leads}/contact/erase`, `{"ids":${deep}}`, auth],
      [`${CONSOLE_PATHS.leads}/contact/bulk`, `{"ids":${deep},"action":{"type":"status","status":"contacted"}}`, auth],
      [`${CONSOLE_PATHS.leads}/contact/bulk`, `{"ids":[],"action":${deep}}`, auth],
      [LEAD_PATHS.contact, `{"message":${deep}}`, {}],
      [SYNC_PATH, `{"items":${deep}}`, {}],
    ];
    for (const [path, body, headers] of bodies) {
      const res = await post(path, body, headers);
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual({ message: API_MESSAGES.tooDeep });
    }
    // 32 levels are still read (and refused for their shape, not their depth).
    const shallow = await post(ERASURE_PATHS.confirm, `{"token":${'['.repeat(31)}${']'.repeat(31)}}`);
    expect(shallow.status).toBe(400);
    expect((await shallow.json()).message).not.toBe(API_MESSAGES.tooDeep);

    // A 60 KB value of the wrong type: a short answer that does not quote it.
    const big = { nested: 'x'.repeat(60_000) };
    for (const [path, body, headers] of [
      [ERASURE_PATHS.confirm, { token: big }, {}],
      [`${CONSOLE_PATHS.leads}/contact/erase`, { ids: big }, auth],
      [LEAD_PATHS.contact, { ...VALID_BODIES[LEAD_PATHS.contact], message: big }, {}],
    ] as const) {
      const res = await post(path, body, headers);
      expect(res.status, path).toBe(400);
      const text = await res.text();
      expect(text.length, path).toBeLessThan(1000);
      expect(text, path).not.toContain('xxxxxxxxxx');
    }
  });
});

describe.each(testBackends())('a row the database refuses, below validation, on $name', (backend) => {
  const t = useTestApp(backend);
  // No text rules at all: what reaches SQL is what the client sent.
  const lax = object({ message: string().required() });
  const unguarded: LeadResource = {
    path: '/test/unguarded',
    table: 'contact_messages',
    schema: lax,
    toColumns: (input) => ({ first_name: 'T', last_name: 'T', email: 't@example.in', phone: '9876543210', message: input.message }),
    respond: (row) => ({ status: 201, body: { id: row.id } }),
  };

  it('fails alone when its grouped statement fails: the others in the group are stored', async () => {
    const lines: string[] = [];
    const log = (l: string) => lines.push(l);
    // Concurrent single submissions share statements (group commit), as under load.
    const bodies = Array.from({ length: 30 }, (_, i) => ({ message: i % 10 === 3 ? `bad\u0000${i}` : `ok ${i}` }));
    const ingest = createIngest({ db: t.database.db, log });
    const answers = await Promise.all(bodies.map((body, i) => ingest(unguarded, [{ key: `unguarded-${Date.now()}-${i}`, body }])));
    const statuses = answers.map(([a]) => a!.status);
    expect(statuses).toEqual(bodies.map((b) => (b.message.startsWith('bad') ? 400 : 201)));
    expect(answers[3]![0]!.body).toEqual({ message: API_MESSAGES.unstorable });
    expect(lines.some((l) => l.includes('refused one row'))).toBe(true);
    const stored = await t.database.db.selectFrom('contact_messages').select('message').where('message', 'like', 'ok %').execute();
    expect(stored).toHaveLength(27);
  });

  it('fails alone inside one batch, also for a kind whose insert runs in a transaction with follow-up work', async () => {
    let followUps = 0;
    const transactional: LeadResource = {
      ...unguarded,
      path: '/test/transactional',
      afterInsert: async (_trx, rows) => void (followUps += rows.length),
    };
    for (const resource of [unguarded, transactional]) {
      const batch = Array.from({ length: 5 }, (_, i) => ({
        key: `batch-${resource.path.length}-${Date.now()}-${i}`,
        body: { message: i === 2 ? 'x\ud800' : `batch ok ${i}` },
      }));
      const answers = await createIngest({ db: t.database.db })(resource, batch);
      expect(
        answers.map((a) => a.status),
        resource.path,
      ).toEqual([201, 201, 400, 201, 201]);
    }
    expect(followUps).toBe(4);
  });
});

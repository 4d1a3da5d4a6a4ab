// Exactly-once: replays, changed bodies, in-flight repeats and racing duplicates, on
// PGlite and (with TEST_DATABASE_URL) on Postgres with two independent API instances.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { REPLAYED_HEADER } from '../../contract/api.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { API_MESSAGES } from '../../contract/messages.ts';
import { QUIZ_ANSWERS_PATH } from '../../contract/quiz/api.ts';
import { QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import { openDatabase } from '../db/database.ts';
import { postJson, testApp, useTestApp } from '../testing/app.ts';
import { postgresBackend, testBackends, type TestDatabase } from '../testing/databases.ts';

const quizAnswers = Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, (i * 7 + 3) % 4]));

/** Waits until at least `n` sessions of the database wait for a lock (polled, 10 ms apart). */
async function waitForLockWaits(client: pg.Client, n: number): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()`,
    );
    if (Number(rows[0]!.n) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const contact = { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in', phone: '9876543210', message: 'Hello' };
const joinNow = { name: 'Kabir', phone: '9000000001', email: 'kabir@example.in', password: 'secret12' };
let counter = 0;
const newKey = () => `test-key-${Date.now()}-${++counter}`;

type KeyedTable = 'contact_messages' | 'join_now_users';
async function rowsWithKey(database: TestDatabase, table: KeyedTable, key: string): Promise<number> {
  const row = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(testBackends())('idempotency on $name', (backend) => {
  const t = useTestApp(backend);

  const countKey = (table: KeyedTable, key: string) => rowsWithKey(t.database, table, key);

  it('replays the original answer for the same key and body and stores nothing new', async () => {
    const key = newKey();
    const first = await postJson(t.app, LEAD_PATHS.contact, contact, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();
    const firstBody = await first.json();
    // Same normalised content, different spelling: still the same submission.
    const again = await postJson(
      t.app,
      LEAD_PATHS.contact,
      { ...contact, email: ' ASHA@example.in ', ignored: 1 },
      { 'Idempotency-Key': key },
    );
    expect(again.status).toBe(201);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    expect(await countKey('contact_messages', key)).toBe(1);
  });

  it('answers 422 when the key is reused with a different body, and stores nothing', async () => {
    const key = newKey();
    expect((await postJson(t.app, LEAD_PATHS.contact, contact, { 'Idempotency-Key': key })).status).toBe(201);
    const changed = await postJson(t.app, LEAD_PATHS.contact, { ...contact, message: 'Changed' }, { 'Idempotency-Key': key });
    expect(changed.status).toBe(422);
    expect(await changed.json()).toEqual({ message: API_MESSAGES.idempotencyConflict });
    const rows = await t.database.db.selectFrom('contact_messages').select('message').where('idempotency_key', '=', key).execute();
    expect(rows).toEqual([{ message: 'Hello' }]);
  });

  it('compares passwords against the stored hash, not a fast hash of them', async () => {
    const key = newKey();
    expect((await postJson(t.app, LEAD_PATHS.joinNow, joinNow, { 'Idempotency-Key': key })).status).toBe(201);
    const same = await postJson(t.app, LEAD_PATHS.joinNow, joinNow, { 'Idempotency-Key': key });
    expect(same.status).toBe(201);
    expect(same.headers.get(REPLAYED_HEADER)).toBe('true');
    const other = await postJson(t.app, LEAD_PATHS.joinNow, { ...joinNow, password: 'different' }, { 'Idempotency-Key': key });
    expect(other.status).toBe(422);
    const row = await t.database.db.selectFrom('join_now_users').selectAll().where('idempotency_key', '=', key).executeTakeFirstOrThrow();
    expect(row.request_hash).not.toContain('secret12');
  });

  it('answers 409 to a repeat that arrives while the first is still being processed', async () => {
    const key = newKey();
    // A registration of its own (an email registers once).
    const registration = { ...joinNow, email: `kabir.${key}@example.in` };
    // The first request spends ~150 ms hashing the password; the rest arrive meanwhile.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postJson(t.app, LEAD_PATHS.joinNow, registration, { 'Idempotency-Key': key })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    expect(answers.find((r) => r.status === 409)!.headers.get('Retry-After')).toBe('1');
    expect(await countKey('join_now_users', key)).toBe(1);
  });

  it('stores one row for many parallel requests with one key', async () => {
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => postJson(t.app, LEAD_PATHS.contact, contact, { 'Idempotency-Key': key })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const created = answers.filter((r) => r.status === 201 && r.headers.get(REPLAYED_HEADER) === null);
    expect(created).toHaveLength(1);
    expect(await countKey('contact_messages', key)).toBe(1);
  });

  it('gives each of many concurrent submissions its own row and its own answer', async () => {
    const tag = newKey();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postJson(
          t.app,
          LEAD_PATHS.contact,
          { ...contact, firstName: `P${i}`, message: tag },
          i % 2 ? { 'Idempotency-Key': `${tag}-${i}` } : {},
        ),
      ),
    );
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.every((r) => r.status === 201)).toBe(true);
    expect(bodies.map((b) => b.data.firstName)).toEqual(Array.from({ length: 50 }, (_, i) => `P${i}`));
    expect(new Set(bodies.map((b) => b.data._id)).size).toBe(50);
    const stored = await t.database.db.selectFrom('contact_messages').select('first_name').where('message', '=', tag).execute();
    expect(stored).toHaveLength(50);
  });

  it('keeps requests without a key working (the spec client sends none)', async () => {
    const a = await postJson(t.app, LEAD_PATHS.contact, contact);
    const b = await postJson(t.app, LEAD_PATHS.contact, contact);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await a.json()).data._id).not.toBe((await b.json()).data._id);
  });

  it('rejects a malformed key', async () => {
    const res = await postJson(t.app, LEAD_PATHS.contact, contact, { 'Idempotency-Key': 'short' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(API_MESSAGES.badIdempotencyKey);
  });
});

// Only real Postgres has independent connections, and so independent API instances.
const baseUrl = process.env.TEST_DATABASE_URL;
describe.runIf(baseUrl)('idempotency across API instances on postgres', () => {
  const t = useTestApp(postgresBackend(baseUrl!));
  const countKey = (table: KeyedTable, key: string) => rowsWithKey(t.database, table, key);

  // Two apps are two instances: each has its own in-flight keys (createIngest), so only the
  // database keeps them apart. Without the advisory lock in the insert, the second
  // instance's insert waits on the first's uncommitted row instead of answering 409, and
  // this test fails (tried: it reported 'blocked').
  it('two API instances on one key: the second answers 409 at once while the first holds it, then replays', async () => {
    const second = await openDatabase({ databaseUrl: t.database.url!, dataDir: '' });
    const holder = new pg.Client({ connectionString: t.database.url });
    // Its own session: pg_stat_activity is a snapshot for the length of a transaction.
    const watcher = new pg.Client({ connectionString: t.database.url });
    await Promise.all([holder.connect(), watcher.connect()]);
    try {
      const other = testApp({ ...second, url: t.database.url, dispose: async () => {} }).app;
      const key = newKey();
      const quiz = { name: 'Priya Sharma', email: `priya.${key}@example.in`, answers: quizAnswers, language: 'english' };
      // Hold the lock the quiz's follow-up work takes on its address: the first instance
      // inserts its row and then waits inside its transaction, holding the key.
      await holder.query('begin');
      await holder.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [`certificate-mail:${quiz.email}`]);
      const first = postJson(t.app, QUIZ_ANSWERS_PATH, quiz, { 'Idempotency-Key': key });
      await waitForLockWaits(watcher, 1);
      const racing = postJson(other, QUIZ_ANSWERS_PATH, quiz, { 'Idempotency-Key': key }).then((r) => r);
      const outcome = await Promise.race([racing, waitForLockWaits(watcher, 2).then(() => 'blocked' as const)]);
      expect(outcome === 'blocked' ? outcome : outcome.status).toBe(409);
      await holder.query('commit');
      expect((await first).status).toBe(201);
      const after = await postJson(other, QUIZ_ANSWERS_PATH, quiz, { 'Idempotency-Key': key });
      expect(after.status).toBe(201);
      expect(after.headers.get(REPLAYED_HEADER)).toBe('true');
      const rows = await t.database.db.selectFrom('quiz_submissions').select('id').where('idempotency_key', '=', key).execute();
      expect(rows).toHaveLength(1);
    } finally {
      await holder.query('rollback').catch(() => {});
      await Promise.all([holder.end(), watcher.end()]);
      await second.close();
    }
  });

  it('two API instances racing on one key store one row', async () => {
    const second = await openDatabase({ databaseUrl: t.database.url!, dataDir: '' });
    try {
      const other = testApp({ ...second, url: t.database.url, dispose: async () => {} }).app;
      const key = newKey();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => postJson(i % 2 ? other : t.app, LEAD_PATHS.contact, contact, { 'Idempotency-Key': key })),
      );
      expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
      expect(answers.filter((r) => r.status === 201 && !r.headers.get(REPLAYED_HEADER))).toHaveLength(1);
      expect(await countKey('contact_messages', key)).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('answers 409 while another instance holds the key', async () => {
    const key = newKey();
    const client = new pg.Client({ connectionString: t.database.url });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(`select pg_advisory_xact_lock(hashtextextended('contact_messages:' || $1, 0))`, [key]);
      const busy = await postJson(t.app, LEAD_PATHS.contact, contact, { 'Idempotency-Key': key });
      expect(busy.status).toBe(409);
      await client.query('commit');
      const after = await postJson(t.app, LEAD_PATHS.contact, contact, { 'Idempotency-Key': key });
      expect(after.status).toBe(201);
      expect(await countKey('contact_messages', key)).toBe(1);
    } finally {
      await client.end();
    }
  });
});

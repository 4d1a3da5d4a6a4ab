// The insert statement and its cache, and failure isolation, on PGlite and Postgres.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBackend, testBackends, type TestDatabase } from '../testing/databases.ts';
import { insertRows, insertStatement, selectByKeys, type RowValues } from './statements.ts';
import { isolateFailures } from './store.ts';

const contactRow = (key: string | null, message = 'Hello'): RowValues => ({
  id: randomUUID(),
  first_name: 'Asha',
  last_name: 'Verma',
  email: 'asha@example.in',
  phone: '9876543210',
  message,
  idempotency_key: key,
  request_hash: key === null ? null : 'h',
});

function useDatabase(create: () => Promise<TestDatabase>) {
  const ctx = {} as { database: TestDatabase };
  beforeAll(async () => void (ctx.database = await create()));
  afterAll(async () => ctx.database?.dispose());
  return ctx;
}

describe.each(testBackends())('ingest statements on $name', (backend) => {
  const t = useDatabase(() => backend.create());

  it('compiles the statement once per table and column list', () => {
    const columns = Object.keys(contactRow('k'));
    const first = insertStatement(t.database.db, 'contact_messages', columns);
    expect(insertStatement(t.database.db, 'contact_messages', [...columns])).toBe(first);
    expect(insertStatement(t.database.db, 'enquiries', columns)).not.toBe(first);
    expect(insertStatement(t.database.db, 'contact_messages', columns.slice(1))).not.toBe(first);
  });

  it('stores new keys once, leaves stored keys alone, and always stores rows without a key', async () => {
    const key = `stmt-${randomUUID()}`;
    const first = await insertRows(t.database.db, 'contact_messages', [contactRow(key), contactRow(null), contactRow(null)]);
    expect(first).toHaveLength(3);
    const again = await insertRows(t.database.db, 'contact_messages', [contactRow(key, 'Changed'), contactRow(null)]);
    expect(again.map((r) => r.idempotency_key)).toEqual([null]);
    const stored = await selectByKeys(t.database.db, 'contact_messages', [key, 'absent']);
    expect([...stored.keys()]).toEqual([key]);
    expect(stored.get(key)!.message).toBe('Hello');
  });

  it('isolates a row the database refuses: the others in its statement are stored', async () => {
    const tag = randomUUID();
    const rows = [contactRow(null, `${tag} a`), contactRow(null, `bad\u0000${tag}`), contactRow(null, `${tag} c`)];
    const outcome = await isolateFailures(rows, (some) => insertRows(t.database.db, 'contact_messages', some));
    expect([...outcome.written.keys()].sort()).toEqual([rows[0]!.id, rows[2]!.id].sort());
    expect([...outcome.failed.keys()]).toEqual([rows[1]!.id]);
    expect((outcome.failed.get(rows[1]!.id) as { code?: string }).code).toMatch(/^22/);
  });

  it('lets a lost database through to every row (they wait for it alike)', async () => {
    const gone = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    await expect(isolateFailures([contactRow(null), contactRow(null)], () => Promise.reject(gone))).rejects.toBe(gone);
  });
});

// Only Postgres has a second session to hold a key's lock.
const baseUrl = process.env.TEST_DATABASE_URL;
describe.runIf(baseUrl)('ingest statements across sessions on postgres', () => {
  const t = useDatabase(() => postgresBackend(baseUrl!).create());

  it('leaves out, without waiting, a row whose key another transaction holds', async () => {
    const key = `held-${randomUUID()}`;
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`select pg_advisory_xact_lock(hashtextextended('contact_messages:' || $1, 0))`, [key]);
      const stored = await insertRows(t.database.db, 'contact_messages', [contactRow(key), contactRow(null)]);
      expect(stored.map((r) => r.idempotency_key)).toEqual([null]);
      await other.query('commit');
      expect(await insertRows(t.database.db, 'contact_messages', [contactRow(key)])).toHaveLength(1);
    } finally {
      await other.end();
    }
  });
});

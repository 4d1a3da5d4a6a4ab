// The export's pages are ranges of the list's order found ahead of their reads: every row is
// written once, in order, at any page size, and leads written or erased while an export is
// under way never put a row in two pages or drop one that stayed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { listedLead } from './definitions.ts';
import { csvLines, EXPORTS_READING_AHEAD } from './csv.ts';
import type { LeadListQuery } from './list-query.ts';

const query: LeadListQuery = {
  page: 1,
  limit: undefined,
  q: undefined,
  from: undefined,
  to: undefined,
  status: undefined,
  utmSource: undefined,
  assignee: undefined,
  sort: { key: 'createdAt', desc: true },
  ids: undefined,
};
const options = { publicUrl: 'https://skillup.example.in', names: new Map<string, string>() };
/** The email of each data line, in file order (a chunk is whole lines: the header or a page). */
const emailsOf = (lines: Uint8Array[]) =>
  lines.flatMap((chunk) =>
    Buffer.from(chunk)
      .toString('utf8')
      .split('\r\n')
      .flatMap((line) => /page\d+@example\.in/.exec(line) ?? []),
  );

describe.each(testBackends())('the export pages on $name', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.create();
    // 20 leads a minute apart, two sharing their instant (the keyset's id decides between them).
    for (let i = 0; i < 20; i++) {
      const at = new Date(Date.UTC(2026, 10, 1, 10, i === 7 ? 6 : i));
      await sql`insert into contact_messages (first_name, last_name, email, phone, message, created_at)
        values ('P', ${String(i)}, ${`page${i}@example.in`}, '9876543210', 'm', ${at})`.execute(database.db);
    }
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('writes every row once, newest first, whatever the page size (and through COPY on Postgres)', async () => {
    const lead = listedLead('contact')!;
    const all: string[][] = [];
    for (const copyCsv of database.copyCsv ? [undefined, database.copyCsv] : [undefined]) {
      for (const pageSize of [1, 3, 7, 20, 21, 2000]) {
        const chunks: Uint8Array[] = [];
        for await (const chunk of csvLines(database.db, lead, query, { ...options, pageSize, copyCsv })) chunks.push(chunk);
        all.push(emailsOf(chunks));
      }
    }
    expect(all).toHaveLength(database.copyCsv ? 12 : 6);
    expect(all[0]).toHaveLength(20);
    expect(new Set(all[0]).size).toBe(20);
    for (const emails of all) expect(emails).toEqual(all[0]);
    expect(all[0]!.slice(0, 2)).toEqual(['page19@example.in', 'page18@example.in']);
  });

  it('writes the same file through COPY with every filter set, its values written as literals (Postgres)', async () => {
    if (!database.copyCsv) return expect(database.kind).toBe('pglite');
    const lead = listedLead('contact')!;
    const ids = (await sql<{ id: string }>`select id from contact_messages where email like 'page1%'`.execute(database.db)).rows;
    const filtered: LeadListQuery = {
      ...query,
      q: 'page1',
      from: new Date(Date.UTC(2026, 10, 1, 10, 3)),
      to: new Date(Date.UTC(2026, 10, 1, 10, 16)),
      status: 'new',
      assignee: 'none',
      ids: ids.map((r) => r.id),
    };
    for (const q of ['page1', `50%_\\'"`]) {
      const [plain, copied] = await Promise.all(
        [undefined, database.copyCsv].map(async (copyCsv) => {
          const chunks: Uint8Array[] = [];
          for await (const chunk of csvLines(database.db, lead, { ...filtered, q }, { ...options, pageSize: 3, copyCsv }))
            chunks.push(chunk);
          return emailsOf(chunks);
        }),
      );
      expect(copied, q).toEqual(plain);
      if (q === 'page1') expect(plain).toEqual([16, 15, 14, 13, 12, 11, 10].map((i) => `page${i}@example.in`));
      else expect(plain).toEqual([]);
    }
  });
});

// Two connections at once: Postgres only (PGlite has one).
describe.each(testBackends().filter((b) => b.name === 'postgres'))('the export pages read ahead on $name', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('keeps each staying row once when a page read ahead meets a lead erased after its range was found', async () => {
    // Twelve sign-ups, pages of three: [11 10 9] [8 7 6] [5 4 3] [2 1 0] (minutes).
    for (let i = 0; i < 12; i++) {
      await sql`insert into personality_users (name, email, phone, password_hash, created_at)
          values ('P', ${`page${i}@example.in`}, '9876543210', 'scrypt$x', ${new Date(Date.UTC(2026, 10, 2, 10, i))})`.execute(database.db);
    }
    // The pages' reads join the tests taken; the ranges' look-ups do not. Holding that table
    // locked lets both ranges be found and both reads wait, deterministically.
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('lock table quiz_submissions in access exclusive mode');
      const lines = csvLines(database.db, listedLead('test-form')!, query, { ...options, pageSize: 3, copyCsv: database.copyCsv });
      const chunks = [(await lines.next()).value as Uint8Array];
      const firstPage = lines.next();
      const waiting = async () => {
        // The activity view is read once per transaction unless its snapshot is dropped.
        await other.query('select pg_stat_clear_snapshot()');
        const found = await other.query(
          `select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return Number(found.rows[0].count);
      };
      // Both pages read ahead wait on the lock (polled, bounded).
      for (const end = Date.now() + 10_000; (await waiting()) < 2;) {
        if (Date.now() > end) throw new Error('the pages read ahead never reached the lock');
      }
      // The second page's range was found holding 8 7 6; one of them goes before it is read.
      await other.query(`delete from personality_users where email = 'page7@example.in'`);
      await other.query('commit');
      chunks.push((await firstPage).value as Uint8Array);
      for (let next = await lines.next(); !next.done; next = await lines.next()) chunks.push(next.value);
      // The erased lead is in the file or not as the read's snapshot was taken before or after
      // its wait (COPY takes it before, a parameterised select after the lock): the erasure
      // raced the read. Every staying row is there once, in order, whichever it was.
      const emails = emailsOf(chunks);
      const erased = 'page7@example.in';
      expect(emails.filter((e) => e !== erased)).toEqual([11, 10, 9, 8, 6, 5, 4, 3, 2, 1, 0].map((i) => `page${i}@example.in`));
      expect(emails.filter((e) => e === erased).length).toBeLessThanOrEqual(1);
      if (emails.includes(erased)) expect(emails.indexOf(erased)).toBe(emails.indexOf('page8@example.in') + 1);
    } finally {
      await other.query('rollback').catch(() => {});
      await other.end();
    }
  });

  it('lets only EXPORTS_READING_AHEAD exports at once read ahead, so exports take few of the pool connections', async () => {
    expect(EXPORTS_READING_AHEAD).toBe(2);
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    const exports: AsyncGenerator<Uint8Array>[] = [];
    const pulls: Promise<unknown>[] = [];
    try {
      await other.query('begin');
      await other.query('lock table quiz_submissions in access exclusive mode');
      /** Reads waiting on the lock, and queries running that are not (besides this one). */
      const activity = async () => {
        await other.query('select pg_stat_clear_snapshot()');
        const found = await other.query<{ waiting: string; running: string }>(
          `select count(*) filter (where wait_event_type = 'Lock') as waiting,
            count(*) filter (where state = 'active' and wait_event_type is distinct from 'Lock' and pid <> pg_backend_pid()) as running
          from pg_stat_activity where datname = current_database()`,
        );
        return { waiting: Number(found.rows[0]!.waiting), running: Number(found.rows[0]!.running) };
      };
      /** Polls (bounded) until `waiting` reads wait on the lock and nothing else runs, three times in a row. */
      const settledAt = async (waiting: number) => {
        let calm = 0;
        for (const end = Date.now() + 10_000; calm < 3;) {
          const now = await activity();
          calm = now.waiting >= waiting && now.running === 0 ? calm + 1 : 0;
          if (Date.now() > end) throw new Error(`never settled at ${waiting} waiting reads: ${JSON.stringify(now)}`);
        }
        return (await activity()).waiting;
      };
      // Three admins export the test list one after another, each past its header.
      for (const expected of [2, 4, 5]) {
        const lines = csvLines(database.db, listedLead('test-form')!, query, { ...options, pageSize: 3, copyCsv: database.copyCsv });
        exports.push(lines);
        await lines.next();
        pulls.push(lines.next());
        // Two pages each for the first two; the third reads one page at a time.
        expect(await settledAt(expected)).toBe(expected);
      }
      await other.query('commit');
      for (const lines of exports) await lines.return(undefined);
    } finally {
      await other.query('rollback').catch(() => {});
      await other.end();
      await Promise.allSettled(pulls);
    }
    // With every export finished, the next one reads ahead again.
    const chunks: Uint8Array[] = [];
    for await (const chunk of csvLines(database.db, listedLead('test-form')!, query, {
      ...options,
      pageSize: 3,
      copyCsv: database.copyCsv,
    }))
      chunks.push(chunk);
    expect(emailsOf(chunks).length).toBeGreaterThan(0);
  });
});

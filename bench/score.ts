// What the lead score costs, on Postgres, side by side in one run:
// - the lead POST's hot path: its only change is the insert's one more column and index
//   (score, id). Two copies of contact_messages' columns and indexes (no triggers, so the
//   difference is the score's alone), one with the score and one without, take the same
//   single-row inserts in interleaved rounds;
// - the scheduler's part (off the POST's path): scoring a new lead's person, as the
//   lead.created job does before its rules, over a table of seeded leads;
// - a recompute batch (SCORE_BATCH leads in one transaction) after new weights.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createPostgresDatabase } from '../api/testing/databases.ts';
import { openDatabase } from '../api/db/database.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { rescoreLeads, rescorePerson, SCORE_BATCH } from '../api/score/compute.ts';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const INSERTS = Number(process.env.BENCH_SCORE_INSERTS ?? 2000);
const SEED = Number(process.env.BENCH_SCORE_SEED ?? 20_000);

export interface Timing {
  mean: number;
  p50: number;
  p99: number;
  samples: number;
}

function timing(ms: number[]): Timing {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { mean: ms.reduce((a, b) => a + b, 0) / ms.length, p50: at(0.5), p99: at(0.99), samples: ms.length };
}

export interface ScoreBench {
  withoutScore: Timing;
  withScore: Timing;
  personScoring: Timing;
  batch: { leads: number; ms: number };
  seeded: number;
}

export async function benchScore(): Promise<ScoreBench> {
  const created = await createPostgresDatabase(BASE_URL);
  const handle = await openDatabase({ databaseUrl: created.url, dataDir: 'memory://', poolMax: 2 });
  const { db } = handle;
  try {
    await migrateToLatest(db);
    for (const [table, score] of [
      ['insert_plain', false],
      ['insert_scored', true],
    ] as const) {
      await sql`create table ${sql.table(table)} (like contact_messages including defaults including constraints including indexes)`.execute(
        db,
      );
      if (!score) await sql`alter table ${sql.table(table)} drop column score`.execute(db);
    }
    const times: Record<'insert_plain' | 'insert_scored', number[]> = { insert_plain: [], insert_scored: [] };
    for (let round = 0; round < 4; round += 1) {
      for (const table of round % 2 === 0 ? (['insert_plain', 'insert_scored'] as const) : (['insert_scored', 'insert_plain'] as const)) {
        for (let i = 0; i < INSERTS / 4; i += 1) {
          const n = `${round}-${i}`;
          const t = performance.now();
          await sql`insert into ${sql.table(table)} (first_name, last_name, email, phone, message)
            values ('Bench', ${n}, ${`b${n}@example.in`}, ${`98${String(i).padStart(8, '0')}`}, 'Please call me.')`.execute(db);
          times[table].push(performance.now() - t);
        }
      }
    }
    // Leads across two lists, a few people with several forms (in chunks: each statement's triggers queue its jobs).
    for (let from = 1; from <= SEED; from += 5000) {
      const to = Math.min(SEED, from + 4999);
      await sql`insert into contact_messages (first_name, last_name, email, phone, message, status)
        select 'Seed', g::text, 'seed' || (g % ${Math.floor(SEED * 0.8)}) || '@example.in', '97' || lpad((g % ${Math.floor(SEED * 0.9)})::text, 8, '0'), 'Hello', 'contacted'
        from generate_series(${from}::int, ${to}::int) g`.execute(db);
    }
    await sql`insert into enquiries (background, course, name, email, phone, status)
      select 'College Student', 'Soft Skills', 'Seed ' || g, 'seed' || g || '@example.in', '97' || lpad(g::text, 8, '0'), 'contacted'
      from generate_series(1, ${Math.floor(SEED / 4)}::int) g`.execute(db);
    await sql`analyze`.execute(db);
    const person: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      const g = 1 + ((i * 7919) % Math.floor(SEED / 4));
      const t = performance.now();
      await db
        .transaction()
        .execute((trx) => rescorePerson(trx, { email: `seed${g}@example.in`, phone: `97${String(g).padStart(8, '0')}` }, new Date()));
      person.push(performance.now() - t);
    }
    const ids = await sql<{ id: string }>`select id from contact_messages order by id limit ${SCORE_BATCH}`.execute(db);
    const t = performance.now();
    await db.transaction().execute((trx) =>
      rescoreLeads(
        trx,
        'contact',
        ids.rows.map((r) => r.id),
        new Date(Date.now() + 3 * 86_400_000),
      ),
    );
    return {
      withoutScore: timing(times.insert_plain),
      withScore: timing(times.insert_scored),
      personScoring: timing(person),
      batch: { leads: ids.rows.length, ms: performance.now() - t },
      seeded: SEED + Math.floor(SEED / 4),
    };
  } finally {
    await handle.close();
    await created.drop();
  }
}

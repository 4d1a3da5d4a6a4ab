// The overview's closed days, kept (api/desk/overview-days.ts): each list's new leads of an
// IST day, by source and by owner and first-contact minutes, as they stood at a generation
// of that day (overview_days), and each day's current generation (overview_marks). A day's
// generation moves whenever one of its leads changes or goes (a status, an owner, a first
// contact, an erasure) or a lead is stored with an earlier day than the database's today
// (an import of old rows, a seed), so a kept day is used only while nothing in it changed;
// the API counts it again then. New leads land on today, which the overview always counts
// live, so the public insert pays nothing but a look at its own rows.
//
// The marks are moved by the status-count functions every listed table's triggers already
// call (replaced here with the same counting as 2026-11-26T0060 plus the mark), so tables
// made by any helper, before or after, keep their overview days right.
import { sql, type Kysely } from 'kysely';

const SLOTS = 16;

/** The IST day of `created_at` in SQL (UTC+5:30 all year). */
const IST_DAY_SQL = `((created_at at time zone 'UTC') + interval '330 minutes')::date`;
const IST_TODAY_SQL = `((now() at time zone 'UTC') + interval '330 minutes')::date`;
const IST_DAY = sql.raw(IST_DAY_SQL);

/** Moves the generation of every day `rows` (a transition table's select) fall on. */
const markDays = (rows: ReturnType<typeof sql.raw>) => sql`
      insert into overview_marks (list, day)
      select distinct TG_ARGV[0], ${IST_DAY} from (${rows}) r order by 2
      on conflict (list, day) do update set gen = overview_marks.gen + 1;`;

async function countingFunctions(db: Kysely<any>, marked: boolean): Promise<void> {
  const slot = sql`, (pg_backend_pid() % ${sql.lit(SLOTS)})::smallint`;
  const upsert = sql`on conflict (list, status, slot) do update set n = lead_status_counts.n + excluded.n`;
  const none = sql``;
  await sql`
    create or replace function count_lead_inserts() returns trigger language plpgsql as $$
    begin
      insert into lead_status_counts (list, status, slot, n)
      select TG_ARGV[0], status${slot}, count(*) from new_rows group by status order by status
      ${upsert};
      ${marked ? markDays(sql.raw(`select created_at from new_rows where ${IST_DAY_SQL} < ${IST_TODAY_SQL}`)) : none}
      return null;
    end
    $$`.execute(db);
  await sql`
    create or replace function count_lead_updates() returns trigger language plpgsql as $$
    begin
      insert into lead_status_counts (list, status, slot, n)
      select TG_ARGV[0], status${slot}, sum(delta) from (
        select o.status, -1 as delta from old_rows o join new_rows r on r.id = o.id where r.status <> o.status
        union all
        select r.status, 1 as delta from old_rows o join new_rows r on r.id = o.id where r.status <> o.status
      ) changes group by status order by status
      ${upsert};
      ${
        marked
          ? markDays(
              sql.raw(`select o.created_at from old_rows o join new_rows r on r.id = o.id
                where (o.status, o.assignee_id, o.first_contact_minutes, o.utm_source, o.created_at)
                  is distinct from (r.status, r.assignee_id, r.first_contact_minutes, r.utm_source, r.created_at)
                union all
                select r.created_at from old_rows o join new_rows r on r.id = o.id where r.created_at <> o.created_at`),
            )
          : none
      }
      return null;
    end
    $$`.execute(db);
  await sql`
    create or replace function count_lead_deletes() returns trigger language plpgsql as $$
    begin
      insert into lead_status_counts (list, status, slot, n)
      select TG_ARGV[0], status${slot}, -count(*) from old_rows group by status order by status
      ${upsert};
      ${marked ? markDays(sql.raw('select created_at from old_rows')) : none}
      return null;
    end
    $$`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('overview_marks')
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('gen', 'bigint', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('overview_marks_pkey', ['list', 'day'])
    .execute();
  await db.schema
    .createTable('overview_days')
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    // The day's generation these figures were counted at (0: no change marked yet).
    .addColumn('gen', 'bigint', (c) => c.notNull())
    .addColumn('leads', 'integer', (c) => c.notNull())
    // [[utm_source, leads], …] and [[owner, first-contact minutes, leads, converted], …].
    .addColumn('sources', 'jsonb', (c) => c.notNull())
    .addColumn('bars', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('overview_days_pkey', ['list', 'day'])
    .execute();
  await countingFunctions(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await countingFunctions(db, false);
  await db.schema.dropTable('overview_days').execute();
  await db.schema.dropTable('overview_marks').execute();
}

// lead_status_counts in slots (issue 25, item 11: the lead POST's tail). Every insert into a
// lead table upserted the same row, (list, 'new'), so concurrent submissions waited for each
// other's commit, fsync included, one at a time: that row lock was the Lock:transactionid
// wait behind the 200–380 ms p99 rounds of the bench. Measured with pgbench (32 clients,
// single-row inserts, statement trigger as here): 26,400 tps with no counter, 2,860 with the
// one hot row, 14,900 with it split in 16 slots by backend. A backend now adds to its own
// slot (pg_backend_pid() % 16), so two connections contend only when their pids share a
// slot; readers sum over the slots (they already summed per list or status). A slot's n
// may go negative (a delete counted in another slot than its insert): only sums mean anything.
import { sql, type Kysely } from 'kysely';

const SLOTS = 16;

/** The three counting functions: adding to the backend's slot, or (`slotted` false, as before) to the one row. */
async function countingFunctions(db: Kysely<any>, slotted: boolean): Promise<void> {
  const slot = slotted ? sql`, (pg_backend_pid() % ${sql.lit(SLOTS)})::smallint` : sql``;
  const key = slotted ? sql`list, status, slot` : sql`list, status`;
  const upsert = sql`on conflict (${key}) do update set n = lead_status_counts.n + excluded.n`;
  await sql`
    create or replace function count_lead_inserts() returns trigger language plpgsql as $$
    begin
      insert into lead_status_counts (${key}, n)
      select TG_ARGV[0], status${slot}, count(*) from new_rows group by status order by status
      ${upsert};
      return null;
    end
    $$`.execute(db);
  await sql`
    create or replace function count_lead_updates() returns trigger language plpgsql as $$
    begin
      insert into lead_status_counts (${key}, n)
      select TG_ARGV[0], status${slot}, sum(delta) from (
        select o.status, -1 as delta from old_rows o join new_rows r on r.id = o.id where r.status <> o.status
        union all
        select r.status, 1 as delta from old_rows o join new_rows r on r.id = o.id where r.status <> o.status
      ) changes group by status order by status
      ${upsert};
      return null;
    end
    $$`.execute(db);
  await sql`
    create or replace function count_lead_deletes() returns trigger language plpgsql as $$
    begin
      insert into lead_status_counts (${key}, n)
      select TG_ARGV[0], status${slot}, -count(*) from old_rows group by status order by status
      ${upsert};
      return null;
    end
    $$`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table lead_status_counts add column slot smallint not null default 0 check (slot >= 0 and slot < ${sql.lit(SLOTS)})`.execute(
    db,
  );
  await sql`alter table lead_status_counts drop constraint lead_status_counts_pkey`.execute(db);
  await sql`alter table lead_status_counts add constraint lead_status_counts_pkey primary key (list, status, slot)`.execute(db);
  await countingFunctions(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Back to one row per list and status: each slot 0 row takes its list and status's sum.
  await sql`
    insert into lead_status_counts (list, status, slot, n)
    select distinct list, status, 0, 0 from lead_status_counts
    on conflict (list, status, slot) do nothing`.execute(db);
  await sql`
    update lead_status_counts c set n = s.n
    from (select list, status, sum(n) as n from lead_status_counts group by list, status) s
    where c.slot = 0 and c.list = s.list and c.status = s.status`.execute(db);
  await sql`delete from lead_status_counts where slot <> 0`.execute(db);
  await sql`alter table lead_status_counts drop constraint lead_status_counts_pkey`.execute(db);
  await sql`alter table lead_status_counts add constraint lead_status_counts_pkey primary key (list, status)`.execute(db);
  await sql`alter table lead_status_counts drop column slot`.execute(db);
  await countingFunctions(db, false);
}

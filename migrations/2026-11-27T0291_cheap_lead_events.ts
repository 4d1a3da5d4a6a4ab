// What a lead's insert costs the rules, made small:
//
// - A 'lead.created' job is written only when an enabled rule listens for it on that list
//   (lead.created, lead.uncontacted or booking.unpaid: the handler's only readers of it).
//   Otherwise the insert writes the lead's first escalation job straight away, due SLA
//   minutes after it arrived (a lower bound: working minutes are never fewer than the wall
//   clock's), with the SLA the deciding instances last wrote in escalation_settings (one
//   minute while none has). The job, when due, waits on to its working-hours deadline and
//   queues the second step itself (api/rules/escalation.ts). Before this every lead's insert
//   wrote a job that the scheduler ran at once only to queue the two escalations.
// - returning_owner() in PL/pgSQL: as a SQL function called from the round-robin trigger it
//   was planned again on every insert (its fourteen-branch union, 4.7 ms a call with the
//   machine loaded; 0.23 ms as PL/pgSQL, whose plan is kept per connection), and it now
//   reads webinar registrations too (through the owned-contact indexes their table was made
//   with, migrations/lib/listed-table-2026-11-27.ts). A kind added later redefines it with its table.
import { sql, type Kysely } from 'kysely';

const LISTS = [
  'contact_messages',
  'free_join_users',
  'enquiries',
  'join_now_users',
  'personality_users',
  'bookings',
  'proposals',
  'webinar_registrations',
] as const;

function ownerLookup(tables: readonly string[], language: 'sql' | 'plpgsql') {
  const byColumn = (column: 'email' | 'phone', param: string) =>
    tables.map(
      (table) =>
        sql`(select assignee_id, created_at from ${sql.table(table)} where ${sql.ref(column)} = ${sql.raw(param)} and assignee_id is not null
            order by created_at desc limit 1)`,
    );
  const parts = [...byColumn('email', 'p_email'), ...byColumn('phone', 'p_phone')];
  const query = sql`select t.assignee_id from (${sql.join(parts, sql` union all `)}) t
      join admins a on a.id = t.assignee_id
      where a.active and a.password_hash is not null and a.role in ('admin', 'counsellor')
      order by t.created_at desc limit 1`;
  return language === 'sql'
    ? sql`create or replace function returning_owner(p_email text, p_phone text) returns uuid language sql stable as $$ ${query} $$`
    : sql`create or replace function returning_owner(p_email text, p_phone text) returns uuid language plpgsql stable as $$
      begin
        return (${query});
      end
      $$`;
}

const CREATED_JOB = sql`
      insert into jobs (kind, key, payload)
      select 'lead.created', 'lead.created:' || TG_ARGV[0] || ':' || r.id, jsonb_build_object('list', TG_ARGV[0], 'id', r.id)
      from new_rows r where r.status <> 'spam'
      on conflict (key) do nothing;`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('escalation_settings')
    .addColumn('id', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`id`),
    )
    .addColumn('sla_minutes', 'integer', (c) => c.notNull().check(sql`sla_minutes > 0`))
    .execute();
  await sql`
    create or replace function enqueue_lead_created() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from rules where enabled and event in ('lead.created', 'lead.uncontacted', 'booking.unpaid')
          and (cardinality(lists) = 0 or TG_ARGV[0] = any(lists))) then
        ${CREATED_JOB}
      else
        insert into jobs (kind, key, payload, run_at)
        select 'escalate', 'escalate:1:' || TG_ARGV[0] || ':' || r.id, jsonb_build_object('list', TG_ARGV[0], 'id', r.id, 'level', 1),
          r.created_at + make_interval(mins => coalesce((select sla_minutes from escalation_settings), 1))
        from new_rows r where r.status <> 'spam'
        on conflict (key) do nothing;
      end if;
      return null;
    end
    $$`.execute(db);
  await ownerLookup(LISTS, 'plpgsql').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await ownerLookup(
    LISTS.filter((t) => t !== 'webinar_registrations'),
    'sql',
  ).execute(db);
  await sql`
    create or replace function enqueue_lead_created() returns trigger language plpgsql as $$
    begin
      ${CREATED_JOB}
      return null;
    end
    $$`.execute(db);
  await db.schema.dropTable('escalation_settings').execute();
}

// Rules made by admins (api/rules/*): trigger → conditions → actions, kept as data.
//
// - rules: one row per rule; `event` and its `lists` and `minutes`, the conditions and
//   actions as JSON (contract/rules.ts checks their shape), `position` orders them, and
//   `turn` is a round-robin action's last member.
// - rule_firings: (rule, event key) once: a rule acts once per lead and event, whichever
//   instance ran it and however often the job was retried.
// - lead_tags: the tags a rule's `tag` action gives a lead.
// - lead_history learns 'rule' (a rule fired, naming it) and 'escalation' (an uncontacted
//   lead's owner or the admins were told).
// - Events become jobs in the transaction that made them (api/jobs/scheduler.ts runs them):
//   a listed lead's insert ('lead.created'), a status change and a new next action written in
//   lead_history ('lead.status', 'nextAction.set'), a taken test ('test.taken'), a classroom
//   session with its organisation's enquiry ('session.finished', at the end of its day, IST).
//   So no code path that changes a lead can forget to tell the rules.
// - A returning person goes to their owner: the round-robin trigger first looks for the
//   newest lead with the same email or phone that an active member owns, and gives the new
//   lead to them (not a turn of round robin); a job tells the owner, and the assignment is
//   written "Returning person" in the timeline.
import { sql, type Kysely } from 'kysely';

const LISTS = [
  { table: 'contact_messages', list: 'contact' },
  { table: 'free_join_users', list: 'join-free' },
  { table: 'enquiries', list: 'need-help' },
  { table: 'join_now_users', list: 'join-now' },
  { table: 'personality_users', list: 'test-form' },
  { table: 'bookings', list: 'bookings' },
  { table: 'proposals', list: 'proposals' },
] as const;

async function tables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rules')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('lists', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('minutes', 'integer')
    // lead.status: only a change to this status (null: any).
    .addColumn('status', 'text')
    .addColumn('conditions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('actions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('turn', 'uuid')
    .addColumn('created_by', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index rules_event_idx on rules (event, position) where enabled`.execute(db);
  await db.schema
    .createTable('rule_firings')
    .addColumn('rule_id', 'uuid', (c) => c.notNull().references('rules.id').onDelete('cascade'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'uuid', (c) => c.notNull())
    .addColumn('fired_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('rule_firings_pkey', ['rule_id', 'event_key'])
    .execute();
  await sql`create index rule_firings_lead_idx on rule_firings (list, lead_id)`.execute(db);
  await db.schema
    .createTable('lead_tags')
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'uuid', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lead_tags_pkey', ['list', 'lead_id', 'tag'])
    .execute();
  await sql`alter table lead_history drop constraint lead_history_action_check`.execute(db);
  await sql`alter table lead_history add constraint lead_history_action_check
    check (action in ('status', 'note', 'assign', 'activity', 'next-action', 'merge', 'unmerge', 'rule', 'escalation'))`.execute(db);
}

async function eventTriggers(db: Kysely<any>): Promise<void> {
  await sql`
    create function enqueue_lead_created() returns trigger language plpgsql as $$
    begin
      insert into jobs (kind, key, payload)
      select 'lead.created', 'lead.created:' || TG_ARGV[0] || ':' || r.id, jsonb_build_object('list', TG_ARGV[0], 'id', r.id)
      from new_rows r where r.status <> 'spam'
      on conflict (key) do nothing;
      return null;
    end
    $$`.execute(db);
  for (const { table, list } of LISTS) {
    await sql`
      create trigger ${sql.id(`${table}_rule_events`)} after insert on ${sql.table(table)}
      referencing new table as new_rows for each statement execute function enqueue_lead_created(${sql.lit(list)})`.execute(db);
  }
  // A status change and a new next action, however they were made; `rule`: the rule whose
  // action made it (that rule is not run again by its own change).
  await sql`
    create function enqueue_history_events() returns trigger language plpgsql as $$
    begin
      insert into jobs (kind, key, payload)
      select case when h.action = 'status' then 'lead.status' else 'nextAction.set' end,
        h.action || ':' || h.id,
        jsonb_build_object('list', h.list, 'id', h.lead_id, 'history', h.id, 'to', h.to_status,
          'dueAt', h.data->'nextAction'->>'dueAt', 'byRule', h.data->>'rule', 'depth', coalesce((h.data->>'depth')::int, 0))
      from new_rows h
      where h.action = 'status' or (h.action = 'next-action' and h.data->'nextAction'->>'dueAt' is not null)
      on conflict (key) do nothing;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger lead_history_rule_events after insert on lead_history
    referencing new table as new_rows for each statement execute function enqueue_history_events()`.execute(db);
  await sql`
    create function enqueue_test_taken() returns trigger language plpgsql as $$
    begin
      insert into jobs (kind, key, payload)
      select 'test.taken', 'test.taken:' || r.id, jsonb_build_object('quiz', r.id)
      from new_rows r where r.email is not null
      on conflict (key) do nothing;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger quiz_submissions_rule_events after insert on quiz_submissions
    referencing new table as new_rows for each statement execute function enqueue_test_taken()`.execute(db);
  // The end of the session's day in India (UTC+05:30, no daylight saving).
  await sql`
    create function enqueue_session_finished() returns trigger language plpgsql as $$
    begin
      insert into jobs (kind, key, payload, run_at)
      select 'session.finished', 'session.finished:' || r.id, jsonb_build_object('session', r.id, 'list', 'need-help', 'id', r.lead_id),
        ((r.date + 1)::timestamp at time zone 'UTC') - interval '330 minutes'
      from new_rows r where r.lead_id is not null
      on conflict (key) do nothing;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger classroom_sessions_rule_events after insert on classroom_sessions
    referencing new table as new_rows for each statement execute function enqueue_session_finished()`.execute(db);
}

function ownerLookup(): ReturnType<typeof sql> {
  const byColumn = (column: 'email' | 'phone', param: string) =>
    LISTS.map(
      ({ table }) =>
        sql`(select assignee_id, created_at from ${sql.table(table)} where ${sql.ref(column)} = ${sql.raw(param)} and assignee_id is not null
            order by created_at desc limit 1)`,
    );
  const parts = [...byColumn('email', 'p_email'), ...byColumn('phone', 'p_phone')];
  return sql`
    create function returning_owner(p_email text, p_phone text) returns uuid language sql stable as $$
      select t.assignee_id from (${sql.join(parts, sql` union all `)}) t
      join admins a on a.id = t.assignee_id
      where a.active and a.password_hash is not null and a.role in ('admin', 'counsellor')
      order by t.created_at desc limit 1
    $$`;
}

/** The round-robin trigger; `returning`: a returning person's owner comes before a turn. */
function assignFunction(returning: boolean) {
  const owner = sql`
      chosen := returning_owner(NEW.email, case when NEW.phone ~ '^[0-9]{10}$' then NEW.phone end);
      if chosen is not null then
        NEW.assignee_id := chosen;
        NEW.assigned_at := now();
        insert into jobs (kind, key, payload)
        values ('returning', 'returning:' || TG_ARGV[0] || ':' || NEW.id, jsonb_build_object('list', TG_ARGV[0], 'id', NEW.id, 'owner', chosen))
        on conflict (key) do nothing;
        return NEW;
      end if;`;
  // Without the owner's look-up the key probe is needed only when round robin is on.
  const probe = sql`
      if NEW.idempotency_key is not null then
        execute format('select exists (select 1 from %I where idempotency_key = $1)', TG_TABLE_NAME) into stored using NEW.idempotency_key;
        if stored then
          return NEW;
        end if;
      end if;`;
  return sql`
    create or replace function assign_round_robin() returns trigger language plpgsql as $$
    declare
      rule lead_assignment%rowtype;
      candidates uuid[];
      last_pos int;
      chosen uuid;
      stored boolean;
    begin
      if NEW.status = 'spam' or NEW.assignee_id is not null then
        return NEW;
      end if;
      ${returning ? sql`${probe}${owner}` : sql``}
      perform 1 from lead_assignment where list = TG_ARGV[0] and mode = 'round-robin';
      if not found then
        return NEW;
      end if;
      ${returning ? sql`` : probe}
      select * into rule from lead_assignment where list = TG_ARGV[0] and mode = 'round-robin' for update;
      if not found then
        return NEW;
      end if;
      select array_agg(m.id order by m.ord) into candidates
        from unnest(rule.members) with ordinality as m(id, ord)
        join admins a on a.id = m.id
        where a.active and a.password_hash is not null and a.role in ('admin', 'counsellor');
      if candidates is null then
        return NEW;
      end if;
      last_pos := coalesce(array_position(rule.members, rule.last_member), 0);
      select c into chosen from unnest(candidates) as c where array_position(rule.members, c) > last_pos
        order by array_position(rule.members, c) limit 1;
      if chosen is null then
        chosen := candidates[1];
      end if;
      update lead_assignment set last_member = chosen where list = TG_ARGV[0];
      NEW.assignee_id := chosen;
      NEW.assigned_at := now();
      return NEW;
    end
    $$`;
}

function recordFunction(returning: boolean) {
  const label = returning
    ? sql`case when exists (select 1 from jobs j where j.key = 'returning:' || TG_ARGV[0] || ':' || r.id) then 'Returning person' else 'Round robin' end`
    : sql`'Round robin'`;
  return sql`
    create or replace function record_insert_assignments() returns trigger language plpgsql as $$
    begin
      insert into lead_history (list, lead_id, admin_id, admin_label, action, assignee_id, assignee_label)
      select TG_ARGV[0], r.id, null, ${label}, 'assign', r.assignee_id, a.name
      from new_rows r join admins a on a.id = r.assignee_id
      where r.status <> 'spam';
      return null;
    end
    $$`;
}

/**
 * The owner's look-up reads only owned leads: a phone thousands of unowned leads typed (a
 * placeholder) must not make every insert read them all.
 */
async function ownedIndexes(db: Kysely<any>): Promise<void> {
  for (const { table } of LISTS) {
    for (const column of ['email', 'phone']) {
      await sql`create index ${sql.id(`${table}_owned_${column}_idx`)} on ${sql.table(table)} (${sql.ref(column)}, created_at desc)
        where assignee_id is not null`.execute(db);
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await tables(db);
  await ownedIndexes(db);
  await eventTriggers(db);
  await ownerLookup().execute(db);
  await assignFunction(true).execute(db);
  await recordFunction(true).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await assignFunction(false).execute(db);
  await recordFunction(false).execute(db);
  await sql`drop function returning_owner(text, text)`.execute(db);
  for (const { table } of LISTS) {
    for (const column of ['email', 'phone']) await sql`drop index ${sql.id(`${table}_owned_${column}_idx`)}`.execute(db);
  }
  await sql`drop trigger classroom_sessions_rule_events on classroom_sessions`.execute(db);
  await sql`drop trigger quiz_submissions_rule_events on quiz_submissions`.execute(db);
  await sql`drop trigger lead_history_rule_events on lead_history`.execute(db);
  for (const { table } of LISTS) await sql`drop trigger ${sql.id(`${table}_rule_events`)} on ${sql.table(table)}`.execute(db);
  for (const fn of ['enqueue_session_finished', 'enqueue_test_taken', 'enqueue_history_events', 'enqueue_lead_created']) {
    await sql`drop function ${sql.id(fn)}()`.execute(db);
  }
  await sql`delete from lead_history where action in ('rule', 'escalation')`.execute(db);
  await sql`alter table lead_history drop constraint lead_history_action_check`.execute(db);
  await sql`alter table lead_history add constraint lead_history_action_check
    check (action in ('status', 'note', 'assign', 'activity', 'next-action', 'merge', 'unmerge'))`.execute(db);
  for (const table of ['lead_tags', 'rule_firings', 'rules']) await db.schema.dropTable(table).execute();
}

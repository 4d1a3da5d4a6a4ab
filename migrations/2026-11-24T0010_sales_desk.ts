// The sales desk: a team with roles, leads with an owner and a next step, activities, and
// what speed to lead needs.
//
// - admins become team members: a role (admin, counsellor, viewer, trainer; every existing
//   one stays admin), active (a deactivated member cannot log in), a password only once an
//   invitation is accepted (password_hash null until then), the time of their morning email
//   (minutes after midnight IST, null: none) and the marks that make that email and the
//   assignment digest go once (day_email_sent_on, assignment_mailed_through/at).
// - team_invitations: the SHA-256 of each emailed single-use token, 48 hours.
// - lead_assignment: per list, round robin or manual, its members in turn order and the
//   last one given a lead. The next member is chosen inside the insert, under that row's
//   lock, so every API instance and concurrent submission takes its turn in one order.
// - On each listed table: assignee_id (and assigned_at), the next action (type, due, note,
//   and when its reminder went out: the update that sets it is the claim, so a reminder goes
//   once across instances), and the first contact (when, and the working minutes it took,
//   computed with the WORKING_HOURS of that moment so medians are SQL over stored figures).
//   Indexes: (assignee_id, created_at desc, id desc) for a counsellor's lists and the
//   unassigned pool; (assignee_id, next_action_due_at) for My day; the due reminders.
// - A BEFORE INSERT row trigger assigns round robin (only rows that will be stored: a replay
//   of a stored Idempotency-Key does not take a turn); an AFTER INSERT statement trigger
//   records each such assignment in lead_history; the insert's live event now says how many
//   new leads went to whom, so a counsellor's console counts only theirs and the pool.
// - lead_history becomes the lead's timeline: assignments, activities (type, outcome),
//   next actions and merges besides status changes and notes; `data` holds what an entry
//   needs beyond its columns.
import { sql, type Kysely } from 'kysely';

const LISTS = [
  { table: 'contact_messages', list: 'contact' },
  { table: 'free_join_users', list: 'join-free' },
  { table: 'enquiries', list: 'need-help' },
  { table: 'join_now_users', list: 'join-now' },
  { table: 'personality_users', list: 'test-form' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('admins')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('admin')
        .check(sql`role in ('admin', 'counsellor', 'viewer', 'trainer')`),
    )
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('day_email_minute', 'smallint', (c) => c.defaultTo(540).check(sql`day_email_minute between 0 and 1439`))
    .addColumn('day_email_sent_on', 'date')
    .addColumn('assignment_mailed_through', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('assignment_mailed_at', 'timestamptz')
    .execute();
  await sql`alter table admins alter column password_hash drop not null`.execute(db);

  await db.schema
    .createTable('team_invitations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('admin_id', 'uuid', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('team_invitations_admin_idx').on('team_invitations').column('admin_id').execute();

  await db.schema
    .createTable('lead_assignment')
    .addColumn('list', 'text', (c) => c.primaryKey())
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('round-robin', 'manual')`))
    .addColumn('members', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('last_member', 'uuid')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .execute();

  await sql`alter table lead_history drop constraint lead_history_action_check`.execute(db);
  await sql`alter table lead_history add constraint lead_history_action_check
    check (action in ('status', 'note', 'assign', 'activity', 'next-action', 'merge', 'unmerge'))`.execute(db);
  await db.schema
    .alterTable('lead_history')
    .addColumn('activity_type', 'text')
    .addColumn('outcome', 'text')
    .addColumn('assignee_id', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('assignee_label', 'text')
    .addColumn('data', 'jsonb')
    .execute();
  // The assignment digest reads each member's assignments since its last one.
  await sql`create index lead_history_assigned_idx on lead_history (assignee_id, id) where action = 'assign'`.execute(db);
  // Speed to lead per person and the team's activity: a member's entries in time order.
  await sql`create index lead_history_admin_idx on lead_history (admin_id, created_at) where admin_id is not null`.execute(db);

  // Round robin, inside the insert. A row that will not be stored (its key is stored
  // already) must not take a turn: the ingest holds an advisory lock on each key it
  // inserts, so the probe below sees what the unique constraint will.
  await sql`
    create function assign_round_robin() returns trigger language plpgsql as $$
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
      perform 1 from lead_assignment where list = TG_ARGV[0] and mode = 'round-robin';
      if not found then
        return NEW;
      end if;
      if NEW.idempotency_key is not null then
        execute format('select exists (select 1 from %I where idempotency_key = $1)', TG_TABLE_NAME) into stored using NEW.idempotency_key;
        if stored then
          return NEW;
        end if;
      end if;
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
    $$`.execute(db);

  await sql`
    create function record_insert_assignments() returns trigger language plpgsql as $$
    begin
      insert into lead_history (list, lead_id, admin_id, admin_label, action, assignee_id, assignee_label)
      select TG_ARGV[0], r.id, null, 'Round robin', 'assign', r.assignee_id, a.name
      from new_rows r join admins a on a.id = r.assignee_id
      where r.status <> 'spam';
      return null;
    end
    $$`.execute(db);

  // The live event of an insert says how many new leads went to whom ("none": the pool).
  await sql`
    create or replace function notify_lead_insert_not_spam() returns trigger language plpgsql as $$
    declare
      n bigint;
      per jsonb;
    begin
      select coalesce(sum(c), 0), jsonb_object_agg(k, c) into n, per from (
        select coalesce(assignee_id::text, 'none') as k, count(*) as c from new_rows where status <> 'spam' group by 1
      ) counted;
      if n > 0 then
        perform pg_notify('lead_events', json_build_object('list', TG_ARGV[0], 'type', 'created', 'count', n, 'assignees', per)::text);
      end if;
      return null;
    end
    $$`.execute(db);

  for (const { table, list } of LISTS) {
    await db.schema
      .alterTable(table)
      .addColumn('assignee_id', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
      .addColumn('assigned_at', 'timestamptz')
      .addColumn('next_action_type', 'text', (c) => c.check(sql`next_action_type in ('call', 'whatsapp', 'email', 'meeting')`))
      .addColumn('next_action_due_at', 'timestamptz')
      .addColumn('next_action_note', 'text')
      .addColumn('next_action_reminded_at', 'timestamptz')
      .addColumn('first_contact_at', 'timestamptz')
      .addColumn('first_contact_minutes', 'integer')
      .execute();
    await sql`create index ${sql.id(`${table}_assignee_idx`)} on ${sql.table(table)} (assignee_id, created_at desc, id desc)`.execute(db);
    await sql`create index ${sql.id(`${table}_due_idx`)} on ${sql.table(table)} (assignee_id, next_action_due_at) where next_action_due_at is not null`.execute(
      db,
    );
    await sql`create index ${sql.id(`${table}_remind_idx`)} on ${sql.table(table)} (next_action_due_at)
      where next_action_due_at is not null and next_action_reminded_at is null`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_assign`)} before insert on ${sql.table(table)}
      for each row execute function assign_round_robin(${sql.lit(list)})`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_assignments`)} after insert on ${sql.table(table)}
      referencing new table as new_rows for each statement
      execute function record_insert_assignments(${sql.lit(list)})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of LISTS) {
    await sql`drop trigger ${sql.id(`${table}_assignments`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.id(`${table}_assign`)} on ${sql.table(table)}`.execute(db);
    for (const index of ['assignee', 'due', 'remind']) await db.schema.dropIndex(`${table}_${index}_idx`).execute();
    for (const column of [
      'assignee_id',
      'assigned_at',
      'next_action_type',
      'next_action_due_at',
      'next_action_note',
      'next_action_reminded_at',
      'first_contact_at',
      'first_contact_minutes',
    ]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
  await sql`
    create or replace function notify_lead_insert_not_spam() returns trigger language plpgsql as $$
    declare
      n bigint;
    begin
      select count(*) into n from new_rows where status <> 'spam';
      if n > 0 then
        perform pg_notify('lead_events', json_build_object('list', TG_ARGV[0], 'type', 'created', 'count', n)::text);
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`drop function record_insert_assignments()`.execute(db);
  await sql`drop function assign_round_robin()`.execute(db);
  await db.schema.dropIndex('lead_history_admin_idx').execute();
  await db.schema.dropIndex('lead_history_assigned_idx').execute();
  for (const column of ['activity_type', 'outcome', 'assignee_id', 'assignee_label', 'data']) {
    await db.schema.alterTable('lead_history').dropColumn(column).execute();
  }
  await sql`delete from lead_history where action not in ('status', 'note')`.execute(db);
  await sql`alter table lead_history drop constraint lead_history_action_check`.execute(db);
  await sql`alter table lead_history add constraint lead_history_action_check check (action in ('status', 'note'))`.execute(db);
  await db.schema.dropTable('lead_assignment').execute();
  await db.schema.dropTable('team_invitations').execute();
  await sql`update admins set password_hash = '!' where password_hash is null`.execute(db);
  await sql`alter table admins alter column password_hash set not null`.execute(db);
  for (const column of ['role', 'active', 'day_email_minute', 'day_email_sent_on', 'assignment_mailed_through', 'assignment_mailed_at']) {
    await db.schema.alterTable('admins').dropColumn(column).execute();
  }
}

// The console a counsellor works from all day:
//
// - message_templates: what WhatsApp and email messages start from, with {name}, {course},
//   {counsellor} and {link}; a default set in English, Hindi (Devanagari) and Hinglish.
// - saved_views: a member's named list filters, theirs or shared with the team.
// - admins.preferences: a member's console settings (the columns they show per list).
// - people: one row per person, with no personal data of its own (names, emails and phones
//   stay on the leads, so erasing the leads leaves nothing here that names anyone).
//   lead_people maps each lead to its person. A lead is queued in people_queue by a
//   statement trigger on insert (one small insert per statement: the lead's own row is never
//   rewritten), and the linker (api/people/linker.ts) joins it, off the request path, to the
//   person who already has its email, else its phone, else a new person. person_merges
//   records each merge a member makes (the leads it moved), so a merge can be undone.
import { sql, type Kysely } from 'kysely';

const TABLES = [
  ['contact_messages', 'contact'],
  ['free_join_users', 'join-free'],
  ['enquiries', 'need-help'],
  ['join_now_users', 'join-now'],
  ['personality_users', 'test-form'],
] as const;

/** [name, language, channel, body] */
const DEFAULT_TEMPLATES: Array<[string, string, string, string]> = [
  [
    'First hello',
    'english',
    'whatsapp',
    'Hi {name}, this is {counsellor} from SkillUp Soft Skills Academy. Thank you for your interest in {course}. When is a good time for a quick call? Details: {link}',
  ],
  [
    'Follow-up after a call',
    'english',
    'whatsapp',
    'Hi {name}, thanks for speaking with me today. As promised, here are the details of {course}: {link}. Reply here with any question. – {counsellor}, SkillUp',
  ],
  [
    'Could not reach you',
    'english',
    'whatsapp',
    'Hi {name}, I tried calling you about {course} but could not reach you. Please reply with a time that suits you. – {counsellor}, SkillUp',
  ],
  [
    'Course details',
    'english',
    'email',
    'Dear {name},\n\nThank you for your interest in {course} at SkillUp Soft Skills Academy. You will find the programme, batches and fees here: {link}\n\nI would be glad to answer any question on a short call.\n\nWarm regards,\n{counsellor}\nSkillUp Soft Skills Academy',
  ],
  [
    'पहला संदेश',
    'hindi',
    'whatsapp',
    'नमस्ते {name}, मैं SkillUp Soft Skills Academy से {counsellor} बोल रही/रहा हूँ। {course} में आपकी रुचि के लिए धन्यवाद। क्या हम थोड़ी देर बात कर सकते हैं? जानकारी: {link}',
  ],
  [
    'कॉल के बाद',
    'hindi',
    'whatsapp',
    'नमस्ते {name}, आज बात करने के लिए धन्यवाद। {course} की पूरी जानकारी यहाँ है: {link}। कोई भी सवाल हो तो यहीं लिखें। – {counsellor}, SkillUp',
  ],
  [
    'Pehla message',
    'hinglish',
    'whatsapp',
    'Hi {name}, main {counsellor} SkillUp Soft Skills Academy se. {course} mein interest dikhane ke liye thank you! Kab baat kar sakte hain? Details yahan hain: {link}',
  ],
  [
    'Call nahi laga',
    'hinglish',
    'whatsapp',
    'Hi {name}, maine {course} ke baare mein call kiya tha par baat nahi ho payi. Aapke liye kaunsa time theek rahega? – {counsellor}, SkillUp',
  ],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('message_templates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('english', 'hindi', 'hinglish')`))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('whatsapp', 'email')`))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  for (const [name, language, channel, body] of DEFAULT_TEMPLATES) {
    await db.insertInto('message_templates').values({ name, language, channel, body }).execute();
  }

  await db.schema
    .createTable('saved_views')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('shared', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('saved_views_owner_idx').on('saved_views').columns(['owner_id', 'created_at']).execute();
  await sql`create index saved_views_shared_idx on saved_views (created_at) where shared`.execute(db);

  await db.schema
    .alterTable('admins')
    .addColumn('preferences', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();

  await db.schema
    .createTable('people')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('merged_into', 'uuid', (c) => c.references('people.id'))
    .execute();
  // The People page: everyone, newest first.
  await sql`create index people_created_idx on people (created_at desc, id desc) where merged_into is null`.execute(db);
  await db.schema
    .createTable('lead_people')
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'uuid', (c) => c.notNull())
    .addColumn('person_id', 'uuid', (c) => c.notNull().references('people.id'))
    .addPrimaryKeyConstraint('lead_people_pkey', ['list', 'lead_id'])
    .execute();
  await db.schema.createIndex('lead_people_person_idx').on('lead_people').column('person_id').execute();
  await db.schema
    .createTable('people_queue')
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'uuid', (c) => c.notNull())
    .addPrimaryKeyConstraint('people_queue_pkey', ['list', 'lead_id'])
    .execute();
  await db.schema
    .createTable('person_merges')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('into_person', 'uuid', (c) => c.notNull().references('people.id'))
    .addColumn('from_person', 'uuid', (c) => c.notNull().references('people.id'))
    .addColumn('moved', 'jsonb', (c) => c.notNull())
    .addColumn('admin_id', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('admin_label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('undone_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('person_merges_into_idx').on('person_merges').column('into_person').execute();
  await db.schema.createIndex('person_merges_from_idx').on('person_merges').column('from_person').execute();

  await sql`
    create function queue_people() returns trigger language plpgsql as $$
    begin
      insert into people_queue (list, lead_id) select TG_ARGV[0], id from new_rows on conflict do nothing;
      return null;
    end
    $$`.execute(db);
  for (const [table, list] of TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_people`)} after insert on ${sql.table(table)}
      referencing new table as new_rows for each statement
      execute function queue_people(${sql.lit(list)})`.execute(db);
    // The leads already held are joined to people by the linker too.
    await sql`insert into people_queue (list, lead_id) select ${list}, id from ${sql.table(table)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of TABLES) await sql`drop trigger ${sql.id(`${table}_people`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function queue_people()`.execute(db);
  for (const table of ['person_merges', 'people_queue', 'lead_people', 'people']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('admins').dropColumn('preferences').execute();
  await db.schema.dropTable('saved_views').execute();
  await db.schema.dropTable('message_templates').execute();
}

// Personality-test submissions (POST /api/v1/quiz/submit-answers). Each row is one taken
// test: who took it, in which language, the answers, the scores as issued, and the
// certificate it earned. certificate_id is 128 random bits in hex: it is the only key to
// the public verification page, so it must be unguessable, and it is unique.
// idempotency_key/request_hash follow the lead tables (exactly-once ingest).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('quiz_submissions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('english', 'hinglish')`))
    // { q01: 0..3, ... }: the option index per question id.
    .addColumn('answers', 'jsonb', (c) => c.notNull())
    // { domains: [{ domain, raw, percent, band }, ...] }, frozen at submission so the
    // certificate never changes if the scoring is revised later.
    .addColumn('result', 'jsonb', (c) => c.notNull())
    .addColumn('certificate_id', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`certificate_id ~ '^[0-9a-f]{32}$'`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('request_hash', 'text')
    .execute();
  // The admin list joins a sign-up to its latest test by email.
  await db.schema.createIndex('quiz_submissions_email_idx').on('quiz_submissions').columns(['email', 'created_at']).execute();
  await db.schema.createIndex('quiz_submissions_created_at_idx').on('quiz_submissions').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('quiz_submissions').execute();
}

// Verifiable credentials: every certificate is also an Open Badges 3.0 credential signed
// with one Ed25519 key that all instances share (made once and kept here, unless
// CREDENTIAL_SIGNING_KEY names one), and each issued credential has a place in a
// Bitstring Status List, so a withdrawn certificate can be revoked. credential_status
// keeps only the certificate's id, the salt of its recipient hash and its index: nothing
// that names the person, so it stays when a person is erased (their bit is set instead).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('credential_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('credential_status')
    .addColumn('certificate_id', 'text', (c) => c.primaryKey())
    .addColumn('status_index', 'integer', (c) => c.notNull().unique().generatedAlwaysAsIdentity())
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('credential_status').execute();
  await db.schema.dropTable('credential_keys').execute();
}

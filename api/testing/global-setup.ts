// Vitest's global setup: migrates one PGlite database (dumped to a file) and, when
// TEST_DATABASE_URL is set, one Postgres template database, once per run. Every test
// database and every test server's Postgres database is then a copy (./databases.ts,
// tests/support/server.ts); the names travel to the test processes in the environment.
// Here, not in the first suite that needs them: a global setup has no timeout, and on a
// loaded machine migrating took longer than a suite's hook may.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../db/migrate.ts';
import { createPostgresDatabase, dumpMigratedPglite, SCHEMA_ENV } from './databases.ts';

async function writePgliteDump(file: string): Promise<void> {
  writeFileSync(file, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()));
}

async function createPostgresTemplate(baseUrl: string) {
  const created = await createPostgresDatabase(baseUrl);
  try {
    const pool = new pg.Pool({ connectionString: created.url, max: 1 });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the database untyped
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    try {
      await migrateToLatest(db);
    } finally {
      // A template must have no connections while it is copied.
      await db.destroy();
    }
    return created;
  } catch (err) {
    await created.drop();
    throw err;
  }
}

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  // Each vitest project runs its global setup; the first one's databases serve them all.
  if (process.env[SCHEMA_ENV.pgliteDump]) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'test-schema-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  const dump = path.join(dir, 'pglite-migrated.tar');
  const [template] = await Promise.all([baseUrl ? createPostgresTemplate(baseUrl) : undefined, writePgliteDump(dump)]);
  process.env[SCHEMA_ENV.pgliteDump] = dump;
  if (template) process.env[SCHEMA_ENV.postgresTemplate] = template.name;
  return async () => {
    delete process.env[SCHEMA_ENV.pgliteDump];
    delete process.env[SCHEMA_ENV.postgresTemplate];
    rmSync(dir, { recursive: true, force: true });
    await template?.drop();
  };
}

// Test databases: every API suite runs against embedded PGlite, and also against real
// Postgres when TEST_DATABASE_URL is set (CI sets it). Each suite gets a fresh database
// of its own, created before and dropped after.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

export interface TestBackend {
  name: 'pglite' | 'postgres';
  /** Creates a fresh, migrated database; `dispose` drops it. */
  create(): Promise<TestDatabase>;
}

export interface TestDatabase extends DatabaseHandle {
  /** Postgres only: the URL of the fresh database (for spawning a server process). */
  url?: string;
  dispose(): Promise<void>;
}

function adminUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: adminUrl(baseUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export const pgliteBackend: TestBackend = {
  name: 'pglite',
  async create() {
    const handle = await openDatabase({ dataDir: 'memory://', databaseUrl: undefined });
    await migrateToLatest(handle.db);
    return { ...handle, dispose: () => handle.close() };
  },
};

export function postgresBackend(baseUrl: string): TestBackend {
  return {
    name: 'postgres',
    async create() {
      const created = await createPostgresDatabase(baseUrl);
      const handle = await openDatabase({ databaseUrl: created.url, dataDir: '' });
      await migrateToLatest(handle.db);
      return {
        ...handle,
        url: created.url,
        async dispose() {
          await handle.close();
          await created.drop();
        },
      };
    },
  };
}

/** PGlite always; Postgres too when TEST_DATABASE_URL is set. */
export function testBackends(): TestBackend[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pgliteBackend, postgresBackend(url)] : [pgliteBackend];
}

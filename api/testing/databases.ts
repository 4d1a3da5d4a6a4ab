// Test databases: every API suite runs against embedded PGlite, and also against real
// Postgres when TEST_DATABASE_URL is set (CI sets it). Each suite gets a fresh database
// of its own, created before and dropped after. Fresh, not empty: migrating a database
// from scratch cost seconds of CPU each, so the suites' global setup (./global-setup.ts)
// migrates one of each kind per run and every test database is a copy of it.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Kysely } from 'kysely';
import pg from 'pg';
import { loadPglite, openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/** Set by the global setup for every test process: where the migrated schema of each kind is. */
export const SCHEMA_ENV = {
  /** A file: a migrated PGlite database, dumped whole (dumpDataDir). */
  pgliteDump: 'TEST_PGLITE_DUMP',
  /** A database on TEST_DATABASE_URL's server, migrated, that CREATE DATABASE … TEMPLATE copies. */
  postgresTemplate: 'TEST_POSTGRES_TEMPLATE',
} as const;

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

/**
 * A new database on `baseUrl`'s server: empty, or a copy of `template` (a database nobody
 * is connected to; Postgres copies its files, far faster than running the migrations again).
 */
export async function createPostgresDatabase(
  baseUrl: string,
  options: { template?: string | undefined } = {},
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  } finally {
    await admin.end();
  }
  return {
    name,
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

/** Migrates a new in-memory PGlite database and dumps it whole, to open copies of. */
export async function dumpMigratedPglite(): Promise<Blob> {
  const [{ PGlite, extensions }, { PGliteDialect }] = await Promise.all([loadPglite(), import('kysely-pglite-dialect')]);
  const client = await PGlite.create('memory://', { extensions });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the database untyped
  const db = new Kysely<any>({ dialect: new PGliteDialect(client) });
  try {
    await migrateToLatest(db);
    return await client.dumpDataDir('none');
  } finally {
    await db.destroy();
  }
}

let pgliteDump: Promise<Blob> | undefined;

/**
 * The run's dump (the file the global setup wrote); else (outside a vitest run, or its file
 * gone) one made in this process, once, and written for the next process that looks.
 */
function migratedPgliteDump(): Promise<Blob> {
  const file = process.env[SCHEMA_ENV.pgliteDump];
  pgliteDump ??= file && existsSync(file) ? Promise.resolve(new Blob([readFileSync(file)])) : dumpAndKeep(file);
  return pgliteDump;
}

async function dumpAndKeep(file: string | undefined): Promise<Blob> {
  const dump = await dumpMigratedPglite();
  if (file) {
    // Written whole, then renamed: a process reading it never sees half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return dump;
}

export const pgliteBackend: TestBackend = {
  name: 'pglite',
  async create() {
    const handle = await openDatabase({ dataDir: 'memory://', databaseUrl: undefined, pgliteDump: await migratedPgliteDump() });
    // Nothing to do on a current dump; a migration newer than the dump is applied here.
    await migrateToLatest(handle.db);
    return { ...handle, dispose: () => handle.close() };
  },
};

export function postgresBackend(baseUrl: string): TestBackend {
  return {
    name: 'postgres',
    async create() {
      const created = await createPostgresDatabase(baseUrl, { template: process.env[SCHEMA_ENV.postgresTemplate] });
      const handle = await openDatabase({ databaseUrl: created.url, dataDir: '' });
      // A no-op on the template's copy; on an empty database (no global setup), every migration.
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

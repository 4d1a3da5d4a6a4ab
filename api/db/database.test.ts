// The database layer under failure: Postgres dropping every connection (what a restart
// or failover does) must not kill the process, and the next request must succeed.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { postJson, testApp } from '../testing/app.ts';
import { createPostgresDatabase } from '../testing/databases.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { acquireDirLock, DataDirLockedError } from './dir-lock.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const contact = { firstName: 'A', lastName: 'B', email: 'a@example.in', phone: '9876543210', message: 'hello' };

const baseUrl = process.env.TEST_DATABASE_URL;
describe.runIf(baseUrl)('Postgres connections dropped under the pool', () => {
  it('recovers on the next request without crashing', async () => {
    const created = await createPostgresDatabase(baseUrl!);
    const lines: string[] = [];
    const handle = await openDatabase({ databaseUrl: created.url, dataDir: '', log: (l) => lines.push(l) });
    await migrateToLatest(handle.db);
    const database = { ...handle, url: created.url, dispose: async () => (await handle.close(), await created.drop()) };
    const { app } = testApp(database);
    try {
      expect((await postJson(app, LEAD_PATHS.contact, contact)).status).toBe(201);
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await admin.end();
      expect(killed.rowCount).toBeGreaterThan(0);
      // The pool reports the dead idle client through its error listener, not a crash.
      await expect.poll(() => lines.some((l) => /postgres (idle client error|connection lost)/.test(l))).toBe(true);
      const after = await postJson(app, LEAD_PATHS.contact, contact);
      expect(after.status).toBe(201);
      expect(await database.ping()).toBe(true);
    } finally {
      await database.dispose();
    }
  });
});

describe('the embedded database directory lock', () => {
  it('refuses a live owner, takes over a stale lock and releases on close', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    const file = path.join(dir, 'pglite.lock');
    const lock = acquireDirLock(file);
    expect(() => acquireDirLock(file)).toThrow(DataDirLockedError);
    lock.release();
    // A pid that cannot exist: its owner is gone, the lock is stale.
    writeFileSync(file, '2147483646');
    const taken = acquireDirLock(file);
    taken.release();
    expect(() => acquireDirLock(file).release()).not.toThrow();
  });
});

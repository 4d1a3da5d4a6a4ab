// Opens the database: real Postgres through a `pg` pool when DATABASE_URL is set,
// otherwise embedded PGlite in DATA_DIR so `npm ci && npm start` needs no server.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { acquireDirLock, type DirLock } from './dir-lock.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** Resolves true when a trivial query succeeds within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolMax?: number;
  log?: (line: string) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options.dataDir, options);
}

function openPostgres(url: string, options: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A query stuck behind a dead connection must fail, not hang a request forever.
    query_timeout: 15_000,
    keepAlive: true,
  });
  // A client whose server went away (Postgres restart, failover, pg_terminate_backend, a
  // network blip) emits 'error'. pg-pool listens only while the client is idle and removes
  // its listener while the client is checked out, and an 'error' event with no listener
  // kills the process: so every client gets a listener of its own for its whole life. The
  // query in flight fails on its own (503, retried by the outbox); the client is marked
  // unusable and the pool discards it on release and opens a fresh one when needed.
  const log = throttledLog(options.log);
  pool.on('connect', (client) => client.on('error', (err) => log(`postgres connection lost: ${err.message}`)));
  pool.on('error', (err) => log(`postgres idle client error: ${err.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    ping: (timeoutMs) => ping(db, timeoutMs),
    close: () => db.destroy(),
  };
}

/**
 * When Postgres goes away, every connection reports it at once, and again on each retry:
 * one line a second, with the count of the others, is enough to see what happened.
 */
function throttledLog(log: ((line: string) => void) | undefined): (line: string) => void {
  let last = 0;
  let skipped = 0;
  return (line) => {
    const now = Date.now();
    if (now - last < 1_000) {
      skipped++;
      return;
    }
    last = now;
    log?.(skipped > 0 ? `${line} (and ${skipped} more since the last report)` : line);
    skipped = 0;
  };
}

async function openPglite(dataDir: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const [{ PGlite }, { PGliteDialect }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('kysely-pglite-dialect'),
  ]);
  let lock: DirLock | undefined;
  let target = dataDir;
  if (!dataDir.startsWith('memory://')) {
    const dir = path.resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    // PGlite is a single-process database: two processes writing one directory corrupt it.
    lock = acquireDirLock(path.join(dir, 'pglite.lock'));
    target = path.join(dir, 'pglite');
  }
  try {
    const client = await PGlite.create(target);
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    return {
      db,
      kind: 'pglite',
      ping: (timeoutMs) => ping(db, timeoutMs),
      close: async () => {
        await db.destroy();
        lock?.release();
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

async function ping(db: Kysely<Database>, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([sql`select 1`.execute(db).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

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
  // An idle client whose server went away (Postgres restart, network blip) emits
  // 'error' on the pool; without a listener that would crash the process. The pool
  // discards that client and opens a fresh one on the next query.
  pool.on('error', (err) => options.log?.(`postgres idle client error: ${err.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    ping: (timeoutMs) => ping(db, timeoutMs),
    close: () => db.destroy(),
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

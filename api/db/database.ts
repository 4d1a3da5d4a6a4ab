// Opens the database: real Postgres through a `pg` pool when DATABASE_URL is set,
// otherwise embedded PGlite in DATA_DIR so `npm ci && npm start` needs no server.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { acquireDirLock, type DirLock } from './dir-lock.ts';
import { throttledLog } from '../lib/throttled-log.ts';
import { createOutageGate } from './outage.ts';
import { copyCsvWith, type CopyCsv } from './copy-out.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** Resolves true when a trivial query succeeds within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * LISTEN on a channel: `onNotify` gets each NOTIFY payload, from this process or any
   * other on the same database. Resolves with a function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Postgres: the pool's connections now (for the metrics); undefined for the embedded database. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Postgres: true while the database is known down and a query now would be refused at once (outage.ts). */
  knownDown?: () => boolean;
  /** Postgres: a select's rows as COPY writes them in CSV (copy-out.ts); PGlite has no COPY to a client. */
  copyCsv?: CopyCsv;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolMax?: number;
  log?: (line: string) => void;
  /**
   * PGlite only: start from this dump of another embedded database (PGlite's dumpDataDir)
   * instead of an empty one. The test suites open every database from one migrated dump,
   * where migrating each from scratch cost seconds of CPU.
   */
  pgliteDump?: Blob;
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
  // Every query asks for its connection through the gate: while Postgres is unreachable it
  // answers at once instead of each request trying (and waiting on) a connection of its own.
  const gate = createOutageGate({ log: options.log });
  const gated = { connect: () => gate.connect(() => pool.connect()), end: () => pool.end() };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: gated }) });
  const listener = postgresListener(url, log);
  return {
    db,
    kind: 'postgres',
    ping: (timeoutMs) => ping(db, timeoutMs),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    knownDown: () => gate.refusing,
    copyCsv: copyCsvWith(() => gate.connect(() => pool.connect())),
    listen: (channel, onNotify) => listener.listen(channel, onNotify),
    close: async () => {
      await listener.close();
      await db.destroy();
    },
  };
}

/**
 * LISTEN needs a connection of its own for as long as anyone listens (a pooled one goes
 * back to the pool after each query). One per process, shared by every channel; if it is
 * lost (Postgres restarts), it reconnects with a growing pause and listens again. A
 * notification sent while it was away is missed: listeners treat events as hints to
 * refresh, never as the data itself.
 */
function postgresListener(url: string, log: (line: string) => void) {
  const channels = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | undefined;

  const quoted = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'skillup-listener' });
      c.on('error', (err) => log(`postgres listener lost: ${err.message}`));
      c.on('notification', (msg) => {
        for (const callback of channels.get(msg.channel) ?? []) callback(msg.payload ?? '');
      });
      c.on('end', () => {
        if (client === c) client = undefined;
        if (!closed && channels.size > 0) reconnectLater();
      });
      await c.connect();
      for (const channel of channels.keys()) await c.query(`listen ${quoted(channel)}`);
      client = c;
      retryMs = 500;
      return c;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  const reconnectLater = () => {
    if (retryTimer || closed) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((err: Error) => {
        log(`postgres listener: ${err.message}; retrying in ${retryMs} ms`);
        retryMs = Math.min(retryMs * 2, 30_000);
        reconnectLater();
      });
    }, retryMs);
    retryTimer.unref();
  };

  return {
    async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
      let set = channels.get(channel);
      if (!set) {
        channels.set(channel, (set = new Set()));
        const c = client ?? (await connect().catch(() => undefined));
        if (c && client === c) await c.query(`listen ${quoted(channel)}`).catch(() => reconnectLater());
        else reconnectLater();
      }
      set.add(onNotify);
      return async () => {
        set.delete(onNotify);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await connecting?.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * When Postgres goes away, every connection reports it at once, and again on each retry:
 * one line a second, with the count of the others, is enough to see what happened.
 */

/**
 * PGlite and the extensions every embedded database is opened with (pg_trgm: the admin
 * lists' substring search, migrations/2026-11-23T0005_console.ts), loaded on first use.
 */
export async function loadPglite() {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return { PGlite, extensions: { pg_trgm } };
}

async function openPglite(dataDir: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const [{ PGlite, extensions }, { PGliteDialect }] = await Promise.all([loadPglite(), import('kysely-pglite-dialect')]);
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
    const client = await PGlite.create(target, { extensions, ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}) });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    return {
      db,
      kind: 'pglite',
      ping: (timeoutMs) => ping(db, timeoutMs),
      listen: async (channel, onNotify) => {
        const stop = await client.listen(channel, onNotify);
        return () => stop();
      },
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

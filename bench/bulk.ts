// Bulk work at 10,000 leads, on embedded PGlite and on Postgres, side by side in one run: one
// change by filter (every lead of a source, among others), as the console's "all matching"
// sends it, for an assignment, a status (whose timeline entries enqueue the rules' events) and
// the status's undo. Each change is its own transaction of a handful of set-based statements;
// the target is 5 s each. Also checks the rules hear of each lead once per change.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'kysely';
import { loadConfig } from '../api/config.ts';
import { openDatabase, type DatabaseHandle } from '../api/db/database.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { bulkChange, selectionOf } from '../api/desk/bulk.ts';
import { undoBulkChange } from '../api/desk/bulk-undo.ts';
import { LISTED_LEADS } from '../api/leads/definitions.ts';
import { createAdmin } from '../api/auth/admins.ts';
import type { Member } from '../api/auth/auth.ts';
import { createPostgresDatabase } from '../api/testing/databases.ts';
import { insertContactLeads } from '../api/testing/bulk-leads.ts';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BULK_LEADS = 10_000;
export const BULK_TARGET_MS = 5_000;

export interface BulkFigures {
  backend: 'pglite' | 'postgres';
  assignMs: number;
  statusMs: number;
  undoMs: number;
  /** lead.status events per lead after the status and its undo (2 expected: one each). */
  eventsPerLead: number;
  /** The 1-minute load average when the figures were taken. */
  load: number;
  /**
   * CPU time the three changes took (this process, and on Postgres the database's server
   * processes, read from /proc): what they would take on an idle machine, whatever the load.
   */
  cpuMs: { assign: number; status: number; undo: number };
}

/** Clock ticks per second of /proc's utime and stime (100 on Linux). */
const TICKS = 100;

/** CPU milliseconds so far of this process and of the server processes of `handle`'s database (Postgres on this machine). */
async function cpuNow(handle: DatabaseHandle, backend: BulkFigures['backend']): Promise<number> {
  const own = process.cpuUsage();
  let ms = (own.user + own.system) / 1000;
  if (backend === 'postgres') {
    const pids = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(handle.db);
    for (const { pid } of pids.rows) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
      } catch {
        // Not on this machine, or gone: counted as nothing.
      }
    }
  }
  return ms;
}

async function measure(handle: DatabaseHandle, backend: BulkFigures['backend']): Promise<BulkFigures> {
  await migrateToLatest(handle.db);
  await createAdmin(handle.db, { email: 'bench.admin@example.in', password: 'bench admin password', name: 'Bench Admin' });
  const admin = await handle.db.selectFrom('admins').select(['id', 'email', 'name']).executeTakeFirstOrThrow();
  const member: Member = { ...admin, role: 'admin' };
  await insertContactLeads(handle.db, 2_000, { utmSource: 'elsewhere' });
  await insertContactLeads(handle.db, BULK_LEADS, { utmSource: 'college-fair' });
  const lead = LISTED_LEADS.contact;
  const work = () => ({ db: handle.db, config: loadConfig({ PORT: '0', DATA_DIR: os.tmpdir() }), now: new Date() });
  const selection = selectionOf(lead, { filter: { utm_source: 'college-fair' } }, member);
  const cpu: number[] = [];
  const time = async <T>(run: () => Promise<T>): Promise<[number, T]> => {
    const before = await cpuNow(handle, backend);
    const started = performance.now();
    const result = await run();
    const ms = performance.now() - started;
    cpu.push((await cpuNow(handle, backend)) - before);
    return [ms, result];
  };
  const [assignMs] = await time(() => bulkChange(lead, 'contact', selection, { type: 'assign', assignee: admin.id }, member, work()));
  const [statusMs, status] = await time(() =>
    bulkChange(lead, 'contact', selection, { type: 'status', status: 'contacted' }, member, work()),
  );
  const load = os.loadavg()[0]!;
  const [undoMs] = await time(() => undoBulkChange(lead, 'contact', status.id!, member, work()));
  const events = await sql<{ n: number; leads: number }>`
    select count(*)::int as n, count(distinct payload->>'id')::int as leads from jobs where kind = 'lead.status'`.execute(handle.db);
  const row = events.rows[0]!;
  return {
    backend,
    assignMs,
    statusMs,
    undoMs,
    eventsPerLead: row.leads === 0 ? 0 : row.n / row.leads,
    load,
    cpuMs: { assign: cpu[0]!, status: cpu[1]!, undo: cpu[2]! },
  };
}

export async function benchBulk(): Promise<BulkFigures[]> {
  const figures: BulkFigures[] = [];
  const lite = await openDatabase({ dataDir: 'memory://', databaseUrl: undefined });
  try {
    figures.push(await measure(lite, 'pglite'));
  } finally {
    await lite.close();
  }
  const created = await createPostgresDatabase(BASE_URL);
  const pgHandle = await openDatabase({ databaseUrl: created.url, dataDir: '' });
  try {
    figures.push(await measure(pgHandle, 'postgres'));
  } finally {
    await pgHandle.close();
    await created.drop();
  }
  return figures;
}

// Storing new rows: grouped with other requests' rows (group-commit.ts) for kinds whose
// insert is one statement, or in a transaction with the kind's follow-up work. Either
// way a row the database refuses fails alone.
import type { Kysely } from 'kysely';
import { API_MESSAGES } from '../../contract/messages.ts';
import type { Database, LeadTable } from '../db/schema.ts';
import { isDatabaseUnavailable } from '../http/errors.ts';
import { retryInHalvesOnLostConnection, retryOnLostConnection } from '../db/lost-connection.ts';
import { createGroupCommit, type GroupCommit, type WriteOutcome } from './group-commit.ts';
import type { Answer, LeadResource } from './resource.ts';
import { insertRows, type RowValues, type Stored, type StoredBase } from './statements.ts';

/** Two writes in flight measured best here (4 and more split the groups; one lets a single slow statement hold up every submission of its kind). */
const GROUP_COMMIT_IN_FLIGHT = 2;
const GROUP_COMMIT_MAX_ROWS = 500;

/**
 * Runs `attempt` on all rows at once; if the database refuses that for any reason but its
 * own absence, tries each row on its own, so a row that cannot be stored fails alone and
 * never takes the others (other people's submissions, in a grouped statement) with it.
 * A lost database is thrown: every row waits for it alike (503, retried).
 */
export async function isolateFailures<Out extends { id: string }>(
  rows: RowValues[],
  attempt: (rows: RowValues[]) => Promise<Out[]>,
): Promise<WriteOutcome<Out>> {
  const byId = (written: Out[]) => new Map(written.map((r) => [r.id, r]));
  try {
    return { written: byId(await attempt(rows)), failed: new Map() };
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err;
    if (rows.length === 1) return { written: new Map(), failed: new Map([[rows[0]!.id, err]]) };
  }
  const outcome: WriteOutcome<Out> = { written: new Map(), failed: new Map() };
  for (const row of rows) {
    try {
      for (const r of await attempt([row])) outcome.written.set(r.id, r);
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      outcome.failed.set(row.id, err);
    }
  }
  return outcome;
}

/**
 * The answer for a row the database refused. A rule of the resource's own (one registration
 * per email) gives the resource's answer. Otherwise validation is meant to stop anything it
 * cannot store, so this is logged as our bug; a data error (SQLSTATE class 22) is the
 * row's own fault and final (the outbox shows it as needing attention instead of retrying
 * it forever in front of everything queued after it), anything else is a 500.
 */
export function refusedAnswer(resource: Pick<LeadResource, 'table' | 'refusal'>, err: unknown, log: (line: string) => void): Answer {
  // A row whose write ran out of tries while the database was away: retried by the outbox.
  if (isDatabaseUnavailable(err)) return { status: 503, body: { message: API_MESSAGES.unavailable } };
  const own = resource.refusal?.(err);
  if (own) return own;
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : String(err);
  log(`insert into ${resource.table} refused one row (${typeof code === 'string' ? code : 'no code'}): ${message}`);
  if (typeof code === 'string' && code.startsWith('22')) return { status: 400, body: { message: API_MESSAGES.unstorable } };
  return { status: 500, body: { message: API_MESSAGES.internal } };
}

export type RowStore = <T extends LeadTable>(resource: LeadResource<T>, rows: RowValues[]) => Promise<WriteOutcome<Stored<T>>>;

/**
 * Whether a write of `rows` may run again on another connection if its own was lost: when
 * every row has an idempotency key, the insert skips a key an earlier run committed (its row
 * is then replayed, as any stored key is). A row without one could be stored twice.
 */
const allKeyed = (rows: RowValues[]) => rows.every((row) => row.idempotency_key != null);

function retriedIfKeyed<Out>(rows: RowValues[], write: () => Promise<Out>): Promise<Out> {
  return allKeyed(rows) ? retryOnLostConnection(write) : write();
}

/**
 * A group's rows in one statement, each failing alone (isolateFailures). When the connection
 * is lost under it, keyed rows are tried again in halves (lost-connection.ts says why); rows
 * whose tries ran out are refused with that error (a 503 each, refusedAnswer), while the rows
 * stored before it are answered 201.
 */
async function writeGroup<Out extends { id: string }>(
  rows: RowValues[],
  insert: (rows: RowValues[]) => Promise<Out[]>,
): Promise<WriteOutcome<Out>> {
  if (!allKeyed(rows)) return isolateFailures(rows, insert);
  const outcome: WriteOutcome<Out> = { written: new Map(), failed: new Map() };
  await retryInHalvesOnLostConnection(
    rows,
    async (piece) => {
      const { written, failed } = await isolateFailures(piece, insert);
      for (const [id, row] of written) outcome.written.set(id, row);
      for (const [id, err] of failed) outcome.failed.set(id, err);
    },
    (piece, err) => {
      for (const row of piece) outcome.failed.set(row.id, err);
    },
  );
  return outcome;
}

/** A store for one app: one group commit per table (a table's rows are always one kind's). */
export function createRowStore(db: Kysely<Database>): RowStore {
  const groups = new Map<LeadTable, GroupCommit<RowValues, StoredBase>>();
  return function store<T extends LeadTable>(resource: LeadResource<T>, rows: RowValues[]): Promise<WriteOutcome<Stored<T>>> {
    const afterInsert = resource.afterInsert;
    if (afterInsert) {
      return isolateFailures(rows, (some) =>
        retriedIfKeyed(some, () =>
          db.transaction().execute(async (trx) => {
            const inserted = await insertRows(trx, resource.table, some);
            if (inserted.length > 0) await afterInsert(trx, inserted);
            return inserted;
          }),
        ),
      );
    }
    let group = groups.get(resource.table);
    if (!group) {
      group = createGroupCommit<RowValues, StoredBase>({
        write: (some) => writeGroup(some, (piece) => insertRows(db, resource.table, piece)),
        idOf: (row) => row.id,
        maxInFlight: GROUP_COMMIT_IN_FLIGHT,
        maxRows: GROUP_COMMIT_MAX_ROWS,
      });
      groups.set(resource.table, group);
    }
    // The group of resource.table only ever writes that table's rows.
    return group.submit(rows) as Promise<WriteOutcome<Stored<T>>>;
  };
}

// A statement whose connection died under it (the backend terminated, a failover, a pooler
// restart) fails though the database is there. For work that is safe to run twice, trying
// again at once on another connection turns that into a success, where a 503 sent every
// request on the dead connections back to the phones to retry seconds later: with its
// connections killed every 150 ms at 200 POSTs/s, most submissions were refused again and
// again and the retries became most of the load.
import { DatabaseDownError } from './outage.ts';

/**
 * Pauses before each try after the first (ms). Not at once: the pool's other idle connections
 * were most likely lost in the same blow, and until the event loop has read their sockets'
 * end the pool hands them out as if alive (an immediate retry failed four times in a row).
 */
export const LOST_CONNECTION_PAUSES_MS = [5, 25, 100, 250, 500] as const;

/**
 * No try starts later than this after the first (ms): each may also wait for a pool connection,
 * and a request held for several such waits went unanswered past a phone's timeout.
 */
export const LOST_CONNECTION_BUDGET_MS = 1_500;

/** The codes and words of a connection that was open and is gone (not of one that could not be opened). */
const LOST_CODES = new Set(['57P01', '57P02', 'ECONNRESET', 'EPIPE']);
const LOST_WORDS = /^(Connection terminated unexpectedly|Client has encountered a connection error and is not queryable)/;

/**
 * Whether `err` says the connection under a statement was lost. A database known to be down
 * (the outage gate's 503), a full pool and a timeout are not: trying again would only wait
 * longer for the same answer.
 */
export function isLostConnection(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof DatabaseDownError) return false;
  const code = (err as { code?: unknown }).code;
  return (typeof code === 'string' && LOST_CODES.has(code)) || LOST_WORDS.test(err.message);
}

/** Tries started again after a lost connection, in this process since it started. */
let retries = 0;

/** How many tries were started again after a lost connection (the metrics' db_lost_connection_retries_total). */
export function lostConnectionRetries(): number {
  return retries;
}

/**
 * Runs `work`, and again after each of `pauses` while it fails for a lost connection and the
 * next try would start within `budgetMs` of the first. Only for
 * work whose second run cannot repeat the first's effect: a read, or a write that skips what an
 * earlier run of it committed (the ingest's inserts by idempotency key).
 */
export async function retryOnLostConnection<T>(
  work: () => Promise<T>,
  pauses: readonly number[] = LOST_CONNECTION_PAUSES_MS,
  budgetMs = LOST_CONNECTION_BUDGET_MS,
): Promise<T> {
  const start = performance.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const pause = pauses[attempt];
      if (pause === undefined || !isLostConnection(err) || performance.now() - start + pause > budgetMs) throw err;
      retries++;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * retryOnLostConnection for one write of many items (a group commit's rows): each try after a
 * lost connection writes what it had in two halves, one after the other, and a half that is
 * cut likewise. A statement of many rows runs long, and a long statement is the one a lost
 * connection cuts: 500 contact rows take 175 ms to insert here, and with the fault test's
 * connections terminated every 150 ms on a slow day, the whole group was cut on every try
 * until its budget ran out, all its rows were answered 503 and came back into the next such
 * group: for 30 s two kinds' backlogs never got through, while the third's smaller groups did.
 *
 * `write` records what a piece stored itself. A piece that fails for any other reason, or
 * whose tries ran out, goes to `giveUp` with the error that ended it, and the others go on.
 * The same safety rule as retryOnLostConnection: a second run must not repeat the first's effect.
 */
export async function retryInHalvesOnLostConnection<I>(
  items: I[],
  write: (piece: I[]) => Promise<void>,
  giveUp: (piece: I[], err: unknown) => void,
  pauses: readonly number[] = LOST_CONNECTION_PAUSES_MS,
  budgetMs = LOST_CONNECTION_BUDGET_MS,
): Promise<void> {
  const start = performance.now();
  const attempt = async (piece: I[], tries: number): Promise<void> => {
    try {
      await write(piece);
    } catch (err) {
      const pause = pauses[tries];
      if (pause === undefined || !isLostConnection(err) || performance.now() - start + pause > budgetMs) return giveUp(piece, err);
      retries++;
      await new Promise((resolve) => setTimeout(resolve, pause));
      if (piece.length === 1) return attempt(piece, tries + 1);
      const half = Math.ceil(piece.length / 2);
      await attempt(piece.slice(0, half), tries + 1);
      // The first half may have used what was left of the budget.
      if (performance.now() - start > budgetMs) return giveUp(piece.slice(half), err);
      await attempt(piece.slice(half), tries + 1);
    }
  };
  await attempt(items, 0);
}

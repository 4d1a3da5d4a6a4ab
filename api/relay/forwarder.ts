// On a relay: forwards what relay_outbox holds to the upstream's batch endpoint, oldest
// first, each with its own Idempotency-Key, whenever the upstream answers; while it does
// not, waits longer each time (1 s doubling to a minute, with jitter, so a room of relays
// coming back together does not arrive as one). An item the upstream answered for good
// (stored, replayed, or refused as invalid) is marked forwarded and its body cleared;
// anything else (409 in flight, 429 past the allowance, 5xx) is tried again later.
// Killed mid-batch, the relay sends the batch again on restart: the upstream replays the
// stored answers and stores nothing twice.
import type { Kysely } from 'kysely';
import { isFinalStatus, SYNC_BATCH_MAX, SYNC_BODY_MAX_BYTES, SYNC_PATH, type SyncResult } from '../../contract/api.ts';
import { RELAY_MESSAGES, type RelayStatus } from '../../contract/relay.ts';
import type { Database } from '../db/schema.ts';
import { RELAY_AUTH_SCHEME } from './keys.ts';

export interface ForwarderOptions {
  db: Kysely<Database>;
  upstreamUrl: string;
  key: string;
  log: (line: string) => void;
  clock?: () => Date;
  /** How the upstream is reached (tests give an in-process app's `request`). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Looks for due items this often when nothing wakes it (ms). */
  pollMs?: number;
  /** The longest wait between tries while the upstream does not answer (ms). */
  maxBackoffMs?: number;
  /** Seconds one delivery may take before it counts as failed. */
  timeoutSeconds?: number;
}

export interface Forwarder {
  /** Something was captured: look now instead of at the next poll. */
  wake(): void;
  status(): Promise<RelayStatus>;
  /** Resolves when the current delivery (if any) is done. */
  stop(): Promise<void>;
}

/** Bodies per batch stay under the upstream's limit, with room for the envelope. */
const BATCH_BYTES = SYNC_BODY_MAX_BYTES - 64 * 1024;
const FIRST_BACKOFF_MS = 1_000;

interface Due {
  id: string;
  idempotency_key: string;
  path: string;
  body: string | null;
}

/** The next wait after `failures` failures in a row: doubling from a second, capped, ±20%. */
export function backoffMs(failures: number, maxMs: number, random: () => number = Math.random): number {
  const base = Math.min(maxMs, FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** The oldest due items that fit in one batch. */
function fitBatch(due: Due[]): Due[] {
  const batch: Due[] = [];
  let bytes = 0;
  for (const item of due) {
    const size = (item.body?.length ?? 4) + item.path.length + item.idempotency_key.length + 32;
    if (batch.length > 0 && bytes + size > BATCH_BYTES) break;
    batch.push(item);
    bytes += size;
  }
  return batch;
}

export function startForwarder(options: ForwarderOptions): Forwarder {
  const { db, log } = options;
  const clock = options.clock ?? (() => new Date());
  const send = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  const pollMs = options.pollMs ?? 2_000;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  const state = { failures: 0, lastSuccessAt: null as Date | null, lastError: null as string | null, nextAttemptAt: null as Date | null };
  let stopped = false;
  // Stopping cuts a delivery in flight short: what it did not mark goes again at the next start.
  const stopping = new AbortController();
  let wakeUp: (() => void) | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  const failed = (message: string) => {
    state.failures++;
    state.lastError = message;
    const wait = backoffMs(state.failures, maxBackoffMs);
    state.nextAttemptAt = new Date(clock().getTime() + wait);
    if (state.failures === 1 || state.failures % 10 === 0)
      log(`relay: the upstream did not take the batch (${message}); trying again in ${wait} ms`);
    return wait;
  };

  /** One delivery; the wait before the next (0: go on at once). */
  const deliverOnce = async (): Promise<number> => {
    const due = await db
      .selectFrom('relay_outbox')
      .select(['id', 'idempotency_key', 'path', 'body'])
      .where('forwarded_at', 'is', null)
      .where('next_attempt_at', '<=', clock())
      .orderBy('id')
      .limit(SYNC_BATCH_MAX)
      .execute();
    if (due.length === 0) return pollMs;
    const batch = fitBatch(due);
    let response: Response;
    try {
      response = await send(`${options.upstreamUrl}${SYNC_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `${RELAY_AUTH_SCHEME} ${options.key}` },
        body: `[${batch.map((d) => `{"key":${JSON.stringify(d.idempotency_key)},"path":${JSON.stringify(d.path)},"body":${d.body ?? 'null'}}`).join(',')}]`,
        signal: AbortSignal.any([stopping.signal, AbortSignal.timeout((options.timeoutSeconds ?? 30) * 1000)]),
      });
    } catch (err) {
      return failed(`no answer: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (response.status === 401) return failed(RELAY_MESSAGES.keyRefused);
    if (!response.ok) return failed(`HTTP ${response.status}`);
    let results: SyncResult[];
    try {
      results = ((await response.json()) as { results: SyncResult[] }).results;
      if (!Array.isArray(results) || results.length !== batch.length) throw new Error('not one result per item');
    } catch (err) {
      return failed(`an answer that is not the batch's: ${err instanceof Error ? err.message : String(err)}`);
    }
    await record(db, batch, results, clock());
    state.failures = 0;
    state.lastError = null;
    state.lastSuccessAt = clock();
    state.nextAttemptAt = null;
    // Straight on: more may be due (what did not fit, or the next hundred).
    return 0;
  };

  const loop = (async () => {
    while (!stopped) {
      const wait = await deliverOnce().catch((err: Error) => failed(`on the relay: ${err.message}`));
      if (stopped) break;
      if (wait > 0) await sleep(wait);
    }
  })();

  return {
    wake: () => {
      // A wake never cuts a backoff short: the upstream is not answering, more items will not change that.
      if (state.failures === 0) wakeUp?.();
    },
    status: () => relayStatus(db, options.upstreamUrl, state),
    stop: async () => {
      stopped = true;
      stopping.abort();
      wakeUp?.();
      await loop;
    },
  };
}

/** Marks what the upstream answered for good; the rest waits, a 429 as long as it said. */
async function record(db: Kysely<Database>, batch: Due[], results: SyncResult[], now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [i, item] of batch.entries()) {
      const result = results[i]!;
      const message = errorMessage(result);
      if (isFinalStatus(result.status)) {
        await trx
          .updateTable('relay_outbox')
          .set({ forwarded_at: now, upstream_status: result.status, body: null, last_error: message })
          .where('id', '=', item.id)
          .execute();
        continue;
      }
      const retryAfter = (result.body as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
      const waitMs = typeof retryAfter === 'number' && retryAfter > 0 ? retryAfter * 1000 : FIRST_BACKOFF_MS;
      await trx
        .updateTable('relay_outbox')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          next_attempt_at: new Date(now.getTime() + waitMs),
          upstream_status: result.status,
          last_error: message,
        }))
        .where('id', '=', item.id)
        .execute();
    }
  });
}

function errorMessage(result: SyncResult): string | null {
  if (result.status < 300) return null;
  const message = (result.body as { message?: unknown } | null)?.message;
  return `${result.status}${typeof message === 'string' ? `: ${message.slice(0, 300)}` : ''}`;
}

async function relayStatus(
  db: Kysely<Database>,
  upstreamUrl: string,
  state: { lastSuccessAt: Date | null; lastError: string | null; nextAttemptAt: Date | null },
): Promise<RelayStatus> {
  const counts = await db
    .selectFrom('relay_outbox')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('forwarded_at', 'is', null).as('waiting'),
      eb.fn.countAll<string>().filterWhere('forwarded_at', 'is not', null).filterWhere('upstream_status', '<', 300).as('forwarded'),
      eb.fn.countAll<string>().filterWhere('forwarded_at', 'is not', null).filterWhere('upstream_status', '>=', 300).as('refused'),
      eb.fn.min('created_at').filterWhere('forwarded_at', 'is', null).as('oldest'),
    ])
    .executeTakeFirstOrThrow();
  const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
  return {
    relay: true,
    upstreamUrl,
    waiting: Number(counts.waiting),
    forwarded: Number(counts.forwarded),
    refused: Number(counts.refused),
    oldestWaitingAt: iso(counts.oldest as Date | string | null),
    lastSuccessAt: iso(state.lastSuccessAt),
    lastError: state.lastError,
    nextAttemptAt: iso(state.nextAttemptAt),
  };
}

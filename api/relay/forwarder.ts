// A relay's forwarder: the queue's waiting submissions go upstream through the batch endpoint
// (POST {RELAY_UPSTREAM_URL}/api/v1/sync, 100 at a time, oldest first, with the relay key),
// each with its own Idempotency-Key, so the upstream's exactly-once protocol needs nothing
// new: a batch resent after a crash between sending and marking is answered as replays.
// Per item: 2xx is forwarded (its body cleared), 408/409/429/5xx wait for the next round,
// any other 4xx is failed with the upstream's message (shown in the console, never
// retried). A batch refused whole (the key revoked: 401) leaves its items waiting with that
// answer as their last error, which the console shows. While the upstream does not answer, or answers the batch with an error, rounds
// back off from 1 s doubling to 15 s; a new submission or a success starts again at once.
import { sql, type Kysely } from 'kysely';
import { SYNC_BATCH_MAX, SYNC_PATH, type SyncResult } from '../../contract/api.ts';
import { RELAY_KEY_HEADER } from '../../contract/relay.ts';
import type { Database } from '../db/schema.ts';

export interface ForwarderOptions {
  db: Kysely<Database>;
  upstreamUrl: string;
  key: string;
  log: (line: string) => void;
  fetch?: typeof fetch;
  /** Longest wait between rounds while the upstream is away (ms). */
  maxBackoffMs?: number;
}

export interface Forwarder {
  /** Starts a round now (a new submission was queued). */
  wake(): void;
  /** Stops after the round in flight. */
  stop(): Promise<void>;
}

/**
 * The longest wait between rounds while the upstream is away: short enough that a class's
 * tests reach the upstream within a minute of it answering again, long enough that a laptop
 * on a dead link makes four tries a minute.
 */
export const MAX_BACKOFF_MS = 15_000;

const RETRYABLE = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;

interface Waiting {
  key: string;
  path: string;
  body: unknown;
}

async function waitingBatch(db: Kysely<Database>): Promise<Waiting[]> {
  const rows = await db
    .selectFrom('relay_queue')
    .select(['key', 'path', 'body'])
    .where('state', '=', 'waiting')
    .orderBy('created_at')
    .orderBy('key')
    .limit(SYNC_BATCH_MAX)
    .execute();
  return rows.map((r) => ({ ...r, body: typeof r.body === 'string' ? (JSON.parse(r.body) as unknown) : r.body }));
}

/** Records the upstream's answer to each item of a batch; how many were settled (forwarded or failed for good). */
async function settle(db: Kysely<Database>, batch: Waiting[], results: SyncResult[]): Promise<number> {
  let settled = 0;
  await db.transaction().execute(async (trx) => {
    for (const [i, item] of batch.entries()) {
      const result = results[i];
      const status = result?.status ?? 0;
      if (!RETRYABLE(status)) settled += 1;
      if (status >= 200 && status < 300) {
        await trx
          .updateTable('relay_queue')
          .set({ state: 'forwarded', body: null, last_status: status, last_error: null, forwarded_at: sql`now()` })
          .where('key', '=', item.key)
          .execute();
      } else {
        const message = (result?.body as { message?: unknown } | undefined)?.message;
        await trx
          .updateTable('relay_queue')
          .set({
            state: RETRYABLE(status) ? 'waiting' : 'failed',
            attempts: sql`attempts + 1`,
            last_status: status,
            last_error: typeof message === 'string' ? message.slice(0, 500) : `status ${status}`,
          })
          .where('key', '=', item.key)
          .execute();
      }
    }
  });
  return settled;
}

/**
 * The upstream refused the whole batch (a revoked key's 401, a 429, a 503): each item stays
 * waiting and carries that answer, so the relay's status says why nothing goes.
 */
async function refusedWhole(db: Kysely<Database>, batch: Waiting[], response: Response): Promise<void> {
  const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  const reason = typeof body?.message === 'string' ? `: ${body.message.slice(0, 400)}` : '';
  await db
    .updateTable('relay_queue')
    .set({ attempts: sql`attempts + 1`, last_status: response.status, last_error: `The upstream answered ${response.status}${reason}` })
    .where(
      'key',
      'in',
      batch.map((item) => item.key),
    )
    .where('state', '=', 'waiting')
    .execute();
}

/** One round: a batch sent and settled. Resolves to what happened. */
async function round(options: ForwarderOptions): Promise<'idle' | 'progress' | 'stuck'> {
  const batch = await waitingBatch(options.db);
  if (batch.length === 0) return 'idle';
  const send = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await send(`${options.upstreamUrl}${SYNC_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [RELAY_KEY_HEADER]: options.key },
      body: JSON.stringify(batch),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    options.log(`relay: the upstream did not answer (${err instanceof Error ? err.message : String(err)}); ${batch.length}+ waiting`);
    return 'stuck';
  }
  if (!response.ok) {
    options.log(`relay: the upstream answered ${response.status}${response.status === 401 ? ' (is RELAY_KEY revoked?)' : ''}`);
    await refusedWhole(options.db, batch, response);
    return 'stuck';
  }
  const body = (await response.json().catch(() => undefined)) as { results?: SyncResult[] } | undefined;
  if (!Array.isArray(body?.results)) {
    options.log(`relay: the upstream answered ${response.status} without results`);
    return 'stuck';
  }
  return (await settle(options.db, batch, body.results)) > 0 ? 'progress' : 'stuck';
}

export function startForwarder(options: ForwarderOptions): Forwarder {
  const maxBackoff = options.maxBackoffMs ?? MAX_BACKOFF_MS;
  let stopped = false;
  let backoff = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  let again = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
  function run() {
    if (stopped) return;
    // One round at a time; a wake during a round asks for another straight after.
    again = true;
    running = running.then(async () => {
      while (again && !stopped) {
        again = false;
        const outcome = await round(options).catch((err: Error) => {
          options.log(`relay: ${err.message}`);
          return 'stuck' as const;
        });
        if (outcome === 'progress') {
          backoff = 0;
          again = true;
        } else if (outcome === 'stuck') {
          backoff = Math.min(maxBackoff, backoff === 0 ? 1000 : backoff * 2);
          schedule(backoff);
        }
      }
    });
  }
  run();
  return {
    wake: () => {
      backoff = 0;
      run();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

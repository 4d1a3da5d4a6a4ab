// The delivery loop (the outbox protocol in ../shared/design.md). Runs in a page or in the
// service worker, always under one cross-context lock, so each item is in one request at
// a time. An item leaves the waiting states only on a final answer: 2xx (sent) or a 4xx
// retrying cannot fix (needs attention, with the server's message). Network failures,
// timeouts, 408, 409, 425, 429 and 5xx are retried with capped exponential backoff.
import {
  IDEMPOTENCY_HEADER,
  isFinalStatus,
  SYNC_BATCH_MAX,
  SYNC_BODY_MAX_BYTES,
  SYNC_PATH,
  type SyncItem,
  type SyncRequest,
  type SyncResponse,
} from '../../../contract/api.ts';
import { messageOf, postJson, type Fetch, type JsonAnswer } from '../http.ts';
import { backoffDelay, DELIVERY_TIMEOUT_MS, retryAfterMs } from './backoff.ts';
import type { OutboxStore } from './store.ts';
import type { OutboxEvent, OutboxItem } from './types.ts';

export interface DeliveryDeps {
  store: OutboxStore;
  fetch: Fetch;
  now: () => number;
  random?: () => number;
  notify: (event: OutboxEvent) => void;
  /** Runs `fn` while holding the drain lock shared by every tab and the service worker. */
  withLock: <T>(fn: () => Promise<T>) => Promise<T>;
  /** Per-request time limit; a weak campus link can hang a request for minutes. */
  timeoutMs?: number;
}

export interface DrainReport {
  sent: number;
  attention: number;
  retrying: number;
}

const UTF8 = new TextEncoder();
/** Fields never kept on the device after delivery. */
const SECRET_FIELDS = ['password'];

interface Answer {
  status: number;
  body: unknown;
  retryAfter?: string | null;
}

function redact(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([k]) => !SECRET_FIELDS.includes(k)));
}

export interface DrainOptions {
  /**
   * The connection just came back (`online`, Background Sync, app start, page shown):
   * items that failed only for want of a network are tried now rather than after their
   * backoff. Only the first round waives it, so a still-dead link is not hammered.
   */
  connectivity?: boolean;
}

export async function drainOutbox(deps: DeliveryDeps, options: DrainOptions = {}): Promise<DrainReport> {
  return deps.withLock(() => drainLocked(deps, options.connectivity ?? false));
}

async function drainLocked(deps: DeliveryDeps, connectivity: boolean): Promise<DrainReport> {
  const report: DrainReport = { sent: 0, attention: 0, retrying: 0 };
  for (let round = 0; ; round++) {
    const due = await deps.store.due(deps.now(), SYNC_BATCH_MAX, connectivity && round === 0);
    if (due.length === 0) return report;
    const batch = takeBatch(due);
    await deps.store.patchMany(batch.map((item) => ({ id: item.id, patch: { state: 'sending' } })));
    deps.notify({ type: 'changed' });

    let answers: Map<string, Answer>;
    try {
      answers = batch.length === 1 ? await sendOne(deps, batch[0]!) : await sendBatch(deps, batch);
    } catch (err) {
      // No answer at all (offline, DNS, timeout, connection reset): all of them wait.
      const message = err instanceof Error && err.name === 'TimeoutError' ? 'The server took too long to answer' : 'No connection';
      await reschedule(deps, batch, message, 0, undefined);
      report.retrying += batch.length;
      deps.notify({ type: 'changed' });
      return report;
    }

    let transient = false;
    const patches: Array<{ id: string; patch: Partial<OutboxItem> }> = [];
    const events: OutboxEvent[] = [];
    const retry = new Map<string, { items: OutboxItem[]; answer: Answer | undefined }>();
    for (const item of batch) {
      const answer = answers.get(item.id);
      if (!answer || !isFinalStatus(answer.status)) {
        transient = true;
        report.retrying++;
        const key = `${answer?.status ?? 0}`;
        const group = retry.get(key) ?? { items: [], answer };
        group.items.push(item);
        retry.set(key, group);
        continue;
      }
      const delivered = answer.status >= 200 && answer.status < 300;
      const errors = (answer.body as { errors?: Record<string, string> } | undefined)?.errors;
      patches.push({
        id: item.id,
        patch: delivered
          ? {
              state: 'sent',
              sentAt: deps.now(),
              lastStatus: answer.status,
              response: answer.body,
              body: redact(item.body),
              lastError: undefined,
              lastErrors: undefined,
            }
          : {
              state: 'attention',
              lastStatus: answer.status,
              lastError: messageOf(answer.body) ?? `Rejected by the server (${answer.status})`,
              ...(errors ? { lastErrors: errors } : {}),
            },
      });
      if (delivered) report.sent++;
      else report.attention++;
      events.push({
        type: 'outcome',
        id: item.id,
        state: delivered ? 'sent' : 'attention',
        status: answer.status,
        body: answer.body,
        label: item.label,
        attempts: item.attempts,
      });
    }
    await deps.store.patchMany(patches);
    for (const event of events) deps.notify(event);
    for (const { items, answer } of retry.values()) {
      await reschedule(
        deps,
        items,
        messageOf(answer?.body) ?? `Server error (${answer?.status ?? 'no answer'})`,
        answer?.status ?? 0,
        answer?.retryAfter,
      );
    }
    deps.notify({ type: 'changed' });
    // Keep device order: nothing after an item that must be retried goes ahead of it.
    if (transient) return report;
  }
}

function syncItem(item: OutboxItem): SyncItem {
  return { key: item.id, path: item.path, body: item.body };
}

/**
 * The first items that fit in one sync request body, in the UTF-8 bytes the server counts
 * (a Hindi or Hinglish answer takes up to three bytes a character): '[' and ']', each item's
 * JSON and a comma between. An item too large alone still goes alone (the server's 413
 * then says so).
 */
export function takeBatch(due: OutboxItem[], maxBytes = SYNC_BODY_MAX_BYTES): OutboxItem[] {
  const batch: OutboxItem[] = [];
  let bytes = 2;
  for (const item of due) {
    // One request speaks one language (its Accept-Language): a batch ends where the language changes.
    if (batch.length > 0 && item.lang !== batch[0]!.lang) break;
    const size = UTF8.encode(JSON.stringify(syncItem(item))).byteLength + (batch.length > 0 ? 1 : 0);
    if (batch.length > 0 && bytes + size > maxBytes) break;
    batch.push(item);
    bytes += size;
  }
  return batch;
}

async function reschedule(deps: DeliveryDeps, items: OutboxItem[], error: string, status: number, retryAfter: string | null | undefined) {
  const now = deps.now();
  const floor = retryAfterMs(retryAfter, now) ?? 0;
  const updates = items.map((item) => {
    const attempts = item.attempts + 1;
    const wait = Math.max(backoffDelay(attempts, deps.random), floor);
    return {
      item,
      attempts,
      patch: { state: 'waiting' as const, attempts, nextAttemptAt: now + wait, lastError: error, lastStatus: status },
    };
  });
  await deps.store.patchMany(updates.map((u) => ({ id: u.item.id, patch: u.patch })));
  for (const u of updates) {
    deps.notify({
      type: 'outcome',
      id: u.item.id,
      state: 'waiting',
      status,
      body: { message: error },
      label: u.item.label,
      attempts: u.attempts,
    });
  }
}

function post(
  deps: DeliveryDeps,
  path: string,
  body: unknown,
  lang: string | undefined,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  // The form's language (stored with the item): the server answers its messages in it.
  const language: Record<string, string> = lang ? { 'Accept-Language': lang } : {};
  return postJson(
    path,
    body,
    {
      headers: { ...headers, ...language },
      credentials: 'same-origin',
      signal: AbortSignal.timeout(deps.timeoutMs ?? DELIVERY_TIMEOUT_MS),
    },
    deps.fetch,
  );
}

async function sendOne(deps: DeliveryDeps, item: OutboxItem): Promise<Map<string, Answer>> {
  const { response, data: body } = await post(deps, item.path, item.body, item.lang, { [IDEMPOTENCY_HEADER]: item.id });
  return new Map([[item.id, { status: response.status, body, retryAfter: response.headers.get('Retry-After') }]]);
}

async function sendBatch(deps: DeliveryDeps, batch: OutboxItem[]): Promise<Map<string, Answer>> {
  const request: SyncRequest = batch.map(syncItem);
  const { response, data } = await post(deps, SYNC_PATH, request, batch[0]?.lang);
  const body = data as Partial<SyncResponse> | undefined;
  if (!response.ok || !Array.isArray(body?.results)) {
    if (isFinalStatus(response.status) && response.status !== 200) {
      // The batch as a whole was refused (an old server, a proxy limit): deliver the
      // first item on its own so the queue still moves; the rest follow next round.
      return sendOne(deps, batch[0]!);
    }
    const retryAfter = response.headers.get('Retry-After');
    return new Map(batch.map((i) => [i.id, { status: response.status || 503, body, retryAfter }]));
  }
  return new Map(body.results!.map((r) => [r.key, { status: r.status, body: r.body }]));
}

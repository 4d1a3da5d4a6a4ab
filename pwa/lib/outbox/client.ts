// The page side of the outbox: stores each submission before any network call, starts
// delivery on every trigger the protocol names (submit, `online`, app start, becoming
// visible, Background Sync, a timer while items wait), and tells the UI what happens.
import { drainOutbox, type DeliveryDeps } from './deliver.ts';
import { getMeta, idbStore, openOutboxDb, pruneSent, setMeta } from './store.ts';
import { DRAIN_LOCK, OUTBOX_CHANNEL, SYNC_TAG, type OutboxEvent, type OutboxItem } from './types.ts';

type Listener = (event: OutboxEvent) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | undefined;

function emit(event: OutboxEvent, broadcast = true): void {
  for (const l of listeners) l(event);
  if (broadcast) channel?.postMessage(event);
}

/** Subscribe to outbox changes from this tab, other tabs and the service worker. */
export function onOutboxEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Tabs without Web Locks (old browsers) still never run two drains of their own at once.
let localTail: Promise<unknown> = Promise.resolve();
function withLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(DRAIN_LOCK, fn) as Promise<T>;
  }
  const run = localTail.then(fn);
  localTail = run.catch(() => undefined);
  return run;
}

const deps: DeliveryDeps = {
  store: idbStore,
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
  notify: (event) => emit(event),
  withLock,
};

let available: Promise<boolean> | undefined;
/** False in browsers or modes without a usable IndexedDB (some private modes): submissions then go straight to the server. */
export function outboxAvailable(): Promise<boolean> {
  available ??= (async () => {
    if (typeof indexedDB === 'undefined') return false;
    try {
      await openOutboxDb();
      return true;
    } catch {
      return false;
    }
  })();
  return available;
}

let draining: Promise<void> | undefined;
let again = false;
let againConnectivity = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Starts a drain, or asks the running one in this tab to go round once more.
 * `connectivity`: the trigger says the network may be back (see DrainOptions).
 */
export function drainSoon(connectivity = false): Promise<void> {
  if (draining) {
    again = true;
    againConnectivity ||= connectivity;
    return draining;
  }
  draining = (async () => {
    let waive = connectivity;
    try {
      do {
        again = false;
        await drainOutbox(deps, { connectivity: waive });
        waive = againConnectivity;
        againConnectivity = false;
      } while (again);
    } catch {
      // Storage trouble or a lock refused: the timer tries again.
    } finally {
      draining = undefined;
      await scheduleTimer();
    }
  })();
  return draining;
}

async function scheduleTimer(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  let items: OutboxItem[];
  try {
    items = await idbStore.all();
  } catch {
    return;
  }
  const next = items.filter((i) => i.state === 'waiting' || i.state === 'sending').map((i) => i.nextAttemptAt);
  if (next.length === 0) return;
  const wait = Math.max(1_000, Math.min(...next) - Date.now());
  timer = setTimeout(() => void drainSoon(), wait);
}

async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    // No Background Sync here (Firefox, Safari): the other triggers cover it.
  }
}

async function askForPersistence(): Promise<void> {
  if ((await getMeta('persistAsked')) === true) return;
  await setMeta('persistAsked', true);
  const granted = (await navigator.storage?.persist?.()) ?? false;
  await setMeta('persisted', granted);
}

/** Whether the browser promised not to evict the outbox (asked when the first item is queued). */
export async function storagePersisted(): Promise<boolean | undefined> {
  if (navigator.storage?.persisted && (await navigator.storage.persisted())) return true;
  const value = await getMeta('persisted');
  return typeof value === 'boolean' ? value : undefined;
}

/** What became of a queued submission's first attempt, as far as enqueue waited for it. */
export type FirstAttempt =
  { kind: 'sent' | 'attention'; status: number; body: unknown } | { kind: 'waiting'; status: number; body: unknown } | { kind: 'timeout' };

/**
 * Queues a submission (stored before any request) and waits up to `waitMs` for the first
 * attempt's outcome, so a form online behaves as before while one offline moves on.
 * `label`: what was submitted, in words (labels.ts; passed in so this module, loaded on
 * every page, carries no lead registry).
 */
export async function enqueue(
  id: string,
  path: string,
  body: Record<string, unknown>,
  label: string,
  waitMs = 12_000,
  lang?: string,
): Promise<FirstAttempt> {
  const outcome = new Promise<FirstAttempt>((resolve) => {
    const stop = onOutboxEvent((event) => {
      if (event.type !== 'outcome' || event.id !== id) return;
      stop();
      clearTimeout(limit);
      resolve({
        kind: event.state === 'sent' ? 'sent' : event.state === 'attention' ? 'attention' : 'waiting',
        status: event.status,
        body: event.body,
      });
    });
    const limit = setTimeout(() => {
      stop();
      resolve({ kind: 'timeout' });
    }, waitMs);
  });
  await idbStore.add({ id, path, body, label, ...(lang ? { lang } : {}) }, Date.now());
  emit({ type: 'changed' });
  void askForPersistence().catch(() => undefined);
  void registerBackgroundSync();
  void drainSoon();
  return outcome;
}

export async function listItems(): Promise<OutboxItem[]> {
  return idbStore.all();
}

/** "Retry now": the item's backoff is waived. */
export async function retryNow(id: string): Promise<void> {
  await idbStore.patch(id, { nextAttemptAt: 0, state: 'waiting' });
  emit({ type: 'changed' });
  await drainSoon();
}

/** "Fix and resend": a corrected body for an item the server rejected, same id. */
export async function resend(id: string, body: Record<string, unknown>): Promise<void> {
  await idbStore.patch(id, { body, state: 'waiting', nextAttemptAt: 0, attempts: 0, lastError: undefined, lastErrors: undefined });
  emit({ type: 'changed' });
  await drainSoon();
}

export async function discard(id: string): Promise<void> {
  await idbStore.remove(id);
  emit({ type: 'changed' });
}

let started = false;
/** Wires every delivery trigger once per page. */
export function startOutbox(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  if ('BroadcastChannel' in window) {
    channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.onmessage = (e: MessageEvent<OutboxEvent>) => emit(e.data, false);
  }
  window.addEventListener('online', () => void drainSoon(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void drainSoon(true);
  });
  void outboxAvailable().then((ok) => {
    if (!ok) return;
    void pruneSent(Date.now()).catch(() => undefined);
    void drainSoon(true);
  });
}

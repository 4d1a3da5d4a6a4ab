// The outbox in IndexedDB (through idb). Shared by every tab and the service worker.
// The schema is versioned: an upgrade only ever adds or transforms, never drops, so items
// waiting across an app update survive it.
import type { DBSchema } from 'idb';
import { sharedDatabase } from '../idb.ts';
import type { NewOutboxItem, OutboxItem } from './types.ts';

export const OUTBOX_DB = 'skillup-outbox';
export const OUTBOX_DB_VERSION = 1;
/** Delivered items kept for the outbox page ("sent"), then pruned. */
const SENT_KEEP_MS = 7 * 24 * 3600_000;
const SENT_KEEP_MAX = 50;

interface OutboxDB extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { seq: number } };
  meta: { key: string; value: { key: string; value: number | boolean | string } };
  /**
   * Where quiz drafts were kept before they had their own database (features/quiz/drafts.ts,
   * which moves any it finds). Kept on purpose: dropping a store needs a new version, and a tab
   * still running the previous app would then fail to open the outbox (VersionError) and lose
   * the next form it queues. An empty store costs nothing.
   */
  drafts: { key: string; value: unknown };
}

/** What the delivery loop needs from storage; the IndexedDB store and test doubles implement it. */
export interface OutboxStore {
  add(item: NewOutboxItem, now: number): Promise<OutboxItem>;
  get(id: string): Promise<OutboxItem | undefined>;
  /**
   * Waiting (or interrupted while sending) items whose backoff has passed, in submission
   * order. `connectivity`: the connection just came back, so items that failed only for
   * want of a network go now; a server's Retry-After is still honoured.
   */
  due(now: number, limit: number, connectivity?: boolean): Promise<OutboxItem[]>;
  all(): Promise<OutboxItem[]>;
  patch(id: string, patch: Partial<OutboxItem>): Promise<OutboxItem | undefined>;
  /** Several patches in one transaction: a batch's outcomes land together, and fast. */
  patchMany(patches: Array<{ id: string; patch: Partial<OutboxItem> }>): Promise<void>;
  remove(id: string): Promise<void>;
}

export const openOutboxDb = sharedDatabase<OutboxDB>(OUTBOX_DB, OUTBOX_DB_VERSION, (db, oldVersion) => {
  // One case per version, falling through, so every older database is walked up.
  if (oldVersion < 1) {
    const items = db.createObjectStore('items', { keyPath: 'id' });
    items.createIndex('seq', 'seq', { unique: true });
    db.createObjectStore('meta', { keyPath: 'key' });
    db.createObjectStore('drafts', { keyPath: 'test' });
  }
});

const ACTIVE = new Set(['waiting', 'sending']);

export function isDue(item: OutboxItem, now: number, connectivity: boolean): boolean {
  return item.nextAttemptAt <= now || (connectivity && (item.lastStatus ?? 0) === 0);
}

export const idbStore: OutboxStore = {
  async add(item, now) {
    const db = await openOutboxDb();
    const tx = db.transaction(['items', 'meta'], 'readwrite');
    // Submitting the same id twice (a double click) stores it once.
    const existing = await tx.objectStore('items').get(item.id);
    if (existing) {
      await tx.done;
      return existing;
    }
    const counter = await tx.objectStore('meta').get('seq');
    const seq = (typeof counter?.value === 'number' ? counter.value : 0) + 1;
    await tx.objectStore('meta').put({ key: 'seq', value: seq });
    const stored: OutboxItem = { ...item, seq, state: 'waiting', attempts: 0, nextAttemptAt: 0, createdAt: now };
    await tx.objectStore('items').add(stored);
    await tx.done;
    return stored;
  },
  async get(id) {
    return (await openOutboxDb()).get('items', id);
  },
  async due(now, limit, connectivity = false) {
    // One read of the whole (small) store beats stepping a cursor item by item.
    const items = await (await openOutboxDb()).getAllFromIndex('items', 'seq');
    const out: OutboxItem[] = [];
    for (const item of items) {
      if (out.length >= limit) break;
      if (ACTIVE.has(item.state) && isDue(item, now, connectivity)) out.push(item);
    }
    return out;
  },
  async all() {
    return (await openOutboxDb()).getAllFromIndex('items', 'seq');
  },
  async patch(id, patch) {
    const db = await openOutboxDb();
    const tx = db.transaction('items', 'readwrite');
    const item = await tx.store.get(id);
    if (!item) {
      await tx.done;
      return undefined;
    }
    const next = { ...item, ...patch };
    await tx.store.put(next);
    await tx.done;
    return next;
  },
  async patchMany(patches) {
    const db = await openOutboxDb();
    const tx = db.transaction('items', 'readwrite');
    await Promise.all(
      patches.map(async ({ id, patch }) => {
        const item = await tx.store.get(id);
        if (item) await tx.store.put({ ...item, ...patch });
      }),
    );
    await tx.done;
  },
  async remove(id) {
    await (await openOutboxDb()).delete('items', id);
  },
};

/** Drops delivered items older than a week, keeping at most the last 50. */
export async function pruneSent(now: number): Promise<void> {
  const items = await idbStore.all();
  const sent = items.filter((i) => i.state === 'sent').sort((a, b) => (b.sentAt ?? 0) - (a.sentAt ?? 0));
  const drop = sent.filter((item, index) => index >= SENT_KEEP_MAX || now - (item.sentAt ?? 0) > SENT_KEEP_MS);
  await Promise.all(drop.map((i) => idbStore.remove(i.id)));
}

export async function getMeta(key: string): Promise<number | boolean | string | undefined> {
  return (await (await openOutboxDb()).get('meta', key))?.value;
}
export async function setMeta(key: string, value: number | boolean | string): Promise<void> {
  await (await openOutboxDb()).put('meta', { key, value });
}

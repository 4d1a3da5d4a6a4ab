// Reading and seeding the PWA's IndexedDB outbox from a test, through the same database
// name, version and stores the app uses (pwa/lib/outbox/store.ts).
import type { Page } from 'playwright-core';

export interface SeedItem {
  id: string;
  path: string;
  body: Record<string, unknown>;
  label: string;
}

export interface StoredItem extends SeedItem {
  seq: number;
  state: 'waiting' | 'sending' | 'sent' | 'attention';
  attempts: number;
  lastError?: string;
}

const DB = 'skillup-outbox';
const VERSION = 1;

/** Queues items exactly as submitting forms would (the app must have opened the outbox once). */
export async function seedOutbox(page: Page, items: SeedItem[]): Promise<void> {
  await page.evaluate(
    async ({ items, DB, VERSION }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(DB, VERSION);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const tx = db.transaction(['items', 'meta'], 'readwrite');
      const meta = tx.objectStore('meta');
      const counter = await new Promise<{ value: number } | undefined>((resolve) => {
        const r = meta.get('seq');
        r.onsuccess = () => resolve(r.result as { value: number } | undefined);
      });
      let seq = counter?.value ?? 0;
      const now = Date.now();
      for (const item of items) {
        seq++;
        tx.objectStore('items').add({ ...item, seq, state: 'waiting', attempts: 0, nextAttemptAt: 0, createdAt: now });
      }
      meta.put({ key: 'seq', value: seq });
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { items, DB, VERSION },
  );
}

/** Reads one store of the outbox database in the page: every record, or the one with this key. */
function readStore(page: Page, store: 'items' | 'drafts', key?: string): Promise<unknown> {
  return page.evaluate(
    async ({ DB, VERSION, store, key }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(DB, VERSION);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const found = await new Promise<unknown>((resolve) => {
        const objects = db.transaction(store).objectStore(store);
        const r = key === undefined ? objects.getAll() : objects.get(key);
        r.onsuccess = () => resolve(r.result);
      });
      db.close();
      return found;
    },
    { DB, VERSION, store, key },
  );
}

export async function readOutbox(page: Page): Promise<StoredItem[]> {
  return (await readStore(page, 'items')) as StoredItem[];
}

/** The question a test's saved draft on this device is at (undefined: no draft). */
export async function draftIndex(page: Page, test: string): Promise<number | undefined> {
  return ((await readStore(page, 'drafts', test)) as { index?: number } | undefined)?.index;
}

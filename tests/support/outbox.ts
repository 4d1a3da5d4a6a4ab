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

export async function readOutbox(page: Page): Promise<StoredItem[]> {
  return page.evaluate(
    async ({ DB, VERSION }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(DB, VERSION);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const all = await new Promise<unknown[]>((resolve) => {
        const r = db.transaction('items').objectStore('items').getAll();
        r.onsuccess = () => resolve(r.result);
      });
      db.close();
      return all as never;
    },
    { DB, VERSION },
  );
}

/** The question a test's saved draft on this device is at (undefined: no draft). */
export async function draftIndex(page: Page, test: string): Promise<number | undefined> {
  return page.evaluate(
    async ({ DB, VERSION, test }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(DB, VERSION);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const draft = await new Promise<{ index?: number } | undefined>((resolve) => {
        const r = db.transaction('drafts').objectStore('drafts').get(test);
        r.onsuccess = () => resolve(r.result as { index?: number } | undefined);
      });
      db.close();
      return draft?.index;
    },
    { DB, VERSION, test },
  );
}

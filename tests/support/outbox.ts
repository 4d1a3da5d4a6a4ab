// Reading and seeding the PWA's IndexedDB outbox from a test, through the same database
// name, version and stores the app uses (pwa/lib/outbox/store.ts).
import type pg from 'pg';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';

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
/** features/quiz/drafts.ts */
const DRAFTS_DB = 'skillup-quiz-drafts';

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

/** Reads one store of an app database in the page: every record, or the one with this key. */
function readStore(page: Page, DB: string, VERSION: number, store: 'items' | 'drafts', key?: string): Promise<unknown> {
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
  return (await readStore(page, DB, VERSION, 'items')) as StoredItem[];
}

/** The question a test's saved draft on this device is at (undefined: no draft). */
export async function draftIndex(page: Page, test: string): Promise<number | undefined> {
  return ((await readStore(page, DRAFTS_DB, 1, 'drafts', test)) as { index?: number } | undefined)?.index;
}

/** The i-th of a run's queued leads: a contact message, a free class sign-up or an enquiry, in turn. */
export function leadItem(i: number, prefix: string): SeedItem {
  const id = `${prefix}-${String(i).padStart(4, '0')}-${crypto.randomUUID()}`;
  switch (i % 3) {
    case 0:
      return {
        id,
        path: LEAD_PATHS.contact,
        label: 'Contact message',
        body: { firstName: `Student${i}`, lastName: 'Queued', email: `c${i}@example.in`, phone: '9876543210', message: `Message ${i}` },
      };
    case 1:
      return {
        id,
        path: LEAD_PATHS.freeJoin,
        label: 'Free class sign-up',
        body: { name: `Student ${i}`, phone: '9123456780', email: `f${i}@example.in` },
      };
    default:
      return {
        id,
        path: LEAD_PATHS.enquiry,
        label: 'Enquiry',
        body: {
          background: 'College Student',
          course: 'Soft Skills',
          name: `Student ${i}`,
          email: `e${i}@example.in`,
          phone: '9988776655',
        },
      };
  }
}

/** Waits until every one of these queued items has been sent or tried at least once. */
export async function firstAttempted(page: Page, items: SeedItem[]): Promise<void> {
  const ids = new Set(items.map((item) => item.id));
  await expect
    .poll(async () => (await readOutbox(page)).filter((o) => ids.has(o.id)).every((o) => o.state === 'sent' || o.attempts > 0), {
      timeout: 30_000,
      interval: 20,
    })
    .toBe(true);
}

/**
 * Runs the page's clock forward (backoff waits cost no real time; the page must have
 * installed Playwright's clock) until all `total` queued items are sent.
 */
export async function drainedOutbox(page: Page, total: number, onPoll?: (outbox: StoredItem[]) => Promise<void>): Promise<StoredItem[]> {
  await expect
    .poll(
      async () => {
        const outbox = await readOutbox(page);
        await onPoll?.(outbox);
        const done = outbox.length === total && outbox.every((o) => o.state === 'sent');
        if (!done) await page.clock.fastForward(60_000);
        return done;
      },
      { timeout: 180_000, interval: 100 },
    )
    .toBe(true);
  return readOutbox(page);
}

const KEYED_TABLES = ['contact_messages', 'free_join_users', 'enquiries', 'quiz_submissions'];

/** Every idempotency key stored in the tables queued submissions land in. */
export async function storedKeys(db: pg.Client): Promise<string[]> {
  const r = await db.query<{ k: string }>(KEYED_TABLES.map((t) => `select idempotency_key as k from ${t}`).join(' union all '));
  return r.rows.map((row) => row.k);
}

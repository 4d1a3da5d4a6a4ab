// A fresh fake IndexedDB (fake-indexeddb) and freshly loaded modules for each unit test of
// the page-side outbox, so no test sees another's database or module state.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';

export function freshBrowser(navigatorFields: Record<string, unknown> = { onLine: true }): void {
  vi.resetModules();
  globalThis.indexedDB = new IDBFactory();
  vi.stubGlobal('navigator', navigatorFields);
}

/** A fetch the test answers by hand; each call waits in `calls` until answered. */
export function heldFetch() {
  const calls: Array<{
    url: string;
    init: RequestInit;
    answer: (status: number, body?: unknown, headers?: Record<string, string>) => void;
    fail: () => void;
  }> = [];
  const fetch = (url: string, init: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      calls.push({
        url,
        init,
        answer: (status, body = {}, headers = {}) =>
          resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })),
        fail: () => reject(new TypeError('Failed to fetch')),
      });
    });
  return { calls, fetch };
}

/** Resolves once `condition` holds, checking after each turn of the event loop (no timers: they may be fake). */
export async function until(condition: () => boolean | Promise<boolean>, turns = 2_000): Promise<void> {
  for (let i = 0; i < turns; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('condition never held');
}

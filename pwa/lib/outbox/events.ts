// Who listens to the outbox, apart from the outbox itself: the header's badge and the
// delivery notices are on every page from the first render, while the outbox's own code
// (IndexedDB, delivery) loads once the page is idle; they subscribe here, where loading
// nothing else costs nothing.
import type { OutboxEvent } from './types.ts';

type Listener = (event: OutboxEvent) => void;
const listeners = new Set<Listener>();

/** Tells this tab's listeners (the outbox client also tells other tabs and the service worker). */
export function notifyListeners(event: OutboxEvent): void {
  for (const l of listeners) l(event);
}

/** Subscribe to outbox changes from this tab, other tabs and the service worker. */
export function onOutboxEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

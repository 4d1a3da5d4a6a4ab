// React view of the outbox: the items and how many still wait, kept fresh by outbox
// events from this tab, other tabs and the service worker. The header's badge uses it on
// every page, so there the outbox's code and its IndexedDB are read once the page is idle,
// not while the first screen loads; the outbox's own pages read them at once.
import { useEffect, useState } from 'react';
import { whenPageIdle } from '../page-idle.ts';
import { onOutboxEvent } from './events.ts';
import type { OutboxItem } from './types.ts';

export interface OutboxView {
  items: OutboxItem[];
  /**
   * Not yet delivered: waiting, sending or needing attention. Undefined until the store has
   * been read: "nothing is waiting" then would be a guess, and could send a student away with
   * answers still on the phone.
   */
  pending: number | undefined;
  available: boolean | undefined;
}

/** `whenIdle`: the first read waits until the page has loaded (the header's badge). */
export function useOutbox({ whenIdle = false }: { whenIdle?: boolean } = {}): OutboxView {
  const [view, setView] = useState<OutboxView>({ items: [], pending: undefined, available: undefined });
  useEffect(() => {
    let alive = true;
    // A batch of 100 outcomes arrives as 100 events: read the store once per burst, not
    // once per event (one read in flight, at most one more queued behind it).
    let running = false;
    let queued = false;
    const refresh = async () => {
      if (running) {
        queued = true;
        return;
      }
      running = true;
      try {
        do {
          queued = false;
          const { listItems, outboxAvailable } = await import('./client.ts');
          const ok = await outboxAvailable();
          const items = ok ? await listItems().catch(() => []) : [];
          if (alive) setView({ items, pending: items.filter((i) => i.state !== 'sent').length, available: ok });
        } while (queued && alive);
      } finally {
        running = false;
      }
    };
    let cancel = () => undefined as void;
    if (whenIdle) cancel = whenPageIdle(() => void refresh());
    else void refresh();
    const stop = onOutboxEvent(() => void refresh());
    return () => {
      alive = false;
      cancel();
      stop();
    };
  }, [whenIdle]);
  return view;
}

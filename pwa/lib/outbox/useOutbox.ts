// React view of the outbox: the items and how many still wait, kept fresh by outbox
// events from this tab, other tabs and the service worker.
import { useEffect, useState } from 'react';
import { listItems, onOutboxEvent, outboxAvailable } from './client.ts';
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

export function useOutbox(): OutboxView {
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
          const ok = await outboxAvailable();
          const items = ok ? await listItems().catch(() => []) : [];
          if (alive) setView({ items, pending: items.filter((i) => i.state !== 'sent').length, available: ok });
        } while (queued && alive);
      } finally {
        running = false;
      }
    };
    void refresh();
    const stop = onOutboxEvent(() => void refresh());
    return () => {
      alive = false;
      stop();
    };
  }, []);
  return view;
}

// Live lead events for open consoles: one LISTEN on lead_events per process (the lead
// tables' triggers and status changes NOTIFY it, from any API instance), passed on to
// every admin's event stream. Events are hints to refresh, not data: one missed while the
// listening connection was away costs a stale row until the next one.
import type { LeadEvent } from '../../contract/console.ts';
import { LIST_SLUGS } from '../../contract/lead-kinds.ts';
import type { DatabaseHandle } from '../db/database.ts';

export const LEAD_EVENTS_CHANNEL = 'lead_events';

export interface LeadEventHub {
  /**
   * `onEvent` gets every event; `onClose` runs once when the hub closes (shutdown). The
   * first subscriber starts the LISTEN; `listening()` resolves once it is in place.
   */
  subscribe(onEvent: (event: LeadEvent) => void, onClose: () => void): () => void;
  listening(): Promise<void>;
  readonly subscribers: number;
  /** Ends every subscription (before a graceful stop, so open streams do not hold it up). */
  close(): Promise<void>;
}

function parse(payload: string): LeadEvent | undefined {
  try {
    const value = JSON.parse(payload) as Partial<LeadEvent>;
    if (!(LIST_SLUGS as readonly string[]).includes(String(value.list))) return undefined;
    if (value.type !== 'created' && value.type !== 'updated') return undefined;
    return {
      list: value.list as LeadEvent['list'],
      type: value.type,
      count: Number(value.count) || 0,
      ...(typeof value.id === 'string' ? { id: value.id } : {}),
    };
  } catch {
    return undefined;
  }
}

export function createLeadEvents(listen: DatabaseHandle['listen'], log: (line: string) => void): LeadEventHub {
  const subscribers = new Map<(event: LeadEvent) => void, () => void>();
  let started: Promise<() => Promise<void>> | undefined;
  const start = () =>
    (started ??= listen(LEAD_EVENTS_CHANNEL, (payload) => {
      const event = parse(payload);
      if (!event) return log('lead_events: ignored a payload that is not a lead event');
      for (const onEvent of subscribers.keys()) onEvent(event);
    }).catch((err: unknown) => {
      // Retried by the next subscriber.
      started = undefined;
      throw err;
    }));
  return {
    subscribe(onEvent, onClose) {
      subscribers.set(onEvent, onClose);
      start().catch((err: Error) => log(`lead_events: cannot listen: ${err.message}`));
      return () => void subscribers.delete(onEvent);
    },
    async listening() {
      await start();
    },
    get subscribers() {
      return subscribers.size;
    },
    async close() {
      const closing = [...subscribers.values()];
      subscribers.clear();
      for (const onClose of closing) onClose();
      const stop = await started?.catch(() => undefined);
      await stop?.();
    },
  };
}

// Live lead events for open consoles: one LISTEN on lead_events per process (the lead
// tables' triggers and status changes NOTIFY it, from any API instance), passed on to
// every admin's event stream. Events are hints to refresh, not data: one missed while the
// listening connection was away costs a stale row until the next one.
import type { NextAction } from '../../contract/activities.ts';
import { LIST_SLUGS, type ListSlug } from '../../contract/lead-kinds.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { SESSION_EVENTS_CHANNEL } from '../auth/channels.ts';

export const LEAD_EVENTS_CHANNEL = 'lead_events';

/**
 * An event as it travels on the channel: with the owners a member's stream needs to decide
 * whether they may hear of it (resources/events.ts turns it into each member's LeadEvent).
 */
export interface ChannelEvent {
  list: ListSlug;
  type: 'created' | 'updated' | 'reminder' | 'notified';
  count: number;
  id?: string;
  /** 'updated', 'reminder': the lead's owner now (null: the pool); 'notified': the member notified. */
  assignee?: string | null;
  /** 'updated': its owner before, when the change moved it. */
  previous?: string | null;
  /** 'created': new leads per owner ("none": the pool). */
  assignees?: Record<string, number>;
  /** 'reminder': the lead's name and the next action that came due. */
  name?: string;
  nextAction?: NextAction;
}

const EVENT_TYPES = new Set(['created', 'updated', 'reminder', 'notified']);
const optionalId = (v: unknown): string | null | undefined => (typeof v === 'string' || v === null ? v : undefined);
export interface LeadEventHub {
  /**
   * `onEvent` gets every event; `onClose` runs once when the hub closes (shutdown). The
   * first subscriber starts the LISTEN; `listening()` resolves once it is in place.
   */
  subscribe(onEvent: (event: ChannelEvent) => void, onClose: () => void, onSessionEnded?: (payload: string) => void): () => void;
  listening(): Promise<void>;
  readonly subscribers: number;
  /** Ends every subscription (before a graceful stop, so open streams do not hold it up). */
  close(): Promise<void>;
}

function parse(payload: string): ChannelEvent | undefined {
  try {
    const value = JSON.parse(payload) as Partial<Record<keyof ChannelEvent, unknown>>;
    if (!(LIST_SLUGS as readonly string[]).includes(String(value.list))) return undefined;
    if (!EVENT_TYPES.has(String(value.type))) return undefined;
    const event: ChannelEvent = { list: value.list as ListSlug, type: value.type as ChannelEvent['type'], count: Number(value.count) || 0 };
    if (typeof value.id === 'string') event.id = value.id;
    const assignee = optionalId(value.assignee);
    if (assignee !== undefined) event.assignee = assignee;
    const previous = optionalId(value.previous);
    if (previous !== undefined) event.previous = previous;
    if (value.assignees && typeof value.assignees === 'object') event.assignees = value.assignees as Record<string, number>;
    if (typeof value.name === 'string') event.name = value.name;
    if (value.nextAction && typeof value.nextAction === 'object') event.nextAction = value.nextAction as NextAction;
    return event;
  } catch {
    return undefined;
  }
}

export function createLeadEvents(listen: DatabaseHandle['listen'], log: (line: string) => void): LeadEventHub {
  const subscribers = new Map<(event: ChannelEvent) => void, () => void>();
  const sessionListeners = new Set<(payload: string) => void>();
  let started: Promise<Array<() => Promise<void>>> | undefined;
  const start = () =>
    (started ??= Promise.all([
      listen(LEAD_EVENTS_CHANNEL, (payload) => {
        const event = parse(payload);
        if (!event) return log('lead_events: ignored a payload that is not a lead event');
        for (const onEvent of subscribers.keys()) onEvent(event);
      }),
      // Sessions ended anywhere (logout, deactivation, a password or role change): the
      // streams of those sessions end at once, on every instance.
      listen(SESSION_EVENTS_CHANNEL, (payload) => {
        for (const onEnded of sessionListeners) onEnded(payload);
      }),
    ]).catch((err: unknown) => {
      // Retried by the next subscriber.
      started = undefined;
      throw err;
    }));
  return {
    subscribe(onEvent, onClose, onSessionEnded) {
      subscribers.set(onEvent, onClose);
      if (onSessionEnded) sessionListeners.add(onSessionEnded);
      start().catch((err: Error) => log(`lead_events: cannot listen: ${err.message}`));
      return () => {
        subscribers.delete(onEvent);
        if (onSessionEnded) sessionListeners.delete(onSessionEnded);
      };
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
      sessionListeners.clear();
      for (const onClose of closing) onClose();
      const stops = await started?.catch(() => undefined);
      for (const stop of stops ?? []) await stop();
    },
  };
}

// Sends the live events of new leads on lead_events after their insert has committed, not
// inside it: a NOTIFY takes a lock that Postgres holds until its transaction's commit is on
// disk, so a notifying insert made every other notifying commit wait for its flush. Here
// one small statement carries the events, one at a time per process; events that arrive
// while it is out are merged (per list and type, their counts and owners added) and go in
// the next, so under a burst a few statements a second carry every lead and no insert
// waits for them. It is still NOTIFY, so every instance's consoles hear of every lead.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { LEAD_EVENTS_CHANNEL, type ChannelEvent } from './events.ts';

export type PublishEvent = (event: ChannelEvent) => void;

export interface EventPublisher {
  publish: PublishEvent;
  /** Resolves once every event published so far has been sent (or failed). */
  flushed(): Promise<void>;
}

/** Adds `event` into `into` (same list and type): its count, and its owners' counts. */
function merge(into: ChannelEvent, event: ChannelEvent): void {
  into.count += event.count;
  if (!event.assignees) return;
  const assignees = (into.assignees ??= {});
  for (const [who, n] of Object.entries(event.assignees)) assignees[who] = (assignees[who] ?? 0) + n;
}

/**
 * Only events without an id merge ('created', a list's 'updated' count): one about a single
 * lead keeps its own payload.
 */
const mergeKey = (event: ChannelEvent): string | undefined => (event.id === undefined ? `${event.list}\u0000${event.type}` : undefined);

export function createEventPublisher(db: Kysely<Database>, log: (line: string) => void): EventPublisher {
  let pending: ChannelEvent[] = [];
  let byKey = new Map<string, ChannelEvent>();
  let sending: Promise<void> | undefined;

  async function send(): Promise<void> {
    while (pending.length > 0) {
      const payloads = pending.map((e) => JSON.stringify(e));
      pending = [];
      byKey = new Map();
      try {
        await sql`select pg_notify(${LEAD_EVENTS_CHANNEL}, p) from unnest(${payloads}::text[]) as p`.execute(db);
      } catch (err) {
        // Events are hints to refresh: a console that misses one is refreshed by the next.
        log(`lead_events: could not send ${payloads.length} event(s): ${(err as Error).message}`);
      }
    }
  }

  function kick(): void {
    if (sending) return;
    // An event published after the loop's last look but before this settles is sent by the next kick.
    sending = send().finally(() => {
      sending = undefined;
      if (pending.length > 0) kick();
    });
  }

  return {
    publish(event) {
      const key = mergeKey(event);
      const same = key === undefined ? undefined : byKey.get(key);
      if (same) merge(same, event);
      else {
        const copy: ChannelEvent = { ...event, ...(event.assignees ? { assignees: { ...event.assignees } } : {}) };
        pending.push(copy);
        if (key !== undefined) byKey.set(key, copy);
      }
      kick();
    },
    async flushed() {
      while (sending) await sending;
    },
  };
}

// Telling team members about a lead: one notification row per member (the console's bell)
// and, for each browser the member subscribed, a push queued for delivery. Both are written
// in the caller's transaction, so a notice exists exactly when its cause committed; the push
// itself is sent by the worker (worker.ts) after the commit, never while the caller's
// transaction holds its locks. `dedupeKey` makes a repeat (another instance, a retry, a
// rule firing twice) a no-op for that member.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { NotificationKind } from '../../contract/notifications.ts';
import type { Database } from '../db/schema.ts';

export interface NotifyInput {
  memberIds: string[];
  kind: NotificationKind;
  /** The lead, named only by first name (never an email or a phone: the text is pushed). */
  lead: { list: string; id: string; firstName: string };
  title: string;
  body: string;
  /** The same key for the same member again is a no-op. */
  dedupeKey?: string;
}

const TITLE_MAX = 120;
const BODY_MAX = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Processes waiting for new pushes (the worker in this process); see onPushQueued. */
const listeners = new Set<() => void>();

/**
 * Called (soon after a notify) so this process's push worker looks at the queue at once
 * rather than at its next poll. A nudge only: the worker still finds the rows by polling,
 * so a nudge before the caller commits, or one lost, delays nothing by more than a poll.
 */
export function onPushQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function nudge(): void {
  // After the current statement's callers have had a chance to commit.
  if (listeners.size > 0) setTimeout(() => listeners.forEach((l) => l()), 20).unref?.();
}

export async function notifyMembers(db: Kysely<Database> | Transaction<Database>, input: NotifyInput): Promise<void> {
  await notifyMany(db, [input]);
}

/** Several notices (a rule fired on many leads) in one statement; the same rules as notifyMembers. */
export async function notifyMany(db: Kysely<Database> | Transaction<Database>, inputs: NotifyInput[]): Promise<void> {
  const rows = inputs.flatMap((input) =>
    [...new Set(input.memberIds)]
      .filter((id) => UUID.test(id))
      .map((member) => ({ member, input, title: input.title.slice(0, TITLE_MAX), body: input.body.slice(0, BODY_MAX) })),
  );
  if (rows.length === 0) return;
  const column = <T>(f: (r: (typeof rows)[number]) => T) => rows.map(f);
  // One statement: the rows that were new (not a repeat of dedupeKey) each queue a push to
  // every subscription of their member, in the caller's transaction, and tell the member's
  // open consoles (the live events) when it commits, so the bell fills without a reload.
  const queued = await sql<{ n: number; told: number }>`
    with added as (
      insert into notifications (member_id, kind, list, lead_id, title, body, dedupe_key)
      select v.member::uuid, v.kind, v.list, v.lead_id, v.title, v.body, v.dedupe_key
      from unnest(${column((r) => r.member)}::text[], ${column((r) => r.input.kind)}::text[], ${column((r) => r.input.lead.list)}::text[],
        ${column((r) => r.input.lead.id)}::text[], ${column((r) => r.title)}::text[], ${column((r) => r.body)}::text[],
        ${column((r) => r.input.dedupeKey ?? null)}::text[]) as v(member, kind, list, lead_id, title, body, dedupe_key)
      join admins a on a.id = v.member::uuid and a.active
      on conflict (member_id, dedupe_key) where dedupe_key is not null do nothing
      returning id, member_id, list, lead_id
    ), pushes as (
      insert into push_queue (subscription_id, notification_id)
      select s.id, added.id from added join push_subscriptions s on s.member_id = added.member_id
      returning 1
    )
    select (select count(*) from pushes)::int as n,
      (select count(*) from (
        select pg_notify('lead_events', json_build_object('list', list, 'type', 'notified', 'count', 1, 'id', lead_id, 'assignee', member_id)::text)
        from added
      ) told)::int as told`.execute(db);
  if ((queued.rows[0]?.n ?? 0) > 0) nudge();
}

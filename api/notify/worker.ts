// Delivers the push queue (written by notifyMembers in its caller's transaction) after the
// caller committed. Each round claims due rows in one short statement (FOR UPDATE SKIP
// LOCKED: several instances share the queue, never the same row) and pushes a lease out
// on them, so a process that dies mid-send leaves them due again; it sends them outside any
// transaction through the `web-push` package (RFC 8291 aes128gcm, VAPID RFC 8292), then
// records each outcome, fenced by the attempt it claimed:
// - delivered (2xx): the row is deleted;
// - 404 or 410: the push service says the subscription is gone, so it is deleted (with
//   every push still queued for it);
// - anything else (a 5xx, 429, a timeout, a refused connection): retried with capped
//   exponential back-off (a Retry-After is honoured) and, after the last attempt, kept as
//   'failed' with its error and logged: never dropped silently.
import type { Agent } from 'node:https';
import { sql, type Kysely } from 'kysely';
import webpush, { WebPushError } from 'web-push';
import { consoleLeadUrl, type PushPayload } from '../../contract/notifications.ts';
import type { Database } from '../db/schema.ts';
import type { PushConfig } from '../config/push.ts';
import { vapidKeys } from './vapid.ts';

export interface PushWorkerOptions {
  db: Kysely<Database>;
  config: PushConfig;
  log: (line: string) => void;
  clock?: () => Date;
  /** The https agent pushes go through (a proxy's); Node's global one when absent. */
  agent?: Agent;
  batchSize?: number;
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  leaseMs?: number;
}

export const PUSH_DEFAULTS = {
  batchSize: 20,
  maxAttempts: 10,
  baseDelayMs: 15_000,
  maxDelayMs: 60 * 60_000,
  leaseMs: 2 * 60_000,
  timeoutMs: 10_000,
  /** A notice still unsent after a day is no longer news (the bell keeps it). */
  ttlSeconds: 24 * 3600,
};

export interface DeliverResult {
  sent: number;
  gone: number;
  retrying: number;
  failed: number;
}

interface Claimed {
  id: string;
  attempts: number;
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  kind: string;
  list: string;
  lead_id: string;
  title: string;
  body: string;
}

async function claim(db: Kysely<Database>, now: Date, batch: number, leaseMs: number): Promise<Claimed[]> {
  const result = await sql<Claimed>`
    with due as (
      select id from push_queue where state = 'pending' and next_attempt_at <= ${now}
      order by next_attempt_at limit ${batch} for update skip locked
    )
    update push_queue q set attempts = q.attempts + 1, next_attempt_at = ${new Date(now.getTime() + leaseMs)}
    from due, push_subscriptions s, notifications n
    where q.id = due.id and s.id = q.subscription_id and n.id = q.notification_id
    returning q.id::text as id, q.attempts, s.id as subscription_id, s.endpoint, s.p256dh, s.auth,
      n.kind, n.list, n.lead_id, n.title, n.body`.execute(db);
  return result.rows;
}

/** What the browser is given: the notification's words and where tapping goes; nothing else. */
export function payloadOf(row: Pick<Claimed, 'kind' | 'list' | 'lead_id' | 'title' | 'body'>): PushPayload {
  return { title: row.title, body: row.body, url: consoleLeadUrl(row.list, row.lead_id), tag: `${row.kind}:${row.list}:${row.lead_id}` };
}

type Outcome = { kind: 'sent' } | { kind: 'gone'; status: number } | { kind: 'error'; message: string; retryAfterMs?: number };

function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  const value = headers?.['retry-after'];
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

async function send(row: Claimed, options: PushWorkerOptions): Promise<Outcome> {
  const keys = await vapidKeys(options.db, options.config);
  try {
    await webpush.sendNotification(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(payloadOf(row)),
      {
        vapidDetails: { subject: options.config.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_DEFAULTS.ttlSeconds,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        timeout: PUSH_DEFAULTS.timeoutMs,
        ...(options.agent ? { agent: options.agent } : {}),
      },
    );
    return { kind: 'sent' };
  } catch (err) {
    if (err instanceof WebPushError) {
      if (err.statusCode === 404 || err.statusCode === 410) return { kind: 'gone', status: err.statusCode };
      const said = (err.body ?? '').slice(0, 200);
      return {
        kind: 'error',
        message: `push service answered ${err.statusCode}${said ? `: ${said}` : ''}`,
        retryAfterMs: retryAfterMs(err.headers),
      };
    }
    return { kind: 'error', message: err instanceof Error ? err.message : String(err) };
  }
}

async function record(row: Claimed, outcome: Outcome, options: PushWorkerOptions, now: Date): Promise<keyof DeliverResult> {
  const { db } = options;
  if (outcome.kind === 'sent') {
    await db.deleteFrom('push_queue').where('id', '=', row.id).where('attempts', '=', row.attempts).execute();
    await db.updateTable('push_subscriptions').set({ last_pushed_at: now }).where('id', '=', row.subscription_id).execute();
    return 'sent';
  }
  if (outcome.kind === 'gone') {
    await db.deleteFrom('push_subscriptions').where('id', '=', row.subscription_id).execute();
    options.log(`push: subscription ${row.subscription_id} answered ${outcome.status}; deleted`);
    return 'gone';
  }
  const max = options.maxAttempts ?? PUSH_DEFAULTS.maxAttempts;
  const base = options.baseDelayMs ?? PUSH_DEFAULTS.baseDelayMs;
  const backoff = Math.min(base * 2 ** (row.attempts - 1), options.maxDelayMs ?? PUSH_DEFAULTS.maxDelayMs);
  const last = row.attempts >= max;
  await db
    .updateTable('push_queue')
    .set({
      state: last ? 'failed' : 'pending',
      last_error: outcome.message.slice(0, 500),
      next_attempt_at: new Date(now.getTime() + Math.max(backoff, outcome.retryAfterMs ?? 0)),
    })
    .where('id', '=', row.id)
    .where('attempts', '=', row.attempts)
    .execute();
  options.log(
    `push ${row.id} to subscription ${row.subscription_id}, attempt ${row.attempts}: ${outcome.message}${last ? '; given up' : ''}`,
  );
  return last ? 'failed' : 'retrying';
}

export async function deliverOnce(options: PushWorkerOptions): Promise<DeliverResult> {
  const now = options.clock?.() ?? new Date();
  const rows = await claim(options.db, now, options.batchSize ?? PUSH_DEFAULTS.batchSize, options.leaseMs ?? PUSH_DEFAULTS.leaseMs);
  const result: DeliverResult = { sent: 0, gone: 0, retrying: 0, failed: 0 };
  // One batch's pushes go out together: a slow push service holds up only its own.
  const outcomes = await Promise.all(
    rows.map(async (row) => record(row, await send(row, options), options, options.clock?.() ?? new Date())),
  );
  for (const o of outcomes) result[o] += 1;
  return result;
}

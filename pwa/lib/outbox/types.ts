// The outbox's data model, shared by the page and the service worker.

export type OutboxState = 'waiting' | 'sending' | 'sent' | 'attention';

export interface OutboxItem {
  /** Client-generated at submit; the Idempotency-Key on every attempt, forever. */
  id: string;
  /** Submission order on this device; delivery follows it. */
  seq: number;
  path: string;
  body: Record<string, unknown>;
  /** What the user submitted, in words ("Contact message"). */
  label: string;
  /**
   * The language of the page the form was filled on ('en', 'hi'): sent as Accept-Language
   * on every attempt, so a form queued offline on a Hindi page is answered in Hindi however
   * late it goes. Items queued before languages existed have none (English).
   */
  lang?: string;
  state: OutboxState;
  attempts: number;
  /** Epoch ms before which no attempt is made (backoff). */
  nextAttemptAt: number;
  createdAt: number;
  sentAt?: number;
  lastStatus?: number;
  /** The server's message for items needing attention, or the last transient failure. */
  lastError?: string;
  lastErrors?: Record<string, string>;
  /** The server's answer body once delivered. */
  response?: unknown;
}

export interface NewOutboxItem {
  id: string;
  path: string;
  body: Record<string, unknown>;
  label: string;
  lang?: string;
}

/** What the outbox tells open pages (BroadcastChannel 'outbox'). */
export type OutboxEvent =
  { type: 'changed' } | { type: 'outcome'; id: string; state: OutboxState; status: number; body: unknown; label: string; attempts: number };

export const OUTBOX_CHANNEL = 'outbox';
export const DRAIN_LOCK = 'outbox-drain';
export const SYNC_TAG = 'outbox-sync';

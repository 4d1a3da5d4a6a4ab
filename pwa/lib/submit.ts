// The one function every public form submits through. Each submission gets its id when
// the user presses submit; that id is the Idempotency-Key, so a retry can never store it
// twice. The offline outbox (IndexedDB) goes behind this function: callers do not change.
import { IDEMPOTENCY_HEADER } from '../../contract/api.ts';

export interface SubmitResult<T = unknown> {
  /** HTTP status of the answer; 0 when the network failed before any answer. */
  status: number;
  ok: boolean;
  data: T | undefined;
  /** The server's `message`, when it sent one. */
  message: string | undefined;
  /**
   * True when the submission was saved on this device to be delivered later (offline).
   * Forms treat it like a success — the submission is durable — but say so:
   * SAVED_OFFLINE_MESSAGE. Always false until the outbox lands.
   */
  queued: boolean;
}

export const SAVED_OFFLINE_MESSAGE = "Saved on this device — it will be sent automatically when you're back online";

export function newSubmissionId(): string {
  return crypto.randomUUID();
}

export async function submit<T = unknown>(path: string, body: unknown, id: string = newSubmissionId()): Promise<SubmitResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: id },
      body: JSON.stringify(body),
    });
  } catch {
    return { status: 0, ok: false, data: undefined, message: undefined, queued: false };
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  const message =
    data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
      ? (data as { message: string }).message
      : undefined;
  return { status: response.status, ok: response.ok, data: data as T, message, queued: false };
}

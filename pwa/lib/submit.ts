// The one function every public form submits through. Each submission gets its id when
// the user presses submit; that id is the Idempotency-Key on every attempt, so a retry
// can never store it twice. The submission is written to the IndexedDB outbox before any
// network call and delivered by the outbox (now, or later when the connection allows).
import { IDEMPOTENCY_HEADER } from '../../contract/api.ts';
import { readSource } from './attribution.ts';
import { messageOf, postJson, type JsonAnswer } from './http.ts';
import { discard, enqueue, outboxAvailable } from './outbox/client.ts';
import { labelFor } from './outbox/labels.ts';

export interface SubmitResult<T = unknown> {
  /** HTTP status of the answer; 0 when there was no answer (yet). */
  status: number;
  ok: boolean;
  data: T | undefined;
  /** The server's `message`, when it sent one. */
  message: string | undefined;
  /**
   * True when the submission is saved on this device and will be delivered automatically
   * (offline, or the server failed for now). Forms treat it like a success — the
   * submission is durable — and show `savedMessage(result)`.
   */
  queued: boolean;
  /** Why it is queued: no connection, or the server could not take it yet. */
  queuedReason?: 'offline' | 'server';
  /** True when this browser cannot store submissions (no IndexedDB, e.g. some private modes). */
  direct?: boolean;
}

export const SAVED_OFFLINE_MESSAGE = "Saved on this device — it will be sent automatically when you're back online";
export const SAVED_SERVER_MESSAGE = 'Saved on this device — our server could not take it just now, so it will be sent automatically';
export const DIRECT_ONLY_MESSAGE =
  "This browser can't keep submissions on the device (private mode?), so they are sent straight away and need a connection.";

export function savedMessage(result: SubmitResult): string {
  return result.queuedReason === 'server' ? SAVED_SERVER_MESSAGE : SAVED_OFFLINE_MESSAGE;
}

/**
 * A UUID v4. crypto.randomUUID exists only in a secure context; a relay on a classroom's
 * hotspot is reached over plain http://, where getRandomValues still is.
 */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * `signals` are the form's fill time and honeypot (components/form/SpamTrap.tsx). The
 * visitor's source (lib/attribution.ts) goes with every submission, inside its outbox
 * item, so a form filled offline still says where its visitor came from.
 */
export async function submit<T = unknown>(
  path: string,
  body: unknown,
  signals: object = {},
  id: string = newSubmissionId(),
): Promise<SubmitResult<T>> {
  const source = readSource();
  // The form's language is the page's (the prerender writes it, i18n keeps it current): it
  // goes in the body, so the lead is stored with it and mailed in it, and with the item, as
  // the Accept-Language of every attempt.
  const lang = typeof document === 'undefined' ? 'en' : document.documentElement.lang === 'hi' ? 'hi' : 'en';
  const record = { ...(body && typeof body === 'object' ? body : {}), ...signals, ...(source ? { source } : {}), lang } as Record<
    string,
    unknown
  >;
  if (!(await outboxAvailable())) return sendDirect<T>(path, record, id, lang);

  const attempt = await enqueue(id, path, record, labelFor(path), undefined, lang);
  if (attempt.kind === 'sent' || attempt.kind === 'attention') {
    if (attempt.kind === 'attention') {
      // The user is looking at the form and will correct it there; a second copy in the
      // outbox would only confuse.
      await discard(id);
    }
    return {
      status: attempt.status,
      ok: attempt.kind === 'sent',
      data: attempt.body as T,
      message: messageOf(attempt.body),
      queued: false,
    };
  }
  const offline = attempt.kind === 'timeout' ? !navigator.onLine : attempt.status === 0;
  return {
    status: attempt.kind === 'waiting' ? attempt.status : 0,
    ok: false,
    data: undefined,
    message: undefined,
    queued: true,
    queuedReason: offline ? 'offline' : 'server',
  };
}

async function sendDirect<T>(path: string, body: Record<string, unknown>, id: string, lang: string): Promise<SubmitResult<T>> {
  let answer: JsonAnswer;
  try {
    answer = await postJson(path, body, { headers: { [IDEMPOTENCY_HEADER]: id, 'Accept-Language': lang } });
  } catch {
    return { status: 0, ok: false, data: undefined, message: undefined, queued: false, direct: true };
  }
  const { response, data } = answer;
  return { status: response.status, ok: response.ok, data: data as T, message: messageOf(data), queued: false, direct: true };
}

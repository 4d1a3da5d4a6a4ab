// Sends what is in the mail queue. Each round claims up to `batchSize` due messages in
// one short statement (FOR UPDATE SKIP LOCKED, so several API instances share the table
// and never claim the same row), sends them outside any transaction (an SMTP server that
// hangs must not hold a database connection), then records each outcome.
//
// A claim counts an attempt and pushes next_attempt_at out by a lease: if the process
// dies mid-send, the message becomes due again when the lease ends. Just before each send
// the worker renews its lease, fenced by the attempt count it claimed with: a message whose
// lease ran out while earlier ones of its batch were sent (slow SMTP, certificates being
// drawn) and that another worker has claimed since is left to that worker, not sent twice. A failure is retried
// with capped exponential backoff; after maxAttempts, or at once when the receiving
// server rejects the message itself (5xx), it is marked failed with its last error.
// Messages are never deleted: admins can see what was sent and what failed. A stop (SIGTERM)
// ends the round between two messages and hands the rest of its claim back at once, so
// the process exits in about one message's time, however long the queue.
import { sql, type Kysely } from 'kysely';
import type { Database, StoredAttachment } from '../db/schema.ts';
import { isPermanentMailError, type MailTransport } from './transport.ts';

export interface MailWorkerOptions {
  db: Kysely<Database>;
  transport: MailTransport;
  log: (line: string) => void;
  clock?: () => Date;
  maxAttempts?: number;
  batchSize?: number;
  /** First retry delay; doubles per attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a claimed message is reserved for the worker that claimed it. */
  leaseMs?: number;
  /** Poll every this many ms; 0 never polls (tests call drainOnce). */
  pollMs?: number;
  /**
   * Makers of attachments stored as `generated: { kind, id }`, by kind (main.ts: 'certificate'
   * draws the certificate in the render pool). A message whose attachment cannot be made
   * now is retried like a failed send; one with no maker for its kind fails for good.
   */
  attachmentSources?: Record<string, (id: string) => Promise<Buffer>>;
  /**
   * How long stop() waits for the message being handed to the mail server (default 1.5 s);
   * past it, the stop goes on and that message is resent after its lease.
   */
  stopGraceMs?: number;
}

/** An attachment whose maker does not exist, or whose subject is gone: retrying cannot help. */
export class MissingAttachmentError extends Error {}

export interface DrainResult {
  claimed: number;
  sent: number;
  /** Failed this time, will be retried. */
  retrying: number;
  /** Failed for good this time. */
  failed: number;
  /** Left to another worker that claimed them after this one's lease ran out. */
  yielded: number;
}

export interface MailWorker {
  /** One round: claim due messages, send them, record the outcomes. */
  drainOnce(): Promise<DrainResult>;
  /** Start a round soon (after a message was committed). */
  wake(): void;
  /**
   * Stop polling and sending: the message being sent is finished (waited for up to
   * stopGraceMs), the rest of the round's claim is released at once for any worker to take.
   */
  stop(): Promise<void>;
}

export const MAIL_DEFAULTS = {
  maxAttempts: 20,
  batchSize: 10,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  leaseMs: 10 * 60_000,
  pollMs: 5_000,
  stopGraceMs: 1_500,
} as const;

/** Delay before the attempt after `attempts` failures: base·2^(attempts-1), capped. */
export function retryDelayMs(attempts: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
}

interface Claimed {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: StoredAttachment[] | string;
  attempts: number;
}

/** The worker's settings: the options given, the defaults for the rest. */
function settingsOf(options: MailWorkerOptions) {
  return {
    clock: options.clock ?? (() => new Date()),
    maxAttempts: options.maxAttempts ?? MAIL_DEFAULTS.maxAttempts,
    batchSize: options.batchSize ?? MAIL_DEFAULTS.batchSize,
    baseDelayMs: options.baseDelayMs ?? MAIL_DEFAULTS.baseDelayMs,
    maxDelayMs: options.maxDelayMs ?? MAIL_DEFAULTS.maxDelayMs,
    leaseMs: options.leaseMs ?? MAIL_DEFAULTS.leaseMs,
    pollMs: options.pollMs ?? MAIL_DEFAULTS.pollMs,
    stopGraceMs: options.stopGraceMs ?? MAIL_DEFAULTS.stopGraceMs,
  };
}

/** Claims up to batchSize due messages, each leased to this worker for leaseMs and its attempt counted. */
async function claimDue(db: Kysely<Database>, now: Date, leaseMs: number, batchSize: number): Promise<Claimed[]> {
  const result = await sql<Claimed>`
    update mail_queue
    set attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + leaseMs)}
    where id in (
      select id from mail_queue
      -- A message never tried is due at once, whatever the clocks of the database and
      -- this process say; a retry is due by this process's clock (tests drive it).
      where status = 'pending' and (attempts = 0 or next_attempt_at <= ${now})
      order by next_attempt_at, created_at
      limit ${batchSize}
      for update skip locked
    )
    returning id, to_address, subject, text_body, html_body, attachments, attempts`.execute(db);
  return result.rows;
}

/** Renews this worker's lease on a message it claimed; false when another worker holds it now. */
async function renewLease(db: Kysely<Database>, row: Claimed, until: Date): Promise<boolean> {
  const renewed = await sql<{ id: string }>`
    update mail_queue set next_attempt_at = ${until}
    where id = ${row.id} and attempts = ${row.attempts} and status = 'pending'
    returning id`.execute(db);
  return renewed.rows.length > 0;
}

/** Gives claimed messages back, due now and with the attempt not counted (a stop came before they were sent). */
async function releaseClaims(db: Kysely<Database>, rows: Claimed[], clock: () => Date): Promise<void> {
  for (const row of rows) {
    await db
      .updateTable('mail_queue')
      .set({ attempts: row.attempts - 1, next_attempt_at: clock() })
      .where('id', '=', row.id)
      .where('attempts', '=', row.attempts)
      .where('status', '=', 'pending')
      .execute();
  }
}

/** An attachment's bytes: stored with the message, or made now by the maker for its kind. */
async function attachmentContent(attachment: StoredAttachment, sources: MailWorkerOptions['attachmentSources']): Promise<Buffer> {
  if ('contentBase64' in attachment) return Buffer.from(attachment.contentBase64, 'base64');
  const make = sources?.[attachment.generated.kind];
  if (!make) throw new MissingAttachmentError(`No maker for ${attachment.generated.kind} attachments`);
  return make(attachment.generated.id);
}

/** A message's attachments with their bytes, made one after another. */
async function loadAttachments(stored: StoredAttachment[], sources: MailWorkerOptions['attachmentSources']) {
  const attachments = [];
  for (const a of stored) {
    attachments.push({ filename: a.filename, contentType: a.contentType, content: await attachmentContent(a, sources) });
  }
  return attachments;
}

/** Whether a round ends (well or not) within `ms`; it is not waited for past that. */
async function endsWithin(round: Promise<unknown>, ms: number): Promise<boolean> {
  let grace: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (grace = setTimeout(() => resolve('late'), ms)));
  const outcome = await Promise.race([round.then(() => 'done' as const).catch(() => 'done' as const), late]);
  clearTimeout(grace);
  return outcome === 'done';
}

/** Runs `work` one call at a time: a caller arriving while it runs waits for it, then runs its own. */
function oneAtATime<T>(work: () => Promise<T>) {
  let running: Promise<T> | undefined;
  return {
    run(): Promise<T> {
      const previous = running ?? Promise.resolve(undefined);
      const next = previous.then(work, work);
      running = next;
      void next
        .finally(() => {
          if (running === next) running = undefined;
        })
        .catch(() => {});
      return next;
    },
    /** The call under way, if any. */
    get running(): Promise<T> | undefined {
      return running;
    },
  };
}

/**
 * Records a send that failed: failed for good when the receiving server rejected the message,
 * its attachment cannot be made or its attempts are spent; otherwise due again after the backoff.
 */
async function recordFailure(
  db: Kysely<Database>,
  row: Claimed,
  err: unknown,
  settings: ReturnType<typeof settingsOf>,
  log: (line: string) => void,
): Promise<'failed' | 'retrying'> {
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
  const now = settings.clock();
  if (isPermanentMailError(err) || err instanceof MissingAttachmentError || row.attempts >= settings.maxAttempts) {
    await db.updateTable('mail_queue').set({ status: 'failed', last_error: message }).where('id', '=', row.id).execute();
    log(`mail ${row.id} failed after ${row.attempts} attempt(s): ${message}`);
    return 'failed';
  }
  const retryAt = new Date(now.getTime() + retryDelayMs(row.attempts, settings.baseDelayMs, settings.maxDelayMs));
  await db.updateTable('mail_queue').set({ next_attempt_at: retryAt, last_error: message }).where('id', '=', row.id).execute();
  log(`mail ${row.id} attempt ${row.attempts} failed (${message}); retrying at ${retryAt.toISOString()}`);
  return 'retrying';
}

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log } = options;
  const settings = settingsOf(options);
  const { clock, batchSize, leaseMs, pollMs, stopGraceMs } = settings;

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastError = '';

  async function sendOne(row: Claimed, result: DrainResult): Promise<void> {
    const stored = typeof row.attachments === 'string' ? (JSON.parse(row.attachments) as StoredAttachment[]) : row.attachments;
    try {
      const attachments = await loadAttachments(stored, options.attachmentSources);
      if (!(await renewLease(db, row, new Date(clock().getTime() + leaseMs)))) {
        log(`mail ${row.id}: its lease ran out and another worker took it; not sent from here`);
        result.yielded++;
        return;
      }
      await transport.send({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        attachments,
      });
    } catch (err) {
      result[await recordFailure(db, row, err, settings, log)]++;
      return;
    }
    await db.updateTable('mail_queue').set({ status: 'sent', sent_at: clock(), last_error: null }).where('id', '=', row.id).execute();
    result.sent++;
  }

  async function round(): Promise<DrainResult> {
    const result: DrainResult = { claimed: 0, sent: 0, retrying: 0, failed: 0, yielded: 0 };
    if (stopped) return result;
    const rows = await claimDue(db, clock(), leaseMs, batchSize);
    result.claimed = rows.length;
    for (const [i, row] of rows.entries()) {
      // Stopping: between messages, never in the middle of one.
      if (stopped) {
        await releaseClaims(db, rows.slice(i), clock);
        break;
      }
      await sendOne(row, result);
    }
    return result;
  }

  // One round at a time in this process.
  const rounds = oneAtATime(round);
  const drainOnce = (): Promise<DrainResult> => rounds.run();

  async function tick(): Promise<void> {
    timer = undefined;
    if (stopped) return;
    let again = false;
    try {
      const result = await drainOnce();
      again = result.claimed === batchSize;
      lastError = '';
    } catch (err) {
      // The database is away: say so once, keep polling.
      const message = err instanceof Error ? err.message : String(err);
      if (message !== lastError) log(`mail worker: ${message}`);
      lastError = message;
    }
    schedule(again ? 0 : pollMs);
  }

  function schedule(ms: number): void {
    if (stopped || pollMs <= 0 || timer) return;
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  }

  schedule(0);

  return {
    drainOnce,
    wake() {
      if (stopped || pollMs <= 0) return;
      if (timer) clearTimeout(timer);
      timer = undefined;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const running = rounds.running;
      if (running && !(await endsWithin(running, stopGraceMs))) {
        log(`mail worker: a send still going after ${stopGraceMs} ms is left to its lease`);
      }
      transport.close();
    },
  };
}

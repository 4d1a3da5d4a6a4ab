// Each booking's payment link, made after the booking is stored (never in its request: a
// gateway that is down or slow must not lose or hold up a booking), and each link checked
// against the gateway until it is paid (a missed webhook is caught up). The scheduler's round
// looks every few seconds; a booking is claimed by the update that moves its next try on
// (SKIP LOCKED lets other instances pass), so one instance calls the gateway for it at a time.
import { sql, type Kysely, type Selectable } from 'kysely';
import { PAYMENT_LINK_DAYS, paiseOf } from '../../contract/bookings.ts';
import type { BookingsTable, Database } from '../db/schema.ts';
import { paymentLinkEmail } from '../leads/booking-mail.ts';
import { enqueueMail } from '../mail/queue.ts';
import { applyLinkState, recordEvent, settleEvent } from './apply.ts';
import { GatewayError, type PaymentGateway } from './gateway.ts';

type Booking = Selectable<BookingsTable>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Claimed per round; a backlog is caught up over the next rounds. */
const BATCH = 10;
/** Longer than one gateway call may take, so a claimed booking is not taken by another instance meanwhile. */
const LEASE_MS = 2 * MINUTE;
/** Links are made and checked for two days after the booking; past that the desk follows it up. */
const WINDOW_MS = 48 * HOUR;
/** The first check of a new link, then hourly. */
const FIRST_CHECK_MS = 15 * MINUTE;

export interface PaymentWork {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  publicUrl: string;
  log: (line: string) => void;
  /** A paid booking's receipt number starts with this (config.academy.receiptPrefix). */
  receiptPrefix: string;
  /** Nudges the mail worker after a receipt was queued. */
  wakeMail?: () => void;
}

/** The wait before the n-th try (n ≥ 1): 5 s doubling, at most 15 minutes, with jitter so instances spread out. */
export function linkBackoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 15 * MINUTE);
  return Math.round(base * (0.75 + random() * 0.5));
}

export function bookingPageUrl(publicUrl: string, reference: string): string {
  return `${publicUrl}/booking/${encodeURIComponent(reference)}`;
}

async function claim(db: Kysely<Database>, due: 'link' | 'check', now: Date): Promise<Booking[]> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const lease = new Date(now.getTime() + LEASE_MS);
  const condition =
    due === 'link'
      ? sql`payment_link_id is null and payment_status = 'payment-pending' and (link_next_at is null or link_next_at <= ${now}) and created_at > ${since}`
      : sql`check_next_at is not null and payment_status = 'payment-pending' and check_next_at <= ${now}`;
  const column = sql.ref(due === 'link' ? 'link_next_at' : 'check_next_at');
  const result = await sql<Booking>`
    with due as (select id from bookings where ${condition} order by created_at limit ${BATCH} for update skip locked)
    update bookings b set ${column} = ${lease}${due === 'link' ? sql`, link_attempts = b.link_attempts + 1` : sql``}
    from due where b.id = due.id returning b.*`.execute(db);
  return result.rows;
}

async function makeLink(work: PaymentWork, booking: Booking, now: Date): Promise<void> {
  const { gateway } = work;
  try {
    // A try whose answer was lost (a timeout) may have made the link: find it before making another.
    const link =
      (booking.link_attempts > 1 ? await gateway.findLink(booking.reference) : undefined) ??
      (await gateway.createLink({
        bookingId: booking.id,
        reference: booking.reference,
        amountPaise: paiseOf(booking.amount),
        description: `${booking.programme}, ${booking.package} seat (${booking.reference})`,
        customer: { name: booking.name, email: booking.email, phone: booking.phone },
        expireBy: new Date(now.getTime() + PAYMENT_LINK_DAYS * 24 * HOUR),
        callbackUrl: bookingPageUrl(work.publicUrl, booking.reference),
      }));
    // The link and its email together: stored once, mailed once (a retry finds it made).
    await work.db.transaction().execute(async (trx) => {
      const stored = await trx
        .updateTable('bookings')
        .set({
          gateway: gateway.name,
          payment_link_id: link.id,
          payment_url: link.url,
          link_status: 'created',
          link_next_at: null,
          link_error: null,
          check_next_at: new Date(now.getTime() + FIRST_CHECK_MS),
        })
        .where('id', '=', booking.id)
        .where('payment_link_id', 'is', null)
        .executeTakeFirst();
      if (Number(stored.numUpdatedRows) > 0) await enqueueMail(trx, paymentLinkEmail(booking, link.url));
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // A refusal that retrying cannot fix is tried hourly (a fixed setting may cure it), not every few seconds.
    const wait = err instanceof GatewayError && !err.retry ? HOUR : linkBackoffMs(booking.link_attempts);
    await work.db
      .updateTable('bookings')
      .set({ link_error: message.slice(0, 500), link_next_at: new Date(now.getTime() + wait) })
      .where('id', '=', booking.id)
      .execute();
    work.log(`payments: the link for ${booking.reference} (try ${booking.link_attempts}) failed: ${message}`);
  }
}

/** One round of making links: resolves how many bookings it tried. */
export async function makeLinksOnce(work: PaymentWork, now: Date): Promise<number> {
  const claimed = await claim(work.db, 'link', now);
  await Promise.all(claimed.map((b) => makeLink(work, b, now)));
  return claimed.length;
}

async function checkLink(work: PaymentWork, booking: Booking, now: Date): Promise<void> {
  const { gateway, db } = work;
  const age = now.getTime() - booking.created_at.getTime();
  try {
    const state = await gateway.checkLink(booking.payment_link_id!);
    if (state.status !== 'created') {
      // Recorded like an event, once per what it found, so it applies exactly as the webhook would.
      const id = `check:${state.linkId}:${state.status}:${state.payment?.id ?? ''}`;
      await db.transaction().execute(async (trx) => {
        const recorded = await recordEvent(trx, { gateway: gateway.name, id, name: `check.${state.status}`, state }, now);
        if (recorded) await settleEvent(trx, recorded, await applyLinkState(trx, gateway, state, now, work.receiptPrefix));
      });
      work.wakeMail?.();
    }
  } catch (err) {
    work.log(`payments: checking the link of ${booking.reference} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  // Hourly while it is pending and under two days old (the claim already moved it off now).
  const next = age + HOUR < WINDOW_MS ? new Date(now.getTime() + HOUR) : null;
  await db
    .updateTable('bookings')
    .set({ check_next_at: next })
    .where('id', '=', booking.id)
    .where('payment_status', '=', 'payment-pending')
    // An expired or cancelled link can no longer be paid: nothing left to ask.
    .where((eb) => eb.or([eb('link_status', 'is', null), eb('link_status', 'not in', ['expired', 'cancelled'])]))
    .execute();
}

/** One round of checks: resolves how many links it asked about. */
export async function checkLinksOnce(work: PaymentWork, now: Date): Promise<number> {
  const claimed = await claim(work.db, 'check', now);
  await Promise.all(claimed.map((b) => checkLink(work, b, now)));
  return claimed.length;
}

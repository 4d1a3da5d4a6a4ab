// An unpaid booking is followed up once: PAYMENT_REMINDER_AFTER_MINUTES after it was made
// (default 120), while its seat is still held, it gets one reminder email with its payment
// link (or the UPI details and the package's page when there is no gateway link), and its
// owner a next action "Payment follow-up", due now, in My day (the desk's reminder loop then
// tells their open consoles). The scheduler's round looks every few seconds, with or without a
// gateway; a booking is claimed by the update that sets payment_reminded_at (SKIP LOCKED
// lets other instances pass), in the transaction that queues its email and writes its
// history, so it is reminded exactly once across instances and restarts.
import { sql, type Kysely, type Selectable } from 'kysely';
import { BOOKING_HOLD_DAYS, PAID_PACKAGES, paymentLinkWithReference, rupeesText, type PaidPackage } from '../../contract/bookings.ts';
import type { NextAction } from '../../contract/activities.ts';
import type { Config } from '../config.ts';
import type { BookingsTable, Database } from '../db/schema.ts';
import { announce, record } from '../leads/history.ts';
import { linesHtml } from '../lib/html.ts';
import { bookingMailWords, upiLines } from '../mail/booking-words.ts';
import { enqueueMail, type OutgoingMail } from '../mail/queue.ts';
import { bookingPageUrl } from './links.ts';

type Booking = Selectable<BookingsTable>;

/** Claimed per round; a backlog is caught up over the next rounds. */
const BATCH = 20;
const MINUTE = 60_000;

export type ReminderSettings = Pick<Config, 'paymentReminderAfterMinutes' | 'publicUrl' | 'upi' | 'paymentLinks'>;

export interface ReminderWork {
  db: Kysely<Database>;
  config: ReminderSettings;
  log: (line: string) => void;
  wakeMail?: () => void;
}

/** The email: the booking's own link when the gateway made one, else the package's page and UPI. */
export function paymentReminderEmail(row: Booking, config: ReminderSettings): OutgoingMail {
  const pkg = row.package as PaidPackage;
  const amount = rupeesText(row.amount);
  const link = row.payment_url ?? paymentLinkWithReference(config.paymentLinks[pkg] ?? PAID_PACKAGES.Elevate.link, row.reference);
  const w = bookingMailWords(row.site_language);
  const lines = [w.hello(row.name), '', w.reminderUnpaid(row, amount), w.reminderWithin(row.reference), '', w.payOnline(link)];
  if (config.upi && !row.payment_url) lines.push(...upiLines(w, config.upi, row.amount, row.reference));
  lines.push('', w.bookingPage(bookingPageUrl(config.publicUrl, row.reference)), w.alreadyPaid);
  const html = linesHtml(lines, link);
  return {
    to: row.email,
    subject: w.reminderSubject(row.reference),
    text: lines.join('\n'),
    html,
    kind: 'payment-reminder',
  };
}

export function followUpNote(row: Pick<Booking, 'reference' | 'amount'>): string {
  return `Payment follow-up: booking ${row.reference} (${rupeesText(row.amount)}) is not paid yet`;
}

/** One round: claims the bookings due a reminder at `now`, mails each and gives its owner the follow-up; resolves how many. */
export async function remindUnpaidOnce(work: ReminderWork, now: Date): Promise<number> {
  const madeBefore = new Date(now.getTime() - work.config.paymentReminderAfterMinutes * MINUTE);
  // Past the hold the seat is gone: no reminder to pay for it (nor for bookings older than this feature).
  const heldSince = new Date(now.getTime() - BOOKING_HOLD_DAYS * 24 * 60 * MINUTE);
  const count = await work.db.transaction().execute(async (trx) => {
    const claimed = await sql<Booking>`
      with due as (
        select id from bookings
        where payment_status = 'payment-pending' and payment_reminded_at is null
          and created_at <= ${madeBefore} and created_at > ${heldSince}
          and status in ('new', 'contacted')
          and (link_status is null or link_status not in ('expired', 'cancelled'))
        order by created_at limit ${BATCH} for update skip locked
      )
      update bookings b set payment_reminded_at = ${now},
        next_action_type = 'call', next_action_due_at = ${now}, next_action_reminded_at = null
      from due where b.id = due.id returning b.*`.execute(trx);
    for (const row of claimed.rows) {
      const note = followUpNote(row);
      await trx.updateTable('bookings').set({ next_action_note: note }).where('id', '=', row.id).execute();
      await enqueueMail(trx, paymentReminderEmail(row, work.config));
      const nextAction: NextAction = { type: 'call', dueAt: now.toISOString(), note };
      await record(trx, [
        { list: 'bookings', lead_id: row.id, admin_id: null, admin_label: 'System', action: 'next-action', data: { nextAction } },
      ]);
    }
    await announce(
      trx,
      'bookings',
      claimed.rows.map((r) => ({ id: r.id, assignee: r.assignee_id })),
    );
    return claimed.rows.length;
  });
  if (count > 0) work.wakeMail?.();
  return count;
}

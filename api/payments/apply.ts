// What a gateway's word does to a booking, the same whether it came as a signed event or as
// the API's answer when asked (reconciliation). Each word is recorded once by its id in the
// transaction that applies it, so a replay changes nothing; only a payment of the booking's
// whole amount in rupees, on its own link, marks it paid; a paid booking never moves back;
// anything else odd is kept as "needs a look" for an admin, with its reason.
import type { Selectable, Transaction } from 'kysely';
import { MANUAL_PAYMENT_METHOD, paiseOf, rupeesText } from '../../contract/bookings.ts';
import type { PaymentEventOutcome } from '../../contract/bookings.ts';
import type { BookingsTable, Database } from '../db/schema.ts';
import { announce, record, type HistoryRow } from '../leads/history.ts';
import { notifyPaid } from '../notify/notices.ts';
import type { GatewayPayment, LinkState } from './gateway.ts';
import { issueReceipt } from './receipts.ts';

type Booking = Selectable<BookingsTable>;

export interface PaidBy {
  /** razorpay, upi (a counsellor's check of the bank statement), … */
  gateway: string;
  payment: GatewayPayment;
  /** Who the history names: the gateway's label, or the counsellor. */
  label: string;
  adminId: string | null;
  /** The history's words for the payment ("Razorpay payment pay_…", "UPI, UTR … confirmed"). */
  says: string;
  /** The receipt's number starts with this (config.academy.receiptPrefix). */
  receiptPrefix: string;
}

/**
 * Marks a pending booking paid, converts its lead, writes both in its history, tells its
 * owner's open consoles and issues its receipt (numbered and mailed once, in this same
 * transaction). False when it was not pending (paid stays paid).
 */
export async function markPaid(trx: Transaction<Database>, booking: Booking, by: PaidBy, now: Date): Promise<boolean> {
  const updated = await trx
    .updateTable('bookings')
    .set({
      payment_status: 'paid',
      payment_id: by.payment.id,
      payment_method: by.payment.method,
      paid_at: by.payment.paidAt,
      gateway: booking.gateway ?? by.gateway,
      payment_updated_at: now,
      check_next_at: null,
      status: 'converted',
    })
    .where('id', '=', booking.id)
    .where('payment_status', '=', 'payment-pending')
    .returning(['id', 'assignee_id'])
    .executeTakeFirst();
  if (!updated) return false;
  const note = `Paid ${rupeesText(booking.amount)}: ${by.says} (${by.payment.method})`;
  const entry: HistoryRow =
    booking.status === 'converted'
      ? { list: 'bookings', lead_id: booking.id, admin_id: by.adminId, admin_label: by.label, action: 'note', note }
      : {
          list: 'bookings',
          lead_id: booking.id,
          admin_id: by.adminId,
          admin_label: by.label,
          action: 'status',
          from_status: booking.status,
          to_status: 'converted',
          note,
        };
  await record(trx, [entry]);
  await announce(trx, 'bookings', [{ id: booking.id, assignee: updated.assignee_id }]);
  // The owner hears it (the bell, and a push after the commit), unless they confirmed it themselves.
  await notifyPaid(trx, { ...booking, assignee_id: updated.assignee_id }, by.adminId);
  // Last: the year's receipt counter stays locked until this transaction commits.
  await issueReceipt(trx, booking, by.payment, by.receiptPrefix, now);
  return true;
}

export interface Verdict {
  outcome: PaymentEventOutcome;
  reason: string | null;
  bookingId: string | null;
}

const look = (reason: string, booking?: Booking): Verdict => ({ outcome: 'needs-look', reason, bookingId: booking?.id ?? null });
const unchanged = (reason: string, booking: Booking): Verdict => ({ outcome: 'unchanged', reason, bookingId: booking.id });

const paidByHand = (booking: Booking) => booking.payment_method === MANUAL_PAYMENT_METHOD || booking.payment_id === null;

/** The checks a "paid" must pass before it is believed, in the booking's own terms. */
function paidProblem(booking: Booking, state: LinkState): string | undefined {
  const due = paiseOf(booking.amount);
  if (state.currency !== 'INR' || (state.payment && state.payment.currency !== 'INR'))
    return `Paid in ${state.payment?.currency ?? state.currency}, not INR`;
  if (state.amountPaidPaise !== due) return `Paid ${state.amountPaidPaise} paise; the booking is ${due} paise`;
  if (!state.payment) return 'The gateway names no payment';
  return undefined;
}

/** Applies a link's state to its booking (locked for the transaction); says what it did. */
export async function applyLinkState(
  trx: Transaction<Database>,
  gateway: { name: string; label: string },
  state: LinkState,
  now: Date,
  receiptPrefix: string,
): Promise<Verdict> {
  const booking = await trx.selectFrom('bookings').selectAll().where('reference', '=', state.reference).forUpdate().executeTakeFirst();
  if (!booking) return look(`No booking has the reference ${state.reference}`);
  if (booking.payment_link_id && booking.payment_link_id !== state.linkId)
    return look(`The link ${state.linkId} is not this booking's (${booking.payment_link_id})`, booking);
  const pending = booking.payment_status === 'payment-pending';
  switch (state.status) {
    case 'paid': {
      const problem = paidProblem(booking, state);
      if (problem) return look(problem, booking);
      const payment = state.payment!;
      if (!pending)
        return booking.payment_id === payment.id
          ? unchanged('Already paid', booking)
          : look(`Already paid by ${paidByHand(booking) ? 'hand' : booking.payment_id}; ${payment.id} is a second payment`, booking);
      await markPaid(
        trx,
        booking,
        {
          gateway: gateway.name,
          payment,
          label: gateway.label,
          adminId: null,
          says: `${gateway.label} payment ${payment.id}`,
          receiptPrefix,
        },
        now,
      );
      if (!booking.payment_link_id)
        await trx
          .updateTable('bookings')
          .set({ payment_link_id: state.linkId, link_status: 'paid' })
          .where('id', '=', booking.id)
          .execute();
      else await trx.updateTable('bookings').set({ link_status: 'paid' }).where('id', '=', booking.id).execute();
      return { outcome: 'applied', reason: null, bookingId: booking.id };
    }
    case 'partially-paid':
      return look(`Partly paid: ${state.amountPaidPaise} of ${paiseOf(booking.amount)} paise`, booking);
    case 'expired':
    case 'cancelled': {
      if (!pending) return unchanged(`The link ${state.status}; the booking stays ${booking.payment_status}`, booking);
      await trx
        .updateTable('bookings')
        .set({ link_status: state.status, check_next_at: null, payment_updated_at: now })
        .where('id', '=', booking.id)
        .execute();
      return { outcome: 'applied', reason: `The link ${state.status}`, bookingId: booking.id };
    }
    case 'created':
      return unchanged('Not paid yet', booking);
  }
}

/** Records a gateway's word once by its id; false when it was recorded before (a replay). */
export async function recordEvent(
  trx: Transaction<Database>,
  event: { gateway: string; id: string; name: string; state?: LinkState },
  now: Date,
): Promise<string | undefined> {
  const row = await trx
    .insertInto('payment_events')
    .values({
      gateway: event.gateway,
      event_id: event.id,
      event: event.name,
      received_at: now,
      booking_id: null,
      reference: event.state?.reference.slice(0, 100) ?? null,
      link_id: event.state?.linkId.slice(0, 100) ?? null,
      payment_id: event.state?.payment?.id.slice(0, 100) ?? null,
      amount_paise: event.state?.amountPaidPaise ?? null,
      currency: event.state?.currency.slice(0, 10) ?? null,
      outcome: 'unchanged',
    })
    .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function settleEvent(trx: Transaction<Database>, id: string, verdict: Verdict): Promise<void> {
  await trx
    .updateTable('payment_events')
    .set({ outcome: verdict.outcome, reason: verdict.reason, booking_id: verdict.bookingId })
    .where('id', '=', id)
    .execute();
}

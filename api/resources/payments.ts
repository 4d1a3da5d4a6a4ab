// A booking's payment, as the gateway and the desk settle it:
//   POST /api/v1/payments/razorpay/webhook  (public; signed) the gateway's events: 400 unless
//        the signature over the raw body holds; each event applied once by its id (a replay
//        is 200 and does nothing); an event the booking does not bear out is kept as "needs a look"
//   GET  /api/v1/bookings/:reference        (public) where the booking's payment stands, its link
//   GET  /api/v1/bookings/:reference/receipt.pdf (public: the reference is the visitor's secret;
//        each try counts against the address's public allowance, so references cannot be tried in bulk)
//   GET  /api/admin/bookings/:id/receipt.pdf (leads.read, on bookings the member may see) the same PDF
//   GET  /api/admin/payments/events         (payments.confirm) the gateway's events, ?outcome=needs-look
//   POST /api/admin/bookings/:id/utr        (leads.work, on bookings the member may see) a
//        counsellor confirms the visitor's UTR against the bank statement: the booking is paid
import { Hono, type Context } from 'hono';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import { BOOKING_REFERENCE_PATTERN, type BookingPaymentState, type PaymentEventRecord } from '../../contract/bookings.ts';
import { nowOf, type Deps } from '../deps.ts';
import { guard, visibleTo } from '../desk/access.ts';
import { adminLabel, findLead } from '../leads/history.ts';
import { bookingLead } from '../leads/definitions.ts';
import { iso } from '../lib/dates.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError, readJsonText } from '../http/http.ts';
import { tooManyRequests } from '../limits/rate-limit.ts';
import { renderReceiptPdf } from '../payments/receipt-pdf.ts';
import { receiptDocument, receiptFileName } from '../payments/receipts.ts';
import { applyLinkState, markPaid, recordEvent, settleEvent, type Verdict } from '../payments/apply.ts';
import type { GatewayEvent, PaymentGateway } from '../payments/gateway.ts';

export const PAYMENT_MESSAGES = {
  notConfigured: 'This gateway is not set up here.',
  badSignature: 'The signature does not match this body.',
  received: 'Received',
  replayed: 'Already received',
  bookingNotFound: 'No booking has this reference.',
  noUtr: 'This booking has no UTR to confirm.',
  notPending: 'This booking is not waiting for its payment.',
  noReceipt: 'This booking has no receipt yet: it comes once the payment is confirmed.',
} as const;

async function verdictOf(
  deps: Deps,
  gateway: PaymentGateway,
  event: GatewayEvent,
  trx: Parameters<typeof applyLinkState>[0],
): Promise<Verdict> {
  if (event.unreadable) return { outcome: 'needs-look', reason: event.unreadable, bookingId: null };
  const expected = event.says;
  if (!expected || !event.state) return { outcome: 'unchanged', reason: `Not an event this desk acts on (${event.name})`, bookingId: null };
  if (event.state.status !== expected)
    return { outcome: 'needs-look', reason: `The event says ${expected}; its link says ${event.state.status}`, bookingId: null };
  return applyLinkState(trx, gateway, event.state, nowOf(deps), deps.config.academy.receiptPrefix);
}

/** POST: the gateway's signed events, each applied once. */
export function gatewayWebhook(deps: Deps, gateway: PaymentGateway | undefined, name: string): Hono {
  return new Hono().post('/', async (c) => {
    if (!gateway || gateway.name !== name) throw new HttpError(404, PAYMENT_MESSAGES.notConfigured);
    const raw = await readJsonText(c, BODY_MAX_BYTES);
    const reading = await gateway.readWebhook(raw, (h) => c.req.header(h));
    if (!reading.ok) {
      deps.log(`payments: a ${gateway.label} webhook refused: ${reading.reason}`);
      throw new HttpError(400, PAYMENT_MESSAGES.badSignature);
    }
    const { event } = reading;
    const now = nowOf(deps);
    const applied = await deps.db.transaction().execute(async (trx) => {
      const id = await recordEvent(trx, { gateway: gateway.name, id: event.id, name: event.name, state: event.state }, now);
      if (!id) return false;
      await settleEvent(trx, id, await verdictOf(deps, gateway, event, trx));
      return true;
    });
    // A payment's receipt was queued with it.
    if (applied) deps.wakeMail?.();
    return c.json({ message: applied ? PAYMENT_MESSAGES.received : PAYMENT_MESSAGES.replayed });
  });
}

/** The receipt's PDF as a download that no cache or referrer keeps. */
async function receiptAnswer(c: Context, deps: Deps, where: { bookingId: string }): Promise<Response> {
  const document = await receiptDocument(deps.db, where, deps.config.academy);
  if (!document) throw new HttpError(404, PAYMENT_MESSAGES.noReceipt);
  const pdf = await renderReceiptPdf(document);
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${receiptFileName(document.number)}"`,
    'Cache-Control': 'private, no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Robots-Tag': 'noindex',
  });
}

/** GET /:reference: what the visitor's booking page shows; /:reference/receipt.pdf its receipt once paid. */
export function bookingPayment(deps: Deps): Hono {
  return new Hono()
    .get('/:reference/receipt.pdf', async (c) => {
      c.header('Cache-Control', 'no-store');
      const { postRateLimitPerMinute, trustProxy } = deps.config;
      if (deps.rateLimiter && postRateLimitPerMinute > 0) {
        const grant = await deps.rateLimiter.take(clientAddress(c, trustProxy), 1);
        if (grant.granted < 1) throw tooManyRequests(grant.retryAfterSeconds);
      }
      const reference = c.req.param('reference');
      if (!BOOKING_REFERENCE_PATTERN.test(reference)) throw new HttpError(404, PAYMENT_MESSAGES.bookingNotFound);
      const row = await deps.db.selectFrom('bookings').select('id').where('reference', '=', reference).executeTakeFirst();
      if (!row) throw new HttpError(404, PAYMENT_MESSAGES.bookingNotFound);
      return receiptAnswer(c, deps, { bookingId: row.id });
    })
    .get('/:reference', async (c) => {
      c.header('Cache-Control', 'no-store');
      const reference = c.req.param('reference');
      if (!BOOKING_REFERENCE_PATTERN.test(reference)) throw new HttpError(404, PAYMENT_MESSAGES.bookingNotFound);
      const row = await deps.db.selectFrom('bookings').selectAll().where('reference', '=', reference).executeTakeFirst();
      if (!row) throw new HttpError(404, PAYMENT_MESSAGES.bookingNotFound);
      const receipt = await deps.db.selectFrom('receipts').select('number').where('booking_id', '=', row.id).executeTakeFirst();
      const pending = row.payment_status === 'payment-pending';
      const payable = pending && row.link_status !== 'expired' && row.link_status !== 'cancelled';
      const state: BookingPaymentState = {
        reference: row.reference,
        programme: row.programme,
        package: row.package,
        amount: row.amount,
        status: row.payment_status,
        paymentUrl: payable ? row.payment_url : null,
        linkPending: Boolean(deps.config.gateway) && payable && row.payment_url === null,
        paidAt: row.paid_at ? iso(row.paid_at) : null,
        receiptNumber: receipt?.number ?? null,
      };
      return c.json(state);
    });
}

/** GET /:id/receipt.pdf: a booking's receipt for the console, on bookings the member may see. */
export function receiptDownload(deps: Deps): Hono {
  return new Hono().get('/:id/receipt.pdf', guard(deps, 'leads.read'), async (c) => {
    const visible = await findLead(deps.db, bookingLead, c.req.param('id'), visibleTo(c.get('adminSession').admin));
    if (!visible) throw new HttpError(404, PAYMENT_MESSAGES.bookingNotFound);
    return receiptAnswer(c, deps, { bookingId: visible.id });
  });
}

/** GET: the gateway's events for admins, newest first; ?outcome=needs-look for those kept for a look. */
export function paymentEvents(deps: Deps): Hono {
  return new Hono().get('/', guard(deps, 'payments.confirm'), async (c) => {
    const outcome = c.req.query('outcome');
    let query = deps.db.selectFrom('payment_events').selectAll().orderBy('received_at', 'desc').orderBy('id').limit(200);
    if (outcome === 'needs-look' || outcome === 'applied' || outcome === 'unchanged') query = query.where('outcome', '=', outcome);
    const rows = await query.execute();
    const data: PaymentEventRecord[] = rows.map((r) => ({
      _id: r.id,
      gateway: r.gateway,
      eventId: r.event_id,
      event: r.event,
      receivedAt: iso(r.received_at),
      bookingId: r.booking_id,
      reference: r.reference,
      paymentId: r.payment_id,
      amountPaise: r.amount_paise === null ? null : Number(r.amount_paise),
      currency: r.currency,
      outcome: r.outcome,
      reason: r.reason,
    }));
    return c.json({ data });
  });
}

/** POST /:id/utr: a counsellor found the visitor's UTR in the bank statement. */
export function utrConfirmation(deps: Deps): Hono {
  return new Hono().post('/:id/utr', guard(deps, 'leads.work'), async (c) => {
    const member = c.get('adminSession').admin;
    const visible = await findLead(deps.db, bookingLead, c.req.param('id'), visibleTo(member));
    if (!visible) throw new HttpError(404, PAYMENT_MESSAGES.bookingNotFound);
    const now = nowOf(deps);
    const row = await deps.db.transaction().execute(async (trx) => {
      const booking = await trx.selectFrom('bookings').selectAll().where('id', '=', visible.id).forUpdate().executeTakeFirstOrThrow();
      if (!booking.utr) throw new HttpError(409, PAYMENT_MESSAGES.noUtr);
      if (booking.utr_status === 'verified') return booking;
      if (booking.payment_status !== 'payment-pending') throw new HttpError(409, PAYMENT_MESSAGES.notPending);
      await trx
        .updateTable('bookings')
        .set({ utr_status: 'verified', utr_verified_by: member.id, utr_verified_label: adminLabel(member), utr_verified_at: now })
        .where('id', '=', booking.id)
        .execute();
      const says = `UPI, UTR ${booking.utr} confirmed against the bank statement`;
      const payment = { id: booking.utr, method: 'upi', paidAt: now };
      const by = {
        gateway: 'upi',
        payment,
        label: adminLabel(member),
        adminId: member.id,
        says,
        receiptPrefix: deps.config.academy.receiptPrefix,
      };
      await markPaid(trx, booking, by, now);
      return trx.selectFrom('bookings').selectAll().where('id', '=', booking.id).executeTakeFirstOrThrow();
    });
    deps.wakeMail?.();
    return c.json({ booking: bookingLead.toRecord(row) });
  });
}

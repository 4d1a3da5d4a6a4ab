// What a seat booking needs beside its lead kind:
//   GET    /api/v1/bookings/options   (public) { batches, payment: { links, upi } }: the
//          upcoming batches admins keep and how to pay; the form builds each link with its
//          own reference (contract/bookings.ts), so a booking saved offline pays the same way
//   POST   /api/v1/bookings/utr       (public) { reference, utr } → 200: the UTR after paying;
//          the same UTR again is a harmless repeat, another one for a booking that has one is 409,
//          a UTR another booking holds is 409; it stays "to verify" until a counsellor confirms it
//   PATCH  /api/admin/bookings/:id    (payments.confirm) { paymentStatus } → { booking }:
//          payment-pending → paid → enrolled, kept in the lead's history; never back (409);
//          marked paid by hand, the booking gets the gateway's receipt (mailed once)
//   GET    /api/admin/batches         (leads.read) every batch, past ones too
//   POST   /api/admin/batches         (batches.manage) { label, startsOn } → 201 { batch }
//   DELETE /api/admin/batches/:id     (batches.manage) → 204
import { Hono } from 'hono';
import { sql } from 'kysely';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import {
  MANUAL_PAYMENT_METHOD,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type Batch,
  type PaymentStatus,
  type UtrStatus,
} from '../../contract/bookings.ts';
import { batchSchema, bookingUtrSchema, paymentStatusSchema } from '../../contract/leads.ts';
import { MESSAGES } from '../../contract/messages.ts';
import { nowOf, type Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { bookingLead, isUniqueViolation } from '../leads/definitions.ts';
import { adminLabel, announce, isLeadId, record } from '../leads/history.ts';
import { markPaid, type PaidBy } from '../payments/apply.ts';
import { HttpError, readJsonBody } from '../http/http.ts';
import { validate } from '../http/validate.ts';
import type { AdminSession } from '../auth/auth.ts';
import type { BookingsTable, Database } from '../db/schema.ts';
import type { Kysely, Selectable } from 'kysely';

export const BOOKING_MESSAGES = {
  // A visitor's (contract, so they have their Hindi words); the rest are the console's.
  bookingNotFound: MESSAGES.bookingNotFound,
  utrSaved: MESSAGES.utrSaved,
  utrDifferent: MESSAGES.utrDifferent,
  utrTaken: MESSAGES.utrTaken,
  batchNotFound: 'Batch not found',
  noMovingBack: 'A paid booking never moves back: its payment is on record with its receipt.',
} as const;

/** The statuses a booking may move to `status` from: forward or where it is, never back. */
function movableFrom(status: PaymentStatus): PaymentStatus[] {
  return PAYMENT_STATUSES.slice(0, PAYMENT_STATUSES.indexOf(status) + 1);
}

/** The unique index on a booking's UTR (migrations/2026-11-27T0100_payments.ts). */
const UTR_KEY = 'bookings_utr_key';

/** Today in India (the batches' dates are IST days). */
const istToday = (now: Date) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

async function batches(db: Kysely<Database>, from?: string): Promise<Batch[]> {
  let query = db.selectFrom('booking_batches').select(['id', 'label', sql<string>`starts_on::text`.as('starts_on')]);
  if (from) query = query.where('starts_on', '>=', from);
  const rows = await query.orderBy('starts_on').orderBy('label').execute();
  return rows.map((r) => ({ _id: r.id, label: r.label, startsOn: r.starts_on }));
}

/** Public: the form's batches and the payment settings. */
export function bookingOptions(deps: Deps): Hono {
  return new Hono().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({
      batches: await batches(deps.db, istToday(nowOf(deps))),
      payment: { links: deps.config.paymentLinks, upi: deps.config.upi ?? null, gateway: Boolean(deps.config.gateway) },
    });
  });
}

/** Public: a visitor's UTR for their booking. */
export function bookingUtr(deps: Deps): Hono {
  return new Hono().post('/', async (c) => {
    const input = validate(bookingUtrSchema, await readJsonBody(c, BODY_MAX_BYTES));
    if (!input.ok) throw input.error;
    const { reference, utr } = input.value;
    // A claim until a counsellor finds it in the bank statement; one UTR belongs to one booking (a unique index).
    const row = await deps.db
      .updateTable('bookings')
      .set({ utr, utr_status: sql<UtrStatus>`coalesce(utr_status, 'to-verify')` })
      .where('reference', '=', reference)
      .where((eb) => eb.or([eb('utr', 'is', null), eb('utr', '=', utr)]))
      .returning(['id'])
      .executeTakeFirst()
      .catch((err: unknown) => {
        if (isUniqueViolation(err, UTR_KEY)) throw new HttpError(409, BOOKING_MESSAGES.utrTaken);
        throw err;
      });
    if (row) return c.json({ message: BOOKING_MESSAGES.utrSaved });
    const exists = await deps.db.selectFrom('bookings').select('id').where('reference', '=', reference).executeTakeFirst();
    throw exists ? new HttpError(409, BOOKING_MESSAGES.utrDifferent) : new HttpError(404, BOOKING_MESSAGES.bookingNotFound);
  });
}

/** A booking an admin marks paid by hand: the same paying as a gateway's, so the student gets the same receipt. */
function paidByHand(booking: Selectable<BookingsTable>, admin: AdminSession['admin'], receiptPrefix: string, now: Date): PaidBy {
  return {
    gateway: booking.gateway ?? 'manual',
    // The visitor quotes the reference when paying outside a gateway (every booking email asks them to).
    payment: { id: booking.reference, method: MANUAL_PAYMENT_METHOD, paidAt: now },
    label: adminLabel(admin),
    adminId: admin.id,
    says: `confirmed by ${adminLabel(admin)}`,
    receiptPrefix,
  };
}

/** Admin: a booking's payment moves on; the change is a note in its history and announced to open consoles. */
export function bookingAdmin(deps: Deps): Hono {
  return new Hono().patch('/:id', guard(deps, 'payments.confirm'), async (c) => {
    const id = c.req.param('id');
    const input = validate(paymentStatusSchema, await readJsonBody(c, BODY_MAX_BYTES));
    if (!input.ok) throw input.error;
    const status = input.value.paymentStatus as PaymentStatus;
    const admin = c.get('adminSession').admin;
    const now = nowOf(deps);
    const row = await deps.db.transaction().execute(async (trx) => {
      if (!isLeadId(id)) return undefined;
      const booking = await trx.selectFrom('bookings').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!booking) return undefined;
      if (!movableFrom(status).includes(booking.payment_status)) throw new HttpError(409, BOOKING_MESSAGES.noMovingBack);
      // Pending to paid (or straight to enrolled) is a payment: marked, converted and its receipt mailed, once.
      const paying = booking.payment_status === 'payment-pending' && status !== 'payment-pending';
      if (paying) await markPaid(trx, booking, paidByHand(booking, admin, deps.config.academy.receiptPrefix, now), now);
      if (status === booking.payment_status || (paying && status === 'paid'))
        return trx.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const updated = await trx
        .updateTable('bookings')
        .set({ payment_status: status, payment_updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await record(trx, [
        {
          list: 'bookings',
          lead_id: id,
          admin_id: admin.id,
          admin_label: adminLabel(admin),
          action: 'note',
          note: `Payment: ${PAYMENT_STATUS_LABELS[status]}`,
        },
      ]);
      await announce(trx, 'bookings', [{ id, assignee: updated.assignee_id }]);
      return updated;
    });
    if (!row) throw new HttpError(404, BOOKING_MESSAGES.bookingNotFound);
    // The receipt was queued with the payment.
    deps.wakeMail?.();
    return c.json({ booking: bookingLead.toRecord(row) });
  });
}

/** Admin: the batches the booking form offers. */
export function batchAdmin(deps: Deps): Hono {
  return new Hono()
    .get('/', guard(deps, 'leads.read'), async (c) => c.json({ data: await batches(deps.db) }))
    .post('/', guard(deps, 'batches.manage'), async (c) => {
      const input = validate(batchSchema, await readJsonBody(c, BODY_MAX_BYTES));
      if (!input.ok) throw input.error;
      const row = await deps.db
        .insertInto('booking_batches')
        .values({ label: input.value.label, starts_on: input.value.startsOn, created_by: c.get('adminSession').admin.id })
        .returning(['id', 'label', sql<string>`starts_on::text`.as('starts_on')])
        .executeTakeFirstOrThrow();
      const batch: Batch = { _id: row.id, label: row.label, startsOn: row.starts_on };
      return c.json({ batch }, 201);
    })
    .delete('/:id', guard(deps, 'batches.manage'), async (c) => {
      const id = c.req.param('id');
      const gone = isLeadId(id) ? await deps.db.deleteFrom('booking_batches').where('id', '=', id).executeTakeFirst() : undefined;
      if (!gone || gone.numDeletedRows === 0n) throw new HttpError(404, BOOKING_MESSAGES.batchNotFound);
      return c.body(null, 204);
    });
}

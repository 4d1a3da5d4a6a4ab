// A paid booking's receipt: numbered in the transaction that marks the booking paid (so the
// number, the payment and the email are committed together or not at all), and mailed through
// the mail queue with its PDF made when the message is sent (mail/worker.ts's attachment
// sources), so a restart between the two loses and doubles nothing.
//
// Numbers are gap-free per financial year (April to March, by the payment's day in IST):
// the year's counter row is bumped by an upsert, whose row lock makes a second payment wait
// for the first's commit (or take the same number back after its rollback). It is the last
// statement of the paying transaction, so the lock is held for as little as possible.
import type { Kysely, Selectable, Transaction } from 'kysely';
import { istDateOf } from '../../contract/working-hours.ts';
import { paiseOf } from '../../contract/bookings.ts';
import type { AcademyConfig } from '../config.ts';
import type { BookingsTable, Database, ReceiptsTable } from '../db/schema.ts';
import { linesHtml } from '../lib/html.ts';
import { bookingMailWords } from '../mail/booking-words.ts';
import { enqueueMail, type OutgoingMail } from '../mail/queue.ts';
import { MissingAttachmentError } from '../mail/worker.ts';
import { rupeesFigures } from './amount-words.ts';
import { renderReceiptPdf, type ReceiptDocument } from './receipt-pdf.ts';

type Booking = Selectable<BookingsTable>;
export type ReceiptRow = Selectable<ReceiptsTable>;

/** The mail worker's attachment kind for a receipt's PDF (run.ts registers its maker). */
export const RECEIPT_ATTACHMENT = 'receipt';

/** "2026-27" for any day from 1 April 2026 to 31 March 2027 in IST. */
export function financialYearOf(at: Date): string {
  const [year, month] = istDateOf(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export function receiptNumber(prefix: string, financialYear: string, sequence: number): string {
  return `${prefix}/${financialYear}/${String(sequence).padStart(6, '0')}`;
}

/** The file name a receipt is attached and downloaded as ("/" is not allowed in one). */
export function receiptFileName(number: string): string {
  return `receipt-${number.replace(/\//g, '-')}.pdf`;
}

/**
 * Numbers the booking's receipt and queues its email, in the paying transaction. Nothing when
 * the booking has one already (a booking an admin moved back to pending and that is paid again).
 */
export async function issueReceipt(
  trx: Transaction<Database>,
  booking: Booking,
  payment: { id: string; method: string; paidAt: Date },
  prefix: string,
  now: Date,
): Promise<ReceiptRow | undefined> {
  const had = await trx.selectFrom('receipts').select('id').where('booking_id', '=', booking.id).executeTakeFirst();
  if (had) return undefined;
  const financialYear = financialYearOf(payment.paidAt);
  const counter = await trx
    .insertInto('receipt_counters')
    .values({ financial_year: financialYear, last_number: 1 })
    .onConflict((oc) => oc.column('financial_year').doUpdateSet((eb) => ({ last_number: eb('receipt_counters.last_number', '+', 1) })))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  const receipt = await trx
    .insertInto('receipts')
    .values({
      booking_id: booking.id,
      number: receiptNumber(prefix, financialYear, counter.last_number),
      financial_year: financialYear,
      sequence: counter.last_number,
      issued_at: now,
      reference: booking.reference,
      programme: booking.programme,
      package: booking.package,
      amount_paise: paiseOf(booking.amount),
      payment_id: payment.id,
      payment_method: payment.method,
      paid_at: payment.paidAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await enqueueMail(trx, receiptEmail(receipt, booking));
  return receipt;
}

/** "27 Nov 2026, 14:05 IST". */
export function istDateTime(at: Date): string {
  const text = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return `${text} IST`;
}

export function receiptEmail(
  receipt: ReceiptRow,
  booking: Pick<Booking, 'name' | 'email'> & Partial<Pick<Booking, 'site_language'>>,
): OutgoingMail {
  const amount = rupeesFigures(Number(receipt.amount_paise));
  const w = bookingMailWords(booking.site_language);
  const lines = [
    w.hello(booking.name),
    '',
    w.receiptReceived(amount, w.amountInWords(Number(receipt.amount_paise)), receipt, receipt.reference),
    '',
    w.receiptNumber(receipt.number),
    w.receiptPayment(receipt.payment_id, receipt.payment_method, istDateTime(receipt.paid_at)),
    '',
    w.receiptAttached,
  ];
  return {
    to: booking.email,
    subject: w.receiptSubject(receipt.number, receipt.reference),
    text: lines.join('\n'),
    html: linesHtml(lines),
    attachments: [
      {
        filename: receiptFileName(receipt.number),
        contentType: 'application/pdf',
        generated: { kind: RECEIPT_ATTACHMENT, id: receipt.id },
      },
    ],
    kind: 'receipt',
  };
}

/** What the PDF prints: the receipt's own facts, the payer's name from the booking (absent once erased). */
export async function receiptDocument(db: Kysely<Database>, where: { id: string } | { bookingId: string }, academy: AcademyConfig) {
  const row = await db
    .selectFrom('receipts')
    .leftJoin('bookings', 'bookings.id', 'receipts.booking_id')
    .selectAll('receipts')
    .select(['bookings.name as payer', 'bookings.site_language as language'])
    .where('id' in where ? 'receipts.id' : 'receipts.booking_id', '=', 'id' in where ? where.id : where.bookingId)
    .executeTakeFirst();
  if (!row) return undefined;
  const document: ReceiptDocument = {
    academy,
    number: row.number,
    reference: row.reference,
    programme: row.programme,
    package: row.package,
    amountPaise: Number(row.amount_paise),
    paymentId: row.payment_id,
    paymentMethod: row.payment_method,
    paidAt: row.paid_at,
    payer: row.payer,
    language: row.language,
  };
  return document;
}

/** The mail worker's maker of a receipt's PDF, by the receipt's id. */
export function receiptAttachmentSource(db: Kysely<Database>, academy: AcademyConfig): (id: string) => Promise<Buffer> {
  return async (id) => {
    const document = await receiptDocument(db, { id }, academy);
    if (!document) throw new MissingAttachmentError(`No receipt ${id}`);
    return renderReceiptPdf(document);
  };
}

// A seat booking's email, queued in the booking's own transaction: the reference, the amount,
// how long the seat is held and how to pay (the package's payment page carrying the
// reference, and UPI with the payee's name and ID where the business takes it), so the
// visitor has it even if they close the page before paying. A relay sends no mail: the
// upstream mails when the relay forwards the booking.
import type { Selectable, Transaction } from 'kysely';
import { PAID_PACKAGES, paymentLinkWithReference, rupeesText, type PaidPackage } from '../../contract/bookings.ts';
import type { Database } from '../db/schema.ts';
import type { Config } from '../config.ts';
import type { Deps } from '../deps.ts';
import { linesHtml } from '../lib/html.ts';
import { bookingMailWords, upiLines } from '../mail/booking-words.ts';
import { enqueueMail, type OutgoingMail } from '../mail/queue.ts';
import { bookingLead } from './definitions.ts';

type BookingRow = Selectable<Database['bookings']>;

/**
 * The email for one booking, in plain text and HTML alike. With a payment gateway the
 * booking's own link is made after it is stored: the email says it is on its way (it follows
 * in its own email, paymentLinkEmail) and gives the booking page, which shows it once made.
 */
export function bookingEmail(row: BookingRow, payment: Pick<Config, 'paymentLinks' | 'upi' | 'gateway' | 'publicUrl'>): OutgoingMail {
  const pkg = row.package as PaidPackage;
  const amount = rupeesText(PAID_PACKAGES[pkg].rupees);
  const page = `${payment.publicUrl}/booking/${encodeURIComponent(row.reference)}`;
  const link = payment.gateway ? page : paymentLinkWithReference(payment.paymentLinks[pkg], row.reference);
  const w = bookingMailWords(row.site_language);
  const lines = [
    w.hello(row.name),
    '',
    w.reserved(row),
    w.payWithin(amount),
    '',
    w.reference(row.reference),
    w.quoteIt,
    '',
    payment.gateway ? w.linkComing(link) : w.payOnline(link),
  ];
  if (payment.upi) lines.push(...upiLines(w, payment.upi, PAID_PACKAGES[pkg].rupees, row.reference));
  const text = lines.join('\n');
  const html = linesHtml(lines, link);
  return { to: row.email, subject: w.bookingSubject(row.reference), text, html, kind: 'booking' };
}

/** The gateway has made the booking's own link: the visitor gets it by email too. */
export function paymentLinkEmail(
  row: Pick<BookingRow, 'name' | 'email' | 'reference' | 'amount'> & Partial<Pick<BookingRow, 'site_language'>>,
  url: string,
): OutgoingMail {
  const w = bookingMailWords(row.site_language);
  const lines = [w.hello(row.name), '', w.linkReady(row.reference, url), w.linkPay(rupeesText(row.amount))];
  const html = linesHtml(lines, url);
  return { to: row.email, subject: w.linkSubject(row.reference), text: lines.join('\n'), html, kind: 'booking' };
}

/** The booking kind with its email: it takes the place of the plain one at its path (app.ts). */
export function bookingLeadMailed(deps: Pick<Deps, 'config' | 'wakeMail'>) {
  return {
    ...bookingLead,
    afterInsert: async (trx: Transaction<Database>, rows: BookingRow[]) => {
      if (deps.config.relay) return;
      for (const row of rows) await enqueueMail(trx, bookingEmail(row, deps.config));
    },
    afterCommit: () => deps.wakeMail?.(),
  };
}

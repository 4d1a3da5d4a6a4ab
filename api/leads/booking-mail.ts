// A seat booking's email, queued in the booking's own transaction: the reference, the amount,
// how long the seat is held and how to pay (the package's payment page carrying the
// reference, and UPI with the payee's name and ID where the business takes it), so the
// visitor has it even if they close the page before paying. A relay sends no mail: the
// upstream mails when the relay forwards the booking.
import type { Selectable, Transaction } from 'kysely';
import {
  BOOKING_HOLD_DAYS,
  PAID_PACKAGES,
  paymentLinkWithReference,
  rupeesText,
  upiUri,
  type PaidPackage,
} from '../../contract/bookings.ts';
import type { Database } from '../db/schema.ts';
import type { Config } from '../config.ts';
import type { Deps } from '../deps.ts';
import { escapeHtml } from '../lib/html.ts';
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
  const lines = [
    `Hello ${row.name},`,
    '',
    `Your seat in ${row.programme} (${row.package}, ${row.batch}) is reserved.`,
    `Pay ${amount} within ${BOOKING_HOLD_DAYS} days to keep it.`,
    '',
    `Your booking reference: ${row.reference}`,
    'Quote it when you pay.',
    '',
    ...(payment.gateway
      ? [
          `Your own payment link (card, net banking, UPI) is on its way: we email it as soon as it is made, and your booking page shows it: ${link}`,
        ]
      : [`Pay online (card, net banking, UPI): ${link}`]),
  ];
  if (payment.upi) {
    lines.push(
      '',
      'Or pay by UPI:',
      `  Payee: ${payment.upi.name}`,
      `  UPI ID: ${payment.upi.vpa}`,
      `  Amount: ${amount}`,
      `  Note: ${row.reference}`,
      `  UPI link (opens a UPI app on a phone): ${upiUri(payment.upi, PAID_PACKAGES[pkg].rupees, row.reference)}`,
      'After paying by UPI, send us the UTR your app shows, quoting the reference.',
    );
  }
  const text = lines.join('\n');
  const html = `<div style="font-family:sans-serif;line-height:1.5">${lines
    .map((l) =>
      l === '' ? '<br>' : `<div>${escapeHtml(l).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</div>`,
    )
    .join('')}</div>`;
  return { to: row.email, subject: `Seat reserved: ${row.reference} — pay within ${BOOKING_HOLD_DAYS} days`, text, html, kind: 'booking' };
}

/** The gateway has made the booking's own link: the visitor gets it by email too. */
export function paymentLinkEmail(row: Pick<BookingRow, 'name' | 'email' | 'reference' | 'amount'>, url: string): OutgoingMail {
  const lines = [
    `Hello ${row.name},`,
    '',
    `Your payment link for booking ${row.reference} is ready: ${url}`,
    `Pay ${rupeesText(row.amount)} there (card, net banking or UPI) within ${BOOKING_HOLD_DAYS} days to keep your seat.`,
  ];
  const html = `<div style="font-family:sans-serif;line-height:1.5">${lines
    .map((l) =>
      l === '' ? '<br>' : `<div>${escapeHtml(l).replace(escapeHtml(url), `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`)}</div>`,
    )
    .join('')}</div>`;
  return { to: row.email, subject: `Your payment link for ${row.reference}`, text: lines.join('\n'), html, kind: 'booking' };
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

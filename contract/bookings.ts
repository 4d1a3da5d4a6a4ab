// Seat bookings and their payment: the paid packages and their prices, the
// programmes a seat can be booked on, the booking reference, the payment states the console
// moves a booking through, and the UPI link. The server computes the amount from the
// package (never from the client), and the PWA shows the same figure.
import { indianDigits } from './digits.ts';

/** The paid packages (spec §9), by the names the pricing cards show. */
export const PAID_PACKAGES = {
  Elevate: { rupees: 2499, env: 'PAYMENT_LINK_ELEVATE', link: 'https://rzp.io/l/skillup-elevate' },
  Elite: { rupees: 7499, env: 'PAYMENT_LINK_ELITE', link: 'https://rzp.io/l/skillup-elite' },
} as const;
export type PaidPackage = keyof typeof PAID_PACKAGES;
export const PAID_PACKAGE_NAMES = Object.keys(PAID_PACKAGES) as PaidPackage[];

/** The course and the four programmes, as their pages title them; a seat is booked on one. */
export const BOOKABLE_PROGRAMMES = [
  'Soft Skill For Students',
  'Skill for Colleges',
  'Skill for Schools',
  'Corporate Training for Freshers',
  'B2B Soft Skills Outsourcing',
] as const;
export type BookableProgramme = (typeof BOOKABLE_PROGRAMMES)[number];

/** Where a booking stands with its payment; the console moves it on (an admin confirms "paid"). */
export const PAYMENT_STATUSES = ['payment-pending', 'paid', 'enrolled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  'payment-pending': 'Payment pending',
  paid: 'Paid',
  enrolled: 'Enrolled',
};

/**
 * The payment method of a booking an admin confirmed by hand (the money seen in the bank, or
 * cash at the desk): its receipt says so, and a gateway's later word about it is kept for a look.
 */
export const MANUAL_PAYMENT_METHOD = 'manual';

/** "₹2,499": the Indian grouping the pricing cards use. */
export function rupeesText(rupees: number): string {
  return `₹${indianDigits(rupees)}`;
}

/**
 * The booking's reference, made from the submission's id when the visitor presses "Book",
 * so a booking saved offline has its reference at once, and every retry carries the same.
 */
export const BOOKING_REFERENCE_PATTERN = /^SU-[0-9A-F]{10}$/;
export function bookingReferenceOf(submissionId: string): string {
  return `SU-${submissionId.replace(/-/g, '').slice(0, 10).toUpperCase()}`;
}

/** UTR: the 12-digit number a UPI app shows after paying (bank references up to 22 characters are accepted). */
export const UTR_PATTERN = /^[A-Za-z0-9]{12,22}$/;

export interface UpiPayee {
  vpa: string;
  name: string;
}

/**
 * How long a booked seat is held for its payment. A booking is a reservation until then:
 * every word a visitor reads after booking says so (the toast, the email).
 */
export const BOOKING_HOLD_DAYS = 3;

/** The UPI deep link (NPCI's linking specification): any UPI app on a phone opens it, a QR of it on a laptop. */
export function upiUri(payee: UpiPayee, rupees: number, reference: string): string {
  const q = (s: string) => encodeURIComponent(s);
  // The payee's address keeps its "@" as written (name@bank): some UPI apps read it literally.
  return `upi://pay?pa=${q(payee.vpa).replace(/%40/g, '@')}&pn=${q(payee.name)}&am=${rupees.toFixed(2)}&cu=INR&tn=${q(reference)}`;
}

/** The package's payment page, continued with the booking's reference. */
export function paymentLinkWithReference(link: string, reference: string): string {
  const url = new URL(link);
  url.searchParams.set('reference', reference);
  return url.toString();
}

/** GET /api/v1/bookings/options: the upcoming batches, and how to pay. */
export interface BookingOptions {
  batches: Batch[];
  payment: {
    /** Each package's payment page, without a reference (paymentLinkWithReference adds it). */
    links: Record<PaidPackage, string>;
    /** Set when the business takes UPI directly (UPI_VPA and UPI_PAYEE_NAME). */
    upi: UpiPayee | null;
    /** True when a gateway makes each booking its own link (then `links` are not offered). */
    gateway?: boolean;
  };
}

export const BOOKING_PATHS = {
  /** GET: the upcoming batches a visitor can choose and how to pay (public). */
  options: '/api/v1/bookings/options',
  /** GET /{reference}: where the booking's payment stands and its link (public: the reference is the visitor's). */
  status: '/api/v1/bookings',
  /** POST: the gateway's signed events (public; the signature is the check). */
  razorpayWebhook: '/api/v1/payments/razorpay/webhook',
  cashfreeWebhook: '/api/v1/payments/cashfree/webhook',
  /** GET: the gateway events kept for an admin's look (admins). */
  paymentEvents: '/api/admin/payments/events',
  /** POST { reference, utr }: the visitor's UTR after paying (public, through the outbox). */
  utr: '/api/v1/bookings/utr',
  /** PATCH { paymentStatus }: an admin moves a booking's payment on; POST /:id/utr: a counsellor confirms its UTR. */
  payment: '/api/admin/bookings',
  /** GET, POST { label, startsOn }, DELETE /:id: the batches admins keep. */
  adminBatches: '/api/admin/batches',
} as const;

/** An upcoming batch, as the booking form lists it. */
export interface Batch {
  _id: string;
  label: string;
  /** YYYY-MM-DD (IST). */
  startsOn: string;
}

/** Chosen when no batch is listed yet (or the list could not be fetched offline): the desk proposes one. */
export const NEXT_BATCH = 'Next available batch';

/** A price list's rupees in paise: what a gateway is asked for and what it must say was paid. */
export function paiseOf(rupees: number): number {
  return Math.round(rupees * 100);
}

/** How long a booking's payment link stays payable. */
export const PAYMENT_LINK_DAYS = 7;

/** A UTR the visitor typed is a claim until a counsellor finds it in the bank statement. */
export const UTR_STATUSES = ['to-verify', 'verified'] as const;
export type UtrStatus = (typeof UTR_STATUSES)[number];
export const UTR_STATUS_LABELS: Record<UtrStatus, string> = { 'to-verify': 'To verify', verified: 'Verified' };

/** What became of a gateway's event: it changed a booking, it changed nothing, or a person must look. */
export type PaymentEventOutcome = 'applied' | 'unchanged' | 'needs-look';

/** GET /api/v1/bookings/{reference}: what the visitor's booking page shows. */
export interface BookingPaymentState {
  reference: string;
  programme: string;
  package: string;
  /** Whole rupees. */
  amount: number;
  status: PaymentStatus;
  /** The booking's own gateway link; null while it is being made (or without a gateway). */
  paymentUrl: string | null;
  /** True when a gateway is making this booking's link: the page says it is on its way. */
  linkPending: boolean;
  /** ISO time the gateway says it was paid. */
  paidAt: string | null;
  /** The receipt's number once paid ("SS/2026-27/000123"); its PDF is at `${status}/{reference}/receipt.pdf`. */
  receiptNumber: string | null;
}

/** The paid booking's receipt PDF: the visitor's (by reference) and the console's (by id). */
export function receiptPath(reference: string): string {
  return `${BOOKING_PATHS.status}/${encodeURIComponent(reference)}/receipt.pdf`;
}
export function adminReceiptPath(id: string): string {
  return `${BOOKING_PATHS.payment}/${encodeURIComponent(id)}/receipt.pdf`;
}

/** A gateway event kept for an admin (GET /api/admin/payments/events). */
export interface PaymentEventRecord {
  _id: string;
  gateway: string;
  eventId: string;
  event: string;
  receivedAt: string;
  bookingId: string | null;
  reference: string | null;
  paymentId: string | null;
  amountPaise: number | null;
  currency: string | null;
  outcome: PaymentEventOutcome;
  reason: string | null;
}

// Every user-visible message the spec names, in one place, so the PWA and the API
// say exactly the same words. Section references are to the product spec.

import { BOOKING_HOLD_DAYS } from './bookings.ts';

export const MESSAGES = {
  // §5 validation
  phoneTenDigits: 'Please enter a valid 10-digit number',
  personalityPhone: 'Phone number must be 10 digits',
  invalidEmail: 'Invalid email address',
  passwordMin: 'Password must be at least 6 characters',
  allFieldsRequired: 'All fields are required!',
  passwordsDoNotMatch: 'Passwords do not match',
  // §8 outcomes
  contactSuccess: 'Message sent successfully!',
  contactFailure: 'Error sending message.',
  freeJoinSuccess: 'Welcome aboard! Your free seat is confirmed — see you at the live class on Tuesday.',
  freeJoinFailure: 'Something went wrong.',
  enquirySuccess: 'Form submitted successfully!',
  enquiryFailure: 'Something went wrong. Please try again.',
  joinNowSuccess: '🎉 Registration successful!',
  joinNowFailure: 'Something went wrong',
  /** A second join-now registration with an email that already has one (final: the outbox does not retry it). */
  emailAlreadyRegistered: 'This email is already registered.',
  personalitySuccess: 'Form submitted successfully!',
  personalityFailure: 'Something went wrong!',
  personalityNetwork: 'Server error, please try again!',
  // Bookings and proposals (the spec has no such forms).
  // Not "booked": nothing is paid yet; the seat is held for its payment.
  bookingSuccess: `Seat reserved — pay within ${BOOKING_HOLD_DAYS} days to keep it`,
  bookingFailure: 'We could not book your seat. Please try again.',
  referenceTaken: 'This booking reference is already used. Please book again.',
  proposalSuccess: 'Thank you! Our team will send you a proposal soon.',
  proposalFailure: 'We could not send your request. Please try again.',
  // What the server says to a visitor sending the UTR of a UPI payment.
  bookingNotFound: 'No booking has this reference.',
  utrSaved: 'Thank you! We will confirm your payment soon.',
  utrDifferent: 'This booking already has another UTR. Please call us if it is wrong.',
  utrTaken: 'This UTR is already given for another booking. Please check the number, or call us.',
} as const;

// Generic request problems, answered by the API as `{ message }`.
export const API_MESSAGES = {
  notJson: 'Request body must be valid JSON',
  notObject: 'Request body must be a JSON object',
  tooDeep: 'Request body is nested too deeply',
  /** A field of the wrong type (the value itself is never repeated back). */
  wrongType: (field: string) => `${field} has the wrong type`,
  invalidField: (field: string) => `${field} is not valid`,
  bodyIncomplete: 'The request body did not arrive completely',
  wrongTypes: 'Request body has fields of the wrong type',
  unsupportedMediaType: 'Content-Type must be application/json',
  tooLarge: (limitBytes: number) =>
    `Request body is too large (limit ${limitBytes >= 1024 * 1024 ? `${limitBytes / (1024 * 1024)} MiB` : `${limitBytes / 1024} KiB`})`,
  notFound: 'Not found',
  idempotencyConflict: 'This Idempotency-Key was already used with a different request body',
  idempotencyInFlight: 'A request with this Idempotency-Key is still being processed; retry shortly',
  badIdempotencyKey: 'Idempotency-Key must be 8 to 128 characters of letters, digits, "-", "_", "." or ":"',
  internal: 'Something went wrong on our side. Please try again.',
  /** A row the database refused although it passed validation: retrying the same body cannot help. */
  unstorable: 'This submission contains a value that cannot be stored. Please check what you typed and send it again.',
  unavailable: 'Service temporarily unavailable',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
} as const;

// The yup schemas for the five public lead forms. The PWA validates with them before
// queueing, and the API validates again with the very same objects: the server never
// trusts the client, and the user never sees a rule the server does not enforce.
import { number, object, string, type InferType } from 'yup';
import { BOOKABLE_PROGRAMMES, BOOKING_REFERENCE_PATTERN, PAID_PACKAGE_NAMES, PAYMENT_STATUSES, UTR_PATTERN } from './bookings.ts';
import { isCalendarDay } from './dates.ts';
import { MESSAGES } from './messages.ts';
import { BACKGROUND_OPTIONS, COURSE_OPTIONS, LIMITS } from './options.ts';
import { normalizePhone } from './phone.ts';
import { containsWebAddress, isStorableText, TEXT_MESSAGES, trimmed } from './text-rules.ts';

const TEN_DIGITS = /^\d{10}$/;

// yup's own trim()/lowercase() call string methods on whatever arrives and throw on an
// array; these leave non-strings alone so the type check can reject them with a message.
const lowered = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);

const storable = (label: string, multiline = false) =>
  [
    'storable',
    TEXT_MESSAGES.notAllowedCharacters(label),
    (v: string | undefined) => v === undefined || isStorableText(v, multiline),
  ] as const;

const text = (label: string, max: number, required = `${label} is required`, multiline = false) =>
  string()
    .typeError(`${label} must be text`)
    .transform(trimmed)
    .required(required)
    .max(max, `${label} must be at most ${max} characters`)
    .test(...storable(label, multiline));

/** A person's name: printed on certificates and used in emails, so never a web address. */
export const personName = (label: string, required?: string) =>
  text(label, LIMITS.name, required).test(
    'no-web-address',
    TEXT_MESSAGES.nameWithWebAddress(label),
    // Past the length limit the max rule has already failed it: no need to search it too.
    (v) => v === undefined || v.length > LIMITS.name || !containsWebAddress(v),
  );

/**
 * The part after the @ has a dot with something after it. yup's email rule (the HTML one)
 * takes "ravi.kumar@gmail", which no mail reaches: a visitor who forgot ".com" is told so.
 */
const DOMAIN_WITH_DOT = /@[^@\s]+\.[^@\s.]+$/;

export const email = (required = 'Email is required') =>
  string()
    .typeError('Email must be text')
    .transform(trimmed)
    .transform(lowered)
    .required(required)
    .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters`)
    .test(...storable('Email'))
    .email(MESSAGES.invalidEmail)
    .test('domain-with-dot', MESSAGES.invalidEmail, (v) => v === undefined || DOMAIN_WITH_DOT.test(v));

export const phone = (message: string, required = 'Phone number is required') =>
  string()
    .typeError(message)
    .transform((_v, original: unknown) => normalizePhone(original) as string)
    .required(required)
    .matches(TEN_DIGITS, message);

const password = (required = 'Password is required') =>
  string()
    .typeError('Password must be text')
    .required(required)
    .min(LIMITS.passwordMin, MESSAGES.passwordMin)
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`)
    .test(...storable('Password'));

/** POST /api/v1/contact — the 'Send A Message' form. All five fields required (§5). */
export const contactSchema = object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: email(),
  phone: phone(MESSAGES.phoneTenDigits),
  message: text('Message', LIMITS.message, undefined, true),
});
export type ContactInput = InferType<typeof contactSchema>;

/** POST /api/v1/free/join-free — the 'Zero Fees, Infinite Knowledge' modal. */
export const freeJoinSchema = object({
  name: personName('Name'),
  phone: phone(MESSAGES.phoneTenDigits, 'WhatsApp number is required'),
  email: email(),
});
export type FreeJoinInput = InferType<typeof freeJoinSchema>;

/** POST /api/v1/form/submit — the two-step enquiry ("need help") form. */
export const enquiryStep1Schema = object({
  background: string()
    .typeError('Please choose your background')
    .required('Please choose your background')
    .oneOf([...BACKGROUND_OPTIONS], 'Please choose your background'),
  course: string()
    .typeError('Please choose a course')
    .required('Please choose a course')
    .oneOf([...COURSE_OPTIONS], 'Please choose a course'),
});
export const enquirySchema = enquiryStep1Schema.shape({
  name: personName('Name'),
  email: email(),
  phone: phone(MESSAGES.phoneTenDigits),
});

/** POST /api/v1/now/join-now — the /join-now registration. */
export const joinNowSchema = object({
  name: personName('Name'),
  phone: phone(MESSAGES.phoneTenDigits),
  email: email(),
  password: password(),
});
export type JoinNowInput = InferType<typeof joinNowSchema>;

/** POST /api/v1/erasure-requests — a visitor asking for every submission with this email to be erased. */
export const erasureRequestSchema = object({
  email: email(MESSAGES.allFieldsRequired),
});
export type ErasureRequestInput = InferType<typeof erasureRequestSchema>;

/** POST /api/v1/quiz/submit-form — the personality-test sign-up, with the spec's four messages. */
export const personalitySignupSchema = object({
  name: personName('Name', MESSAGES.allFieldsRequired),
  phone: phone(MESSAGES.personalityPhone, MESSAGES.allFieldsRequired),
  email: email(MESSAGES.allFieldsRequired),
  password: password(MESSAGES.allFieldsRequired),
});
export type PersonalitySignupInput = InferType<typeof personalitySignupSchema>;

const choice = (options: readonly string[], message: string) =>
  string()
    .typeError(message)
    .required(message)
    .oneOf([...options], message);

/** POST /api/v1/bookings — a seat on a programme ("Buy now", a paid package's button). */
export const bookingSchema = object({
  programme: choice(BOOKABLE_PROGRAMMES, 'Please choose a programme'),
  package: choice(PAID_PACKAGE_NAMES, 'Please choose a package'),
  // One of the batches admins keep, by its label, or NEXT_BATCH. Any label is taken: a form
  // filled offline may show a list that has changed since, and the desk confirms the batch.
  batch: text('Batch', LIMITS.batch, 'Please choose a batch'),
  name: personName('Name'),
  email: email(),
  phone: phone(MESSAGES.phoneTenDigits),
  // Made by the form from the submission's id (bookingReferenceOf); a client that sends none gets one from the server.
  reference: string()
    .typeError('Booking reference must be text')
    .optional()
    .matches(BOOKING_REFERENCE_PATTERN, { message: 'Booking reference is not valid', excludeEmptyString: true }),
});
export type BookingInput = InferType<typeof bookingSchema>;

/** POST /api/v1/proposals — "Request a proposal" on the colleges, schools, corporate and B2B pages. */
export const proposalSchema = object({
  programme: choice(BOOKABLE_PROGRAMMES.slice(1), 'Please choose a programme'),
  organisation: text('Organisation', LIMITS.organisation),
  name: personName('Name'),
  role: text('Your role', LIMITS.organisation),
  email: email(),
  phone: phone(MESSAGES.phoneTenDigits),
  city: text('City', LIMITS.city),
  participants: number()
    .typeError('Participants must be a number')
    .required('Participants is required')
    .integer('Participants must be a whole number')
    .min(1, 'Participants must be at least 1')
    .max(LIMITS.participants, `Participants must be at most ${LIMITS.participants}`),
  preferredMonths: text('Preferred months', LIMITS.city),
  message: string()
    .typeError('Message must be text')
    .transform(trimmed)
    .default('')
    .max(LIMITS.message, `Message must be at most ${LIMITS.message} characters`)
    .test(...storable('Message', true)),
});
export type ProposalInput = InferType<typeof proposalSchema>;

/** POST /api/v1/bookings/utr — the UTR the visitor's UPI app showed after paying. */
export const bookingUtrSchema = object({
  reference: string()
    .typeError('Booking reference must be text')
    .transform(trimmed)
    .required('Booking reference is required')
    .matches(BOOKING_REFERENCE_PATTERN, 'Booking reference is not valid'),
  utr: string()
    .typeError('UTR must be text')
    // Spaces as a UPI app groups the digits, and letters in either case: one UTR, one spelling.
    .transform((v: unknown) => (typeof v === 'string' ? v.replace(/\s/g, '').toUpperCase() : v))
    .required('Please enter the UTR your UPI app shows')
    .matches(UTR_PATTERN, 'A UTR is 12 to 22 letters and digits'),
});

/** PATCH /api/admin/bookings/:id — an admin moves a booking's payment on. */
export const paymentStatusSchema = object({
  paymentStatus: choice(PAYMENT_STATUSES, 'Please choose a payment status'),
});

/** POST /api/admin/batches — an upcoming batch for the booking form. */
export const batchSchema = object({
  label: text('Batch', LIMITS.batch),
  startsOn: string()
    .typeError('Start date must be a date')
    .required('Start date is required')
    .test('real-date', 'Start date must be a date (YYYY-MM-DD)', (v) => v === undefined || isCalendarDay(v)),
});

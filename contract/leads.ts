// The yup schemas for the five public lead forms. The PWA validates with them before
// queueing, and the API validates again with the very same objects: the server never
// trusts the client, and the user never sees a rule the server does not enforce.
import { object, string, type InferType } from 'yup';
import { MESSAGES } from './messages.ts';
import { BACKGROUND_OPTIONS, COURSE_OPTIONS, LIMITS } from './options.ts';
import { containsWebAddress, isStorableText, TEXT_MESSAGES } from './text-rules.ts';

/**
 * Phone numbers are ten digits (§9). People type them with spaces, dashes or a +91
 * country prefix; those are removed before the ten-digit rule is checked, so
 * "+91 98765-43210" is stored as "9876543210".
 */
export function normalizePhone(value: unknown): unknown {
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const compact = String(value).replace(/[\s\-().]/g, '');
  const local = /^(?:\+?91|0)(\d{10})$/.exec(compact);
  return local ? local[1] : compact;
}

const TEN_DIGITS = /^\d{10}$/;

// yup's own trim()/lowercase() call string methods on whatever arrives and throw on an
// array; these leave non-strings alone so the type check can reject them with a message.
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
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

export const email = (required = 'Email is required') =>
  string()
    .typeError('Email must be text')
    .transform(trimmed)
    .transform(lowered)
    .required(required)
    .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters`)
    .test(...storable('Email'))
    .email(MESSAGES.invalidEmail);

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

// Classroom sessions: a trainer creates a session for an organisation; the class
// joins at /s/{code} and takes the test; the organisation gets a report on the class.
// What the console, the join page and the API agree on. Plain rules plus yup schemas.
import { number, object, string, type InferType } from 'yup';
import { isCalendarDay } from './dates.ts';
import { email, personName, phone } from './leads.ts';
import { MESSAGES } from './messages.ts';
import type { Background, Course } from './options.ts';
import type { QuizDomain } from './quiz/items.ts';
import { QUIZ_LANGUAGES, type QuizLanguage } from './quiz/options.ts';
import { isStorableText, TEXT_MESSAGES, trimmed } from './text-rules.ts';

export const SESSION_PATHS = {
  /** POST (trainers) { organisation, city?, date, language, expected? } → 201 { code, url }; GET → { data }. */
  admin: '/api/admin/sessions',
  /** GET /{code}: what the join page shows (organisation, date, language), for anyone with the code. */
  public: '/api/v1/sessions',
} as const;
/** The class's phones open `${PUBLIC_URL}${SESSION_ROUTE}/{code}`. */
export const SESSION_ROUTE = '/s';

/**
 * Six characters from an alphabet without look-alikes (none of 0/O/Q, 1/I/L,
 * 2/Z, 5/S, 8/B, U/V): read off a projector at the back of a hall and typed on a phone, a
 * code cannot be misread. 22 symbols: 22^6 ≈ 113 million codes.
 */
export const SESSION_CODE_ALPHABET = 'ACDEFGHJKMNPRTWXY34679';
export const SESSION_CODE_LENGTH = 6;
const CODE_PATTERN = new RegExp(`^[${SESSION_CODE_ALPHABET}]{${SESSION_CODE_LENGTH}}$`);

/** A code as typed (any case, spaces) in its stored form, or undefined when it cannot be one. */
export function sessionCodeOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 20) return undefined;
  const code = value.replace(/[\s-]/g, '').toUpperCase();
  return CODE_PATTERN.test(code) ? code : undefined;
}

export function sessionUrl(publicUrl: string, code: string): string {
  return `${publicUrl}${SESSION_ROUTE}/${code}`;
}

/**
 * A student's identity within a session: their email, else their roll number, lower-cased.
 * Taking the test twice keeps one participant (the report reads their latest test).
 */
export function participantOf(who: { email?: string | null | undefined; rollNumber?: string | null | undefined }): string | undefined {
  if (who.email) return `e:${who.email.trim().toLowerCase()}`;
  if (who.rollNumber) return `r:${who.rollNumber.trim().toLowerCase()}`;
  return undefined;
}

/** The B2B enquiry a session with a contact becomes (the enquiry form's own choices). */
export const SESSION_LEAD_COURSE: Course = 'B2B Training';
export const SESSION_LEAD_BACKGROUND = {
  college: 'College Student',
  school: 'School Student',
  corporate: 'Corporate Employee',
} as const satisfies Record<SessionAudience, Background>;

/** Who the class is: a school's students are asked the guardian step, as on the public forms. */
export const SESSION_AUDIENCES = ['college', 'school', 'corporate'] as const;
export type SessionAudience = (typeof SESSION_AUDIENCES)[number];
export const SESSION_AUDIENCE_LABELS: Record<SessionAudience, string> = { college: 'College', school: 'School', corporate: 'Company' };

export const SESSION_LIMITS = { organisation: 120, city: 80, expectedMax: 2000, rollNumber: 40 } as const;

export const SESSION_MESSAGES = {
  organisationRequired: 'Organisation is required',
  dateInvalid: 'Date must be a date (2026-12-01)',
  audienceInvalid: `Audience must be one of: ${SESSION_AUDIENCES.join(', ')}`,
  languageInvalid: `Language must be one of: ${QUIZ_LANGUAGES.join(', ')}`,
  expectedInvalid: `Expected must be a whole number from 1 to ${SESSION_LIMITS.expectedMax}`,
  notFound: 'There is no such session',
  emailOrRoll: 'Enter your email or your roll number',
  joined: 'You have joined the session',
  tooFewForReport: 'The report needs at least 5 students who finished the test',
} as const;

/** At least this many finished participants before a report shows any figure (no one can be singled out). */
export const REPORT_MIN_FINISHED = 5;

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const shortText = (label: string, max: number) =>
  string()
    .typeError(`${label} must be text`)
    .transform(trimmed)
    .max(max, `${label} must be at most ${max} characters`)
    .test('storable', TEXT_MESSAGES.notAllowedCharacters(label), (v) => v === undefined || isStorableText(v));

/** POST /api/admin/sessions. */
export const sessionCreateSchema = object({
  organisation: shortText('Organisation', SESSION_LIMITS.organisation).required(SESSION_MESSAGES.organisationRequired),
  city: shortText('City', SESSION_LIMITS.city).transform(emptyToUndefined).optional(),
  date: string()
    .typeError(SESSION_MESSAGES.dateInvalid)
    .required(SESSION_MESSAGES.dateInvalid)
    .test('date', SESSION_MESSAGES.dateInvalid, (v) => v === undefined || isCalendarDay(v)),
  language: string<QuizLanguage>()
    .typeError(SESSION_MESSAGES.languageInvalid)
    .required(SESSION_MESSAGES.languageInvalid)
    .oneOf(QUIZ_LANGUAGES, SESSION_MESSAGES.languageInvalid),
  audience: string<SessionAudience>()
    .typeError(SESSION_MESSAGES.audienceInvalid)
    .default('college')
    .oneOf(SESSION_AUDIENCES, SESSION_MESSAGES.audienceInvalid),
  // The organisation's contact (a placement officer, say): the session becomes their B2B
  // enquiry, so the sales desk follows it up. All three, or none.
  contact: object({
    name: personName('Contact name'),
    email: email(),
    phone: phone(MESSAGES.phoneTenDigits),
  })
    .default(undefined)
    .optional(),
  expected: number()
    .transform((v: unknown, original: unknown) => (original === '' || original === null ? undefined : v))
    .typeError(SESSION_MESSAGES.expectedInvalid)
    .integer(SESSION_MESSAGES.expectedInvalid)
    .min(1, SESSION_MESSAGES.expectedInvalid)
    .max(SESSION_LIMITS.expectedMax, SESSION_MESSAGES.expectedInvalid)
    .optional(),
});
export type SessionCreateInput = InferType<typeof sessionCreateSchema>;

/** An optional email: empty is none. */
export const optionalEmail = () => email().transform(emptyToUndefined).optional().default(undefined);
export const rollNumberField = () => shortText('Roll number', SESSION_LIMITS.rollNumber).transform(emptyToUndefined).optional();
export const optionalPhone = () =>
  phone(MESSAGES.phoneTenDigits)
    .transform((v: unknown) => emptyToUndefined(v))
    .optional()
    .default(undefined);

/**
 * POST /api/v1/sessions/join: a student joins (name; email or roll number; phone optional),
 * with `consent` beside the fields. Here `session` is a field too (a join means nothing
 * without one), checked like every other.
 */
export const sessionJoinSchema = object({
  session: string()
    .typeError(SESSION_MESSAGES.notFound)
    .required(SESSION_MESSAGES.notFound)
    .transform((v: unknown) => sessionCodeOf(v) ?? v)
    .test('code', SESSION_MESSAGES.notFound, (v) => v === undefined || sessionCodeOf(v) === v),
  name: personName('Name'),
  email: optionalEmail(),
  rollNumber: rollNumberField(),
  phone: optionalPhone(),
}).test('email-or-roll', SESSION_MESSAGES.emailOrRoll, function check(v) {
  return Boolean(v.email || v.rollNumber) || this.createError({ path: 'email', message: SESSION_MESSAGES.emailOrRoll });
});
export type SessionJoinInput = InferType<typeof sessionJoinSchema>;

/** A session as the console lists it. */
export interface ClassroomSession {
  code: string;
  url: string;
  organisation: string;
  city: string | null;
  /** YYYY-MM-DD. */
  date: string;
  language: QuizLanguage;
  audience: SessionAudience;
  expected: number | null;
  createdAt: string;
  /** Distinct students who joined (or finished without a join on record). */
  joined: number;
  /** Distinct students who finished the test. */
  finished: number;
  /** The organisation's B2B enquiry (the Need Help list), when the session named a contact. */
  leadId: string | null;
}
export interface SessionCreated {
  code: string;
  url: string;
}
export interface SessionsResponse {
  data: ClassroomSession[];
}
/** GET /api/v1/sessions/{code}: what a phone needs to join. */
export interface PublicSession {
  code: string;
  organisation: string;
  city: string | null;
  date: string;
  language: QuizLanguage;
  audience: SessionAudience;
}

/** Five equal bands of the 0..100 percent scale: 0–19, 20–39, 40–59, 60–79, 80–100. */
export const REPORT_BANDS = ['0–19', '20–39', '40–59', '60–79', '80–100'] as const;
export function reportBandOf(percent: number): number {
  return Math.min(4, Math.max(0, Math.floor(percent / 20)));
}

export interface DomainFigures {
  mean: number;
  median: number;
  /** Counts of participants in each of REPORT_BANDS. */
  distribution: [number, number, number, number, number];
}
/** GET /api/admin/sessions/{code}/report. `domains` is null below REPORT_MIN_FINISHED finished. */
export interface SessionReport {
  organisation: string;
  date: string;
  joined: number;
  finished: number;
  domains: Record<QuizDomain, DomainFigures> | null;
}

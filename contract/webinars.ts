// Webinars: admins schedule them in the console, the public /webinars page lists the
// upcoming ones, and a visitor's registration is a lead (the `webinar` kind in
// lead-kinds.ts) that gets the join link by email and a reminder before it starts.
import { object, string, type InferType } from 'yup';
import { email, personName, phone } from './leads.ts';
import { MESSAGES } from './messages.ts';
import { isStorableText, TEXT_MESSAGES } from './text-rules.ts';

export const WEBINAR_PATHS = {
  /** GET: the upcoming webinars, soonest first (public). */
  upcoming: '/api/v1/webinars',
  /** GET every webinar, POST { title, startsAt, joinUrl }, PATCH /:id, POST /:id/cancel (admins; reading: leads.read). */
  admin: '/api/admin/webinars',
} as const;

/** The public page (prerendered shell; its list is fetched). */
export const WEBINARS_PAGE = '/webinars';

/** The reminder goes this long before the start (once per registration). */
export const WEBINAR_REMINDER_MINUTES = 60;

export const WEBINAR_LIMITS = { title: 150, joinUrl: 500 } as const;

export const WEBINAR_MESSAGES = {
  notFound: 'Webinar not found',
  closed: 'Registration for this webinar has closed.',
  unknown: 'That webinar is not on the schedule. Please choose one from the list.',
  registered: 'You are registered. The joining link is on its way to your email.',
  failure: 'Something went wrong. Please try again.',
  offline: 'You are offline, so the list of webinars cannot be loaded. Please try again when you are connected.',
  none: 'No webinars are scheduled right now. Please check back soon.',
  loadFailed: 'Could not load the webinars. Please try again.',
} as const;

/** A webinar as the public page lists it (no join link: that goes by email to those who register). */
export interface UpcomingWebinar {
  _id: string;
  title: string;
  startsAt: string;
}

/** A webinar as admins see it. */
export interface Webinar extends UpcomingWebinar {
  joinUrl: string;
  cancelledAt: string | null;
  registrations: number;
  createdAt: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST/PATCH /api/admin/webinars. */
export const webinarSchema = object({
  title: string()
    .typeError('Title must be text')
    .transform((v: unknown) => (typeof v === 'string' ? v.trim() : v))
    .required('Title is required')
    .max(WEBINAR_LIMITS.title, `Title must be at most ${WEBINAR_LIMITS.title} characters`)
    .test('storable', TEXT_MESSAGES.notAllowedCharacters('Title'), (v) => v === undefined || isStorableText(v)),
  startsAt: string()
    .typeError('Start time must be a date and time')
    .required('Start time is required')
    .test('instant', 'Start time must be a date and time (ISO 8601)', (v) => v === undefined || !Number.isNaN(Date.parse(v))),
  joinUrl: string()
    .typeError('Joining link must be text')
    .trim()
    .required('Joining link is required')
    .max(WEBINAR_LIMITS.joinUrl, `Joining link must be at most ${WEBINAR_LIMITS.joinUrl} characters`)
    .test('https', 'Joining link must be an https:// address', (v) => v === undefined || isHttpsUrl(v)),
});
export type WebinarInput = InferType<typeof webinarSchema>;

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** POST /api/v1/webinars/register. */
export const webinarRegistrationSchema = object({
  webinar: string()
    .typeError(WEBINAR_MESSAGES.unknown)
    .required('Please choose a webinar')
    .matches(UUID, { message: WEBINAR_MESSAGES.unknown }),
  name: personName('Name'),
  email: email(),
  phone: phone(MESSAGES.phoneTenDigits),
});
export type WebinarRegistrationInput = InferType<typeof webinarRegistrationSchema>;

/** A registration as the API gives it back (its list item adds the webinar's title and start). */
export interface WebinarRegistrationRecord {
  _id: string;
  webinar: string;
  name: string;
  email: string;
  phone: string;
  createdAt: string;
}

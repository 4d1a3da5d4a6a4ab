// The schema of each lead kind, by the registry's names (lead-kinds.ts). Kept apart from
// the registry because it brings in yup: the registry's plain facts load on every page and
// in the service worker; the schemas only where a form or the API checks a submission.
import type { AnyObjectSchema } from 'yup';
import type { LeadKind } from './lead-kinds.ts';
import {
  bookingSchema,
  contactSchema,
  enquirySchema,
  erasureRequestSchema,
  freeJoinSchema,
  joinNowSchema,
  personalitySignupSchema,
  proposalSchema,
} from './leads.ts';
import { quizAnswersSchema } from './quiz/schema.ts';
import { sessionJoinSchema } from './sessions.ts';
import { webinarRegistrationSchema } from './webinars.ts';

export const LEAD_SCHEMAS = {
  contact: contactSchema,
  freeJoin: freeJoinSchema,
  enquiry: enquirySchema,
  joinNow: joinNowSchema,
  personalitySignup: personalitySignupSchema,
  quizAnswers: quizAnswersSchema,
  booking: bookingSchema,
  proposal: proposalSchema,
  sessionJoin: sessionJoinSchema,
  erasureRequest: erasureRequestSchema,
  webinar: webinarRegistrationSchema,
} as const satisfies Record<LeadKind, AnyObjectSchema>;

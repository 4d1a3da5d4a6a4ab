// The contract schema for each queued path, so "fix and resend" checks the same rules the
// server will.
import type { AnyObjectSchema } from 'yup';
import { LEAD_PATHS } from '../../../contract/api.ts';
import { contactSchema, enquirySchema, freeJoinSchema, joinNowSchema, personalitySignupSchema } from '../../../contract/leads.ts';

export const SCHEMA_BY_PATH: Record<string, AnyObjectSchema> = {
  [LEAD_PATHS.contact]: contactSchema,
  [LEAD_PATHS.freeJoin]: freeJoinSchema,
  [LEAD_PATHS.enquiry]: enquirySchema,
  [LEAD_PATHS.joinNow]: joinNowSchema,
  [LEAD_PATHS.personalitySignup]: personalitySignupSchema,
};

const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  message: 'Message',
  password: 'Password',
  background: 'Background',
  course: 'Course',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

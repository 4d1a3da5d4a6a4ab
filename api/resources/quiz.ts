// Personality-test sign-ups: POST /api/v1/quiz/submit-form. The password is stored only
// as an scrypt hash and never returned.
import { Hono } from 'hono';
import { LEAD_PATHS, type QuizUser } from '../../contract/api.ts';
import { personalitySignupSchema, type PersonalitySignupInput } from '../../contract/leads.ts';
import { MESSAGES } from '../../contract/messages.ts';
import type { Deps } from '../deps.ts';
import { iso } from '../lib/dates.ts';
import type { LeadResource } from '../lib/ingest.ts';
import { leadRoute } from '../lib/lead-route.ts';

export function toQuizUser(row: Record<string, unknown>): QuizUser {
  return {
    _id: String(row.id),
    name: String(row.name),
    email: String(row.email),
    phone: String(row.phone),
    createdAt: iso(row.created_at),
  };
}

export const personalitySignupLead: LeadResource = {
  path: LEAD_PATHS.personalitySignup,
  table: 'personality_users',
  schema: personalitySignupSchema,
  secretField: 'password',
  toColumns: (input) => {
    const v = input as PersonalitySignupInput;
    return { name: v.name, phone: v.phone, email: v.email };
  },
  respond: (row) => ({ status: 201, body: { message: MESSAGES.personalitySuccess, user: toQuizUser(row) } }),
};

export function quiz(deps: Deps): Hono {
  return new Hono().post('/submit-form', leadRoute(deps, personalitySignupLead));
}

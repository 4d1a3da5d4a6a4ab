// Words for what was submitted, shown on the outbox page and in "delivered" notices.
import { LEAD_PATHS } from '../../../contract/api.ts';

const LABELS: Record<string, string> = {
  [LEAD_PATHS.contact]: 'Contact message',
  [LEAD_PATHS.freeJoin]: 'Free class sign-up',
  [LEAD_PATHS.enquiry]: 'Enquiry',
  [LEAD_PATHS.joinNow]: 'Registration',
  [LEAD_PATHS.personalitySignup]: 'Personality test sign-up',
  '/api/v1/quiz/submit-answers': 'Personality test answers',
};

export function labelFor(path: string): string {
  return LABELS[path] ?? 'Submission';
}

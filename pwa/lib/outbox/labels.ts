// Words for what was submitted, shown on the outbox page and in "delivered" notices.
import { LEAD_PATHS } from '../../../contract/api.ts';
import { QUIZ_ANSWERS_PATH } from '../../../contract/quiz/api.ts';

const LABELS: Record<string, string> = {
  [LEAD_PATHS.contact]: 'Contact message',
  [LEAD_PATHS.freeJoin]: 'Free class sign-up',
  [LEAD_PATHS.enquiry]: 'Enquiry',
  [LEAD_PATHS.joinNow]: 'Registration',
  [LEAD_PATHS.personalitySignup]: 'Personality test sign-up',
  [QUIZ_ANSWERS_PATH]: 'Personality test answers',
};

export function labelFor(path: string): string {
  return LABELS[path] ?? 'Submission';
}

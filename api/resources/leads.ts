// The public submission kinds the batch endpoint can deliver, by path.
import type { LeadResource } from '../lib/ingest.ts';
import { contactLead } from './contact.ts';
import { enquiryLead } from './form.ts';
import { freeJoinLead } from './free.ts';
import { joinNowLead } from './now.ts';
import { personalitySignupLead } from './quiz.ts';

/**
 * Every kind, by path. Quiz answers need the running app (PUBLIC_URL, the mail worker), so
 * the app builds that resource once and passes it in, shared with its own route.
 */
export function leadResources(quizAnswers: LeadResource): ReadonlyMap<string, LeadResource> {
  return new Map([contactLead, freeJoinLead, enquiryLead, joinNowLead, personalitySignupLead, quizAnswers].map((r) => [r.path, r]));
}

// The public submission kinds the batch endpoint can deliver, by path.
import type { Deps } from '../deps.ts';
import type { LeadResource } from '../lib/ingest.ts';
import { contactLead } from './contact.ts';
import { enquiryLead } from './form.ts';
import { freeJoinLead } from './free.ts';
import { joinNowLead } from './now.ts';
import { personalitySignupLead, quizAnswersLead } from './quiz.ts';

export const LEAD_RESOURCES: ReadonlyMap<string, LeadResource> = new Map(
  [contactLead, freeJoinLead, enquiryLead, joinNowLead, personalitySignupLead].map((r) => [r.path, r]),
);

/** Every kind, including those whose answers need the running app's config (quiz answers). */
export function leadResources(deps: Pick<Deps, 'config'>): ReadonlyMap<string, LeadResource> {
  const all = new Map(LEAD_RESOURCES);
  const answers = quizAnswersLead(deps);
  all.set(answers.path, answers);
  return all;
}

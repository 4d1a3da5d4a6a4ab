// The public submission kinds the batch endpoint can deliver, by path.
import type { LeadResource } from '../lib/ingest.ts';
import { contactLead } from './contact.ts';
import { enquiryLead } from './form.ts';
import { freeJoinLead } from './free.ts';
import { joinNowLead } from './now.ts';
import { personalitySignupLead } from './quiz.ts';

export const LEAD_RESOURCES: ReadonlyMap<string, LeadResource> = new Map(
  [contactLead, freeJoinLead, enquiryLead, joinNowLead, personalitySignupLead].map((r) => [r.path, r]),
);

// Every kind's public resource, made with the app's dependencies. A listed kind is its
// definition unless it says otherwise here (a booking mails its visitor); the others
// (the test's answers, an erasure request, a session join) are made here. The record is
// typed over every kind, so a kind without a resource is a type error rather than a 404.
import type { LeadKind, ListedKind } from '../../contract/lead-kinds.ts';
import type { Deps } from '../deps.ts';
import type { AnyLeadResource } from '../ingest/ingest.ts';
import { bookingLeadMailed } from './booking-mail.ts';

import { erasureRequestLead } from './erasure.ts';
import { quizAnswersLead } from './quiz-answers.ts';
import { sessionJoinLead } from './session-join.ts';
import { webinarLeadMailed } from './webinar-mail.ts';

type Make = (deps: Deps) => AnyLeadResource;

const MADE: { [K in Exclude<LeadKind, ListedKind>]: Make } & { [K in ListedKind]?: Make } = {
  quizAnswers: (deps) => quizAnswersLead(deps) as AnyLeadResource,
  erasureRequest: (deps) => erasureRequestLead(deps),
  sessionJoin: () => sessionJoinLead as AnyLeadResource,
  booking: (deps) => bookingLeadMailed(deps) as AnyLeadResource,
  webinar: (deps) => webinarLeadMailed(deps) as AnyLeadResource,
};

/** The resources that are not a listed kind's plain definition, each made once for the app. */
export function madeLeadResources(deps: Deps): AnyLeadResource[] {
  return Object.values(MADE).map((make) => make(deps));
}

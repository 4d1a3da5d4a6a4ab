// People: one record per person across every list, found by email or phone, merged and unmerged.
import type { LeadStatus, ListSlug } from './lead-kinds.ts';
import { array, object, string, type InferType } from 'yup';
import type { TimelineEntry } from './lead-detail.ts';

export const PEOPLE_MESSAGES = {
  peopleQuery: 'Give an email or a 10-digit phone number',
} as const;

/** One submission of a person found by GET /api/admin/people, newest first. */
export type PersonSubmission = Record<string, unknown> & {
  list: ListSlug;
  /** 'lead' for a list item; 'test' for a taken personality test (shown under test-form). */
  kind: 'lead' | 'test';
  _id: string;
  createdAt: string;
  status?: LeadStatus;
};
export interface PeopleResponse {
  data: PersonSubmission[];
}

/** A lead in a merge: its list and id. */
export const leadRefSchema = object({ list: string().required().max(40), _id: string().required().max(64) });
export const mergeSchema = object({
  into: leadRefSchema.required('Say which lead to keep as the person'),
  from: array(leadRefSchema).required().min(1, 'Choose at least one lead to merge in').max(20, 'At most 20 at once'),
});
export type MergeInput = InferType<typeof mergeSchema>;

export const MERGE_MESSAGES = {
  personNotFound: 'There is no such person',
  mergeNotFound: 'There is no such merge',
  mergeSame: 'These are already one person',
  mergeUndone: 'This merge was undone already',
  mergeUnlinked: 'One of these leads is still being matched to a person; try again in a few seconds',
} as const;

/** A person in the People list: their newest name, email and phone, and what they sent. */
export interface PersonSummary {
  id: string;
  name: string;
  email: string;
  phone: string;
  /** Their leads the member may see, in how many lists. */
  leads: number;
  lists: ListSlug[];
  /** Their newest submission. */
  lastAt: string;
  status: string;
  assignee: { _id: string; name: string } | null;
}
export interface PeopleListResponse {
  data: PersonSummary[];
  hasMore: boolean;
}
/** Another person who shares an email or a phone with this one: likely the same, to merge. */
export interface LikelyDuplicate extends PersonSummary {
  reason: 'same email' | 'same phone';
  /** One of their leads: what a merge names to join them. */
  lead: { list: ListSlug; _id: string };
}
export interface PersonMerge {
  id: string;
  /** The person joined into this one (from) or this one's new home (into). */
  from: string;
  into: string;
  moved: number;
  /** The name on the leads it moved (as the member may see them; '' when none). */
  name: string;
  by: string;
  at: string;
  undone: boolean;
}
/** GET /api/admin/people/{id}. */
export interface PersonDetail {
  id: string;
  name: string;
  emails: string[];
  phones: string[];
  /** Each lead as its list gives it, with its list. */
  leads: Array<Record<string, unknown> & { list: ListSlug; _id: string; status: string; createdAt: string }>;
  timeline: TimelineEntry[];
  duplicates: LikelyDuplicate[];
  merges: PersonMerge[];
}

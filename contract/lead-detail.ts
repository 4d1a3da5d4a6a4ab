// One lead in the console: its detail, its history and timeline, and what a member may change
// on it (PATCH /api/admin/leads/{list}/{id}).
import type { ConsentRecord } from './consent.ts';
import type { LeadSource } from './lead-signals.ts';
import type { LeadScore } from './score.ts';
import { object, string, type InferType } from 'yup';
import { LEAD_STATUSES, type LeadStatus, type ListSlug } from './lead-kinds.ts';
import { isStorableText } from './text-rules.ts';
import { tagField } from './tags.ts';
import { assigneeField, type Assignee } from './assignment.ts';
import { nextActionSchema, type ActivityType, type NextAction, type Outcome } from './activities.ts';

export const NOTE_MAX = 1000;

export const LEAD_UPDATE_MESSAGES = {
  statusInvalid: `Status must be one of: ${LEAD_STATUSES.join(', ')}`,
  noteEmpty: 'Write a note first',
  noteTooLong: `A note is at most ${NOTE_MAX} characters`,
  noteCharacters: 'The note contains characters that are not allowed',
  nothingToChange: 'Send a status, a note, an assignee, a next action or a tag',
} as const;

export const status = string()
  .typeError(LEAD_UPDATE_MESSAGES.statusInvalid)
  .oneOf([...LEAD_STATUSES], LEAD_UPDATE_MESSAGES.statusInvalid);

const note = string()
  .typeError(LEAD_UPDATE_MESSAGES.noteEmpty)
  .transform((v: unknown) => (typeof v === 'string' ? v.trim() : v))
  .min(1, LEAD_UPDATE_MESSAGES.noteEmpty)
  .max(NOTE_MAX, LEAD_UPDATE_MESSAGES.noteTooLong)
  .test('storable', LEAD_UPDATE_MESSAGES.noteCharacters, (v) => v === undefined || isStorableText(v, true));

/**
 * PATCH /api/admin/leads/{list}/{id}: `{ status?, note?, assignee?, nextAction?, tag?, untag? }`,
 * at least one. `assignee`: a member's id or null (the pool); `nextAction`: the next step, or
 * null for none; `tag` gives the lead a tag, `untag` takes one back (contract/tags.ts).
 */
export const leadUpdateSchema = object({
  status: status.optional(),
  note: note.optional(),
  assignee: assigneeField.optional(),
  nextAction: nextActionSchema.nullable().optional().default(undefined),
  tag: tagField().optional().default(undefined),
  untag: tagField().optional().default(undefined),
}).test('something', LEAD_UPDATE_MESSAGES.nothingToChange, (v) =>
  [v.status, v.note, v.assignee, v.nextAction, v.tag, v.untag].some((x) => x !== undefined),
);
export type LeadUpdate = InferType<typeof leadUpdateSchema>;

/**
 * One entry of a lead's history: a status change, a note, an assignment, an activity (a
 * call, a WhatsApp message, an email, a meeting, or a note, with its outcome), a next
 * action set or cleared, a merge; who and when.
 */
export interface LeadHistoryEntry {
  _id: string;
  /** 'rule': a rule fired (its note names it and what it did); 'escalation': a new lead not contacted in time was escalated. */
  /** 'tag': a tag given to the lead (its note), or taken back (`untagged`). */
  action: 'status' | 'note' | 'assign' | 'activity' | 'next-action' | 'merge' | 'unmerge' | 'rule' | 'escalation' | 'tag';
  /** For a status change. */
  from: LeadStatus | null;
  to: LeadStatus | null;
  /** For a note or an activity: its text, never edited after. */
  note: string | null;
  /** The member's name or email at the time (kept if they later leave); "Round robin" for an automatic assignment. */
  by: string;
  at: string;
  /** For an activity. */
  activityType?: ActivityType | null;
  outcome?: Outcome | null;
  /** For an assignment: to whom (null: back to the pool). */
  assignee?: Assignee | null;
  /** For a next action: the one set (null: cleared). */
  nextAction?: NextAction | null;
  /** For a tag: it was taken back (by a member, or by a bulk change's undo). */
  untagged?: boolean;
}

/**
 * The lead's timeline, newest first: its history, its own submission, and the same
 * person's other submissions and taken tests (what the member may see of them).
 */
export type TimelineEntry =
  | (LeadHistoryEntry & { kind: 'history'; /** On a person's timeline: which of their leads. */ lead?: { list: ListSlug; _id: string } })
  | { kind: 'submission'; _id: string; list: ListSlug; at: string; title: string; summary: string; current: boolean }
  | { kind: 'test'; _id: string; at: string; language: string; certificateUrl: string }
  /** On a person's timeline: a merge, once (joinedHere: another person's forms were joined to this one), and whether it was undone. */
  | { kind: 'merge'; _id: string; at: string; by: string; name: string; forms: number; joinedHere: boolean; undone: boolean };

/** GET or PATCH /api/admin/leads/{list}/{id}. */
export interface LeadDetail {
  list: ListSlug;
  /** The list item, as the spec's list gives it, with its status. */
  data: Record<string, unknown> & { _id: string; status: LeadStatus };
  history: LeadHistoryEntry[];
  /** Where the visitor came from (first and last touch); null when their client sent none. */
  source: LeadSource | null;
  /** What the person consented to with this submission; null when their client sent none. */
  consent: ConsentRecord | null;
  /** Newest first: history, submissions, taken tests. */
  timeline: TimelineEntry[];
  /** The lead score as of now with its reasons, largest first (contract/score.ts). */
  score: LeadScore;
  /** Its tags, oldest first (contract/tags.ts). */
  tags: string[];
}

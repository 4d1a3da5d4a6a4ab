// The admin console's calls beyond the spec's five lists (which keep their shapes and gain
// `status` per item and a `?status=` filter): a lead's detail and history, status and
// notes, the people lookup across lists, the overview, live events and the CSV export.
import type { ConsentRecord } from './consent.ts';
import type { LeadSource } from './lead-signals.ts';
import type { LeadScore } from './score.ts';
import { array, object, string, type InferType } from 'yup';
import { LEAD_STATUSES, type LeadStatus, type ListSlug } from './lead-kinds.ts';
import { isStorableText } from './text-rules.ts';
import {
  assigneeField,
  nextActionSchema,
  type ActivityType,
  type Assignee,
  type NextAction,
  type Outcome,
  type SpeedToLead,
  type TeamFigures,
} from './desk.ts';

export const CONSOLE_PATHS = {
  /** GET `/{list}/{id}` (detail and history), PATCH `/{list}/{id}`, POST `/{list}/status` (bulk). */
  leads: '/api/admin/leads',
  /** GET `/{list}.csv`: every lead of the list that matches its filters, as CSV. */
  export: '/api/admin/export',
  people: '/api/admin/people',
  overview: '/api/admin/overview',
  events: '/api/admin/events',
} as const;

export function leadPath(list: ListSlug, id: string): string {
  return `${CONSOLE_PATHS.leads}/${list}/${encodeURIComponent(id)}`;
}
export function csvPath(list: ListSlug): string {
  return `${CONSOLE_PATHS.export}/${list}.csv`;
}

/** The business's day: overview dates are in India Standard Time (UTC+5:30, no daylight saving). */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata';
export const OVERVIEW_DAYS = 30;
/** The overview names this many sources; the rest are counted together. */
export const OVERVIEW_SOURCES = 20;
export const NOTE_MAX = 1000;
/** Leads one bulk status change may touch. */
export const BULK_MAX = 500;

export const CONSOLE_MESSAGES = {
  statusInvalid: `Status must be one of: ${LEAD_STATUSES.join(', ')}`,
  noteEmpty: 'Write a note first',
  noteTooLong: `A note is at most ${NOTE_MAX} characters`,
  noteCharacters: 'The note contains characters that are not allowed',
  nothingToChange: 'Send a status, a note, an assignee or a next action',
  leadNotFound: 'This lead does not exist (it may have been removed)',
  listNotFound: 'There is no such list',
  sessionEnded: 'Your session has ended. Please log in again.',
  peopleQuery: 'Give an email or a 10-digit phone number',
  tooManyStreams: 'Too many live connections; the list still works without live updates',
} as const;

const status = string()
  .typeError(CONSOLE_MESSAGES.statusInvalid)
  .oneOf([...LEAD_STATUSES], CONSOLE_MESSAGES.statusInvalid);

const note = string()
  .typeError(CONSOLE_MESSAGES.noteEmpty)
  .transform((v: unknown) => (typeof v === 'string' ? v.trim() : v))
  .min(1, CONSOLE_MESSAGES.noteEmpty)
  .max(NOTE_MAX, CONSOLE_MESSAGES.noteTooLong)
  .test('storable', CONSOLE_MESSAGES.noteCharacters, (v) => v === undefined || isStorableText(v, true));

/**
 * PATCH /api/admin/leads/{list}/{id}: `{ status?, note?, assignee?, nextAction? }`, at least
 * one. `assignee`: a member's id or null (the pool); `nextAction`: the next step, or null for none.
 */
export const leadUpdateSchema = object({
  status: status.optional(),
  note: note.optional(),
  assignee: assigneeField.optional(),
  nextAction: nextActionSchema.nullable().optional().default(undefined),
}).test(
  'something',
  CONSOLE_MESSAGES.nothingToChange,
  (v) => v.status !== undefined || v.note !== undefined || v.assignee !== undefined || v.nextAction !== undefined,
);
export type LeadUpdate = InferType<typeof leadUpdateSchema>;

/** POST /api/admin/leads/{list}/status: one status for several leads. */
export const bulkStatusSchema = object({
  ids: array(string().required().max(64)).required().min(1).max(BULK_MAX),
  status: status.required(CONSOLE_MESSAGES.statusInvalid),
});

/** POST /api/admin/leads/{list}/erase: several leads erased at once (after the console's confirmation). */
export const bulkEraseSchema = object({
  ids: array(string().required().max(64)).required().min(1).max(BULK_MAX),
});

/**
 * One entry of a lead's history: a status change, a note, an assignment, an activity (a
 * call, a WhatsApp message, an email, a meeting, or a note, with its outcome), a next
 * action set or cleared, a merge; who and when.
 */
export interface LeadHistoryEntry {
  _id: string;
  /** 'rule': a rule fired (its note names it and what it did); 'escalation': a new lead not contacted in time was escalated. */
  /** 'tag': a tag given to the lead (its note), or taken back (`untagged`) by a bulk change's undo. */
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
  /** For a tag: it was taken back. */
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
}

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

/** GET /api/admin/overview. */
export interface OverviewResponse {
  /** The last OVERVIEW_DAYS days in IST, oldest first, each with its new leads per list. */
  days: Array<{ date: string; counts: Record<ListSlug, number> }>;
  /** Leads per status, over all lists. */
  byStatus: Record<LeadStatus, number>;
  /** Leads per list for today, the last 7 and the last 30 days (IST days). */
  totals: { today: number; week: number; month: number };
  /** Messages in the mail queue that failed for good. */
  mailFailed: number;
  /** New leads of the last OVERVIEW_DAYS days (spam left out) by utm_source, most first; null: none given. */
  bySource: Array<{ utmSource: string | null; count: number }>;
  /** Those leads under sources past the first OVERVIEW_SOURCES (any visitor can make up a utm_source). */
  bySourceOthers: number;
  /** Over the same OVERVIEW_DAYS days. */
  speedToLead: SpeedToLead;
  team: TeamFigures[];
}

/**
 * Server-sent events of GET /api/admin/events (`event: lead`), as each member receives them:
 * a counsellor hears only of their leads and the pool.
 */
export interface LeadEvent {
  list: ListSlug;
  /**
   * 'created': new leads arrived; 'updated': a lead's status, notes, owner or next step
   * changed; 'reminder': the member's next action on a lead is due now; 'notified': the
   * member has a new notification about the lead (the bell refreshes).
   */
  type: 'created' | 'updated' | 'reminder' | 'notified';
  count: number;
  /** For 'updated' and 'reminder': the lead. */
  id?: string;
  /** For 'created': how many of them were assigned to the member receiving it. */
  assignedToYou?: number;
  /** For 'updated': the lead was just assigned to the member receiving it. */
  assignedToYouNow?: boolean;
  /** For 'reminder': the lead's name, and its next action. */
  name?: string;
  nextAction?: NextAction;
}

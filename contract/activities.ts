// What a counsellor does with a lead: activities (calls, WhatsApp messages, emails, meetings,
// notes) with their outcomes, the status they move a lead to, and the next step.
import { object, string, type InferType } from 'yup';
import { isCalendarDateTime } from './dates.ts';
import type { LeadStatus } from './lead-kinds.ts';
import { isStorableText, trimmed } from './text-rules.ts';
import { DESK_LIMITS } from './desk.ts';

export const ACTION_TYPES = ['call', 'whatsapp', 'email', 'meeting'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
export const ACTION_LABELS: Record<ActionType, string> = { call: 'Call', whatsapp: 'WhatsApp', email: 'Email', meeting: 'Meeting' };
/** Each in the middle of a sentence ("How did the call go?"): WhatsApp is a name, so it keeps its capitals. */
export const ACTION_NOUNS: Record<ActionType, string> = { call: 'call', whatsapp: 'WhatsApp', email: 'email', meeting: 'meeting' };

export const ACTIVITY_TYPES = [...ACTION_TYPES, 'note'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const ACTIVITY_LABELS: Record<ActivityType, string> = { ...ACTION_LABELS, note: 'Note' };

export const OUTCOMES = ['connected', 'no-answer', 'busy', 'wrong-number', 'call-back', 'not-interested', 'enrolled'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const OUTCOME_LABELS: Record<Outcome, string> = {
  connected: 'Connected',
  'no-answer': 'No answer',
  busy: 'Busy',
  'wrong-number': 'Wrong number',
  'call-back': 'Asked to call back',
  'not-interested': 'Not interested',
  enrolled: 'Enrolled',
};

/** A lead in one of these needs no next step. */
export const CLOSED_STATUSES: readonly LeadStatus[] = ['converted', 'not-interested', 'spam'];
export function isClosed(status: LeadStatus): boolean {
  return CLOSED_STATUSES.includes(status);
}

/**
 * Where an activity moves a lead's status: an outcome that decides it (enrolled, not
 * interested), else a first contact moves a new lead to contacted. A note moves nothing.
 */
export function statusAfterActivity(current: LeadStatus, type: ActivityType, outcome: Outcome | undefined): LeadStatus {
  if (outcome === 'enrolled') return 'converted';
  if (outcome === 'not-interested') return 'not-interested';
  // An attempt (a tap on WhatsApp or Call, no outcome yet) is not a contact: a tap by mistake must not move the lead.
  if (type !== 'note' && outcome !== undefined && current === 'new') return 'contacted';
  return current;
}

export const ACTIVITY_MESSAGES = {
  actionTypeInvalid: `Type must be one of: ${ACTION_TYPES.join(', ')}`,
  activityTypeInvalid: `Type must be one of: ${ACTIVITY_TYPES.join(', ')}`,
  outcomeInvalid: `Outcome must be one of: ${OUTCOMES.join(', ')}`,
  outcomeOnNote: 'A note has no outcome',
  dueInvalid: 'dueAt must be a date-time (2026-11-24T10:30:00+05:30)',
  noteTooLong: `A note is at most ${DESK_LIMITS.note} characters`,
  noteCharacters: 'The note contains characters that are not allowed',
  activityComplete: 'This activity has its outcome already: log a new one',
} as const;

const note = string()
  .typeError(ACTIVITY_MESSAGES.noteCharacters)
  .transform(trimmed)
  .max(DESK_LIMITS.note, ACTIVITY_MESSAGES.noteTooLong)
  .test('storable', ACTIVITY_MESSAGES.noteCharacters, (v) => v === undefined || isStorableText(v, true));

export const nextActionSchema = object({
  type: string()
    .typeError(ACTIVITY_MESSAGES.actionTypeInvalid)
    .required(ACTIVITY_MESSAGES.actionTypeInvalid)
    .oneOf([...ACTION_TYPES], ACTIVITY_MESSAGES.actionTypeInvalid),
  dueAt: string()
    .typeError(ACTIVITY_MESSAGES.dueInvalid)
    .required(ACTIVITY_MESSAGES.dueInvalid)
    .test('date-time', ACTIVITY_MESSAGES.dueInvalid, (v) => v !== undefined && isCalendarDateTime(v)),
  note: note.optional(),
});
export type NextActionInput = InferType<typeof nextActionSchema>;

/** A lead's next step, as the API gives it. */
export interface NextAction {
  type: ActionType;
  dueAt: string;
  note: string | null;
}

/** POST /api/admin/leads/{list}/{id}/activities. */
export const activitySchema = object({
  type: string()
    .typeError(ACTIVITY_MESSAGES.activityTypeInvalid)
    .required(ACTIVITY_MESSAGES.activityTypeInvalid)
    .oneOf([...ACTIVITY_TYPES], ACTIVITY_MESSAGES.activityTypeInvalid),
  outcome: string()
    .typeError(ACTIVITY_MESSAGES.outcomeInvalid)
    .oneOf([...OUTCOMES], ACTIVITY_MESSAGES.outcomeInvalid)
    .optional(),
  note: note.optional(),
  nextAction: nextActionSchema.nullable().optional().default(undefined),
}).test('note-outcome', ACTIVITY_MESSAGES.outcomeOnNote, (v) => !(v.type === 'note' && v.outcome !== undefined));
export type ActivityInput = InferType<typeof activitySchema>;

/** PATCH /api/admin/leads/{list}/{id}/activities/{activityId}: an attempt's outcome, once. */
export const activityOutcomeSchema = object({
  outcome: string()
    .typeError(ACTIVITY_MESSAGES.outcomeInvalid)
    .oneOf([...OUTCOMES], ACTIVITY_MESSAGES.outcomeInvalid)
    .required(ACTIVITY_MESSAGES.outcomeInvalid),
  note: note.optional(),
  nextAction: nextActionSchema.nullable().optional().default(undefined),
});

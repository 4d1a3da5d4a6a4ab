// Rules made by admins: a trigger (an event, on some lists, after some minutes), conditions
// on the lead, and actions done in order. What the console's editor and the API agree on:
// the path, the words of each choice, the schema (one, run in both places) and the answers.
import { array, boolean, lazy, mixed, number, object, string, type InferType } from 'yup';
import { ACTION_TYPES } from './activities.ts';
import { LEAD_STATUSES, LIST_SLUGS, type LeadStatus, type ListSlug } from './lead-kinds.ts';
import { TAG_MAX, TAG_MESSAGE, tagField } from './tags.ts';

export const RULES_PATH = '/api/admin/rules';

export const RULE_EVENTS = [
  'lead.created',
  'lead.status',
  'lead.uncontacted',
  'nextAction.overdue',
  'booking.unpaid',
  'test.taken',
  'session.finished',
] as const;
export type RuleEvent = (typeof RULE_EVENTS)[number];
export const RULE_EVENT_LABELS: Record<RuleEvent, string> = {
  'lead.created': 'A new lead arrives',
  'lead.status': 'A lead’s status changes',
  'lead.uncontacted': 'A new lead is not contacted within some working minutes',
  'nextAction.overdue': 'A next action is overdue by some minutes',
  'booking.unpaid': 'A booking is unpaid some minutes after it was made',
  'test.taken': 'The person takes the personality test',
  'session.finished': 'A classroom session’s day is over (its organisation’s enquiry)',
};
/** Events that wait `minutes` (the others act at once). */
export const TIMED_EVENTS: readonly RuleEvent[] = ['lead.uncontacted', 'nextAction.overdue', 'booking.unpaid'];

export const CONDITION_FIELDS = [
  'list',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'course',
  'programme',
  'package',
  'organisation',
  'city',
  'testLanguage',
  'score',
] as const;
export type ConditionField = (typeof CONDITION_FIELDS)[number];
export const CONDITION_FIELD_LABELS: Record<ConditionField, string> = {
  list: 'List',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  course: 'Course (enquiry)',
  programme: 'Programme',
  package: 'Package (booking)',
  organisation: 'Organisation',
  city: 'City',
  testLanguage: 'Test language',
  score: 'Score',
};
export const CONDITION_OPS = ['equals', 'in', 'contains', 'gte', 'lte'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
export const CONDITION_OP_LABELS: Record<ConditionOp, string> = {
  equals: 'is',
  in: 'is one of',
  contains: 'contains',
  gte: 'is at least',
  lte: 'is at most',
};

export const RULE_ACTION_TYPES = ['assign', 'nextAction', 'status', 'email', 'notify', 'tag'] as const;
export type RuleActionType = (typeof RULE_ACTION_TYPES)[number];
export const RULE_ACTION_LABELS: Record<RuleActionType, string> = {
  assign: 'Assign',
  nextAction: 'Set a next action',
  status: 'Change the status',
  email: 'Send an email',
  notify: 'Notify',
  tag: 'Tag',
};
export const EMAIL_RECIPIENTS = ['lead', 'owner', 'admins'] as const;
/** Placeholders an email's subject and body may hold. */
export const EMAIL_PLACEHOLDERS = ['{name}', '{firstName}', '{list}', '{owner}'] as const;

export const RULE_LIMITS = {
  name: 80,
  conditions: 20,
  actions: 10,
  lists: LIST_SLUGS.length,
  values: 50,
  value: 200,
  subject: 200,
  body: 5000,
  tag: TAG_MAX,
  /** A month of minutes. */
  minutes: 43_200,
  rules: 200,
  /** Leads the preview looks back over. */
  preview: 100,
} as const;

export const RULE_MESSAGES = {
  name: 'Give the rule a name (at most 80 characters)',
  event: `Choose what starts the rule: ${RULE_EVENTS.join(', ')}`,
  lists: 'Lists must be among the lead lists',
  minutes: 'This trigger needs minutes: a whole number from 1 to 43200',
  status: 'Choose a status the lead moves to',
  field: `A condition's field must be one of ${CONDITION_FIELDS.join(', ')}`,
  op: `A condition's test must be one of ${CONDITION_OPS.join(', ')}`,
  value: 'A condition needs a value (a list of values for "in", a number for "at least" and "at most")',
  actions: 'A rule needs at least one action (at most 10)',
  conditions: 'At most 20 conditions',
  actionType: `An action must be one of ${RULE_ACTION_TYPES.join(', ')}`,
  member: 'Choose a team member (an id)',
  roundRobin: 'Round robin needs one to 20 team members',
  nextAction: `A next action needs a type (${ACTION_TYPES.join(', ')}) and minutes from 0 to 43200`,
  emailTo: 'An email goes to the lead, the owner or the admins',
  subject: 'An email needs a subject (one line, at most 200 characters)',
  body: 'An email needs a body (at most 5000 characters)',
  notifyTo: 'Notify the owner, the admins or a team member (an id)',
  tag: TAG_MESSAGE,
  notFound: 'There is no such rule',
  tooMany: 'At most 200 rules',
  membersUnknown: 'A member named in an action is not an active admin or counsellor',
} as const;

const memberId = string()
  .typeError(RULE_MESSAGES.member)
  .matches(/^[0-9a-f-]{36}$/i, RULE_MESSAGES.member);
const oneLine = (v: string | undefined) => v === undefined || !/[\r\n]/.test(v);

/** A rule email's subject and body, in English or Hindi alike. */
const emailSubject = string()
  .typeError(RULE_MESSAGES.subject)
  .trim()
  .required(RULE_MESSAGES.subject)
  .max(RULE_LIMITS.subject, RULE_MESSAGES.subject)
  .test('line', RULE_MESSAGES.subject, oneLine);
const emailBody = string().typeError(RULE_MESSAGES.body).trim().required(RULE_MESSAGES.body).max(RULE_LIMITS.body, RULE_MESSAGES.body);
const ACTION_SCHEMAS = {
  assign: object({
    type: string().required(),
    memberId: memberId.optional(),
    roundRobin: array(memberId.required()).min(1, RULE_MESSAGES.roundRobin).max(20, RULE_MESSAGES.roundRobin).optional(),
  }).test('one', RULE_MESSAGES.member, (v) => (v.memberId === undefined) !== (v.roundRobin === undefined)),
  nextAction: object({
    type: string().required(),
    actionType: string()
      .typeError(RULE_MESSAGES.nextAction)
      .oneOf([...ACTION_TYPES], RULE_MESSAGES.nextAction)
      .required(RULE_MESSAGES.nextAction),
    inMinutes: number()
      .typeError(RULE_MESSAGES.nextAction)
      .integer(RULE_MESSAGES.nextAction)
      .min(0, RULE_MESSAGES.nextAction)
      .max(RULE_LIMITS.minutes, RULE_MESSAGES.nextAction)
      .required(RULE_MESSAGES.nextAction),
  }),
  status: object({
    type: string().required(),
    status: string()
      .typeError(RULE_MESSAGES.status)
      .oneOf([...LEAD_STATUSES], RULE_MESSAGES.status)
      .required(RULE_MESSAGES.status),
  }),
  email: object({
    type: string().required(),
    to: string()
      .typeError(RULE_MESSAGES.emailTo)
      .oneOf([...EMAIL_RECIPIENTS], RULE_MESSAGES.emailTo)
      .required(RULE_MESSAGES.emailTo),
    subject: emailSubject,
    body: emailBody,
    hindi: object({
      subject: emailSubject,
      body: emailBody,
    })
      .default(undefined)
      .optional(),
  }),
  notify: object({
    type: string().required(),
    to: string()
      .typeError(RULE_MESSAGES.notifyTo)
      .required(RULE_MESSAGES.notifyTo)
      .test('to', RULE_MESSAGES.notifyTo, (v) => v === 'owner' || v === 'admins' || /^[0-9a-f-]{36}$/i.test(v ?? '')),
  }),
  tag: object({
    type: string().required(),
    tag: tagField(),
  }),
} as const;

/** The action's `type` picks its schema; an unknown type is refused with the list of types. */
const actionSchema = lazy((value: unknown) => {
  const type = value && typeof value === 'object' ? (value as { type?: unknown }).type : undefined;
  const schema = typeof type === 'string' ? ACTION_SCHEMAS[type as RuleActionType] : undefined;
  return schema ?? mixed().test('type', RULE_MESSAGES.actionType, () => false);
});

const conditionSchema = object({
  field: string()
    .typeError(RULE_MESSAGES.field)
    .oneOf([...CONDITION_FIELDS], RULE_MESSAGES.field)
    .required(RULE_MESSAGES.field),
  op: string()
    .typeError(RULE_MESSAGES.op)
    .oneOf([...CONDITION_OPS], RULE_MESSAGES.op)
    .required(RULE_MESSAGES.op),
  value: mixed<string | number | string[]>()
    .required(RULE_MESSAGES.value)
    .test('value', RULE_MESSAGES.value, function check(value) {
      const op = (this.parent as { op?: string }).op;
      if (op === 'in') {
        return (
          Array.isArray(value) &&
          value.length > 0 &&
          value.length <= RULE_LIMITS.values &&
          value.every((v) => typeof v === 'string' && v.length <= RULE_LIMITS.value)
        );
      }
      if (op === 'gte' || op === 'lte') return typeof value === 'number' && Number.isFinite(value);
      return (typeof value === 'string' && value.trim().length > 0 && value.length <= RULE_LIMITS.value) || typeof value === 'number';
    }),
});

export const ruleSchema = object({
  name: string().typeError(RULE_MESSAGES.name).trim().required(RULE_MESSAGES.name).max(RULE_LIMITS.name, RULE_MESSAGES.name),
  enabled: boolean().typeError('enabled is true or false').default(true),
  trigger: object({
    event: string()
      .typeError(RULE_MESSAGES.event)
      .oneOf([...RULE_EVENTS], RULE_MESSAGES.event)
      .required(RULE_MESSAGES.event),
    lists: array(
      string()
        .required()
        .oneOf([...LIST_SLUGS], RULE_MESSAGES.lists),
    )
      .typeError(RULE_MESSAGES.lists)
      .max(RULE_LIMITS.lists, RULE_MESSAGES.lists)
      .optional(),
    minutes: number()
      .typeError(RULE_MESSAGES.minutes)
      .integer(RULE_MESSAGES.minutes)
      .min(1, RULE_MESSAGES.minutes)
      .max(RULE_LIMITS.minutes, RULE_MESSAGES.minutes)
      .optional(),
    status: string()
      .typeError(RULE_MESSAGES.status)
      .oneOf([...LEAD_STATUSES], RULE_MESSAGES.status)
      .optional(),
  })
    .required(RULE_MESSAGES.event)
    .test('minutes', RULE_MESSAGES.minutes, (t) => !TIMED_EVENTS.includes(t.event as RuleEvent) || t.minutes !== undefined),
  conditions: array(conditionSchema).typeError(RULE_MESSAGES.conditions).max(RULE_LIMITS.conditions, RULE_MESSAGES.conditions).default([]),
  actions: array(actionSchema)
    .typeError(RULE_MESSAGES.actions)
    .required(RULE_MESSAGES.actions)
    .min(1, RULE_MESSAGES.actions)
    .max(RULE_LIMITS.actions, RULE_MESSAGES.actions),
});
export type RuleInputValues = InferType<typeof ruleSchema>;

export interface RuleCondition {
  field: ConditionField;
  op: ConditionOp;
  value: string | number | string[];
}
export type RuleAction =
  | { type: 'assign'; memberId: string; roundRobin?: undefined }
  | { type: 'assign'; roundRobin: string[]; memberId?: undefined }
  | { type: 'nextAction'; actionType: (typeof ACTION_TYPES)[number]; inMinutes: number }
  | { type: 'status'; status: LeadStatus }
  | {
      type: 'email';
      to: (typeof EMAIL_RECIPIENTS)[number];
      subject: string;
      body: string;
      /** To a lead who wrote from the Hindi site: the same email in Hindi (the English one otherwise). */
      hindi?: { subject: string; body: string };
    }
  | { type: 'notify'; to: string }
  | { type: 'tag'; tag: string };
export interface RuleTrigger {
  event: RuleEvent;
  lists?: ListSlug[];
  minutes?: number;
  /** lead.status: only a change to this status. */
  status?: LeadStatus;
}
/** What POST and PATCH take (PATCH: any part of it). */
export interface RuleInput {
  name: string;
  enabled: boolean;
  trigger: RuleTrigger;
  conditions: RuleCondition[];
  actions: RuleAction[];
}
/** A failed attempt of one of a rule's firings (the job that runs it, retried or given up). */
export interface RuleFailure {
  jobId: string;
  list: string;
  leadId: string;
  error: string;
  attempts: number;
  /** True when given up (after its last attempt); false while it is still retried. */
  failed: boolean;
  at: string;
}
export interface Rule extends RuleInput {
  _id: string;
  createdAt: string;
  updatedAt: string;
  /** How many times it fired, and its failures (recent first). */
  fired: number;
  failures: RuleFailure[];
}
export interface RulesResponse {
  data: Rule[];
}
/** POST /api/admin/rules/preview → over the last 100 leads of its lists. */
export interface RulePreview {
  matched: number;
  of: number;
}

// The sales desk: a team with roles, leads with an owner and a next step, activities (calls,
// WhatsApp messages, emails, meetings, notes) with their outcomes, the day's work, and speed
// to lead. What the console and the API agree on: paths, roles, the words of each choice,
// the request schemas and the response shapes.
import { array, boolean, mixed, object, string, type InferType } from 'yup';
import { isCalendarDateTime } from './dates.ts';
import { ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN } from './passwords.ts';
import { type LeadStatus, type ListSlug } from './lead-kinds.ts';
import { isStorableText, TEXT_MESSAGES } from './text-rules.ts';

export const DESK_PATHS = {
  /** GET (team), POST { email, name, role } (invite), PATCH /{id} { role?, active? }. */
  team: '/api/admin/team',
  /** POST { token, password }: the invited person sets their password. */
  acceptInvitation: '/api/admin/invitations/accept',
  /** GET /{token}: { email, role } of a usable invitation (no token needed: the link is the proof). */
  invitations: '/api/admin/invitations',
  /** GET / PUT { lists: { [list]: { mode, members } } }. */
  assignment: '/api/admin/assignment',
  /** GET ?assignee=: overdue, due today and unassigned leads. */
  myDay: '/api/admin/my-day',
} as const;

/** The PWA route an invitation email links to: `${PUBLIC_URL}/admin-invite?token=…`. */
export const INVITE_ROUTE = '/admin-invite';
/** An invitation link works once, for this long. */
export const INVITATION_HOURS = 48;
/**
 * An address invited less than this long ago is not invited again: two admins pressing Invite
 * at once send one invitation (the other is told so); a new link can be sent after it.
 */
export const INVITATION_RESEND_SECONDS = 60;

export const ROLES = ['admin', 'counsellor', 'viewer', 'trainer'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  counsellor: 'Counsellor',
  viewer: 'Viewer',
  trainer: 'Trainer',
};
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Everything: the team, assignment rules, export and erasure',
  counsellor: 'Works the leads assigned to them and the unassigned ones',
  viewer: 'Reads what admins read; changes nothing',
  trainer: 'Runs classroom sessions',
};

/** What a route needs. `self`: any member, about themselves (me, logout, live events). */
export type Permission =
  | 'self'
  | 'leads.read'
  | 'leads.work'
  | 'leads.assign'
  | 'leads.export'
  | 'leads.erase'
  | 'overview.read'
  | 'team.read'
  | 'team.manage'
  | 'assignment.read'
  | 'assignment.manage'
  | 'mail.read'
  | 'audit.read'
  | 'templates.manage'
  | 'leads.import'
  | 'people.merge'
  | 'views.save'
  | 'payments.confirm'
  | 'batches.manage'
  | 'sessions.run'
  | 'relays.manage'
  | 'reports.read'
  | 'spend.read'
  | 'spend.manage'
  | 'rules.manage'
  | 'score.tune'
  | 'webinars.manage';

const EVERYONE: readonly Role[] = ROLES;
const READERS: readonly Role[] = ['admin', 'counsellor', 'viewer'];

/**
 * Each permission and the roles that have it: the server's guards enforce it
 * (api/desk/access.ts), and the console shows only what the member may use.
 */
export const PERMISSIONS: Record<Permission, readonly Role[]> = {
  self: EVERYONE,
  'leads.read': READERS,
  // Status, notes, activities and next steps; a counsellor also takes a pool lead or gives one back.
  'leads.work': ['admin', 'counsellor'],
  // Assigning to anyone, and in bulk.
  'leads.assign': ['admin'],
  'leads.export': ['admin'],
  'leads.erase': ['admin'],
  'overview.read': READERS,
  'team.read': ['admin', 'viewer'],
  'team.manage': ['admin'],
  'assignment.read': ['admin', 'viewer'],
  'assignment.manage': ['admin'],
  // The queue names recipients: admins and viewers only.
  'mail.read': ['admin', 'viewer'],
  'audit.read': ['admin'],
  'templates.manage': ['admin'],
  // Walk-ins and college-fair sheets: those who work leads.
  'leads.import': ['admin', 'counsellor'],
  // Joining two records of one person (and undoing it): those who work leads, on leads they may see.
  'people.merge': ['admin', 'counsellor'],
  // Saving a view (a shared one is on everyone's sidebar) and deleting one: viewers change nothing.
  'views.save': ['admin', 'counsellor'],
  // A booking's payment is confirmed against the bank statement: admins only.
  'payments.confirm': ['admin'],
  // The upcoming batches the booking form offers.
  'batches.manage': ['admin'],
  // Classroom sessions, their live counts and reports: trainers, and admins (who are trainers too).
  'sessions.run': ['admin', 'trainer'],
  // Keys that let a relay deliver its class's submissions: admins only.
  'relays.manage': ['admin'],
  // The funnel and revenue report: a counsellor's figures are of their people and the pool.
  'reports.read': READERS,
  // Marketing spend per source (and the costs it gives the report): viewers read it, admins enter it.
  'spend.read': ['admin', 'viewer'],
  'spend.manage': ['admin'],
  // Rules that act on their own (assign, email, change status): admins only, to read as to change.
  'rules.manage': ['admin'],
  // The lead score's weights (every lead's score follows them): admins only.
  'score.tune': ['admin'],
  // Scheduling, editing and cancelling webinars (their registrations are leads like any other).
  'webinars.manage': ['admin'],
};

export function can(member: { role: Role }, permission: Permission): boolean {
  return PERMISSIONS[permission].includes(member.role);
}

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

export const DESK_LIMITS = { name: 80, email: 254, note: 1000, members: 100 } as const;
/** Leads one bulk assignment may touch. */
export const ASSIGN_BULK_MAX = 500;
/** Items each section of My day holds at most (the rest are in the lists). */
export const MY_DAY_MAX = 200;

export const DESK_MESSAGES = {
  forbidden: 'Your role does not allow this',
  roleInvalid: `Role must be one of: ${ROLES.join(', ')}`,
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  alreadyMember: 'This email already belongs to a team member',
  invited: 'Invitation sent',
  invitedMeanwhile: 'An invitation to this email was sent a moment ago. Ask again in a minute to send a new link.',
  memberNotFound: 'There is no such team member',
  selfLockout: 'You cannot remove your own admin role or deactivate yourself',
  lastAdmin: 'The team must keep at least one active admin',
  invitationInvalid: 'This invitation link is invalid, expired or already used. Ask an admin to invite you again.',
  invitationAccepted: 'Welcome to the team! Please log in.',
  assigneeInvalid: 'Assign to an active team member who works leads (an admin or a counsellor), or to no one',
  assignOthers: 'Counsellors can take an unassigned lead or give back their own, not assign to others',
  membersInvalid: 'Each member must be an active admin or counsellor',
  modeInvalid: 'Mode must be round-robin or manual',
  actionTypeInvalid: `Type must be one of: ${ACTION_TYPES.join(', ')}`,
  activityTypeInvalid: `Type must be one of: ${ACTIVITY_TYPES.join(', ')}`,
  outcomeInvalid: `Outcome must be one of: ${OUTCOMES.join(', ')}`,
  outcomeOnNote: 'A note has no outcome',
  dueInvalid: 'dueAt must be a date-time (2026-11-24T10:30:00+05:30)',
  noteTooLong: `A note is at most ${DESK_LIMITS.note} characters`,
  noteCharacters: 'The note contains characters that are not allowed',
  dayEmailInvalid: 'The morning email time must be HH:MM (00:00 to 23:59), or off',
  activityComplete: 'This activity has its outcome already: log a new one',
} as const;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

const memberName = string()
  .typeError(DESK_MESSAGES.nameRequired)
  .transform(trimmed)
  .required(DESK_MESSAGES.nameRequired)
  .max(DESK_LIMITS.name, `Name must be at most ${DESK_LIMITS.name} characters`)
  .test('storable', TEXT_MESSAGES.notAllowedCharacters('Name'), (v) => v === undefined || isStorableText(v));

const memberEmail = string()
  .typeError(DESK_MESSAGES.emailRequired)
  .transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v))
  .required(DESK_MESSAGES.emailRequired)
  .max(DESK_LIMITS.email, DESK_MESSAGES.emailInvalid)
  .test('storable', TEXT_MESSAGES.notAllowedCharacters('Email'), (v) => v === undefined || isStorableText(v))
  .email(DESK_MESSAGES.emailInvalid);

const role = string()
  .typeError(DESK_MESSAGES.roleInvalid)
  .oneOf([...ROLES], DESK_MESSAGES.roleInvalid);

/** POST /api/admin/team. */
export const inviteSchema = object({
  email: memberEmail,
  name: memberName,
  role: role.required(DESK_MESSAGES.roleInvalid),
  /** The Team page's Resend and Copy link: a new link on purpose, even a moment after the last. */
  again: boolean().optional(),
});
export type Invite = InferType<typeof inviteSchema>;

/** PATCH /api/admin/team/{id}: at least one. */
export const memberUpdateSchema = object({
  role: role.optional(),
  active: mixed<boolean>().oneOf([true, false], 'active must be true or false').optional(),
}).test('something', 'Send a role, active, or both', (v) => v.role !== undefined || v.active !== undefined);

/** POST /api/admin/invitations/accept. */
export const acceptInvitationSchema = object({
  token: string().typeError(DESK_MESSAGES.invitationInvalid).required(DESK_MESSAGES.invitationInvalid).max(200),
  password: string()
    .typeError('Password is required')
    .required('Password is required')
    .min(ADMIN_PASSWORD_MIN, `Password must be at least ${ADMIN_PASSWORD_MIN} characters`)
    .max(ADMIN_PASSWORD_MAX, `Password must be at most ${ADMIN_PASSWORD_MAX} characters`)
    .test('storable', TEXT_MESSAGES.notAllowedCharacters('Password'), (v) => v === undefined || isStorableText(v)),
});

/** "HH:MM", India Standard Time. */
const DAY_EMAIL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
export function dayEmailMinute(text: string): number | undefined {
  const m = DAY_EMAIL_TIME.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}
export function dayEmailText(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/**
 * PATCH /api/admin/me: the person's own settings. `dayEmail`: "09:00", or null for none;
 * `columns`: per list, the optional columns they show (contract/workspace.ts MemberPreferences).
 */
export const meUpdateSchema = object({
  dayEmail: string()
    .nullable()
    .typeError(DESK_MESSAGES.dayEmailInvalid)
    .test('time', DESK_MESSAGES.dayEmailInvalid, (v) => v === undefined || v === null || dayEmailMinute(v) !== undefined)
    .optional(),
  columns: mixed<Record<string, string[]>>()
    .test(
      'columns',
      'columns must be, per list, a list of column names',
      (v) =>
        v === undefined ||
        (typeof v === 'object' &&
          v !== null &&
          !Array.isArray(v) &&
          Object.keys(v).length <= 20 &&
          Object.values(v).every(
            (c) => Array.isArray(c) && c.length <= 30 && c.every((k) => typeof k === 'string' && /^[A-Za-z]{1,40}$/.test(k)),
          )),
    )
    .optional(),
}).test('something', 'Send dayEmail, columns, or both', (v) => v.dayEmail !== undefined || v.columns !== undefined);

const note = string()
  .typeError(DESK_MESSAGES.noteCharacters)
  .transform(trimmed)
  .max(DESK_LIMITS.note, DESK_MESSAGES.noteTooLong)
  .test('storable', DESK_MESSAGES.noteCharacters, (v) => v === undefined || isStorableText(v, true));

export const nextActionSchema = object({
  type: string()
    .typeError(DESK_MESSAGES.actionTypeInvalid)
    .required(DESK_MESSAGES.actionTypeInvalid)
    .oneOf([...ACTION_TYPES], DESK_MESSAGES.actionTypeInvalid),
  dueAt: string()
    .typeError(DESK_MESSAGES.dueInvalid)
    .required(DESK_MESSAGES.dueInvalid)
    .test('date-time', DESK_MESSAGES.dueInvalid, (v) => v !== undefined && isCalendarDateTime(v)),
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
    .typeError(DESK_MESSAGES.activityTypeInvalid)
    .required(DESK_MESSAGES.activityTypeInvalid)
    .oneOf([...ACTIVITY_TYPES], DESK_MESSAGES.activityTypeInvalid),
  outcome: string()
    .typeError(DESK_MESSAGES.outcomeInvalid)
    .oneOf([...OUTCOMES], DESK_MESSAGES.outcomeInvalid)
    .optional(),
  note: note.optional(),
  nextAction: nextActionSchema.nullable().optional().default(undefined),
}).test('note-outcome', DESK_MESSAGES.outcomeOnNote, (v) => !(v.type === 'note' && v.outcome !== undefined));
export type ActivityInput = InferType<typeof activitySchema>;

/** PATCH /api/admin/leads/{list}/{id}/activities/{activityId}: an attempt's outcome, once. */
export const activityOutcomeSchema = object({
  outcome: string()
    .typeError(DESK_MESSAGES.outcomeInvalid)
    .oneOf([...OUTCOMES], DESK_MESSAGES.outcomeInvalid)
    .required(DESK_MESSAGES.outcomeInvalid),
  note: note.optional(),
  nextAction: nextActionSchema.nullable().optional().default(undefined),
});

/** An assignee in a PATCH or a bulk assignment: a member's id, or null for no one. */
export const assigneeField = string()
  .nullable()
  .defined(DESK_MESSAGES.assigneeInvalid)
  .typeError(DESK_MESSAGES.assigneeInvalid)
  .max(64, DESK_MESSAGES.assigneeInvalid);

/** POST /api/admin/leads/{list}/assign. */
export const bulkAssignSchema = object({
  ids: array(string().required().max(64)).required().min(1).max(ASSIGN_BULK_MAX),
  assignee: assigneeField,
});

export const ASSIGNMENT_MODES = ['round-robin', 'manual'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];
export interface ListAssignment {
  mode: AssignmentMode;
  /** In turn order. */
  members: string[];
}
/** GET/PUT /api/admin/assignment. PUT replaces the lists it names; the others keep theirs. */
export interface AssignmentRules {
  lists: Partial<Record<ListSlug, ListAssignment>>;
}
export const listAssignmentSchema = object({
  mode: string()
    .typeError(DESK_MESSAGES.modeInvalid)
    .required(DESK_MESSAGES.modeInvalid)
    .oneOf([...ASSIGNMENT_MODES], DESK_MESSAGES.modeInvalid),
  members: array(string().required().max(64))
    .required(DESK_MESSAGES.membersInvalid)
    .max(DESK_LIMITS.members, `At most ${DESK_LIMITS.members} members`)
    .test('unique', 'A member is named twice', (v) => v === undefined || new Set(v).size === v.length),
});

/** A team member, as GET /api/admin/team gives them. */
export interface TeamMember {
  id: string;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  /** False until they accept their invitation and set a password. */
  joined: boolean;
}
export interface TeamResponse {
  data: TeamMember[];
}

/** One lead in My day. */
export interface MyDayItem {
  list: ListSlug;
  _id: string;
  name: string;
  phone: string;
  /** Null for an unassigned lead with no next step. */
  dueAt: string | null;
  type: ActionType | null;
  status: LeadStatus;
  note?: string | null;
  /** When it arrived. */
  createdAt?: string;
  /** A lead no one has contacted yet: working minutes it has waited since it arrived. */
  waitedMinutes?: number;
  /** …and when it passes (passed) the SLA. */
  slaDueAt?: string;
}
export interface MyDayResponse {
  /** The member's leads still new with no first contact, oldest first (their SLA clock running). */
  uncontacted: MyDayItem[];
  overdue: MyDayItem[];
  dueToday: MyDayItem[];
  unassigned: MyDayItem[];
}

/** Who a lead belongs to, as lists and the detail give it. */
export interface Assignee {
  _id: string;
  name: string;
}

/** What the overview says of speed to lead (the period's leads, spam left out). */
export interface SpeedToLead {
  /** Median working minutes from arrival to first contact, over the contacted leads; null when none. */
  medianMinutes: number | null;
  /** Contacted within SLA_MINUTES working minutes. */
  withinSla: number;
  contacted: number;
  total: number;
  slaMinutes: number;
}
export interface TeamFigures {
  id: string;
  name: string;
  /** The period's leads assigned to them. */
  assigned: number;
  contacted: number;
  converted: number;
  /** Their next steps past due now. */
  overdue: number;
  medianFirstContactMinutes: number | null;
}

/** India Standard Time: UTC+5:30 all year. */
export const IST_OFFSET_MS = 330 * 60_000;
/** The IST date of an instant, as YYYY-MM-DD. */
export function istDateOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}
/** The start of an IST day, as an instant. */
export function istMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}
/** Waited time in words: "12 min", "3 h 5 min", "2 d 4 h". */
export function durationText(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
  const hours = Math.floor((m % (24 * 60)) / 60);
  return `${Math.floor(m / (24 * 60))} d${hours ? ` ${hours} h` : ''}`;
}

/** The desk's working hours as GET /api/admin/me gives them: days 0 (Sunday) … 6, minutes after midnight IST. */
export interface DeskHours {
  days: number[];
  start: number;
  end: number;
}
/** WORKING_HOURS's default, until /me answers. */
export const DEFAULT_DESK_HOURS: DeskHours = { days: [1, 2, 3, 4, 5, 6], start: 9 * 60, end: 19 * 60 };

/**
 * The first moment at or after `at`, on the quarter hour, when the desk is open: `at` itself
 * (rounded up) inside working hours, else the next opening (a follow-up suggested for 07:26
 * becomes 09:00 that day; for 19:40, the next working day's 09:00).
 */
export function nextWorkingSlot(at: Date, hours: DeskHours): Date {
  const quarter = 15 * 60_000;
  const t = Math.ceil(at.getTime() / quarter) * quarter;
  if (hours.days.length === 0) return new Date(t);
  for (let day = 0; day < 8; day++) {
    const midnight = istMidnight(istDateOf(new Date(t + day * 86_400_000))).getTime();
    const weekday = new Date(midnight + IST_OFFSET_MS).getUTCDay();
    if (!hours.days.includes(weekday)) continue;
    const open = midnight + hours.start * 60_000;
    const close = midnight + hours.end * 60_000;
    if (t < open) return new Date(open);
    if (t < close) return new Date(t);
  }
  return new Date(t);
}

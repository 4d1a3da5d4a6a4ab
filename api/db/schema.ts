// Kysely's view of the tables. Migrations never import this file (they are frozen
// history); this file follows them.
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

import type { LEAD_KINDS, LeadKind, LeadStatus } from '../../contract/lead-kinds.ts';
import type { ConsentRecord } from '../../contract/consent.ts';
import type { PaymentEventOutcome, PaymentStatus, UtrStatus } from '../../contract/bookings.ts';
import type { LeadSource } from '../../contract/lead-signals.ts';
import type { QuizAnswers, QuizLanguage } from '../../contract/quiz/options.ts';
import type { QuizResult } from '../../contract/quiz/scoring.ts';
import type { SessionAudience } from '../../contract/sessions.ts';
import type { ActionType, ActivityType, Outcome } from '../../contract/activities.ts';
import type { AssignmentMode } from '../../contract/assignment.ts';
import type { Role } from '../../contract/roles.ts';
import type { NotificationKind } from '../../contract/notifications.ts';
import type { MemberPreferences } from '../../contract/views.ts';
import type { TemplateChannel, TemplateLanguage, TemplateStage } from '../../contract/templates.ts';

export type HistoryAction = 'status' | 'note' | 'assign' | 'activity' | 'next-action' | 'merge' | 'unmerge' | 'rule' | 'escalation' | 'tag';

interface LeadColumns {
  id: Generated<string>;
  idempotency_key: string | null;
  request_hash: string | null;
}

/** The site's two languages: English at the root, Hindi under /hi/. */
export type SiteLanguage = 'en' | 'hi';

/** The tables behind the admin lists (migrations/2026-11-23T0005_console.ts). */
interface ListedLeadColumns extends LeadColumns {
  email: string;
  phone: string;
  status: ColumnType<LeadStatus, LeadStatus | undefined, LeadStatus>;
  created_at: CreatedAt;
  /** Where the visitor came from (migrations/2026-11-23T0006_lead_signals.ts); null when the client sent none. */
  source: LeadSource | null;
  /** The utm_source the lead is filed under: the last touch's, else the first's. */
  utm_source: string | null;
  /** What the person consented to with this submission; null when their client sent none. */
  consent: ConsentRecord | null;
  /** The language of the site the form was sent from (migrations/2026-11-27T0260_lead_language.ts). */
  site_language: ColumnType<SiteLanguage, SiteLanguage | undefined, SiteLanguage>;
  /** The team member who owns the lead (migrations/2026-11-24T0010_sales_desk.ts); null: the pool. */
  assignee_id: ColumnType<string | null, string | null | undefined, string | null>;
  assigned_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  next_action_type: ColumnType<ActionType | null, ActionType | null | undefined, ActionType | null>;
  next_action_due_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  next_action_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set by the instance that sent the next action's reminder (the update is the claim). */
  next_action_reminded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The first call, WhatsApp, email or meeting logged. */
  first_contact_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Working minutes (WORKING_HOURS) from arrival to first contact. */
  first_contact_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** The lead score, 0–100 (migrations/2026-11-27T0280_lead_score.ts), kept by api/score/jobs.ts. */
  score: ColumnType<number, number | undefined, number>;
  /** `source`'s touches and `consent` worded as the CSV export writes them, by Postgres (migrations/2026-11-28T0330_worded_signals.ts). */
  first_visit_text: GeneratedAlways<string>;
  last_visit_text: GeneratedAlways<string>;
  consent_text: GeneratedAlways<string>;
}

/** A camelCase key as its snake_case column (contract/lead-kinds.ts columnOf, at the type level). */
type Snake<S extends string> = S extends `${infer H}${infer T}` ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<T>}` : S;
type ColumnName<F> = F extends { column: null }
  ? never
  : F extends { column: infer C extends string }
    ? C
    : F extends { key: infer K extends string }
      ? Snake<K>
      : never;
/**
 * The columns a kind's form fills in, derived from its registry entry (contract/lead-kinds.ts):
 * a field's column, text or (a count, an amount) a number, never null. A field added to a
 * kind is a column of its table type with no edit here.
 */
export type KindColumns<K extends LeadKind> = {
  [F in (typeof LEAD_KINDS)[K]['fields'][number] as ColumnName<F>]: F extends { kind: 'count' | 'amount' } ? number : string;
};

export interface ContactMessagesTable extends ListedLeadColumns, KindColumns<'contact'> {}
export interface FreeJoinUsersTable extends ListedLeadColumns, KindColumns<'freeJoin'> {}
export interface EnquiriesTable extends ListedLeadColumns, KindColumns<'enquiry'> {}
export interface JoinNowUsersTable extends ListedLeadColumns, KindColumns<'joinNow'> {
  password_hash: string;
  /** The lower-cased email of a registration, unique; null for spam (a bot cannot take a person's email). */
  registered_email: string | null;
}
export interface PersonalityUsersTable extends ListedLeadColumns, KindColumns<'personalitySignup'> {
  password_hash: string;
}

/** A seat booking (migrations/2026-11-26T0050_bookings.ts). */
export interface BookingsTable extends ListedLeadColumns, KindColumns<'booking'> {
  /** Whole rupees, from the package's price when it was booked. */
  amount: number;
  payment_status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  utr: ColumnType<string | null, string | null | undefined, string | null>;
  payment_updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  // The gateway's link and payment (migrations/2026-11-27T0100_payments.ts).
  gateway: Nullable<string>;
  payment_link_id: Nullable<string>;
  payment_url: Nullable<string>;
  link_status: Nullable<string>;
  link_attempts: ColumnType<number, number | undefined, number>;
  link_next_at: Nullable<Date, Date | string>;
  link_error: Nullable<string>;
  check_next_at: Nullable<Date, Date | string>;
  payment_id: Nullable<string>;
  payment_method: Nullable<string>;
  paid_at: Nullable<Date, Date | string>;
  utr_status: Nullable<UtrStatus>;
  utr_verified_by: Nullable<string>;
  utr_verified_label: Nullable<string>;
  utr_verified_at: Nullable<Date, Date | string>;
  /** When its one payment reminder was claimed (migrations/2026-11-27T0210_receipts.ts). */
  payment_reminded_at: Nullable<Date, Date | string>;
}
/** A column that may be null and is optional on insert. */
type Nullable<T, W = T> = ColumnType<T | null, W | null | undefined, W | null>;
/** Every event a gateway sent (migrations/2026-11-27T0100_payments.ts), once by its id. */
export interface PaymentEventsTable {
  id: Generated<string>;
  gateway: string;
  event_id: string;
  event: string;
  received_at: CreatedAt;
  booking_id: string | null;
  reference: string | null;
  link_id: string | null;
  payment_id: string | null;
  amount_paise: ColumnType<string | null, number | null, number | null>;
  currency: string | null;
  outcome: PaymentEventOutcome;
  reason: string | null;
}
/** A financial year's last receipt number (migrations/2026-11-27T0210_receipts.ts). */
export interface ReceiptCountersTable {
  financial_year: string;
  last_number: number;
}
/** A payment receipt, one per paid booking, with the facts it was issued with. */
export interface ReceiptsTable {
  id: Generated<string>;
  booking_id: string | null;
  number: string;
  financial_year: string;
  sequence: number;
  issued_at: ColumnType<Date, Date | string, Date | string>;
  reference: string;
  programme: string;
  package: string;
  amount_paise: ColumnType<string, number, number>;
  payment_id: string;
  payment_method: string;
  paid_at: ColumnType<Date, Date | string, Date | string>;
}
/** The upcoming batches admins keep for the booking form. */
export interface BookingBatchesTable {
  id: Generated<string>;
  label: string;
  /** A date: the pg driver gives it as a Date, PGlite as a string; read it with ::text. */
  starts_on: ColumnType<string, string, string>;
  created_at: CreatedAt;
  created_by: string | null;
}
/** A proposal request from an organisation (migrations/2026-11-26T0051_proposals.ts). */
export interface ProposalsTable extends ListedLeadColumns, KindColumns<'proposal'> {}

/** A webinar admins scheduled (migrations/2026-11-27T0275_webinars.ts). */
export interface WebinarsTable {
  id: Generated<string>;
  title: string;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  join_url: string;
  cancelled_at: Nullable<Date, Date | string>;
  created_at: CreatedAt;
  created_by: string | null;
}
/** A registration for a webinar: a listed lead (the `webinar` kind). */
export interface WebinarRegistrationsTable extends ListedLeadColumns, KindColumns<'webinar'> {
  /** Set by the instance that sent the reminder. */
  reminded_at: Nullable<Date, Date | string>;
}

export interface AdminsTable {
  id: Generated<string>;
  /** Always lower case. */
  email: string;
  name: string;
  /** Null for an invited member who has not set a password yet. */
  password_hash: string | null;
  created_at: CreatedAt;
  password_changed_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** What the member may do (contract/desk.ts); `npm run admin` makes admins. */
  role: ColumnType<Role, Role | undefined, Role>;
  /** A deactivated member cannot log in and takes no new leads. */
  active: ColumnType<boolean, boolean | undefined, boolean>;
  /** Their morning email's time, minutes after midnight IST; null: none. */
  day_email_minute: ColumnType<number | null, number | null | undefined, number | null>;
  /** The IST date of the last morning email (the update that sets it is the claim). */
  day_email_sent_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last lead_history id their assignment digest covered. */
  assignment_mailed_through: ColumnType<string | number, string | number | undefined, string | number>;
  assignment_mailed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The member's console settings (migrations/2026-11-24T0011_counsellor_console.ts). */
  preferences: ColumnType<MemberPreferences, string | undefined, string>;
}
export interface TeamInvitationsTable {
  id: Generated<string>;
  admin_id: string;
  /** Hex SHA-256 of the token; the token is only ever in the email. */
  token_hash: string;
  invited_by: string | null;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
/** Per list: how new leads are assigned (round robin is decided in the insert: migration 0010). */
export interface LeadAssignmentTable {
  list: string;
  mode: AssignmentMode;
  members: ColumnType<string[], string[] | undefined, string[]>;
  last_member: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: string | null;
}
export interface AdminSessionsTable {
  /** The token's jti. */
  id: string;
  admin_id: string;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface PasswordResetsTable {
  id: Generated<string>;
  admin_id: string;
  /** Hex SHA-256 of the token; the token itself is only ever in the email. */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface AdminLoginFailuresTable {
  id: Generated<string>;
  account: string;
  address: string;
  failed_at: ColumnType<Date, Date | string, never>;
}

/**
 * One attachment as stored in mail_queue.attachments (a JSON array): its bytes, or what
 * to make them from when the message is sent (a certificate is drawn then, not while its
 * submission waits for an answer).
 */
export type StoredAttachment =
  | { filename: string; contentType: string; contentBase64: string }
  | { filename: string; contentType: string; generated: { kind: string; id: string } };
export interface MailQueueTable {
  id: Generated<string>;
  kind: ColumnType<string, string | undefined, never>;
  to_address: string;
  /** The recipient's mailbox (api/lib/mailbox.ts), which caps count by (migration 2026-11-26T0031). */
  mailbox: ColumnType<string | null, string | null | undefined, never>;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** Written as a JSON string, read back parsed. */
  attachments: ColumnType<StoredAttachment[], string | undefined, never>;
  status: ColumnType<'pending' | 'sent' | 'failed', 'pending' | undefined, 'pending' | 'sent' | 'failed'>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: ColumnType<Date | null, never, Date | string | null>;
}

/** A taken personality test (migrations/2026-11-21T0003_quiz.ts). */
export interface QuizSubmissionsTable extends LeadColumns {
  name: string;
  /** Null for a session's student who gave a roll number instead (migrations/2026-11-26T0040_classroom_sessions.ts). */
  // Always named on insert (null or not), as the other lead tables' email is.
  email: ColumnType<string | null, string | null, string | null>;
  roll_number: string | null;
  phone: string | null;
  /** The classroom session the test was taken in, and the student's identity within it (contract/sessions.ts participantOf). */
  session_code: string | null;
  participant: string | null;
  language: QuizLanguage;
  /** JSON: question id → option index 0..3 (inserted as JSON by the ingest, read back parsed). */
  answers: ColumnType<QuizAnswers, QuizAnswers, never>;
  /** JSON: the QuizResult as issued. */
  result: ColumnType<QuizResult, QuizResult, never>;
  /** 32 hex characters (128 random bits); the public certificate's id. */
  certificate_id: string;
  /** False when the recipient had already had the day's certificate emails (the test is stored and answered all the same). */
  certificate_emailed: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

/** A lead's timeline: status changes, notes, assignments, activities, next actions, merges. Appended, never edited. */
export interface LeadHistoryTable {
  id: Generated<string>;
  list: string;
  lead_id: string;
  admin_id: string | null;
  admin_label: string;
  action: HistoryAction;
  from_status: LeadStatus | null;
  to_status: LeadStatus | null;
  note: string | null;
  created_at: CreatedAt;
  activity_type: ActivityType | null;
  outcome: Outcome | null;
  /** For an assignment: to whom (null: back to the pool). */
  assignee_id: string | null;
  assignee_label: string | null;
  /** What an entry needs beyond its columns (a next action, a merge's other leads). */
  data: Record<string, unknown> | null;
}

/** A visitor's request to erase their data (migrations/2026-11-23T0006_lead_signals.ts). */
export interface ErasureRequestsTable extends LeadColumns {
  /** Lower case. */
  email: string;
  /** SHA-256 of the emailed token; null when no email was sent (nothing held, or over the day's cap). */
  token_hash: string | null;
  expires_at: Date | null;
  created_at: CreatedAt;
}
export interface WithdrawnCertificatesTable {
  certificate_id: string;
  withdrawn_at: CreatedAt;
}
/** The Ed25519 key every instance signs credentials with (one row, 'default'), as a private JWK. */
export interface CredentialKeysTable {
  id: string;
  private_jwk: string;
  created_at: CreatedAt;
}
/** A certificate's place in the revocation list and the salt of its recipient hash; nothing that names the person. */
export interface CredentialStatusTable {
  certificate_id: string;
  status_index: Generated<number>;
  salt: string;
  created_at: CreatedAt;
}
/** One erasure: who, which list, how many, when. Never an email, a phone or a name of a lead. */
export interface ErasureAuditTable {
  id: Generated<string>;
  actor: 'admin' | 'person';
  admin_id: string | null;
  admin_label: string | null;
  list: string;
  count: number;
  created_at: CreatedAt;
}

/** Leads already alerted to the team (api/leads/alerts.ts). */
export interface LeadAlertsTable {
  list: string;
  lead_id: string;
  created_at: CreatedAt;
}
export interface LeadAlertDigestsTable {
  sent_at: ColumnType<Date, Date | string, never>;
  leads: number;
}

/** Leads per list and status, kept by triggers (migrations/2026-11-23T0005_console.ts). */
export interface LeadStatusCountsTable {
  list: string;
  status: LeadStatus;
  /** The writing backend's slot (pg_backend_pid() % 16): one row per writer, so inserts do not queue on one row. Sum over slots. */
  slot: ColumnType<number, never, never>;
  /** bigint: the pg driver gives it as a string. */
  n: ColumnType<string | number, never, never>;
}

/** What WhatsApp and email messages start from (migration 0011). */
export interface MessageTemplatesTable {
  id: Generated<string>;
  name: string;
  language: TemplateLanguage;
  channel: TemplateChannel;
  body: string;
  /** The lead's state it is written for (migrations/2026-11-27T0090_template_stage.ts). */
  stage: ColumnType<TemplateStage, TemplateStage | undefined, TemplateStage>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
/** A member's named list filters (a query string), theirs or shared. */
export interface SavedViewsTable {
  id: Generated<string>;
  owner_id: string;
  name: string;
  list: string;
  query: string;
  shared: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}
/** A person: the leads that share an email or a phone, and merges (api/people/). No personal data here. */
export interface PeopleTable {
  id: Generated<string>;
  created_at: CreatedAt;
  merged_into: string | null;
}
export interface LeadPeopleTable {
  list: string;
  lead_id: string;
  person_id: string;
}
/** Leads waiting for the linker. */
export interface PeopleQueueTable {
  list: string;
  lead_id: string;
}
export interface PersonMergesTable {
  id: Generated<string>;
  into_person: string;
  from_person: string;
  /** The leads moved: [{ list, id }]. */
  moved: ColumnType<Array<{ list: string; id: string }>, string, never>;
  admin_id: string | null;
  admin_label: string;
  created_at: CreatedAt;
  undone_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A trainer's classroom session (migrations/2026-11-26T0040_classroom_sessions.ts). */
export interface ClassroomSessionsTable {
  id: Generated<string>;
  code: string;
  organisation: string;
  city: string | null;
  /** A date column: the drivers read it as a Date at local midnight, so queries select it as `date::text`. */
  date: ColumnType<Date | string, string, string>;
  language: QuizLanguage;
  expected: number | null;
  audience: ColumnType<SessionAudience, SessionAudience | undefined, SessionAudience>;
  created_by: string | null;
  /** The organisation's B2B enquiry the desk follows up (migrations/2026-11-26T0041_session_leads.ts). */
  lead_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}
/** A student's join of a session: one row per join submission; `participant` is who, within the session. */
export interface SessionParticipantsTable extends LeadColumns {
  session_code: string;
  participant: string;
  name: string;
  email: string | null;
  roll_number: string | null;
  phone: string | null;
  consent: ConsentRecord | null;
  created_at: CreatedAt;
}

/** Relay keys (migrations/2026-11-26T0042_relay_keys.ts): only the key's SHA-256 is kept. */
export interface RelayKeysTable {
  id: Generated<string>;
  name: string;
  key_hash: string;
  created_by: string | null;
  created_at: CreatedAt;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A relay's submissions on their way upstream (migrations/2026-11-26T0043_relay_queue.ts). */
export interface RelayQueueTable {
  key: string;
  path: string;
  /** As the phone sent it; null once forwarded. */
  body: ColumnType<unknown, string | null, string | null>;
  state: ColumnType<'waiting' | 'forwarded' | 'failed', 'waiting' | undefined, 'waiting' | 'forwarded' | 'failed'>;
  attempts: ColumnType<number, number | undefined, number>;
  last_status: number | null;
  last_error: string | null;
  created_at: CreatedAt;
  forwarded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Delayed work (migrations/2026-11-27T0240_scheduler.ts, api/jobs/scheduler.ts). */
export interface JobsTable {
  id: Generated<string>;
  kind: string;
  /** Unique when given: the job exists once. */
  key: string | null;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  state: ColumnType<'waiting' | 'done' | 'failed', 'waiting' | undefined, 'waiting' | 'done' | 'failed'>;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: CreatedAt;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
/** A recurring round on the scheduler (migrations/2026-11-27T0290_job_schedules.ts). */
export interface JobSchedulesTable {
  name: string;
  every_ms: number;
  next_run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: string | null;
}
/** Admins' rules (migrations/2026-11-27T0241_rules.ts); conditions and actions as contract/rules.ts shapes them. */
/** The admins' score weights, one row (migrations/2026-11-27T0280_lead_score.ts); none: the defaults. */
export interface ScoreWeightsTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  weights: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: string | null;
}

export interface RulesTable {
  id: Generated<string>;
  name: string;
  enabled: boolean;
  event: string;
  lists: ColumnType<string[], string[] | undefined, string[]>;
  minutes: number | null;
  /** lead.status: only a change to this status. */
  status: string | null;
  conditions: ColumnType<unknown[], string, string>;
  actions: ColumnType<unknown[], string, string>;
  position: ColumnType<number, number | undefined, number>;
  /** A round-robin action's last member. */
  turn: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface RuleFiringsTable {
  rule_id: string;
  event_key: string;
  list: string;
  lead_id: string;
  fired_at: CreatedAt;
}
export interface LeadTagsTable {
  list: string;
  lead_id: string;
  tag: string;
  created_at: CreatedAt;
}
/** A member's notification: the bell, and what is pushed (migrations/2026-11-27T0250_notifications.ts). */
export interface NotificationsTable {
  id: Generated<string>;
  member_id: string;
  kind: NotificationKind;
  list: string;
  lead_id: string;
  title: string;
  body: string;
  dedupe_key: string | null;
  created_at: CreatedAt;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
/** A browser a member asked to be pushed on (its endpoint is on a push service's host). */
export interface PushSubscriptionsTable {
  id: Generated<string>;
  member_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: CreatedAt;
  last_pushed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
/** A push still to deliver (deleted once delivered; kept as failed after its last attempt). */
export interface PushQueueTable {
  id: Generated<string>;
  subscription_id: string;
  notification_id: string;
  state: ColumnType<'pending' | 'failed', 'pending' | undefined, 'pending' | 'failed'>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_error: string | null;
  created_at: CreatedAt;
}
/** The VAPID key pair every instance signs pushes with when none is configured (one row, 'default'). */
export interface PushKeysTable {
  id: string;
  public_key: string;
  private_key: string;
  created_at: CreatedAt;
}
/** How far a background reader has read an append-only table (the assignment notices: lead_history ids). */
export interface NotifyCursorsTable {
  name: string;
  through: ColumnType<string, string | number, string | number>;
}
/** A bulk change of leads, for its undo (migrations/2026-11-27T0285_bulk_changes.ts). */
export interface BulkChangesTable {
  id: Generated<string>;
  list: string;
  member_id: string | null;
  action: ColumnType<Record<string, unknown>, string, string>;
  changed: number;
  created_at: CreatedAt;
  undone_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
/** Per lead a bulk change changed: what it overwrote, and the lead's timeline entry of it. */
export interface BulkChangeLeadsTable {
  change_id: string;
  list: string;
  lead_id: string;
  history_id: string | null;
  status: LeadStatus | null;
  assignee_id: string | null;
  assigned_at: Date | null;
  next_action_type: string | null;
  next_action_due_at: Date | null;
  next_action_note: string | null;
  next_action_reminded_at: Date | null;
  new_assignee_id: string | null;
  restored: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface Database {
  bulk_changes: BulkChangesTable;
  bulk_change_leads: BulkChangeLeadsTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  rules: RulesTable;
  score_weights: ScoreWeightsTable;
  rule_firings: RuleFiringsTable;
  lead_tags: LeadTagsTable;
  contact_messages: ContactMessagesTable;
  free_join_users: FreeJoinUsersTable;
  enquiries: EnquiriesTable;
  join_now_users: JoinNowUsersTable;
  personality_users: PersonalityUsersTable;
  bookings: BookingsTable;
  booking_batches: BookingBatchesTable;
  payment_events: PaymentEventsTable;
  receipt_counters: ReceiptCountersTable;
  receipts: ReceiptsTable;
  proposals: ProposalsTable;
  webinars: WebinarsTable;
  webinar_registrations: WebinarRegistrationsTable;
  admins: AdminsTable;
  admin_sessions: AdminSessionsTable;
  password_resets: PasswordResetsTable;
  admin_login_failures: AdminLoginFailuresTable;
  mail_queue: MailQueueTable;
  quiz_submissions: QuizSubmissionsTable;
  lead_history: LeadHistoryTable;
  lead_status_counts: LeadStatusCountsTable;
  erasure_requests: ErasureRequestsTable;
  withdrawn_certificates: WithdrawnCertificatesTable;
  erasure_audit: ErasureAuditTable;
  lead_alerts: LeadAlertsTable;
  lead_alert_digests: LeadAlertDigestsTable;
  team_invitations: TeamInvitationsTable;
  lead_assignment: LeadAssignmentTable;
  message_templates: MessageTemplatesTable;
  saved_views: SavedViewsTable;
  people: PeopleTable;
  lead_people: LeadPeopleTable;
  people_queue: PeopleQueueTable;
  person_merges: PersonMergesTable;
  classroom_sessions: ClassroomSessionsTable;
  session_participants: SessionParticipantsTable;
  relay_keys: RelayKeysTable;
  relay_queue: RelayQueueTable;
  credential_keys: CredentialKeysTable;
  credential_status: CredentialStatusTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_queue: PushQueueTable;
  push_keys: PushKeysTable;
  notify_cursors: NotifyCursorsTable;
}

/** The tables behind the admin lists (the spec’s five and the later ones). */
export type ListedTable =
  | 'contact_messages'
  | 'free_join_users'
  | 'enquiries'
  | 'join_now_users'
  | 'personality_users'
  | 'bookings'
  | 'proposals'
  | 'webinar_registrations';
/** Every table that stores a public submission. */
export type LeadTable = ListedTable | 'quiz_submissions' | 'erasure_requests' | 'session_participants';

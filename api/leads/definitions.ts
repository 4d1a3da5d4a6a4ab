// The server's side of each lead kind in contract/lead-kinds.ts: its table, how a
// validated submission becomes columns, how a row becomes the spec's record, the POST's
// answer, and for the listed kinds the text their search reads. Kysely's table types
// run through all of it: a column the table lacks, or a field the schema lacks, is a type
// error here.
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { InferType } from 'yup';
import type {
  BookingRecord,
  ContactRecord,
  EnquiryRecord,
  FreeJoinUser,
  JoinNowUser,
  ProposalRecord,
  QuizUser,
} from '../../contract/api.ts';
import { bookingReferenceOf, PAID_PACKAGES, type PaidPackage } from '../../contract/bookings.ts';
import { CONSOLE_MESSAGES } from '../../contract/console.ts';
import { kindOfSlug, LEAD_KINDS, type LeadKind, type ListedKind, type ListSlug } from '../../contract/lead-kinds.ts';
import { HttpError } from '../lib/http.ts';
import { LEAD_SCHEMAS } from '../../contract/lead-schemas.ts';
import { MESSAGES } from '../../contract/messages.ts';
import type { Database, LeadTable, ListedTable } from '../db/schema.ts';
import { iso } from '../lib/dates.ts';
import type { LeadColumns, LeadResource, LeadSignals } from '../ingest/ingest.ts';
import { leadUtmSource } from '../../contract/lead-signals.ts';
import type { LeadStatus } from '../../contract/lead-kinds.ts';

export type Row<T extends LeadTable> = Selectable<Database[T]>;

/** What every listed table's row has (for code generic over the five). */
interface ListedBase {
  id: string;
  email: string;
  phone: string;
  status: LeadStatus;
  created_at: Date;
}
export type ListedRow<T extends ListedTable> = Row<T> & ListedBase;

/** A lead kind on the server. `created` is the POST's 201 body around the record. */
export interface LeadDefinition<K extends LeadKind, T extends LeadTable, R> extends LeadResource<T, (typeof LEAD_SCHEMAS)[K]> {
  kind: K;
  toRecord(row: Row<T>): R;
}

/** A kind with an admin list: its list items, and the text `?q=` searches (indexed as such). */
export interface ListedDefinition<K extends ListedKind, T extends ListedTable, R extends { _id: string }> extends LeadDefinition<K, T, R> {
  searchText: RawBuilder<string>;
  /** The list's item for a row: its record and its status. */
  listItem(row: ListedRow<T>): ListItem;
}

/**
 * Any listed kind, for code that serves every list alike (queries, detail, people,
 * CSV). Each definition is checked against its own table where it is made; here a row of
 * any listed table goes in (its own kind's, in practice).
 */
export interface ListedLead {
  kind: ListedKind;
  table: ListedTable;
  searchText: RawBuilder<string>;
  listItem(row: ListedRow<ListedTable>): ListItem;
}

export type ListItem = Record<string, unknown> & { _id: string; status: LeadStatus };

interface Spec<K extends LeadKind, T extends LeadTable, R> {
  kind: K;
  table: T;
  secretField?: 'password';
  toColumns: LeadResource<T, (typeof LEAD_SCHEMAS)[K]>['toColumns'];
  toRecord(row: Row<T>): R;
  created(record: R): object;
  refusal?: LeadResource['refusal'];
}

export function define<K extends LeadKind, T extends LeadTable, R>(spec: Spec<K, T, R>): LeadDefinition<K, T, R> {
  return {
    kind: spec.kind,
    path: LEAD_KINDS[spec.kind].path,
    table: spec.table,
    schema: LEAD_SCHEMAS[spec.kind],
    ...(spec.secretField ? { secretField: spec.secretField } : {}),
    toColumns: spec.toColumns,
    toRecord: spec.toRecord,
    respond: (row) => ({ status: 201, body: spec.created(spec.toRecord(row)) }),
    ...(spec.refusal ? { refusal: spec.refusal } : {}),
  };
}

/** The columns every listed lead gets from what its body says beside its fields. */
type SignalColumns = 'source' | 'utm_source' | 'status' | 'consent' | 'site_language';
function signalColumns(signals: LeadSignals): Pick<LeadColumns<ListedTable>, SignalColumns> {
  // A bot's submission is kept (never discarded, so a person caught by mistake is not lost)
  // but filed as spam: the console shows it only under that filter.
  return {
    source: signals.source ?? null,
    utm_source: leadUtmSource(signals.source) ?? null,
    status: signals.bot ? 'spam' : 'new',
    consent: signals.consent ?? null,
    site_language: signals.language,
  };
}

interface ListedSpec<K extends ListedKind, T extends ListedTable, R> extends Omit<Spec<K, T, R>, 'toColumns'> {
  /** The kind's own columns; source, utm_source and status are added for every listed kind. */
  toColumns(input: InferType<(typeof LEAD_SCHEMAS)[K]>, signals: LeadSignals): Omit<LeadColumns<T>, SignalColumns>;
}

function listed<K extends ListedKind, T extends ListedTable, R extends { _id: string }>(
  spec: ListedSpec<K, T, R>,
  searchText: RawBuilder<string>,
): ListedDefinition<K, T, R> {
  // The kind's columns without the three, plus the three, are its columns: TypeScript cannot
  // see that through a generic table's Omit, so it is said once here (each kind's own
  // columns are still checked against its table in its spec).
  const toColumns = (input: InferType<(typeof LEAD_SCHEMAS)[K]>, signals: LeadSignals) =>
    ({ ...spec.toColumns(input, signals), ...signalColumns(signals) }) as LeadColumns<T>;
  return { ...define({ ...spec, toColumns }), searchText, listItem: (row) => ({ ...spec.toRecord(row), status: row.status }) };
}

/** The unique constraint that makes a join-now registration one per email (migrations/2026-11-23T0006_lead_signals.ts). */
const REGISTERED_EMAIL_KEY = 'join_now_users_registered_email_key';

/** A unique violation (SQLSTATE 23505) of the named constraint, from pg or PGlite. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e?.code !== '23505') return false;
  return e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(constraint));
}

/** name, email and phone: what the admin search reads in most lists. */
const NAME_EMAIL_PHONE = sql<string>`(name || ' ' || email || ' ' || phone)`;

export const contactLead = listed(
  {
    kind: 'contact',
    table: 'contact_messages',
    toColumns: (v: InferType<typeof LEAD_SCHEMAS.contact>) => ({
      first_name: v.firstName,
      last_name: v.lastName,
      email: v.email,
      phone: v.phone,
      message: v.message,
    }),
    toRecord: (row): ContactRecord => ({
      _id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone,
      message: row.message,
      createdAt: iso(row.created_at),
    }),
    created: (data) => ({ success: true, message: MESSAGES.contactSuccess, data }),
  },
  sql<string>`(first_name || ' ' || last_name || ' ' || email || ' ' || phone)`,
);

export const freeJoinLead = listed(
  {
    kind: 'freeJoin',
    table: 'free_join_users',
    toColumns: (v: InferType<typeof LEAD_SCHEMAS.freeJoin>) => ({ name: v.name, email: v.email, phone: v.phone }),
    // The spec's free-join user has joinedAt (§3); the column is created_at like every lead table.
    toRecord: (row): FreeJoinUser => ({ _id: row.id, name: row.name, email: row.email, phone: row.phone, joinedAt: iso(row.created_at) }),
    created: (user) => ({ message: MESSAGES.freeJoinSuccess, user }),
  },
  NAME_EMAIL_PHONE,
);

export const enquiryLead = listed(
  {
    kind: 'enquiry',
    table: 'enquiries',
    toColumns: (v: InferType<typeof LEAD_SCHEMAS.enquiry>) => ({
      background: v.background,
      course: v.course,
      name: v.name,
      email: v.email,
      phone: v.phone,
    }),
    toRecord: (row): EnquiryRecord => ({
      _id: row.id,
      background: row.background,
      course: row.course,
      name: row.name,
      email: row.email,
      phone: row.phone,
      createdAt: iso(row.created_at),
    }),
    created: (data) => ({ success: true, message: MESSAGES.enquirySuccess, data }),
  },
  NAME_EMAIL_PHONE,
);

export const joinNowLead = listed(
  {
    kind: 'joinNow',
    table: 'join_now_users',
    // Stored only as an scrypt hash (the ingest hashes it), never returned.
    secretField: 'password',
    // One registration per email (a unique column): a bot's, filed as spam, holds none, so
    // it cannot take a person's address.
    toColumns: (v: InferType<typeof LEAD_SCHEMAS.joinNow>, signals) => ({
      name: v.name,
      phone: v.phone,
      email: v.email,
      registered_email: signals.bot ? null : v.email.toLowerCase(),
    }),
    toRecord: (row): JoinNowUser => ({ _id: row.id, name: row.name, phone: row.phone, email: row.email, createdAt: iso(row.created_at) }),
    created: (user) => ({ message: MESSAGES.joinNowSuccess, user }),
    refusal: (err) =>
      isUniqueViolation(err, REGISTERED_EMAIL_KEY)
        ? { status: 422, body: { message: MESSAGES.emailAlreadyRegistered, errors: { email: MESSAGES.emailAlreadyRegistered } } }
        : undefined,
  },
  NAME_EMAIL_PHONE,
);

export const personalitySignupLead = listed(
  {
    kind: 'personalitySignup',
    table: 'personality_users',
    secretField: 'password',
    toColumns: (v: InferType<typeof LEAD_SCHEMAS.personalitySignup>) => ({ name: v.name, phone: v.phone, email: v.email }),
    toRecord: (row): QuizUser => ({ _id: row.id, name: row.name, email: row.email, phone: row.phone, createdAt: iso(row.created_at) }),
    created: (user) => ({ message: MESSAGES.personalitySuccess, user }),
  },
  NAME_EMAIL_PHONE,
);

/** The unique constraint on a booking's reference (migrations/2026-11-26T0050_bookings.ts). */
const BOOKING_REFERENCE_KEY = 'bookings_reference_key';

export const bookingLead = listed(
  {
    kind: 'booking',
    table: 'bookings',
    // The amount is the package's price, whatever the client says; a client that sends no
    // reference (the form always does) gets one.
    toColumns: (v: InferType<typeof LEAD_SCHEMAS.booking>) => ({
      programme: v.programme,
      package: v.package,
      batch: v.batch,
      name: v.name,
      email: v.email,
      phone: v.phone,
      reference: v.reference || bookingReferenceOf(crypto.randomUUID()),
      amount: PAID_PACKAGES[v.package as PaidPackage].rupees,
    }),
    toRecord: (row): BookingRecord => ({
      _id: row.id,
      reference: row.reference,
      programme: row.programme,
      package: row.package,
      batch: row.batch,
      name: row.name,
      email: row.email,
      phone: row.phone,
      amount: row.amount,
      paymentStatus: row.payment_status,
      utr: row.utr,
      utrStatus: row.utr_status,
      utrVerifiedBy: row.utr_verified_label,
      utrVerifiedAt: row.utr_verified_at ? iso(row.utr_verified_at) : null,
      paymentUrl: row.payment_url,
      paymentId: row.payment_id,
      paymentMethod: row.payment_method,
      paidAt: row.paid_at ? iso(row.paid_at) : null,
      createdAt: iso(row.created_at),
    }),
    // `status` and `paymentUrl` beside the record: where the payment stands and the booking's own
    // link (null while the gateway makes it: GET /api/v1/bookings/{reference} carries it once made).
    created: (data) => ({
      success: true,
      message: MESSAGES.bookingSuccess,
      data,
      status: data.paymentStatus,
      paymentUrl: data.paymentUrl,
    }),
    refusal: (err) =>
      isUniqueViolation(err, BOOKING_REFERENCE_KEY)
        ? { status: 422, body: { message: MESSAGES.referenceTaken, errors: { reference: MESSAGES.referenceTaken } } }
        : undefined,
  },
  sql<string>`(reference || ' ' || name || ' ' || email || ' ' || phone)`,
);

export const proposalLead = listed(
  {
    kind: 'proposal',
    table: 'proposals',
    toColumns: (v: InferType<typeof LEAD_SCHEMAS.proposal>) => ({
      programme: v.programme,
      organisation: v.organisation,
      name: v.name,
      role: v.role,
      email: v.email,
      phone: v.phone,
      city: v.city,
      participants: v.participants,
      preferred_months: v.preferredMonths,
      message: v.message,
    }),
    toRecord: (row): ProposalRecord => ({
      _id: row.id,
      programme: row.programme,
      organisation: row.organisation,
      name: row.name,
      role: row.role,
      email: row.email,
      phone: row.phone,
      city: row.city,
      participants: row.participants,
      preferredMonths: row.preferred_months,
      message: row.message,
      createdAt: iso(row.created_at),
    }),
    created: (data) => ({ success: true, message: MESSAGES.proposalSuccess, data }),
  },
  sql<string>`(organisation || ' ' || name || ' ' || email || ' ' || phone)`,
);

/** The listed kinds, by kind. */
export const LISTED_LEADS = {
  contact: contactLead,
  freeJoin: freeJoinLead,
  enquiry: enquiryLead,
  joinNow: joinNowLead,
  personalitySignup: personalitySignupLead,
  booking: bookingLead,
  proposal: proposalLead,
} satisfies { [K in ListedKind]: ListedDefinition<K, ListedTable, { _id: string }> & ListedLead };

/** The five, for code that serves them alike. */
export const ALL_LISTED: readonly ListedLead[] = Object.values(LISTED_LEADS);

/** The listed kind behind an admin list slug. */
export function listedLead(slug: string): ListedLead | undefined {
  const kind = kindOfSlug(slug);
  return kind ? LISTED_LEADS[kind] : undefined;
}

/** The listed kind behind a slug in an admin URL, and its slug as typed; an unknown list is a 404. */
export function leadOf(slug: string): { lead: ListedLead; list: ListSlug } {
  const lead = listedLead(slug);
  if (!lead) throw new HttpError(404, CONSOLE_MESSAGES.listNotFound);
  return { lead, list: LEAD_KINDS[lead.kind].list.slug };
}

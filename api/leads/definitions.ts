// The server's side of each lead kind in contract/lead-kinds.ts: its table, how a
// validated submission becomes columns, how a row becomes the spec's record, the POST's
// answer, and for the listed kinds the text their search reads. Kysely's table types
// run through all of it: a column the table lacks, or a field the schema lacks, is a type
// error here.
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
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
import {
  columnOf,
  kindOfSlug,
  LEAD_KINDS,
  searchColumnsOf,
  storedFieldsOf,
  type LeadField,
  type LeadKind,
  type LeadKindDef,
  type ListedKind,
  type ListSlug,
} from '../../contract/lead-kinds.ts';
import type { ChannelEvent } from './events.ts';
import type { ExtrasSql, ListItem } from './list-item.ts';
import { latestTestSql, withLatestTests } from './latest-tests.ts';
import { WEBINAR_MESSAGES, type WebinarRegistrationRecord } from '../../contract/webinars.ts';
import { webinarRefusal } from './webinar-closed.ts';
import { webinarSql, withWebinars } from './webinar-extras.ts';
import { HttpError } from '../http/http.ts';
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
  /** What the kind's items carry beyond their row (read in one query for a page): lists, CSV, people. */
  extras?: Extras;
  /** The same fields as `extras`, in SQL: the CSV export then reads no row into JS. */
  extrasSql?: ExtrasSql;
}

/** Adds to a page of items what their rows do not hold. */
export type Extras = <I extends ListItem>(db: Kysely<Database>, items: I[]) => Promise<I[]>;

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
  extras?: Extras;
  extrasSql?: ExtrasSql;
}

export type { ListItem };

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

interface ListedSpec<K extends ListedKind, T extends ListedTable, R> extends Omit<Spec<K, T, R>, 'toColumns' | 'toRecord'> {
  /** Columns the form does not give as they are (computed on the server), over the fields' own. */
  moreColumns?(input: InferType<(typeof LEAD_SCHEMAS)[K]>, signals: LeadSignals): Partial<LeadColumns<T>>;
  /** What the record carries beyond its fields (the columns the console and the gateway move on). */
  moreRecord?(row: Row<T>): Partial<R>;
  extras?: Extras;
  extrasSql?: ExtrasSql;
}

/** The form's fields as their columns: each field's value under its column (contract columnOf). */
function fieldColumns(kind: ListedKind, input: Record<string, unknown>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const field of LEAD_KINDS[kind].fields as readonly LeadField[]) {
    const column = columnOf(field);
    if (column !== null) columns[column] = input[field.key];
  }
  return columns;
}

type RowRecord = (row: Record<string, unknown> & { id: string; created_at: Date }) => Record<string, unknown>;

/**
 * A row as the spec's record: its id, every stored field under its key, and its date. The
 * kind's (key, column) pairs are worked out once: a list page or an export of a million
 * rows makes a record per row.
 */
function fieldRecord(kind: ListedKind): RowRecord {
  const def: LeadKindDef = LEAD_KINDS[kind];
  const pairs = storedFieldsOf(def).map((field) => [field.key, columnOf(field)!] as const);
  const timeField = def.list!.timeField;
  return (row) => {
    const record: Record<string, unknown> = { _id: row.id };
    for (const [key, column] of pairs) record[key] = row[column];
    record[timeField] = iso(row.created_at);
    return record;
  };
}

/** The text `?q=` searches: the searched columns joined by spaces, as the trigram index holds it. */
export function searchTextOf(kind: ListedKind): RawBuilder<string> {
  // Registry column names (fixed identifiers, never input), written bare: the index's expression reads the same.
  return sql<string>`(${sql.raw(searchColumnsOf(LEAD_KINDS[kind].list).join(" || ' ' || "))})`;
}

/** A listed kind from its registry entry: its columns, record and search derived, its own rules added. */
export function listed<K extends ListedKind, T extends ListedTable, R extends { _id: string }>(
  spec: ListedSpec<K, T, R>,
): ListedDefinition<K, T, R> {
  const toColumns = (input: InferType<(typeof LEAD_SCHEMAS)[K]>, signals: LeadSignals) =>
    ({ ...fieldColumns(spec.kind, input), ...spec.moreColumns?.(input, signals), ...signalColumns(signals) }) as LeadColumns<T>;
  const recordOf = fieldRecord(spec.kind);
  const toRecord = (row: Row<T>) => ({ ...recordOf(row as never), ...spec.moreRecord?.(row) }) as R;
  return {
    ...define({ ...spec, toColumns, toRecord }),
    searchText: searchTextOf(spec.kind),
    listItem: (row) => ({ ...toRecord(row), status: row.status }),
    liveEvent: (rows) => createdEvent(LEAD_KINDS[spec.kind].list.slug, rows as never),
    ...(spec.extras ? { extras: spec.extras } : {}),
    ...(spec.extrasSql ? { extrasSql: spec.extrasSql } : {}),
  };
}

/** New leads of a list for the live console: how many, and how many went to whom ("none": the pool); spam is not news. */
export function createdEvent(
  list: ListSlug,
  rows: ReadonlyArray<{ status: string; assignee_id: string | null }>,
): ChannelEvent | undefined {
  const assignees: Record<string, number> = {};
  let count = 0;
  for (const row of rows) {
    if (row.status === 'spam') continue;
    count++;
    const who = row.assignee_id ?? 'none';
    assignees[who] = (assignees[who] ?? 0) + 1;
  }
  return count > 0 ? { list, type: 'created', count, assignees } : undefined;
}

/** The unique constraint that makes a join-now registration one per email (migrations/2026-11-23T0006_lead_signals.ts). */
const REGISTERED_EMAIL_KEY = 'join_now_users_registered_email_key';

/** A unique violation (SQLSTATE 23505) of the named constraint, from pg or PGlite. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e?.code !== '23505') return false;
  return e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(constraint));
}

export const contactLead = listed({
  kind: 'contact',
  table: 'contact_messages',
  created: (data: ContactRecord) => ({ success: true, message: MESSAGES.contactSuccess, data }),
});

export const freeJoinLead = listed({
  kind: 'freeJoin',
  table: 'free_join_users',
  created: (user: FreeJoinUser) => ({ message: MESSAGES.freeJoinSuccess, user }),
});

export const enquiryLead = listed({
  kind: 'enquiry',
  table: 'enquiries',
  created: (data: EnquiryRecord) => ({ success: true, message: MESSAGES.enquirySuccess, data }),
});

export const joinNowLead = listed({
  kind: 'joinNow',
  table: 'join_now_users',
  // Stored only as an scrypt hash (the ingest hashes it), never returned.
  secretField: 'password',
  // One registration per email (a unique column): a bot's, filed as spam, holds none, so
  // it cannot take a person's address.
  moreColumns: (v, signals) => ({ registered_email: signals.bot ? null : v.email.toLowerCase() }),
  created: (user: JoinNowUser) => ({ message: MESSAGES.joinNowSuccess, user }),
  refusal: (err) =>
    isUniqueViolation(err, REGISTERED_EMAIL_KEY)
      ? { status: 422, body: { message: MESSAGES.emailAlreadyRegistered, errors: { email: MESSAGES.emailAlreadyRegistered } } }
      : undefined,
});

export const personalitySignupLead = listed({
  kind: 'personalitySignup',
  table: 'personality_users',
  secretField: 'password',
  created: (user: QuizUser) => ({ message: MESSAGES.personalitySuccess, user }),
  // Each person's latest taken test beside the row, wherever the list's items are read.
  extras: withLatestTests,
  extrasSql: latestTestSql,
});

/** The unique constraint on a booking's reference (migrations/2026-11-26T0050_bookings.ts). */
const BOOKING_REFERENCE_KEY = 'bookings_reference_key';

export const bookingLead = listed({
  kind: 'booking',
  table: 'bookings',
  // The amount is the package's price, whatever the client says; a client that sends no
  // reference (the form always does) gets one.
  moreColumns: (v) => ({
    reference: v.reference || bookingReferenceOf(crypto.randomUUID()),
    amount: PAID_PACKAGES[v.package as PaidPackage].rupees,
  }),
  moreRecord: (row): Partial<BookingRecord> => ({
    utrStatus: row.utr_status,
    utrVerifiedBy: row.utr_verified_label,
    utrVerifiedAt: row.utr_verified_at ? iso(row.utr_verified_at) : null,
    paymentUrl: row.payment_url,
    paymentId: row.payment_id,
    paymentMethod: row.payment_method,
    paidAt: row.paid_at ? iso(row.paid_at) : null,
  }),
  // `status` and `paymentUrl` beside the record: where the payment stands and the booking's own
  // link (null while the gateway makes it: GET /api/v1/bookings/{reference} carries it once made).
  created: (data: BookingRecord) => ({
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
});

export const proposalLead = listed({
  kind: 'proposal',
  table: 'proposals',
  created: (data: ProposalRecord) => ({ success: true, message: MESSAGES.proposalSuccess, data }),
});

export const webinarLead = listed({
  kind: 'webinar',
  table: 'webinar_registrations',
  created: (data: WebinarRegistrationRecord) => ({ success: true, message: WEBINAR_MESSAGES.registered, data }),
  refusal: webinarRefusal,
  extras: withWebinars,
  extrasSql: webinarSql,
});

/** The listed kinds, by kind. */
export const LISTED_LEADS = {
  contact: contactLead,
  freeJoin: freeJoinLead,
  enquiry: enquiryLead,
  joinNow: joinNowLead,
  personalitySignup: personalitySignupLead,
  booking: bookingLead,
  proposal: proposalLead,
  webinar: webinarLead,
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

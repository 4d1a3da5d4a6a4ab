// Every kind of lead, described once: where the public form posts it, what the visitor
// calls it, its fields and their labels, and (for the admin lists, spec §2’s five and the later ones) the
// list's route slug, title, columns, time field, empty text and the spec's GET. The API's
// routes, the outbox's words, the admin lists and the CSV export are all derived from
// here, so adding a field or a kind starts with one entry (plus its schema in
// lead-schemas.ts and its table in a migration that calls migrations/lib's
// createListedTable; the type checker points at the rest).
// Plain data only: the outbox and the service worker import it, and must not pull in yup.
import { QUIZ_ANSWERS_PATH } from './quiz/api.ts';

export const LEAD_STATUSES = ['new', 'contacted', 'converted', 'not-interested', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  converted: 'Converted',
  'not-interested': 'Not interested',
  spam: 'Spam',
};

/** How a field is shown: a line of text, a long message, a choice, a link, the test's scores. */
export type FieldKind =
  | 'text'
  | 'email'
  | 'phone'
  | 'longText'
  | 'option'
  | 'language'
  | 'scores'
  | 'certificate'
  | 'date'
  /** Whole rupees (a booking's amount). */
  | 'amount'
  /** A number of people. */
  | 'count';

export interface LeadField {
  /** The key in the API's records (spec §3 names). */
  key: string;
  label: string;
  kind: FieldKind;
  /** In the lead's panel and the CSV, but not a table column until the member chooses it (a wide list still fits 1024 px). */
  tucked?: boolean;
  /**
   * Its column in the kind's table: the key in snake case unless said. null: no column of
   * its own (a password kept only as a hash, the test's scores read beside the row).
   */
  column?: string | null;
  /** Its place in the text the list's `?q=` searches (1 first; that text is the table's trigram index). */
  searched?: number;
  /** The list sorts by it: the table has its sort index (api/db/table-shape.test.ts checks). */
  sorted?: boolean;
  /** Left out of the list's CSV export (every column is in it otherwise). */
  unexported?: boolean;
  /** Its column's type: a count or an amount is an integer, the rest text, unless said (a reference to another table's row). */
  type?: ColumnType;
}

/** The types of a kind's own columns (all not null). */
export type ColumnType = 'text' | 'integer' | 'uuid';

/** What a field may say besides its key, label and kind. */
type FieldRoles = Partial<Pick<LeadField, 'tucked' | 'column' | 'searched' | 'sorted' | 'unexported' | 'type'>>;

/** A field's column in its kind's table (camelCase key → snake_case), or null when it has none. */
export function columnOf(field: Pick<LeadField, 'key' | 'column'>): string | null {
  if (field.column !== undefined) return field.column;
  return field.key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** The body shape of a spec list (§7): a bare array, or the array under this key. */
export type ListEnvelope = 'array' | 'data' | 'users' | 'contacts';

export interface LeadListDef {
  /** The admin route, /admin/{slug} (spec §2). */
  slug: string;
  /** Its colour in the overview's chart: 3:1 contrast against white (WCAG non-text contrast). */
  colour: string;
  /** Its place in the console's sidebar (spec §2's order); LIST_SLUGS follows it. */
  position: number;
  title: string;
  /** The spec's GET for this list (§7). */
  path: string;
  envelope: ListEnvelope;
  /** The record's date field (free-join users have `joinedAt`, the rest `createdAt`). */
  timeField: 'createdAt' | 'joinedAt';
  /** The table's columns, besides the date and the status. */
  columns: readonly LeadField[];
  /** Shown when nothing matches (spec §8). */
  empty: string;
  /** Shown when the list cannot be fetched and the server gave no message (spec §8: join-now only). */
  failure?: string;
  /** The fields whose values, joined, say in a timeline what a submission was about (else the kind's label). */
  summary?: readonly string[];
  /** The console's extra panels for a lead of this list (a booking's payment and UTR check). */
  panels?: readonly LeadPanel[];
}

/** A panel of the console's lead detail that only some lists have. */
export type LeadPanel = 'payment';

export interface LeadKindDef {
  /** The public POST (spec §7). */
  path: string;
  /** What the visitor submitted, in words ("Contact message"), for the outbox. */
  label: string;
  /** What the visitor fills in, with labels, in form order. */
  fields: readonly LeadField[];
  list?: LeadListDef;
}

/**
 * A field, typed as written (its key, kind and column stay literal types), so the server's
 * table types are derived from the registry (KindColumns) rather than typed again.
 */
function f<const K extends string, const D extends FieldKind = 'text', const R extends FieldRoles = Record<never, never>>(
  key: K,
  label: string,
  kind?: D,
  roles?: R,
): { key: K; label: string; kind: D } & R {
  return { key, label, kind: (kind ?? 'text') as D, ...(roles as R) };
}
const tucked = <F extends LeadField>(field: F): F & { tucked: true } => ({ ...field, tucked: true });
/** The same field with roles of one list (searched first, say). */
const as = <F extends LeadField, const R extends FieldRoles>(field: F, roles: R): F & R => ({ ...field, ...roles });
const name = f('name', 'Name', 'text', { sorted: true });
const email = f('email', 'Email', 'email', { sorted: true });
const phone = f('phone', 'Phone', 'phone', { sorted: true });
const password = f('password', 'Password', 'text', { column: null });
/** name, email and phone, searched in that order: what most lists search. */
const searchedName = as(name, { searched: 1 });
const searchedEmail = as(email, { searched: 2 });
const searchedPhone = as(phone, { searched: 3 });

export const LEAD_KINDS = {
  contact: {
    path: '/api/v1/contact',
    label: 'Contact message',
    fields: [f('firstName', 'First name'), f('lastName', 'Last name'), email, phone, f('message', 'Message', 'longText')],
    list: {
      slug: 'contact',
      colour: '#b5452a',
      position: 3,
      title: 'Contact Users',
      path: '/api/v1/get-contact',
      envelope: 'contacts',
      timeField: 'createdAt',
      columns: [
        f('firstName', 'First name', 'text', { searched: 1, sorted: true }),
        f('lastName', 'Last name', 'text', { searched: 2, sorted: true }),
        as(email, { searched: 3 }),
        as(phone, { searched: 4 }),
        f('message', 'Message', 'longText', { sorted: true }),
      ],
      empty: 'No contact messages found.',
      summary: ['message'],
    },
  },
  freeJoin: {
    path: '/api/v1/free/join-free',
    label: 'Free class sign-up',
    fields: [name, f('phone', 'WhatsApp number', 'phone'), email],
    list: {
      slug: 'join-free',
      colour: '#2a7f62',
      position: 2,
      title: 'Join Free Users',
      path: '/api/v1/free/all',
      envelope: 'users',
      timeField: 'joinedAt',
      columns: [searchedName, searchedEmail, f('phone', 'WhatsApp number', 'phone', { searched: 3, sorted: true })],
      empty: 'No users found',
    },
  },
  enquiry: {
    path: '/api/v1/form/submit',
    label: 'Enquiry',
    fields: [f('background', 'Background', 'option'), f('course', 'Course', 'option'), name, email, phone],
    list: {
      slug: 'need-help',
      colour: '#6a4c93',
      position: 4,
      title: 'Need Help Users',
      path: '/api/v1/form/submissions',
      envelope: 'data',
      timeField: 'createdAt',
      columns: [
        searchedName,
        searchedEmail,
        searchedPhone,
        f('background', 'Background', 'option', { sorted: true }),
        f('course', 'Course', 'option', { sorted: true }),
      ],
      empty: 'No submissions found',
      summary: ['background', 'course'],
    },
  },
  joinNow: {
    path: '/api/v1/now/join-now',
    label: 'Registration',
    fields: [name, phone, email, password],
    list: {
      slug: 'join-now',
      colour: '#1d3557',
      position: 1,
      title: 'Sign Up Users',
      path: '/api/v1/now/join-now',
      envelope: 'array',
      timeField: 'createdAt',
      columns: [searchedName, searchedPhone, searchedEmail],
      empty: 'No users found',
      failure: 'Failed to fetch users',
    },
  },
  personalitySignup: {
    path: '/api/v1/quiz/submit-form',
    label: 'Personality test sign-up',
    fields: [name, phone, email, password],
    list: {
      slug: 'test-form',
      colour: '#8a6d00',
      position: 5,
      title: 'Personality Test',
      path: '/api/v1/quiz/users',
      envelope: 'data',
      timeField: 'createdAt',
      // The test's language, scores and certificate are the person's latest taken test, read beside the row.
      columns: [
        searchedName,
        searchedEmail,
        searchedPhone,
        f('language', 'Test language', 'language', { column: null }),
        f('scores', 'Scores', 'scores', { column: null }),
        f('certificateId', 'Certificate', 'certificate', { column: null }),
      ],
      empty: 'No users found',
    },
  },
  quizAnswers: {
    path: QUIZ_ANSWERS_PATH,
    label: 'Personality test answers',
    fields: [name, email],
  },
  // A seat on a programme, before payment: an unpaid one is the abandoned
  // checkout the desk follows up; paymentStatus moves on in the console.
  booking: {
    path: '/api/v1/bookings',
    label: 'Seat booking',
    fields: [
      f('programme', 'Programme', 'option'),
      f('package', 'Package', 'option'),
      f('batch', 'Batch', 'option'),
      name,
      email,
      phone,
      f('reference', 'Booking reference'),
    ],
    list: {
      slug: 'bookings',
      colour: '#9b2c5a',
      position: 6,
      title: 'Seat Bookings',
      path: '/api/v1/bookings',
      envelope: 'data',
      timeField: 'createdAt',
      // The first column opens the lead and shows its name (the console's rule): the name first.
      columns: [
        as(name, { searched: 2 }),
        f('reference', 'Reference', 'text', { searched: 1, sorted: true }),
        f('amount', 'Amount', 'amount'),
        f('paymentStatus', 'Payment', 'option', { sorted: true }),
        f('utr', 'UTR', 'text', { sorted: true }),
        tucked(as(email, { searched: 3 })),
        tucked(as(phone, { searched: 4 })),
        tucked(f('programme', 'Programme', 'option', { sorted: true })),
        tucked(f('package', 'Package', 'option', { sorted: true })),
        tucked(f('batch', 'Batch', 'option', { sorted: true })),
      ],
      empty: 'No seat bookings yet.',
      panels: ['payment'],
    },
  },
  // An organisation asking for a proposal from a college, school, corporate or B2B page.
  proposal: {
    path: '/api/v1/proposals',
    label: 'Proposal request',
    fields: [
      f('programme', 'Programme', 'option'),
      f('organisation', 'Organisation'),
      name,
      f('role', 'Your role'),
      email,
      phone,
      f('city', 'City'),
      f('participants', 'Participants', 'count'),
      f('preferredMonths', 'Preferred months'),
      f('message', 'Message', 'longText'),
    ],
    list: {
      slug: 'proposals',
      colour: '#2f6690',
      position: 7,
      title: 'Proposal Requests',
      path: '/api/v1/proposals',
      envelope: 'data',
      timeField: 'createdAt',
      columns: [
        as(name, { searched: 2 }),
        f('organisation', 'Organisation', 'text', { searched: 1, sorted: true }),
        as(phone, { searched: 4 }),
        f('participants', 'Participants', 'count'),
        tucked(f('city', 'City', 'text', { sorted: true })),
        tucked(f('role', 'Role', 'text', { sorted: true })),
        tucked(as(email, { searched: 3 })),
        tucked(f('preferredMonths', 'Preferred months', 'text', { sorted: true })),
        tucked(f('programme', 'Programme', 'option', { sorted: true })),
        tucked(f('message', 'Message', 'longText', { sorted: true })),
      ],
      empty: 'No proposal requests yet.',
    },
  },
  // A seat at a webinar (contract/webinars.ts): the join link goes by email, a reminder an hour before.
  webinar: {
    path: '/api/v1/webinars/register',
    label: 'Webinar registration',
    fields: [f('webinar', 'Webinar', 'option', { column: 'webinar_id', type: 'uuid' }), name, email, phone],
    list: {
      slug: 'webinars',
      colour: '#3d5a1e',
      position: 8,
      title: 'Webinar Registrations',
      path: '/api/v1/webinars/registrations',
      envelope: 'data',
      timeField: 'createdAt',
      // The webinar's title and start are read beside the row (an admin may edit them).
      columns: [
        searchedName,
        f('webinarTitle', 'Webinar', 'text', { column: null }),
        f('webinarStartsAt', 'Starts', 'date', { column: null }),
        searchedEmail,
        searchedPhone,
      ],
      empty: 'No webinar registrations yet.',
      summary: ['webinarTitle'],
    },
  },
  // A student joining a classroom session at /s/{code} (contract/sessions.ts); `session`
  // travels beside the fields, like `source`.
  sessionJoin: {
    path: '/api/v1/sessions/join',
    label: 'Joined a classroom session',
    fields: [name, email, f('rollNumber', 'Roll number'), phone],
  },
  // A visitor asking for their data to be erased (/delete-my-data): queued like any
  // submission, so it is sent even from a phone that is offline when they ask.
  erasureRequest: {
    path: '/api/v1/erasure-requests',
    label: 'Request to erase my data',
    fields: [email],
  },
} as const satisfies Record<string, LeadKindDef>;

export type LeadKind = keyof typeof LEAD_KINDS;
/** The kinds with an admin list. */
export type ListedKind = { [K in LeadKind]: (typeof LEAD_KINDS)[K] extends { list: LeadListDef } ? K : never }[LeadKind];
export type ListSlug = (typeof LEAD_KINDS)[ListedKind]['list']['slug'];

export const LEAD_KIND_NAMES = Object.keys(LEAD_KINDS) as LeadKind[];
export const LISTED_KINDS = LEAD_KIND_NAMES.filter((k): k is ListedKind => 'list' in LEAD_KINDS[k]);

/**
 * Every list, in the order of the admin sidebar: derived from the registry, so a new kind
 * with a list is in the live events, the overview's totals and the sidebar with no other edit.
 */
export const LIST_SLUGS: readonly ListSlug[] = [...LISTED_KINDS]
  .sort((a, b) => LEAD_KINDS[a].list.position - LEAD_KINDS[b].list.position)
  .map((k) => LEAD_KINDS[k].list.slug);

const KIND_BY_SLUG = new Map<string, ListedKind>(LISTED_KINDS.map((k) => [LEAD_KINDS[k].list.slug, k]));
const KIND_BY_PATH = new Map<string, LeadKind>(LEAD_KIND_NAMES.map((k) => [LEAD_KINDS[k].path, k]));

export function kindOfSlug(slug: string): ListedKind | undefined {
  return KIND_BY_SLUG.get(slug);
}
export function kindOfPath(path: string): LeadKind | undefined {
  return KIND_BY_PATH.get(path);
}
export function listOf(slug: ListSlug): LeadListDef {
  return LEAD_KINDS[KIND_BY_SLUG.get(slug)!].list;
}

/** Public POST paths by kind (spec §7). */
export const LEAD_PATHS = Object.fromEntries(LEAD_KIND_NAMES.map((k) => [k, LEAD_KINDS[k].path])) as {
  [K in LeadKind]: (typeof LEAD_KINDS)[K]['path'];
};

/** A list sorts by the columns whose field says `sorted`, its date, its status, the owner, the next step and the lead score. */
export const SORT_EXTRA = ['createdAt', 'status', 'owner', 'next', 'score'] as const;
export function sortKeysOf(list: LeadListDef): string[] {
  return [...list.columns.filter((c) => c.sorted).map((c) => c.key), ...SORT_EXTRA];
}
/** The columns the list's search reads, in the order of its text (the trigram index's expression). */
export function searchColumnsOf(list: LeadListDef): string[] {
  return list.columns
    .filter((c) => c.searched !== undefined && columnOf(c) !== null)
    .sort((a, b) => a.searched! - b.searched!)
    .map((c) => columnOf(c)!);
}
/** What a migration makes for a stored field (migrations/lib/listed-table-2026-11-27.ts takes a list of these). */
export interface StoredColumn {
  column: string;
  type: ColumnType;
  searched?: number;
  sorted?: boolean;
  /** A long text: sorted by its first 100 characters (a b-tree entry of all of it could pass the row limit). */
  long?: boolean;
  /** Stored as it is compared (sortedAsStored): sorted by its look-up index, with no sort index of its own. */
  asStored?: boolean;
}

/**
 * An email (stored lower-cased) or a phone (stored as its digits) sorts by the column itself:
 * lower() would change nothing, and its look-up index already holds that order.
 */
export function sortedAsStored(field: Pick<LeadField, 'kind'>): boolean {
  return field.kind === 'email' || field.kind === 'phone';
}

/** A kind's columns as its migration makes them: derived from its fields, so the table follows the registry. */
export function storedColumnsOf(kind: LeadKindDef): StoredColumn[] {
  return storedFieldsOf(kind).map((field) => ({
    column: columnOf(field)!,
    type: field.type ?? (field.kind === 'count' || field.kind === 'amount' ? 'integer' : 'text'),
    ...(field.searched !== undefined ? { searched: field.searched } : {}),
    ...(field.sorted ? { sorted: true } : {}),
    ...(field.kind === 'longText' ? { long: true } : {}),
    ...(field.sorted && sortedAsStored(field) ? { asStored: true } : {}),
  }));
}

/** The fields a kind stores in its table: the form's and the list's, each column once. */
export function storedFieldsOf(kind: LeadKindDef): LeadField[] {
  const byColumn = new Map<string, LeadField>();
  for (const field of [...(kind.list?.columns ?? []), ...kind.fields]) {
    const column = columnOf(field);
    if (column !== null && !byColumn.has(column)) byColumn.set(column, field);
  }
  return [...byColumn.values()];
}
/** `?sort=`: a key, `-` first for descending; the lists' default is the newest first. */
export const DEFAULT_SORT = '-createdAt';

/** The records' array inside a spec list body. */
export function listItems(body: unknown, envelope: ListEnvelope): unknown[] | undefined {
  if (envelope === 'array') return Array.isArray(body) ? body : undefined;
  const inner = body && typeof body === 'object' ? (body as Record<string, unknown>)[envelope] : undefined;
  return Array.isArray(inner) ? inner : undefined;
}

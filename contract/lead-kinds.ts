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
}

/** The body shape of a spec list (§7): a bare array, or the array under this key. */
export type ListEnvelope = 'array' | 'data' | 'users' | 'contacts';

export interface LeadListDef {
  /** The admin route, /admin/{slug} (spec §2). */
  slug: string;
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
}

export interface LeadKindDef {
  /** The public POST (spec §7). */
  path: string;
  /** What the visitor submitted, in words ("Contact message"), for the outbox. */
  label: string;
  /** What the visitor fills in, with labels, in form order. */
  fields: readonly LeadField[];
  list?: LeadListDef;
}

const f = (key: string, label: string, kind: FieldKind = 'text'): LeadField => ({ key, label, kind });
const tucked = (field: LeadField): LeadField => ({ ...field, tucked: true });
const name = f('name', 'Name');
const email = f('email', 'Email', 'email');
const phone = f('phone', 'Phone', 'phone');
const password = f('password', 'Password');

export const LEAD_KINDS = {
  contact: {
    path: '/api/v1/contact',
    label: 'Contact message',
    fields: [f('firstName', 'First name'), f('lastName', 'Last name'), email, phone, f('message', 'Message', 'longText')],
    list: {
      slug: 'contact',
      position: 3,
      title: 'Contact Users',
      path: '/api/v1/get-contact',
      envelope: 'contacts',
      timeField: 'createdAt',
      columns: [f('firstName', 'First name'), f('lastName', 'Last name'), email, phone, f('message', 'Message', 'longText')],
      empty: 'No contact messages found.',
    },
  },
  freeJoin: {
    path: '/api/v1/free/join-free',
    label: 'Free class sign-up',
    fields: [name, f('phone', 'WhatsApp number', 'phone'), email],
    list: {
      slug: 'join-free',
      position: 2,
      title: 'Join Free Users',
      path: '/api/v1/free/all',
      envelope: 'users',
      timeField: 'joinedAt',
      columns: [name, email, f('phone', 'WhatsApp number', 'phone')],
      empty: 'No users found',
    },
  },
  enquiry: {
    path: '/api/v1/form/submit',
    label: 'Enquiry',
    fields: [f('background', 'Background', 'option'), f('course', 'Course', 'option'), name, email, phone],
    list: {
      slug: 'need-help',
      position: 4,
      title: 'Need Help Users',
      path: '/api/v1/form/submissions',
      envelope: 'data',
      timeField: 'createdAt',
      columns: [name, email, phone, f('background', 'Background', 'option'), f('course', 'Course', 'option')],
      empty: 'No submissions found',
    },
  },
  joinNow: {
    path: '/api/v1/now/join-now',
    label: 'Registration',
    fields: [name, phone, email, password],
    list: {
      slug: 'join-now',
      position: 1,
      title: 'Sign Up Users',
      path: '/api/v1/now/join-now',
      envelope: 'array',
      timeField: 'createdAt',
      columns: [name, phone, email],
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
      position: 5,
      title: 'Personality Test',
      path: '/api/v1/quiz/users',
      envelope: 'data',
      timeField: 'createdAt',
      columns: [
        name,
        email,
        phone,
        f('language', 'Test language', 'language'),
        f('scores', 'Scores', 'scores'),
        f('certificateId', 'Certificate', 'certificate'),
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
      position: 6,
      title: 'Seat Bookings',
      path: '/api/v1/bookings',
      envelope: 'data',
      timeField: 'createdAt',
      // The first column opens the lead and shows its name (the console's rule): the name first.
      columns: [
        name,
        f('reference', 'Reference'),
        f('amount', 'Amount', 'amount'),
        f('paymentStatus', 'Payment', 'option'),
        f('utr', 'UTR'),
        tucked(email),
        tucked(phone),
        tucked(f('programme', 'Programme', 'option')),
        tucked(f('package', 'Package', 'option')),
        tucked(f('batch', 'Batch', 'option')),
      ],
      empty: 'No seat bookings yet.',
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
      position: 7,
      title: 'Proposal Requests',
      path: '/api/v1/proposals',
      envelope: 'data',
      timeField: 'createdAt',
      columns: [
        name,
        f('organisation', 'Organisation'),
        phone,
        f('participants', 'Participants', 'count'),
        tucked(f('city', 'City')),
        tucked(f('role', 'Role')),
        tucked(email),
        tucked(f('preferredMonths', 'Preferred months')),
        tucked(f('programme', 'Programme', 'option')),
        tucked(f('message', 'Message', 'longText')),
      ],
      empty: 'No proposal requests yet.',
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

/** A list sorts by its own text columns, its date, its status, the owner and the next step. */
const SORTABLE_KINDS: ReadonlySet<FieldKind> = new Set(['text', 'email', 'phone', 'longText', 'option']);
export const SORT_EXTRA = ['createdAt', 'status', 'owner', 'next'] as const;
export function sortKeysOf(list: LeadListDef): string[] {
  return [...list.columns.filter((c) => SORTABLE_KINDS.has(c.kind)).map((c) => c.key), ...SORT_EXTRA];
}
/** `?sort=`: a key, `-` first for descending; the lists' default is the newest first. */
export const DEFAULT_SORT = '-createdAt';

/** The records' array inside a spec list body. */
export function listItems(body: unknown, envelope: ListEnvelope): unknown[] | undefined {
  if (envelope === 'array') return Array.isArray(body) ? body : undefined;
  const inner = body && typeof body === 'object' ? (body as Record<string, unknown>)[envelope] : undefined;
  return Array.isArray(inner) ? inner : undefined;
}

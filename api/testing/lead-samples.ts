// A valid body of every kind's form, and the table each kind is stored in, keyed by the
// registry's kinds: a new kind (contract/lead-kinds.ts) does not type-check until it has
// both, so the registry-wide tests (fuzz.test.ts, console.test.ts) cover it with no other edit.
import { LEAD_KINDS, type LeadKind, type ListedKind } from '../../contract/lead-kinds.ts';
import { QUIZ_ITEM_IDS } from '../../contract/quiz/items.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { LISTED_LEADS } from '../leads/definitions.ts';

const answers = () => Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, i % 4]));

/** The n-th valid body of each kind's fields (n makes the email unique). */
export const LEAD_SAMPLES: { [K in LeadKind]: (n: number) => Record<string, unknown> } = {
  contact: (n) => ({ firstName: 'Asha', lastName: 'Verma', email: `c${n}@example.in`, phone: '9876543210', message: 'Weekend batches?' }),
  freeJoin: (n) => ({ name: 'Rohan Das', phone: '9123456780', email: `f${n}@example.in` }),
  enquiry: (n) => ({ background: 'College Student', course: 'Soft Skills', name: 'Meera', email: `e${n}@example.in`, phone: '9988776655' }),
  joinNow: (n) => ({ name: 'Kabir', phone: '9000000001', email: `j${n}@example.in`, password: 'secret12' }),
  personalitySignup: (n) => ({ name: 'Isha', phone: '9000000002', email: `p${n}@example.in`, password: 'secret34' }),
  // Few addresses: the certificate cap keeps the real renders (and mails) few.
  quizAnswers: (n) => ({ name: 'Priya Sharma', email: `q${n % 4}@example.in`, answers: answers(), language: 'english' }),
  erasureRequest: (n) => ({ email: `p${n}@example.in` }),
  // A code no session has: the join is refused (404) unless a test makes the session first.
  sessionJoin: (n) => ({ session: 'ACDEFG', name: 'Kavya Nair', rollNumber: `ME-${n}` }),
  // No reference: the server gives each booking its own (two samples of one n may both be stored).
  booking: (n) => ({
    programme: 'Soft Skill For Students',
    package: 'Elevate',
    batch: 'Next available batch',
    name: 'Riya Booker',
    email: `b${n}@example.in`,
    phone: '9000000003',
  }),
  proposal: (n) => ({
    programme: 'Skill for Colleges',
    organisation: 'Hansraj College',
    name: 'Meera Iyer',
    role: 'Placement officer',
    email: `r${n}@example.in`,
    phone: '9000000004',
    city: 'New Delhi',
    participants: 120,
    preferredMonths: 'January',
    message: 'Final-year students',
  }),
  // A webinar no test has made: the registration is refused (422) unless the test makes it
  // first (createSampleWebinar).
  webinar: (n) => ({ webinar: SAMPLE_WEBINAR_ID, name: 'Neha Webinar', email: `w${n}@example.in`, phone: '9000000005' }),
};

/** The webinar LEAD_SAMPLES.webinar registers for. */
export const SAMPLE_WEBINAR_ID = '5a3b1c2d-0000-4000-8000-00000000ab1e';

/** Makes the sample's webinar, a week from `now`, so its registrations are taken. */
export async function createSampleWebinar(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db
    .insertInto('webinars')
    .values({
      id: SAMPLE_WEBINAR_ID,
      title: 'Speaking with confidence',
      starts_at: new Date(now.getTime() + 7 * 86_400_000),
      join_url: 'https://meet.example.in/confidence',
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

type UnlistedKind = Exclude<LeadKind, ListedKind>;
const UNLISTED_TABLES: { [K in UnlistedKind]: keyof Database } = {
  quizAnswers: 'quiz_submissions',
  erasureRequest: 'erasure_requests',
  sessionJoin: 'session_participants',
};

/** The table a kind's submissions are stored in. */
export function tableOfKind(kind: LeadKind): keyof Database {
  return kind in LISTED_LEADS ? LISTED_LEADS[kind as ListedKind].table : UNLISTED_TABLES[kind as UnlistedKind];
}

/** Whether a kind's form sends the visitor's source and consent beside its fields (the listed ones). */
export const sendsSignals = (kind: LeadKind) => 'list' in LEAD_KINDS[kind];

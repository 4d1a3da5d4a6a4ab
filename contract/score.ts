// The lead score: 0 to 100, rule-based, so every point has a reason a counsellor can read.
// The form says the intent (a booking above a proposal above an enquiry above a contact
// above a free join), then what the person did (a taken test, a classroom session, other
// forms), where they came from (utm_source) and how recently they were active. Admins tune
// the weights; the server keeps each lead's score in a `score` column (sorted, filtered, read
// by the rules' `score` condition) and gives the reasons on read, from this one function.
import { array, number, object, string, type InferType } from 'yup';
import { kindOfSlug, LEAD_KINDS, LIST_SLUGS, type LeadStatus, type ListSlug } from './lead-kinds.ts';

export const SCORE_PATH = '/api/admin/score/weights';
export const SCORE_MAX = 100;

/** What a lead's score is made of (a reason names one). */
export const SCORE_FACTORS = ['form', 'paid', 'test', 'session', 'source', 'recency', 'others', 'spam'] as const;
export type ScoreFactor = (typeof SCORE_FACTORS)[number];

export interface ScoreWeights {
  /** Points for the form itself, by list: its intent. */
  forms: Record<ListSlug, number>;
  /** A booking paid (on top of the booking's form points). */
  paidBooking: number;
  /** The person took the personality test. */
  testTaken: number;
  /** The person joined a classroom session, or their organisation's enquiry had one. */
  session: number;
  /** By utm_source (lower case); a source not named gets `otherSource`, none gets nothing. */
  sources: { source: string; points: number }[];
  otherSource: number;
  /** The person's latest activity (a form or a test) within a day, a week, a month. */
  recency: { day: number; week: number; month: number };
  /** Each other form of the same person (same email or phone), up to `otherFormsMax` of them. */
  otherForm: number;
  otherFormsMax: number;
}

/**
 * Booking > proposal > enquiry > webinar > contact > test sign-up > registration > free join:
 * money on the table, then an organisation's request, then a question about a course, then an
 * hour given to a webinar; a message, the free test and an account ask for less.
 */
export const DEFAULT_SCORE_WEIGHTS: ScoreWeights = {
  forms: {
    bookings: 40,
    proposals: 32,
    'need-help': 25,
    webinars: 18,
    contact: 12,
    'test-form': 10,
    'join-now': 8,
    'join-free': 5,
  },
  paidBooking: 10,
  testTaken: 15,
  session: 10,
  sources: [
    { source: 'referral', points: 10 },
    { source: 'google', points: 6 },
  ],
  otherSource: 4,
  recency: { day: 15, week: 10, month: 5 },
  otherForm: 5,
  otherFormsMax: 3,
};

export const SCORE_LIMITS = { points: 100, sources: 30, source: 200, otherFormsMax: 20 } as const;

export const SCORE_MESSAGES = {
  points: 'Points are whole numbers from 0 to 100',
  forms: 'Give points for every list',
  source: 'A source is 1 to 200 characters of one line',
  sources: 'At most 30 sources, each named once',
  otherFormsMax: 'Count at most 0 to 20 other forms',
  recency: 'A more recent activity cannot earn fewer points than an older one',
} as const;

const points = number()
  .typeError(SCORE_MESSAGES.points)
  .required(SCORE_MESSAGES.points)
  .integer(SCORE_MESSAGES.points)
  .min(0, SCORE_MESSAGES.points)
  .max(SCORE_LIMITS.points, SCORE_MESSAGES.points);

const formsShape = Object.fromEntries(LIST_SLUGS.map((slug) => [slug, points])) as Record<ListSlug, typeof points>;

/** PUT /api/admin/score/weights: every weight, whole (run by the console's form and the server). */
export const scoreWeightsSchema = object({
  forms: object(formsShape).required(SCORE_MESSAGES.forms).noUnknown(SCORE_MESSAGES.forms),
  paidBooking: points,
  testTaken: points,
  session: points,
  sources: array(
    object({
      source: string()
        .typeError(SCORE_MESSAGES.source)
        .trim()
        .lowercase()
        .required(SCORE_MESSAGES.source)
        .max(SCORE_LIMITS.source, SCORE_MESSAGES.source)
        .matches(/^[^\r\n]+$/, SCORE_MESSAGES.source),
      points,
    }),
  )
    .required(SCORE_MESSAGES.sources)
    .max(SCORE_LIMITS.sources, SCORE_MESSAGES.sources)
    .test('unique', SCORE_MESSAGES.sources, (v) => !v || new Set(v.map((s) => s.source)).size === v.length),
  otherSource: points,
  recency: object({ day: points, week: points, month: points })
    .required(SCORE_MESSAGES.recency)
    .test('order', SCORE_MESSAGES.recency, (v) => !v || (v.day >= v.week && v.week >= v.month)),
  otherForm: points,
  otherFormsMax: number()
    .typeError(SCORE_MESSAGES.otherFormsMax)
    .required(SCORE_MESSAGES.otherFormsMax)
    .integer(SCORE_MESSAGES.otherFormsMax)
    .min(0, SCORE_MESSAGES.otherFormsMax)
    .max(SCORE_LIMITS.otherFormsMax, SCORE_MESSAGES.otherFormsMax),
});
export type ScoreWeightsInput = InferType<typeof scoreWeightsSchema>;

/** GET and PUT /api/admin/score/weights answer. */
export interface ScoreWeightsResponse {
  weights: ScoreWeights;
  defaults: ScoreWeights;
  updatedAt: string | null;
  /** Leads still to be scored again with the new weights ("batches waiting"), 0 when done. */
  recomputing: number;
}

/** What the score reads of a lead and its person. */
export interface ScoreFacts {
  list: ListSlug;
  status: LeadStatus;
  paid: boolean;
  utmSource: string | null;
  testTaken: boolean;
  session: boolean;
  /** The person's latest form or test (this lead's own time at least). */
  lastActivityAt: Date;
  /** The person's other forms (not spam), counted up to the cap the server reads. */
  otherForms: number;
}

export interface ScoreReason {
  factor: ScoreFactor;
  label: string;
  points: number;
}

export interface LeadScore {
  score: number;
  reasons: ScoreReason[];
}

const DAY_MS = 86_400_000;

function recencyReason(facts: ScoreFacts, weights: ScoreWeights, now: Date): ScoreReason | undefined {
  const age = now.getTime() - facts.lastActivityAt.getTime();
  if (age <= DAY_MS) return { factor: 'recency', label: 'Active in the last day', points: weights.recency.day };
  if (age <= 7 * DAY_MS) return { factor: 'recency', label: 'Active in the last 7 days', points: weights.recency.week };
  if (age <= 30 * DAY_MS) return { factor: 'recency', label: 'Active in the last 30 days', points: weights.recency.month };
  return undefined;
}

function sourceReason(facts: ScoreFacts, weights: ScoreWeights): ScoreReason | undefined {
  const source = facts.utmSource?.trim().toLowerCase();
  if (!source) return undefined;
  const named = weights.sources.find((s) => s.source === source);
  return { factor: 'source', label: `Source: ${source}`, points: named ? named.points : weights.otherSource };
}

/** A lead's score and its reasons, largest first; a lead filed as spam scores 0. */
export function scoreOf(facts: ScoreFacts, weights: ScoreWeights, now: Date): LeadScore {
  if (facts.status === 'spam') return { score: 0, reasons: [{ factor: 'spam', label: 'Filed as spam', points: 0 }] };
  const others = Math.min(facts.otherForms, weights.otherFormsMax);
  const found: (ScoreReason | undefined)[] = [
    { factor: 'form', label: `Form: ${formLabel(facts.list)}`, points: weights.forms[facts.list] ?? 0 },
    facts.paid ? { factor: 'paid', label: 'Booking paid', points: weights.paidBooking } : undefined,
    facts.testTaken ? { factor: 'test', label: 'Took the personality test', points: weights.testTaken } : undefined,
    facts.session ? { factor: 'session', label: 'Classroom session', points: weights.session } : undefined,
    sourceReason(facts, weights),
    recencyReason(facts, weights, now),
    others > 0
      ? {
          factor: 'others',
          label: others === 1 ? '1 other form from this person' : `${others} other forms from this person`,
          points: others * weights.otherForm,
        }
      : undefined,
  ];
  const reasons = found.filter((r): r is ScoreReason => r !== undefined && r.points > 0).sort((a, b) => b.points - a.points);
  const total = reasons.reduce((sum, r) => sum + r.points, 0);
  return { score: Math.max(0, Math.min(SCORE_MAX, total)), reasons };
}

function formLabel(list: ListSlug): string {
  const kind = kindOfSlug(list);
  return kind ? LEAD_KINDS[kind].label : list;
}

/** `?score_min=` and `?score_max=` of the lists: whole numbers 0–100. */
export const SCORE_FILTER_MESSAGE = 'score_min and score_max are whole numbers from 0 to 100';

// The personality test's HTTP surface: where answers go, what comes back, and the public
// certificate endpoints. A certificate is reached only through its id (128 random bits,
// 32 lower-case hex characters), so knowing the id is what grants access.
import type { QuizUser } from '../api.ts';
import type { QuizDomain } from './items.ts';
import type { QuizLanguage } from './options.ts';
import type { QuizResult } from './scoring.ts';

/** POST `{ name, email, answers, language }` (quizAnswersSchema); 201 QuizAnswersResponse. */
export const QUIZ_ANSWERS_PATH = '/api/v1/quiz/submit-answers';
/** GET `${CERTIFICATES_API_PATH}/{id}` (JSON) and `/{id}.png` (the image). */
export const CERTIFICATES_API_PATH = '/api/v1/certificates';
/** The public verification page, `${CERTIFICATE_PAGE_PATH}/{id}` (server-rendered HTML). */
export const CERTIFICATE_PAGE_PATH = '/certificate';

export const CERTIFICATE_ID_PATTERN = /^[0-9a-f]{32}$/;

export function certificatePagePath(id: string): string {
  return `${CERTIFICATE_PAGE_PATH}/${id}`;
}
export function certificateImagePath(id: string): string {
  return `${CERTIFICATES_API_PATH}/${id}.png`;
}

export interface QuizAnswersResponse {
  message: string;
  certificateId: string;
  /** Absolute link to the public verification page (also in the email). */
  certificateUrl: string;
  result: QuizResult;
  /**
   * False when this address had already been sent the day's certificate emails (a cap
   * against mailing strangers): the test is stored and the certificate is at its link.
   */
  emailed: boolean;
}

/** GET /api/v1/certificates/{id}: what anyone holding the link may see (no email, no phone). */
export interface CertificateRecord {
  valid: true;
  certificateId: string;
  name: string;
  language: QuizLanguage;
  /** ISO date-time the test was submitted. */
  issuedAt: string;
  result: QuizResult;
  /** Absolute link to the verification page. */
  certificateUrl: string;
  /** Path of the PNG. */
  imageUrl: string;
  /** The organisation of the classroom session it was taken in (contract/sessions.ts), if any. */
  organisation?: string;
}

/** Percent (0..100) per domain, as the admin list shows them. */
export type QuizScores = Record<QuizDomain, number>;

/**
 * An item of GET /api/v1/quiz/users: the sign-up, and its latest taken test (matched by
 * email), or nulls when the person has not submitted the test yet.
 */
export interface QuizUserListItem extends QuizUser {
  language: QuizLanguage | null;
  /** ISO date-time of the latest submitted test. */
  submittedAt: string | null;
  scores: QuizScores | null;
  certificateId: string | null;
}

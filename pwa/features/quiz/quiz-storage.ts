// What the personality test keeps in localStorage besides the sign-up user (lib/storage.ts):
// the last result, so the home page can show the profile even when the answers are still
// waiting in the outbox (it is scored here, exactly as the server scores it). Answers in
// progress live in IndexedDB (pwa/lib/outbox/store.ts drafts).
import type { QuizLanguage } from '../../../contract/quiz/options.ts';
import type { QuizResult } from '../../../contract/quiz/scoring.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { readStoredJson, writeItem } from '../../lib/storage.ts';

const QUIZ_RESULT_KEY = STORAGE_KEYS.quizResult;
/** Fired on this window when the stored result changes (other tabs get a `storage` event). */
const QUIZ_RESULT_EVENT = 'personality-result';

export interface StoredQuizResult {
  language: QuizLanguage;
  name: string;
  result: QuizResult;
  /** Epoch ms the test was submitted on this device. */
  submittedAt: number;
  /** The outbox id (Idempotency-Key) of the submission. */
  submissionId: string;
  /** Known once the server (or a classroom's relay) has stored the answers. */
  certificateId?: string | undefined;
  /** The certificate page's absolute link, as the server gave it (a relay gives its upstream's). */
  certificateUrl?: string | undefined;
  /**
   * False when the taker gave no email (a classroom student with a roll number only), or the
   * server said it did not mail the certificate: then nothing may speak of an email.
   * Undefined in results kept by older versions (a signed-up visitor, who always gave one).
   */
  emailed?: boolean | undefined;
  /** True while the answers wait in the outbox. */
  pending: boolean;
  dismissed?: boolean | undefined;
}

/**
 * The test's languages, checked here rather than with the contract's isQuizLanguage: the home
 * page reads the stored result, and importing the contract's quiz options would put one more
 * script on it (the type still makes this list complete).
 */
const LANGUAGES: Record<QuizLanguage, true> = { english: true, hinglish: true, hindi: true };
const isLanguage = (value: unknown): value is QuizLanguage => typeof value === 'string' && Object.hasOwn(LANGUAGES, value);

export function loadQuizResult(): StoredQuizResult | null {
  const value = readStoredJson(QUIZ_RESULT_KEY) as Partial<StoredQuizResult> | undefined;
  if (!value || typeof value !== 'object' || !isLanguage(value.language) || !Array.isArray(value.result?.domains)) return null;
  if (value.result.domains.length !== 5) return null;
  return value as StoredQuizResult;
}

export function saveQuizResult(result: StoredQuizResult): void {
  writeItem(QUIZ_RESULT_KEY, JSON.stringify(result));
  // Open home pages (other tabs) redraw their panel.
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(QUIZ_RESULT_EVENT));
}

/** Calls `onChange` whenever the stored result may have changed, in this tab or another; returns the unsubscribe. */
export function subscribeQuizResult(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === QUIZ_RESULT_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(QUIZ_RESULT_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(QUIZ_RESULT_EVENT, onChange);
  };
}

// What the personality test keeps in localStorage: the name and email kept at sign-up
// ('user', spec §3), and the last result, so the home page can show the profile even when
// the answers are still waiting in the outbox (it is scored here, exactly as the server
// scores it). Answers in progress live in IndexedDB (pwa/lib/outbox/store.ts drafts).
import { isQuizLanguage, type QuizLanguage } from '../../../contract/quiz/options.ts';
import type { QuizResult } from '../../../contract/quiz/scoring.ts';
import type { LocalUser } from '../../lib/storage.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';

export const QUIZ_RESULT_KEY = 'personalityResult';

export interface StoredQuizResult {
  language: QuizLanguage;
  name: string;
  result: QuizResult;
  /** Epoch ms the test was submitted on this device. */
  submittedAt: number;
  /** The outbox id (Idempotency-Key) of the submission. */
  submissionId: string;
  /** Known once the server has stored the answers. */
  certificateId?: string | undefined;
  /** True while the answers wait in the outbox. */
  pending: boolean;
  dismissed?: boolean | undefined;
}

function read(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the profile shows for this page only */
  }
}

function parse(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** The name and email saved at sign-up, or null when they are missing or damaged. */
export function readLocalUser(): LocalUser | null {
  const value = parse(read(STORAGE_KEYS.user));
  if (!value || typeof value !== 'object') return null;
  const { name, email } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof email === 'string' && name.trim() !== '' && email.trim() !== '' ? { name, email } : null;
}

export function loadQuizResult(): StoredQuizResult | null {
  const value = parse(read(QUIZ_RESULT_KEY)) as Partial<StoredQuizResult> | undefined;
  if (!value || typeof value !== 'object' || !isQuizLanguage(value.language) || !Array.isArray(value.result?.domains)) return null;
  if (value.result.domains.length !== 5) return null;
  return value as StoredQuizResult;
}

export function saveQuizResult(result: StoredQuizResult): void {
  write(QUIZ_RESULT_KEY, JSON.stringify(result));
  // Open home pages (other tabs) redraw their panel.
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(QUIZ_RESULT_EVENT));
}

/** Fired on this window when the stored result changes (other tabs get a `storage` event). */
export const QUIZ_RESULT_EVENT = 'personality-result';

// What the test page says after a submission (spec §8, quiz submit), in one pure function
// so every branch is tested without a browser.
import { QUIZ_MESSAGES } from '../../../contract/quiz/answers.ts';
import type { QuizLanguage } from '../../../contract/quiz/options.ts';
import { savedMessage, type SubmitResult } from '../../lib/submit.ts';

export interface QuizOutcome {
  kind: 'success' | 'error';
  message: string;
}

export function quizOutcome(result: SubmitResult, language: QuizLanguage): QuizOutcome {
  // Queued in the outbox: durable, delivered later; the student is told so.
  if (result.queued) return { kind: 'success', message: savedMessage(result) };
  if (result.ok) return { kind: 'success', message: QUIZ_MESSAGES.success };
  // No answer at all (only when this browser cannot queue: the request itself failed).
  if (result.status === 0) {
    return { kind: 'error', message: language === 'hinglish' ? QUIZ_MESSAGES.networkHinglish : QUIZ_MESSAGES.networkEnglish };
  }
  return { kind: 'error', message: result.message ? `⚠️ ${result.message}` : QUIZ_MESSAGES.failure };
}

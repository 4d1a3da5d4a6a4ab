// What the test page says after a submission (spec §8, quiz submit), in one pure function
// so every branch is tested without a browser. Unlike the lead forms, a queued test is
// announced as a success: the profile is already scored on the device.
import { QUIZ_MESSAGES } from '../../../contract/quiz/answers.ts';
import type { QuizLanguage } from '../../../contract/quiz/options.ts';
import { submitOutcome } from '../../lib/submit-outcome.ts';
import type { SubmitResult } from '../../lib/submit.ts';

export interface QuizOutcome {
  kind: 'success' | 'error';
  message: string;
}

export function quizOutcome(result: SubmitResult, language: QuizLanguage): QuizOutcome {
  // The spec's success text says the certificate was emailed; when the server did not
  // email it (the address's daily cap), its own message says so instead.
  const notEmailed = (result.data as { emailed?: unknown } | undefined)?.emailed === false;
  const { kind, message } = submitOutcome(result, {
    success: notEmailed ? (serverMessage) => serverMessage ?? QUIZ_MESSAGES.successNotEmailed : QUIZ_MESSAGES.success,
    failure: (serverMessage) => (serverMessage ? `⚠️ ${serverMessage}` : QUIZ_MESSAGES.failure),
    network: language === 'hinglish' ? QUIZ_MESSAGES.networkHinglish : QUIZ_MESSAGES.networkEnglish,
  });
  return { kind: kind === 'failed' ? 'error' : 'success', message };
}

// What the test page says after a submission (spec §8, quiz submit), in one pure function
// so every branch is tested without a browser. Unlike the lead forms, the page announces
// a queued test as a success (QuizPage): the profile is already scored on the device.
import { QUIZ_MESSAGES } from '../../../contract/quiz/answers.ts';
import type { QuizLanguage } from '../../../contract/quiz/options.ts';
import { submitOutcome, type SubmitOutcome } from '../../lib/submit-outcome.ts';
import type { SubmitResult } from '../../lib/submit.ts';

const NETWORK_MESSAGES: Record<QuizLanguage, string> = {
  english: QUIZ_MESSAGES.networkEnglish,
  hinglish: QUIZ_MESSAGES.networkHinglish,
  hindi: QUIZ_MESSAGES.networkHindi,
};

/** What the test page says: the lead forms' outcome, with the test's own texts. */
export function quizOutcome(result: SubmitResult, language: QuizLanguage): SubmitOutcome {
  // The spec's success text says the certificate was emailed; when the server did not
  // email it (the address's daily cap), its own message says so instead.
  const notEmailed = (result.data as { emailed?: unknown } | undefined)?.emailed === false;
  return submitOutcome(result, {
    success: notEmailed ? (serverMessage) => serverMessage ?? QUIZ_MESSAGES.successNotEmailed : QUIZ_MESSAGES.success,
    failure: (serverMessage) => (serverMessage ? `⚠️ ${serverMessage}` : QUIZ_MESSAGES.failure),
    network: NETWORK_MESSAGES[language],
  });
}
